import Foundation
import Strata
import StrataWayland

/// Data a drag carries (UIDragItem): its representations by MIME type.
public final class DragItem {
    /// The data offered, by MIME type, the preferred first.
    public let representations: [(mimeType: String, data: [UInt8])]
    /// The text or URL the item was made from (nil for raw data).
    let text: String?
    let url: URL?
    /// Whatever the app wants to find again when it takes its own drop (UIDragItem's).
    public var localObject: Any?
    /// The picture shown while the item is dragged, asked for as the drag starts (UIDragItem's).
    /// Nil, or a provider giving nil: the lift preview (`DragInteractionDelegate`) is shown.
    /// A Wayland drag has one icon: only the first item's picture is shown.
    public var previewProvider: (() -> DragPreview?)?

    /// Text, offered as `Clipboard.textMimeTypes` (UTF-8).
    public init(text: String) {
        self.text = text
        url = nil
        representations = Clipboard.textMimeTypes.map { ($0, Array(text.utf8)) }
    }

    /// A URL (a file's: `URL(fileURLWithPath:)`), offered as `text/uri-list` and text.
    public init(url: URL) {
        text = nil
        self.url = url
        representations = Clipboard.representations(urls: [url])
    }

    /// Data in the given representations.
    public init(representations: [(mimeType: String, data: [UInt8])]) {
        text = nil
        url = nil
        self.representations = representations
    }

    /// What a drag of `items` offers: one piece of data per MIME type, as Wayland drags carry.
    /// Items that are all URLs make one URI list (and their lines as text); otherwise texts are
    /// joined by newlines, and other types come from the first item offering them.
    static func representations(of items: [DragItem]) -> [(mimeType: String, data: [UInt8])] {
        let urls = items.compactMap(\.url)
        if !urls.isEmpty, urls.count == items.count { return Clipboard.representations(urls: urls) }
        let texts = items.compactMap { $0.text ?? $0.url?.absoluteString }
        let joined = Array(texts.joined(separator: "\n").utf8)
        var out: [(mimeType: String, data: [UInt8])] = []
        for item in items {
            for r in item.representations where !out.contains(where: { $0.mimeType == r.mimeType }) {
                let isText = Clipboard.textMimeTypes.contains(r.mimeType) && (item.text != nil || item.url != nil)
                out.append((r.mimeType, isText ? joined : r.data))
            }
        }
        return out
    }
}

/// A drag starting from a view (UIDragSession).
public final class DragSession {
    /// The items dragged (those `itemsForBeginning` returned).
    public internal(set) var items: [DragItem] = []
    /// Whether a target may move the items (the delegate's `sessionAllowsMoveOperation`).
    public internal(set) var allowsMoveOperation = true
    /// Where the drag began, in the root view's coordinates.
    let point: CGPoint
    weak var rootView: View?

    init(point: CGPoint, rootView: View) {
        self.point = point
        self.rootView = rootView
    }

    /// Where the drag began (the press), in `view`'s bounds coordinates.
    public func location(in view: View) -> CGPoint {
        view.convert(point, from: rootView)
    }
}

/// What a view's drag interaction is asked as a drag starts from it and ends
/// (UIDragInteractionDelegate).
public protocol DragInteractionDelegate: AnyObject {
    /// The items to drag from `session.location(in:)`; none: no drag.
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem]
    /// Whether a target may move the items (then delete them when the drag ends with `.move`).
    /// Default: true.
    func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool
    /// The picture of `item` as the drag lifts it; nil: none (the compositor shows just its
    /// pointer). Default: the interaction's view over white (`TargetedDragPreview(view:)`).
    /// Asked for the first item only (a Wayland drag has one icon), and only when that item has
    /// no `previewProvider` giving a picture.
    func dragInteraction(_ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession) -> TargetedDragPreview?
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession)
    /// The drag ended: `.copy` or `.move` when a target took it, else `.cancel`.
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation)
}

extension DragInteractionDelegate {
    public func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
        true
    }
    public func dragInteraction(_ interaction: DragInteraction, previewForLifting item: DragItem,
                                session: DragSession) -> TargetedDragPreview? {
        interaction.view.map { TargetedDragPreview(view: $0) }
    }
    public func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {}
    public func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {}
}

/// Lets the user drag data out of a view (UIDragInteraction): pressing the view and moving the
/// pointer by more than 10 points, or holding a finger on it for `liftDelay` (its touches are
/// then cancelled, as UIKit's lift does), starts a drag through the seat's data device,
/// with a picture under the pointer (drawn once, as the drag icon): the first item's
/// `previewProvider`'s, else the delegate's lift preview (by default the view over white), the
/// point pressed under the pointer (a picture of another view than the pressed one's
/// hierarchy: its centre). Drops in this app's own views arrive through their
/// `DropInteraction`s; other apps get the data in the items' MIME types.
///
/// Differences from UIKit: a pointer's drag starts on a move of the press, not after a long
/// press (desktop pointers); a Wayland drag carries one piece of data per MIME type, so several
/// items are merged (`DragItem`), and has one icon and no lift animation; the view must be
/// shown by a `ViewHost`, which knows its surface and the seat's data device.
public final class DragInteraction: Interaction {
    public weak var delegate: DragInteractionDelegate?
    /// Whether presses start drags. Default: true.
    public var isEnabled = true
    public private(set) weak var view: View?
    /// How long a finger is held on the view before the drag lifts (touches only; a pointer's
    /// drag starts on a move). UIKit's is not public; this is its usual half second.
    public var liftDelay: TimeInterval {
        get { lift.minimumPressDuration }
        set { lift.minimumPressDuration = newValue }
    }
    /// Pointer presses: a move of more than 10 points starts the drag.
    private let pan = PanGestureRecognizer()
    /// Fingers: held still (within 10 points) for `liftDelay`, the drag lifts.
    private let lift = LongPressGestureRecognizer()
    private let kinds = KindFilter()

    public init(delegate: DragInteractionDelegate) {
        self.delegate = delegate
        pan.cancelsTouchesInView = false
        pan.delegate = kinds
        pan.addTarget { [weak self] g in
            guard let self, g.state == .began else { return }
            let t = self.pan.translation(in: nil), now = self.pan.location(in: nil)
            self.begin(at: CGPoint(x: now.x - t.x, y: now.y - t.y))
        }
        // UIKit's: the view's touches are cancelled as the item lifts.
        lift.delegate = kinds
        lift.addTarget { [weak self] g in
            guard let self, g.state == .began else { return }
            self.begin(at: self.lift.location(in: nil))
        }
    }

    /// Lets the pan see pointer presses and the long press fingers only.
    private final class KindFilter: GestureRecognizerDelegate {
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            (recognizer is PanGestureRecognizer) == (touch.kind == .pointer)
        }
    }

    public func willMove(to view: View?) {
        self.view?.removeGestureRecognizer(pan)
        self.view?.removeGestureRecognizer(lift)
    }

    public func didMove(to view: View?) {
        self.view = view
        view?.addGestureRecognizer(pan)
        view?.addGestureRecognizer(lift)
    }

    /// Starts a drag pressed at `point` (root view coordinates).
    private func begin(at point: CGPoint) {
        guard isEnabled, let view, let delegate else { return }
        let root = view.rootView
        guard let (router, surface) = _DropRouter.host(of: root) else { return }
        let session = DragSession(point: point, rootView: root)
        session.items = delegate.dragInteraction(self, itemsForBeginning: session)
        guard !session.items.isEmpty else { return }
        session.allowsMoveOperation = delegate.dragInteraction(self, sessionAllowsMoveOperation: session)
        let first = session.items[0]
        let preview = first.previewProvider?() ?? delegate.dragInteraction(self, previewForLifting: first, session: session)
        delegate.dragInteraction(self, sessionWillBegin: session)
        let icon = preview.flatMap { Self.icon(of: $0, session: session, scale: CGFloat(surface.scale.factor)) }
        let started = router.startDrag(DragItem.representations(of: session.items),
                                       operations: session.allowsMoveOperation ? [.copy, .move] : [.copy],
                                       from: surface, icon: icon?.layer, hotspot: icon?.hotspot ?? .zero) { [weak self] outcome in
            guard let self else { return }
            let operation: DropOperation = outcome == .moved ? .move : outcome == .copied ? .copy : .cancel
            self.delegate?.dragInteraction(self, session: session, didEndWith: operation)
        }
        if !started { delegate.dragInteraction(self, session: session, didEndWith: .cancel) }
    }

    /// The drag icon `preview` gives, with the point under the pointer: the press's place in
    /// the preview's view when that view shares the pressed view's root, else the centre.
    static func icon(of preview: DragPreview, session: DragSession, scale: CGFloat) -> (layer: CALayer, hotspot: CGPoint)? {
        guard let layer = preview.pictureLayer(scale: scale) else { return nil }
        let area = preview.area
        guard preview.view.rootView === session.rootView else { return (layer, CGPoint(x: area.width / 2, y: area.height / 2)) }
        let p = session.location(in: preview.view)
        return (layer, CGPoint(x: p.x - area.minX, y: p.y - area.minY))
    }
}
