import CHarfBuzz
import Foundation

/// One glyph placed by HarfBuzz, in pixels.
struct _ShapedGlyph {
    var face: _FontFace
    var glyph: UInt32
    /// Index of the first scalar of the glyph's cluster (in the paragraph).
    var cluster: Int
    var advance: Double
    var dx: Double, dy: Double
    var pixelsPerEm: Double
    var style: Int
}

/// A maximal piece of a paragraph with one bidi level, face, style and script, shaped. Its
/// glyphs are in visual order (HarfBuzz output: left to right on screen).
struct _ShapedRun {
    var level: UInt8
    var range: Range<Int>
    var glyphs: [_ShapedGlyph]
}

/// Itemizes and shapes paragraphs. Call with the engine lock held.
struct _Shaper {
    let engine: _TextEngine
    let styles: [TextStyle]
    /// Device pixels per point.
    let scale: Double

    /// The primary face of style `s` (fontconfig's best match for its font name).
    func face(_ s: Int) -> _FontFace? { _FontMatcher.face(named: styles[s].fontName, engine: engine) }

    /// Shapes `range` of a paragraph (`text`, with per-scalar `levels` and `styleOf`) into runs
    /// in logical order. Scalars no face has a glyph for use the style's face (.notdef box).
    func shape(_ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, levels: [UInt8], styleOf: (Int) -> Int) -> [_ShapedRun] {
        guard !range.isEmpty, let base = text.baseAddress else { return [] }
        let ufuncs = hb_unicode_funcs_get_default()
        var runs: [_ShapedRun] = []
        var i = range.lowerBound
        var prevFace: _FontFace?
        var prevScript = HB_SCRIPT_COMMON
        // Per scalar: (face, script), resolved with inheritance for marks and neutrals.
        func props(_ k: Int) -> (_FontFace?, hb_script_t) {
            let c = text[k]
            let s = styleOf(k)
            var script = hb_unicode_script(ufuncs, c)
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN { script = prevScript }
            let cat = hb_unicode_general_category(ufuncs, c)
            let isMark = cat == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || cat == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
                || cat == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK || c == 0x200D || (0xFE00...0xFE0F).contains(c)
            if isMark, let p = prevFace, k > range.lowerBound { return (p, script) }
            guard let primary = face(s) else { return (nil, script) }
            if _Emoji.prefersColour(c, next: k + 1 < text.count ? text[k + 1] : 0),
               let emoji = _FontMatcher.emojiFace(for: c, engine: engine) {
                return (emoji, script)
            }
            if primary.glyph(for: c) != 0 || c < 0x20 || cat == HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR { return (primary, script) }
            let name = styles[s].fontName
            return (_FontMatcher.fallback(for: c, like: name, engine: engine) ?? primary, script)
        }
        while i < range.upperBound {
            let (f0, sc0) = props(i)
            prevFace = f0; prevScript = sc0
            let level = levels.isEmpty ? 0 : levels[i]
            let style = styleOf(i)
            var j = i + 1
            while j < range.upperBound {
                let (f, sc) = props(j)
                if f !== f0 || sc != sc0 || (levels.isEmpty ? 0 : levels[j]) != level || styleOf(j) != style { break }
                prevFace = f; prevScript = sc
                j += 1
            }
            if let face = f0 {
                let glyphs = shapeItem(base, text.count, i..<j, face: face, script: sc0, rtl: level & 1 == 1, style: style)
                runs.append(_ShapedRun(level: level, range: i..<j, glyphs: glyphs))
            } else {
                runs.append(_ShapedRun(level: level, range: i..<j, glyphs: []))
            }
            i = j
        }
        return runs
    }

    private func shapeItem(_ text: UnsafePointer<UInt32>, _ length: Int, _ r: Range<Int>, face: _FontFace,
                           script: hb_script_t, rtl: Bool, style: Int) -> [_ShapedGlyph] {
        guard let buf = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buf) }
        hb_buffer_add_utf32(buf, text, Int32(length), UInt32(r.lowerBound), Int32(r.count))
        hb_buffer_set_direction(buf, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buf, script)
        hb_buffer_set_language(buf, hb_language_get_default())
        hb_shape(face.hbFont, buf, nil, 0)
        var count: UInt32 = 0
        guard let info = hb_buffer_get_glyph_infos(buf, &count), let pos = hb_buffer_get_glyph_positions(buf, &count) else { return [] }
        let st = styles[style]
        let ppem = Double(st.fontSize) * scale
        let k = ppem / face.unitsPerEm
        let kern = Double(st.kern) * scale
        var out: [_ShapedGlyph] = []
        out.reserveCapacity(Int(count))
        for g in 0..<Int(count) {
            let p = pos[g]
            out.append(_ShapedGlyph(face: face, glyph: info[g].codepoint, cluster: Int(info[g].cluster),
                                    advance: Double(p.x_advance) * k + kern, dx: Double(p.x_offset) * k,
                                    dy: -Double(p.y_offset) * k, pixelsPerEm: ppem, style: style))
        }
        return out
    }
}
