import CFreeType
import Foundation

/// Rasterised glyphs (8-bit coverage, or colour for emoji), shared by every text layer and size.
/// Used under the engine lock.
///
/// Glyphs are rendered unhinted with FreeType, at a quarter-pixel horizontal phase (subpixel
/// positioning: four bitmaps per glyph at most), and kept until the cache holds more than its
/// byte limit, when it is emptied (bounded memory; steady-state text stays cached).
///
/// Colour glyphs (fonts with colour bitmap strikes, such as Noto Color Emoji's CBDT) come in a
/// few fixed sizes: the strike nearest above the requested size is loaded in colour and scaled
/// down by area averaging (or up bilinearly past the largest strike). They are drawn in their
/// own colours; the text colour's alpha still applies. Their pen phase is ignored; above 1024
/// pixels per side they are not drawn (bounded memory and time).
final class _GlyphCache {
    struct Key: Hashable {
        var face: Int
        var size26: Int
        var glyph: UInt32
        var phase: UInt8
    }

    final class Glyph {
        let width: Int, height: Int
        /// Offset of the bitmap's top-left pixel from the pen position (y down).
        let left: Int, top: Int
        let coverage: [UInt8]
        /// Premultiplied ARGB32 pixels of a colour glyph (then `coverage` is empty).
        let colour: [UInt32]?
        init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8], colour: [UInt32]? = nil) {
            self.width = width; self.height = height; self.left = left; self.top = top
            self.coverage = coverage; self.colour = colour
        }
    }

    static let phases = 4
    private var glyphs: [Key: Glyph] = [:]
    private var bytes = 0
    let byteLimit: Int
    private(set) var misses = 0

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    var count: Int { glyphs.count }

    /// Number of cached glyphs rasterised at `size26` (26.6 pixels per em), any face.
    func count(size26: Int) -> Int { glyphs.keys.reduce(0) { $0 + ($1.size26 == size26 ? 1 : 0) } }

    /// The glyph `glyph` of `face` at `pixelsPerEm`, for a pen at horizontal phase
    /// `phase`/4 pixel; nil when FreeType cannot render it (it then draws nothing).
    func glyph(_ glyph: UInt32, face: _FontFace, pixelsPerEm: Double, phase: Int) -> Glyph? {
        let size26 = Int((pixelsPerEm * 64).rounded())
        guard size26 > 0, size26 < 64 * 4096 else { return nil }
        let key = Key(face: face.id, size26: size26, glyph: glyph, phase: UInt8(phase))
        if let g = glyphs[key] { return g }
        misses += 1
        if face.hasColourStrikes {
            guard let g = _ColourGlyph.render(glyph, face: face, pixelsPerEm: pixelsPerEm) else { return nil }
            store(g, key, bytes: g.width * g.height * 4)
            return g
        }
        guard face.setPixelSize(FT_F26Dot6(size26)) else { return nil }
        var delta = FT_Vector(x: FT_Pos(phase * 64 / Self.phases), y: 0)
        FT_Set_Transform(face.face, nil, &delta)
        defer { FT_Set_Transform(face.face, nil, nil) }
        guard FT_Load_Glyph(face.face, glyph, FT_Int32(FT_LOAD_NO_HINTING)) == 0,
              let slot = face.face.pointee.glyph,
              FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        var cov = [UInt8](repeating: 0, count: w * h)
        if let buf = bm.buffer, w > 0, h > 0, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for y in 0..<h {
                let row = pitch >= 0 ? buf + y * pitch : buf + (h - 1 - y) * -pitch
                for x in 0..<w { cov[y * w + x] = row[x] }
            }
        }
        let g = Glyph(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: -Int(slot.pointee.bitmap_top),
                      coverage: cov)
        store(g, key, bytes: cov.count)
        return g
    }

    private func store(_ g: Glyph, _ key: Key, bytes n: Int) {
        if bytes + n + 64 > byteLimit { glyphs.removeAll(); bytes = 0 }
        glyphs[key] = g
        bytes += n + 64
    }
}
