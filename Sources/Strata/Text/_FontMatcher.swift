import CFontconfig
import Foundation

/// Font lookup through fontconfig. Call with the engine lock held.
///
/// A font name is a family, optionally with Apple-style suffixes ("Helvetica-Bold",
/// "DejaVu Sans-BoldOblique") or fontconfig's own syntax ("DejaVu Sans:bold"). Fontconfig
/// always answers with its best match, so an unknown family gets the system's default face for
/// the requested weight and slant (documented fallback: fontconfig's default sans-serif, Noto Sans on the project's CI image).
enum _FontMatcher {
    /// The face for `name`, or nil when fontconfig finds no loadable font at all.
    static func face(named name: String, engine e: _TextEngine) -> _FontFace? {
        let key = "name:" + name
        if let hit = e.matches[key] { return hit }
        let pattern = FcNameParse(fontconfigName(name))
        let f = match(pattern, engine: e)
        if let pattern { FcPatternDestroy(pattern) }
        e.matches[key] = f
        return f
    }

    /// A face that has a glyph for `scalar`, preferring fonts like `name`; nil when no
    /// installed font covers it.
    static func fallback(for scalar: UInt32, like name: String, engine e: _TextEngine) -> _FontFace? {
        let key = "fallback:\(scalar):" + name
        if let hit = e.matches[key] { return hit }
        var result: _FontFace?
        if let pattern = FcNameParse(fontconfigName(name)), let cs = FcCharSetCreate() {
            _ = FcCharSetAddChar(cs, scalar)
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, cs)
            FcCharSetDestroy(cs)
            if let f = match(pattern, engine: e), f.glyph(for: scalar) != 0 {
                result = f
            } else {
                // Fontconfig may rank the family above the character set (emoji asked of a
                // Latin family get the Latin face back): take the first font in its sorted list
                // that has the glyph.
                result = firstCovering(scalar, sortedFor: pattern, engine: e)
            }
            FcPatternDestroy(pattern)
        }
        e.matches[key] = result
        return result
    }

    /// A colour font of fontconfig's "emoji" family with a glyph for `scalar`; nil when none is
    /// installed (the character then goes through the ordinary fallback).
    static func emojiFace(for scalar: UInt32, engine e: _TextEngine) -> _FontFace? {
        let key = "emoji:\(scalar)"
        if let hit = e.matches[key] { return hit }
        var result: _FontFace?
        if let pattern = FcNameParse("emoji"), let cs = FcCharSetCreate() {
            _ = FcCharSetAddChar(cs, scalar)
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, cs)
            FcCharSetDestroy(cs)
            var f = match(pattern, engine: e)
            if f.map({ !$0.hasColourGlyphs || $0.glyph(for: scalar) == 0 }) ?? true {
                f = firstCovering(scalar, sortedFor: pattern, engine: e)
            }
            if let f, f.hasColourGlyphs { result = f }
            FcPatternDestroy(pattern)
        }
        e.matches[key] = result
        return result
    }

    /// The first font of fontconfig's sorted list for `pattern` (already substituted by
    /// `match`) whose charset holds `scalar`.
    private static func firstCovering(_ scalar: UInt32, sortedFor pattern: OpaquePointer, engine e: _TextEngine) -> _FontFace? {
        var res = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, FcFalse, nil, &res) else { return nil }
        defer { FcFontSetDestroy(set) }
        for k in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[k] else { continue }
            var cs: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &cs) == FcResultMatch, let cs,
                  FcCharSetHasChar(cs, scalar) != 0 else { continue }
            if let f = face(of: font, engine: e), f.glyph(for: scalar) != 0 { return f }
        }
        return nil
    }

    private static func match(_ pattern: OpaquePointer?, engine e: _TextEngine) -> _FontFace? {
        guard let pattern else { return nil }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var res = FcResultNoMatch
        guard let m = FcFontMatch(nil, pattern, &res) else { return nil }
        defer { FcPatternDestroy(m) }
        return face(of: m, engine: e)
    }

    /// The loaded face for a fontconfig font pattern's file and collection index.
    private static func face(of font: OpaquePointer, engine e: _TextEngine) -> _FontFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        return e.face(path: path, index: Int(index))
    }

    /// "Family-BoldItalic" → "Family:bold:italic"; names with ':' pass through.
    static func fontconfigName(_ name: String) -> String {
        if name.contains(":") { return name }
        guard let dash = name.lastIndex(of: "-") else { return name }
        let family = String(name[..<dash]), style = name[name.index(after: dash)...].lowercased()
        var parts: [String] = []
        if style.contains("bold") { parts.append("bold") }
        if style.contains("italic") { parts.append("italic") }
        if style.contains("oblique") { parts.append("oblique") }
        if style.contains("light") { parts.append("light") }
        if style.contains("medium") { parts.append("medium") }
        if parts.isEmpty && style != "regular" { return name }   // a dash inside the family name
        return ([family] + parts).joined(separator: ":")
    }
}
