import CFreeType
import Foundation

/// Colour glyphs from fixed-size colour bitmap strikes (CBDT/sbix emoji fonts), resampled to
/// the requested size. Called under the engine lock.
enum _ColourGlyph {
    /// The glyph in colour at `pixelsPerEm`, or nil when the face cannot load it in colour.
    static func render(_ glyph: UInt32, face: _FontFace, pixelsPerEm: Double) -> _GlyphCache.Glyph? {
        guard let strike = face.selectStrike(for: pixelsPerEm), strike > 0,
              FT_Load_Glyph(face.face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0,
              let slot = face.face.pointee.glyph else { return nil }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        guard bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buf = bm.buffer, w > 0, h > 0 else { return nil }
        // FreeType's BGRA is premultiplied, little-endian B, G, R, A: exactly ARGB32 words.
        var src = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = UnsafeRawPointer(pitch >= 0 ? buf + y * pitch : buf + (h - 1 - y) * -pitch)
            for x in 0..<w { src[y * w + x] = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)) }
        }
        let scale = pixelsPerEm / strike
        let left = Double(slot.pointee.bitmap_left) * scale, top = -Double(slot.pointee.bitmap_top) * scale
        // The destination box: whole pixels covering the scaled bitmap from its (rounded) corner.
        let ox = left.rounded(.down), oy = top.rounded(.down)
        let dw = Int((left + Double(w) * scale - ox).rounded(.up)), dh = Int((top + Double(h) * scale - oy).rounded(.up))
        // Bounded work and memory: colour glyphs above 1024 px are not drawn (documented limit).
        guard dw > 0, dh > 0, dw <= 1024, dh <= 1024 else { return nil }
        let out = resample(src, w, h, to: dw, dh, scale: scale, offset: (left - ox, top - oy))
        return _GlyphCache.Glyph(width: dw, height: dh, left: Int(ox), top: Int(oy), coverage: [], colour: out)
    }

    /// Area-weighted resampling of premultiplied pixels: destination pixel (i, j) averages the
    /// source over the square it covers, [(i − off)/scale, (i + 1 − off)/scale) in each axis.
    /// Exact box filtering for any scale (upscaling degrades to nearest-area sampling).
    static func resample(_ src: [UInt32], _ w: Int, _ h: Int, to dw: Int, _ dh: Int, scale: Double,
                         offset: (Double, Double)) -> [UInt32] {
        /// Per destination index: the source cells it overlaps with their weights (summing to 1
        /// inside the bitmap).
        func weights(_ n: Int, _ dn: Int, _ off: Double) -> [[(Int, Double)]] {
            (0..<dn).map { i in
                let a = (Double(i) - off) / scale, b = (Double(i) + 1 - off) / scale
                var out: [(Int, Double)] = []
                var k = max(0, Int(a.rounded(.down)))
                while k < n, Double(k) < b {
                    let overlap = min(b, Double(k + 1)) - max(a, Double(k))
                    if overlap > 0 { out.append((k, overlap / (b - a))) }
                    k += 1
                }
                return out
            }
        }
        let wx = weights(w, dw, offset.0), wy = weights(h, dh, offset.1)
        var out = [UInt32](repeating: 0, count: dw * dh)
        for j in 0..<dh {
            for i in 0..<dw {
                var acc = SIMD4<Double>(0, 0, 0, 0)
                for (y, fy) in wy[j] {
                    for (x, fx) in wx[i] {
                        let p = src[y * w + x]
                        acc += SIMD4(Double(p >> 24), Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)) * (fx * fy)
                    }
                }
                let c = (acc + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                let a = UInt32(c[0]), r = min(UInt32(c[1]), a), g = min(UInt32(c[2]), a), b = min(UInt32(c[3]), a)
                out[j * dw + i] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return out
    }
}
