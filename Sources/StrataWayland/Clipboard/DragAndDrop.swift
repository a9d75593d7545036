import Foundation

/// A drag passing over one of the app's surfaces (`Clipboard.onDrag`).
public struct DragEvent {
    public enum Phase: Hashable, Sendable {
        /// The drag came over `surface`.
        case entered
        /// It moved over `surface`.
        case moved
        /// It went away without being dropped (or was dropped on a surface of another client).
        case left
    }

    public var phase: Phase
    public var surface: WaylandSurface
    /// Surface-local position (the latest known one for `left`).
    public var position: SurfacePoint
    /// The MIME types the drag offers.
    public var types: [String]
    /// The type a drop here would be read in (the first of `Clipboard.dropTypes` the drag
    /// offers), nil when the drag is refused.
    public var acceptedType: String?
}

/// Data dropped on one of the app's surfaces (`Clipboard.onDrop`).
public struct Drop {
    public var surface: WaylandSurface
    /// Surface-local position of the drop.
    public var position: SurfacePoint
    /// The MIME type the data was read in.
    public var type: String
    public var data: [UInt8]

    /// The data as UTF-8 text (invalid sequences replaced by U+FFFD).
    public var text: String { String(decoding: data, as: UTF8.self) }

    /// For `text/uri-list`: the URLs listed (comment lines, starting with `#`, and blank lines
    /// left out; CR LF or LF line ends).
    public var urls: [URL] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).compactMap { line in
            let s = line.trimmingCharacters(in: .whitespacesAndNewlines)
            return s.isEmpty || s.hasPrefix("#") ? nil : URL(string: s)
        }
    }
}

