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
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession)
    /// The drag ended: `.copy` or `.move` when a target took it, else `.cancel`.
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation)
}

extension DragInteractionDelegate {
    public func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
        true
    }
    public func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {}
    public func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {}
}

/// Lets the user drag data out of a view (UIDragInteraction): pressing the view and moving the
/// pointer (or a finger) by more than 10 points starts a drag through the seat's data device,
/// with the view's picture under the pointer (drawn once, as the drag icon) at the point
/// pressed. Drops in this app's own views arrive through their `DropInteraction`s; other apps
/// get the data in the items' MIME types.
///
/// Differences from UIKit: the drag starts on a move of the press, not after a long press
/// (desktop pointers); a Wayland drag carries one piece of data per MIME type, so several
/// items are merged (`DragItem`); the view must be shown by a `ViewHost`, which knows its
/// surface and the seat's data device.
public final class DragInteraction: Interaction {
    public weak var delegate: DragInteractionDelegate?
    /// Whether presses start drags. Default: true.
    public var isEnabled = true
    public private(set) weak var view: View?
    private let pan = PanGestureRecognizer()

    public init(delegate: DragInteractionDelegate) {
        self.delegate = delegate
        pan.cancelsTouchesInView = false
        pan.addTarget { [weak self] g in self?.panned(g) }
    }

    public func willMove(to view: View?) {
        self.view?.removeGestureRecognizer(pan)
    }

    public func didMove(to view: View?) {
        self.view = view
        view?.addGestureRecognizer(pan)
    }

    private func panned(_ g: GestureRecognizer) {
        guard g.state == .began, isEnabled, let view, let delegate else { return }
        var root = view
        while let s = root.superview { root = s }
        guard let (router, surface) = _DropRouter.host(of: root) else { return }
        let t = pan.translation(in: nil)
        let now = pan.location(in: nil)
        let session = DragSession(point: CGPoint(x: now.x - t.x, y: now.y - t.y), rootView: root)
        session.items = delegate.dragInteraction(self, itemsForBeginning: session)
        guard !session.items.isEmpty else { return }
        session.allowsMoveOperation = delegate.dragInteraction(self, sessionAllowsMoveOperation: session)
        delegate.dragInteraction(self, sessionWillBegin: session)
        let started = router.startDrag(DragItem.representations(of: session.items),
                                       operations: session.allowsMoveOperation ? [.copy, .move] : [.copy],
                                       from: surface, icon: view.layer, hotspot: session.location(in: view)) { [weak self] outcome in
            guard let self else { return }
            let operation: DropOperation = outcome == .moved ? .move : outcome == .copied ? .copy : .cancel
            self.delegate?.dragInteraction(self, session: session, didEndWith: operation)
        }
        if !started { delegate.dragInteraction(self, session: session, didEndWith: .cancel) }
    }
}
