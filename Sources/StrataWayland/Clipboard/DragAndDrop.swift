import Foundation

/// A drag passing over one of the app's surfaces (`Clipboard.onDrag`).
public struct DragEvent {
    public enum Phase: Hashable, Sendable {
        /// The drag came over `surface`.
        case entered
        /// It moved over `surface`.
        case moved
        /// It went away without being dropped here: it left, was dropped on a surface of
        /// another client, or was dropped here where it was refused.
        case left
        /// It was dropped on `surface`, which takes it (`acceptedType`): its data is being
        /// read, for `Clipboard.onDrop` (or `onDropFailed`).
        case dropped
    }

    public var phase: Phase
    public var surface: WaylandSurface
    /// Surface-local position (the latest known one for `left`).
    public var position: SurfacePoint
    /// The MIME types the drag offers.
    public var types: [String]
    /// The type a drop here would be read in (the first of `Clipboard.dropTypes` the drag
    /// offers, unless `Clipboard.dropAcceptance` decides otherwise), nil when the drag is
    /// refused.
    public var acceptedType: String?
    /// The operations the drag's source allows (copy when it says nothing: data device
    /// version 1 and 2).
    public var sourceOperations: [DragOperation] = [.copy]
}

/// Whether and how a drop at some place would be taken (`Clipboard.dropAcceptance`).
public struct DropAcceptance: Hashable, Sendable {
    /// The MIME type the drop would be read in (one the drag offers); nil: refused.
    public var type: String?
    /// The operations allowed there, the first preferred.
    public var operations: [DragOperation]

    public init(type: String?, operations: [DragOperation]) {
        self.type = type
        self.operations = operations
    }

    /// A refusal.
    public static let refused = DropAcceptance(type: nil, operations: [])
}

/// What a drop does with the dragged data (the data device's drag-and-drop actions; the third,
/// `ask`, which lets the target ask its user after the drop, is neither offered nor accepted).
public enum DragOperation: Hashable, Sendable {
    /// The target takes a copy; the source keeps its data.
    case copy
    /// The target takes the data and the source deletes its own (a file moved to another folder,
    /// text moved out of a document).
    case move

    var action: WlDataDeviceManager.DndAction { self == .copy ? .copy : .move }

    static func actions(_ operations: [DragOperation]) -> WlDataDeviceManager.DndAction {
        operations.reduce(into: []) { $0.formUnion($1.action) }
    }
}

/// How a drag started by `Clipboard.startDrag` ended (`Clipboard.onDragEnded`).
public enum DragOutcome: Hashable, Sendable {
    /// Dropped nowhere, refused by the target, or replaced by another drag.
    case cancelled
    /// Taken by the target as a copy.
    case copied
    /// Taken by the target, which chose to move it: the source should now delete its data.
    case moved

    /// Whether the drop was taken (copied or moved).
    public var isTaken: Bool { self != .cancelled }
}

/// Data dropped on one of the app's surfaces (`Clipboard.onDrop`).
public struct Drop {
    public var surface: WaylandSurface
    /// Surface-local position of the drop.
    public var position: SurfacePoint
    /// The MIME type the data was read in.
    public var type: String
    public var data: [UInt8]
    /// What the drop does, as negotiated between the source's operations and
    /// `Clipboard.dropOperations` (`.move`: the source deletes its data once the drop is
    /// finished).
    public var operation: DragOperation = .copy

    /// The data as UTF-8 text (invalid sequences replaced by U+FFFD).
    public var text: String { String(decoding: data, as: UTF8.self) }

    /// For `text/uri-list`: the URLs listed (see `urls(inURIList:)`).
    public var urls: [URL] { Self.urls(inURIList: text) }

    /// The URLs a `text/uri-list` lists (comment lines, starting with `#`, and blank lines left
    /// out; CR LF or LF line ends).
    public static func urls(inURIList text: String) -> [URL] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).compactMap { line in
            let s = line.trimmingCharacters(in: .whitespacesAndNewlines)
            return s.isEmpty || s.hasPrefix("#") ? nil : URL(string: s)
        }
    }
}


/// Not public API: StrataUI's routing of drags to its views' drag and drop interactions. A
/// router sees every drag event and drop before `Clipboard.dropAcceptance`, `onDrag`,
/// `onDrop`, `onDropFailed` and `onDragEnded` do, and decides for the surfaces it hosts (nil:
/// not one of them).
public protocol _DropRouting: AnyObject {
    func _acceptance(_ event: DragEvent) -> DropAcceptance?
    func _dragged(_ event: DragEvent)
    func _dropped(_ drop: Drop)
    func _dropFailed(on surface: WaylandSurface)
    /// A drag this clipboard started ended (before `Clipboard.onDragEnded` is called).
    func _dragEnded(_ outcome: DragOutcome)
}
