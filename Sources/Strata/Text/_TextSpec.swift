import Foundation

/// A `CATextLayer`'s text as the compositor draws it, from a ``RenderLayer``'s presentation
/// properties: the styled text, layout options (bounds size, contentsScale) and where the
/// bounds start. Hashable: damage compares it, and rendered images are cached by it.
struct _TextSpec: Hashable, Sendable {
    var text: StyledText
    var options: TextLayout.Options
    var origin: CGPoint

    /// Nil when the layer is not a text layer, has no (or an empty) string, or no colour.
    init?(_ l: RenderLayer) {
        guard RenderLayer.string(l.properties[CAGradientLayer.kindKey]) == "text" else { return nil }
        var base = TextStyle()
        let attributed = l.properties["string"] is _AttributedRuns
        if let f = RenderLayer.string(l.properties["font"]) { base.fontName = f }
        if let n = l.number("fontSize") { base.fontSize = CGFloat(n) }
        if let c = l.properties["foregroundColor"] as? CGColor { base.color = c }
        else if l.properties.keys.contains("foregroundColor"), !attributed { return nil }
        guard let text = Self.styledText(l.properties["string"], base: base) else { return nil }
        self.text = text
        let scale = l.contentsScale.isFinite && l.contentsScale > 0 ? l.contentsScale : 1
        options = TextLayout.Options(size: l.bounds.size, isWrapped: l.properties["wrapped"] as? Bool ?? false,
                                     truncationMode: .init(rawValue: RenderLayer.string(l.properties["truncationMode"]) ?? "none"),
                                     alignmentMode: .init(rawValue: RenderLayer.string(l.properties["alignmentMode"]) ?? "natural"),
                                     scale: min(scale, 16))
        origin = l.bounds.origin
    }

    /// A text layer's stored `string` value styled: a `String` with `base` (the layer's font,
    /// size and colour), the runs of an attributed string over ``attributedDefaults`` (Apple: the
    /// layer's `font`, `fontSize` and `foregroundColor` are only used when the string is not an
    /// attributed string); nil for anything else or an empty text.
    static func styledText(_ string: Any?, base: TextStyle) -> StyledText? {
        let text: StyledText
        switch string {
        case let s as String: text = StyledText(s, style: base)
        case let a as _AttributedRuns: text = a.styled(base: attributedDefaults)
        default: return nil
        }
        return text.scalars.isEmpty ? nil : text
    }

    /// What an attributed string's runs without a font or colour attribute get: Core Text's
    /// documented defaults, Helvetica 12 in black.
    static let attributedDefaults = TextStyle(fontName: "Helvetica", fontSize: 12, color: .black)

    /// Pixel size of the backing image.
    var pixelSize: (Int, Int) {
        let w = Double(options.size.width * options.scale), h = Double(options.size.height * options.scale)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 8192, h <= 8192 else { return (0, 0) }
        return (Int(w.rounded(.up)), Int(h.rounded(.up)))
    }

    /// The text rendered into a transparent image of `pixelSize`, cached (the last 64 texts);
    /// nil when there is nothing to draw or the layer is empty or larger than 8192 pixels.
    func image() -> CGImage? {
        if let hit = _TextImageCache.shared.get(self) { return hit }
        let (w, h) = pixelSize
        guard w > 0, h > 0 else { return nil }
        let layout = TextLayout(text, options: options)
        guard layout.glyphCount > 0 else { return nil }
        let img = CGImage(width: w, height: h) { px in
            px.initialize(repeating: 0, count: w * h)
            layout.draw(into: px, width: w, height: h, rowPixels: w)
        }
        if let img { _TextImageCache.shared.put(self, img) }
        return img
    }
}

/// Rendered text images by spec, most recent last (bounded: 64 entries).
final class _TextImageCache: @unchecked Sendable {
    static let shared = _TextImageCache()
    private let lock = NSLock()
    private var entries: [(spec: _TextSpec, image: CGImage)] = []

    func get(_ s: _TextSpec) -> CGImage? {
        lock.lock(); defer { lock.unlock() }
        guard let i = entries.lastIndex(where: { $0.spec == s }) else { return nil }
        let e = entries.remove(at: i)
        entries.append(e)
        return e.image
    }

    func put(_ s: _TextSpec, _ img: CGImage) {
        lock.lock(); defer { lock.unlock() }
        entries.append((s, img))
        if entries.count > 64 { entries.removeFirst(entries.count - 64) }
    }
}
