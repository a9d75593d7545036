import CFontconfig
import CFreeType
import Foundation

/// The process's FreeType library, fontconfig state and loaded faces, behind one lock.
///
/// FreeType faces and the glyph cache are not thread-safe, and text is laid out and rasterised
/// on whichever thread renders a frame, so every use of them goes through `withLock`.
final class _TextEngine: @unchecked Sendable {
    static let shared = _TextEngine()

    private let lock = NSLock()
    private(set) var library: FT_Library?
    /// Faces by "path#index"; a face is never unloaded (fonts in use are few).
    private var faces: [String: _FontFace] = [:]
    /// Fontconfig answers, by request key (see `_FontMatcher`).
    var matches: [String: _FontFace?] = [:]
    let glyphs = _GlyphCache(byteLimit: 16 << 20)

    private init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 { library = lib }
        _ = FcInit()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }

    /// The face in `path` (collection index `index`), loaded once; nil when FreeType cannot
    /// open it. Call with the lock held.
    func face(path: String, index: Int) -> _FontFace? {
        let key = "\(path)#\(index)"
        if let f = faces[key] { return f }
        guard let library, let f = _FontFace(library: library, path: path, index: index) else { return nil }
        faces[key] = f
        return f
    }
}
