import CFreeType
import CHarfBuzz
import Foundation

/// One font file face: FreeType for coverage, metrics and rasterising, HarfBuzz (its own
/// OpenType functions, at a scale of one unit per font unit) for shaping. Used under the
/// engine lock only.
final class _FontFace {
    let path: String
    let index: Int
    let face: FT_Face
    let hbFont: OpaquePointer
    /// Font units per em.
    let unitsPerEm: Double
    /// Ascender, descender (negative below the baseline) and line gap, in ems.
    let ascent: Double, descent: Double, lineGap: Double
    let familyName: String
    /// Size (26.6 pixels) the FreeType face is currently set to, for rasterising.
    private var currentSize: FT_F26Dot6 = 0
    /// Stable small identifier for cache keys.
    let id: Int
    nonisolated(unsafe) private static var nextID = 0

    init?(library: FT_Library, path: String, index: Int) {
        var f: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &f) == 0, let f else { return nil }
        guard let blob = hb_blob_create_from_file(path) else { FT_Done_Face(f); return nil }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let font = hb_font_create(hbFace) else { hb_face_destroy(hbFace); FT_Done_Face(f); return nil }
        hb_face_destroy(hbFace)
        let upem = Int32(max(1, f.pointee.units_per_EM))
        hb_font_set_scale(font, upem, upem)
        self.path = path; self.index = index; face = f; hbFont = font
        unitsPerEm = Double(upem)
        // OS/2 typographic metrics are what FreeType reports in ascender/descender/height.
        ascent = Double(f.pointee.ascender) / unitsPerEm
        descent = Double(f.pointee.descender) / unitsPerEm
        lineGap = max(0, Double(f.pointee.height) / unitsPerEm - ascent + descent)
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? ""
        Self.nextID += 1   // under the engine lock
        id = Self.nextID
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// The face's glyph for `scalar`, 0 when it has none.
    func glyph(for scalar: UInt32) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar))) }

    /// True for faces with colour glyph tables (emoji fonts).
    var hasColourGlyphs: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 }

    /// True for faces whose glyphs are colour bitmaps in fixed-size strikes (CBDT/sbix emoji).
    var hasColourStrikes: Bool {
        hasColourGlyphs && face.pointee.face_flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0
            && face.pointee.num_fixed_sizes > 0
    }

    /// Selects the strike nearest above `pixelsPerEm` (else the largest); returns its size in
    /// pixels per em. Resets the size `setPixelSize` remembers.
    func selectStrike(for pixelsPerEm: Double) -> Double? {
        let n = Int(face.pointee.num_fixed_sizes)
        guard n > 0, let sizes = face.pointee.available_sizes else { return nil }
        var best = -1, bestPPEM = 0.0
        for k in 0..<n {
            let ppem = Double(sizes[k].y_ppem) / 64
            guard ppem > 0 else { continue }
            let better = best < 0
                || (ppem >= pixelsPerEm && (bestPPEM < pixelsPerEm || ppem < bestPPEM))
                || (ppem < pixelsPerEm && bestPPEM < pixelsPerEm && ppem > bestPPEM)
            if better { best = k; bestPPEM = ppem }
        }
        guard best >= 0, FT_Select_Size(face, FT_Int(best)) == 0 else { return nil }
        currentSize = 0
        return bestPPEM
    }

    /// Sets the FreeType size to `pixels` per em (26.6), for rasterising.
    func setPixelSize(_ size26: FT_F26Dot6) -> Bool {
        if size26 == currentSize { return true }
        guard FT_Set_Char_Size(face, 0, size26, 72, 72) == 0 else { return false }
        currentSize = size26
        return true
    }
}
