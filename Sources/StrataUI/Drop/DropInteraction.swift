import Foundation

/// What a drop on a view would do (UIDropOperation).
public enum DropOperation: Int, Sendable {
    /// No drop here: the drag goes on to other views (UIKit's default answer).
    case cancel = 0
    /// A drop here is refused, though the view would take one like it another time.
    case forbidden = 1
    /// The view takes a copy.
    case copy = 2
    /// The view takes the data and the source deletes its own (only when the session
    /// `allowsMoveOperation`; otherwise taken as `copy`).
    case move = 3
}

/// A drop interaction's answer as a drag moves over its view (UIDropProposal).
open class DropProposal {
    public let operation: DropOperation

    public init(operation: DropOperation) {
        self.operation = operation
    }
}

/// What a view's drop interaction is asked as drags pass over it (UIDropInteractionDelegate).
/// In order: `canHandle` once per session, then `sessionDidEnter`, `sessionDidUpdate` at every
/// move, then `sessionDidExit` or (when the answer was copy or move) `performDrop`, and
/// `sessionDidEnd` when the drag is over.
public protocol DropInteractionDelegate: AnyObject {
    /// Whether the view could take this drag at all (e.g. by its types). Default: true.
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession)
    /// What a drop at `session.location(in:)` would do. Default: `.cancel`.
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession)
    /// The drag was dropped on the view: load its data (`session.loadObjects`).
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession)
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession)
}

extension DropInteractionDelegate {
    public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { true }
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {}
    public func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .cancel)
    }
    public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {}
    public func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {}
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {}
}

/// Lets a view take drops from drags over its window (UIDropInteraction): add one with
/// `view.addInteraction(DropInteraction(delegate: self))`.
///
/// The view under the pointer (hit testing, as for touches) or its nearest ancestor with a drop
/// interaction whose delegate can handle the session is the drag's target there. Drags come
/// from other apps or from this one (`Clipboard.startDrag`), through the seat's data device
/// (`Clipboard`, which the window's `ViewHost` takes over for drops: keep `Clipboard.onDrag`,
/// `onDrop` and `dropAcceptance` for it while views take drops).
///
/// Differences from UIKit: a session's types are MIME types (`hasItemsConforming(
/// toTypeIdentifiers:)` also knows the text and URL UTIs); a drop is read in one type, the first
/// of `Clipboard.dropTypes` the drag offers, else its first; `performDrop` comes at the drop and
/// `loadObjects` completes once the data has been read through the data device (with no
/// objects when it cannot be read).
public final class DropInteraction: Interaction {
    public weak var delegate: DropInteractionDelegate?
    public private(set) weak var view: View?

    public init(delegate: DropInteractionDelegate) {
        self.delegate = delegate
    }

    public func willMove(to view: View?) {}

    public func didMove(to view: View?) {
        self.view = view
    }
}
