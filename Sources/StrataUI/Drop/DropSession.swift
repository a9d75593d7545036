import Foundation
import StrataWayland

/// A drag over the app's views, as their drop interactions see it (UIDropSession).
public final class DropSession {
    /// The MIME types the drag offers, its preferred first.
    public let types: [String]
    /// Whether the source lets a drop move the data (delete its own copy).
    public let allowsMoveOperation: Bool
    /// The drag's position in the root view's coordinates.
    var point: CGPoint
    weak var rootView: View?
    /// The data once dropped and read: its type and bytes (nil before, and when it failed).
    private(set) var data: (type: String, bytes: [UInt8])?
    private var loaded = false
    private var waiting: [() -> Void] = []

    init(types: [String], allowsMove: Bool, point: CGPoint, rootView: View) {
        self.types = types
        allowsMoveOperation = allowsMove
        self.point = point
        self.rootView = rootView
    }

    /// Where the drag is, in `view`'s bounds coordinates.
    public func location(in view: View) -> CGPoint {
        view.convert(point, from: rootView)
    }

    /// Whether the drag offers one of `identifiers`: MIME types, or the UTIs of text
    /// (`public.text`, `public.plain-text`, `public.utf8-plain-text`) and URLs (`public.url`,
    /// `public.file-url`), which stand for their MIME types.
    public func hasItemsConforming(toTypeIdentifiers identifiers: [String]) -> Bool {
        identifiers.contains { id in Self.mimeTypes(for: id).contains(where: types.contains) }
    }

    /// Whether `loadObjects(ofClass: String.self)` can give text: the drag offers text or URLs.
    public func canLoadObjects(ofClass: String.Type) -> Bool {
        hasItemsConforming(toTypeIdentifiers: ["public.text", "public.url"])
    }

    /// Whether `loadObjects(ofClass: URL.self)` can give URLs: the drag offers a URI list or
    /// text.
    public func canLoadObjects(ofClass: URL.Type) -> Bool {
        hasItemsConforming(toTypeIdentifiers: ["public.url", "public.text"])
    }

    /// The dropped data as text: one string (a URI list gives its URLs, one string each).
    /// `completion` runs on the main loop once the data is read ([] when it could not be, or is
    /// neither text nor URLs). Call it from `performDrop`.
    public func loadObjects(ofClass: String.Type, completion: @escaping ([String]) -> Void) {
        whenLoaded { [unowned self] in
            guard let data else { return completion([]) }
            if data.type == "text/uri-list" { return completion(self.urls.map(\.absoluteString)) }
            completion(Clipboard.textMimeTypes.contains(data.type) ? [String(decoding: data.bytes, as: UTF8.self)] : [])
        }
    }

    /// The dropped data as URLs: a URI list's, or text that is one URL. `completion` runs on the
    /// main loop once the data is read ([] when it could not be, or holds none).
    public func loadObjects(ofClass: URL.Type, completion: @escaping ([URL]) -> Void) {
        whenLoaded { [unowned self] in completion(self.urls) }
    }

    /// Strata addition: the dropped data as read, with its MIME type (nil when it could not be
    /// read), for types that are neither text nor URLs.
    public func loadData(completion: @escaping ((type: String, bytes: [UInt8])?) -> Void) {
        whenLoaded { [unowned self] in completion(self.data) }
    }

    private var urls: [URL] {
        guard let data else { return [] }
        let all = String(decoding: data.bytes, as: UTF8.self)
        if data.type == "text/uri-list" { return Drop.urls(inURIList: all) }
        guard Clipboard.textMimeTypes.contains(data.type) else { return [] }
        let text = all.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty || text.contains(where: \.isNewline) ? [] : URL(string: text).map { [$0] } ?? []
    }

    private func whenLoaded(_ body: @escaping () -> Void) {
        if loaded { body() } else { waiting.append(body) }
    }

    /// The drop's data arrived (nil: it could not be read): pending loads complete.
    func deliver(_ data: (type: String, bytes: [UInt8])?) {
        guard !loaded else { return }
        self.data = data
        loaded = true
        let pending = waiting
        waiting = []
        for body in pending { body() }
    }

    static func mimeTypes(for identifier: String) -> [String] {
        switch identifier {
        case "public.text", "public.plain-text", "public.utf8-plain-text": return Clipboard.textMimeTypes
        case "public.url", "public.file-url": return ["text/uri-list"]
        default: return [identifier]
        }
    }
}
