import Foundation

/// Where `CATextLayer` cuts text that does not fit (Apple's names).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start")
    public static let end = Self(rawValue: "end"), middle = Self(rawValue: "middle")
}

/// How `CATextLayer` aligns lines (Apple's names; natural follows the paragraph's direction).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right"), center = Self(rawValue: "center")
    public static let justified = Self(rawValue: "justified")
}

/// A layer that draws text (a `String` or an `NSAttributedString`) in its bounds, from the
/// top-left, above its background and below its sublayers. Layout and drawing are
/// ``TextLayout``'s: fontconfig lookup with per-character fallback, HarfBuzz shaping, FriBidi
/// bidirectional order, FreeType glyphs with quarter-pixel positioning, a shared glyph cache.
///
/// The text is rasterised at `contentsScale` pixels per point, like Core Animation's backing
/// store (leave it at 1 on a 2× screen and text is magnified, as on Apple platforms).
///
/// - `font`: a ``CTFont`` or a font name (`String`), default "Helvetica" (fontconfig resolves
///   it; an unknown family gets fontconfig's best match — Noto Sans on the CI image); its
///   size is ignored, `fontSize` applies. Characters the font lacks come from a fallback font
///   that has them (CJK, Arabic, symbols …); with none, the font's .notdef glyph shows.
/// - `fontSize` (default 36, animatable): zero, negative, NaN, or above 4096 device pixels per
///   em draws nothing.
/// - `foregroundColor` (default opaque white, animatable; nil draws nothing).
/// - For an attributed string, `.font`, `.foregroundColor` and `.kern` attributes apply per run;
///   as Apple documents, the layer's `font`, `fontSize` and `foregroundColor` are then not used:
///   runs without a font or colour attribute take Core Text's defaults, Helvetica 12 in black.
/// - Invalid UTF-8 reaching a `String` from C has already become U+FFFD (Swift's decoding);
///   it draws as the replacement character. An empty string draws nothing.
open class CATextLayer: CALayer {
    static let textKeys: Set<String> = ["string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode",
                                        "alignmentMode"]

    public override init() {
        super.init()
        _storage[CAGradientLayer.kindKey] = .opaque("text")
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        _storage[CAGradientLayer.kindKey] = .opaque("text")
        if let other = layer as? CATextLayer { attributedOriginal = other.attributedOriginal }
    }

    public required init?(coder: NSCoder) { return nil }

    /// The NSAttributedString last assigned, returned by `string` (the render side gets a
    /// Sendable copy of its runs).
    private var attributedOriginal: NSAttributedString?

    /// The text: a `String` or an `NSAttributedString`; anything else is drawn as its
    /// description. nil (the default) draws nothing.
    open var string: Any? {
        get {
            if let a = attributedOriginal { return a }
            return _value("string").anyValue as? String
        }
        set {
            switch newValue {
            case nil:
                attributedOriginal = nil
                _set("string", .none)
            case let a as NSAttributedString:
                attributedOriginal = a.copy() as? NSAttributedString
                _set("string", .opaque(_AttributedRuns(a)))
            case let s as String:
                attributedOriginal = nil
                _set("string", .opaque(s))
            case let v?:
                attributedOriginal = nil
                _set("string", .opaque(String(describing: v)))
            }
        }
    }

    /// A ``CTFont``, a ``CGFont`` or a font name; reads back as the name.
    open var font: Any? {
        get { _value("font").anyValue as? String }
        set {
            switch newValue {
            case let f as CTFont: _set("font", .opaque(f.name))
            case let g as CGFont: _set("font", .opaque(g.name))
            case let s as String: _set("font", .opaque(s))
            default: _set("font", .none)
            }
        }
    }

    open var fontSize: CGFloat {
        get { CGFloat(_value("fontSize").number ?? 36) }
        set { _set("fontSize", .cg(newValue)) }
    }

    open var foregroundColor: CGColor? {
        get { _value("foregroundColor").color }
        set { _set("foregroundColor", newValue.map { .color($0) } ?? .none) }
    }

    open var isWrapped: Bool {
        get { _value("wrapped").bool ?? false }
        set { _set("wrapped", .bool(newValue)) }
    }

    open var truncationMode: CATextLayerTruncationMode {
        get { _opaque("truncationMode", CATextLayerTruncationMode.none) }
        set { _set("truncationMode", .opaque(newValue)) }
    }

    open var alignmentMode: CATextLayerAlignmentMode {
        get { _opaque("alignmentMode", CATextLayerAlignmentMode.natural) }
        set { _set("alignmentMode", .opaque(newValue)) }
    }

    /// Whether glyph positions may be rounded for speed (default false). Stored only: glyphs
    /// are always placed at their exact subpixel positions.
    open var allowsFontSubpixelQuantization: Bool {
        get { _value("allowsFontSubpixelQuantization").bool ?? false }
        set { _set("allowsFontSubpixelQuantization", .bool(newValue)) }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fontSize": return CGFloat(36)
        case "foregroundColor": return CGColor.white
        case "font": return "Helvetica"
        case "wrapped": return false
        case "truncationMode": return CATextLayerTruncationMode.none
        case "alignmentMode": return CATextLayerAlignmentMode.natural
        default: return super.defaultValue(forKey: key)
        }
    }

    open override class func isAnimatable(key: String) -> Bool {
        key == "fontSize" || key == "foregroundColor" || super.isAnimatable(key: key)
    }

    open override class func needsDisplay(forKey key: String) -> Bool {
        textKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// The compositor lays the text out and draws it at render time, so there is no backing
    /// store to fill: `display()` does nothing (documented difference: Apple's CATextLayer
    /// draws its text into its backing store here).
    open override func display() {}

    /// Draws the layer's text into `ctx` as the compositor draws it: laid out in `bounds` with
    /// the layer's (model) string, font, size, colour, wrapping, truncation and alignment,
    /// rasterised at the context's scale (``CGContext/draw(_:in:isWrapped:truncationMode:alignmentMode:)``).
    /// The compositor never calls it (see `display()`); it is for code that draws a text layer
    /// into a context of its own, as `draw(in:)`/`render(in:)` do on Apple platforms. A nil
    /// colour or string, or an empty string, draws nothing.
    open override func draw(in ctx: CGContext) {
        let string = _value("string").anyValue
        // The layer's colour is only used for a plain string (an attributed one has its own).
        guard let color = foregroundColor ?? (string is _AttributedRuns ? .black : nil) else { return }
        let base = TextStyle(fontName: font as? String ?? "Helvetica", fontSize: fontSize, color: color)
        guard let text = _TextSpec.styledText(string, base: base) else { return }
        ctx.draw(text, in: bounds, isWrapped: isWrapped, truncationMode: truncationMode, alignmentMode: alignmentMode)
    }
}

/// An attributed string's text and runs in Sendable form: attributes the run sets (nil = the
/// layer's value).
struct _AttributedRuns: Hashable, Sendable {
    struct Run: Hashable, Sendable {
        var end: Int
        var fontName: String?
        var fontSize: CGFloat?
        var color: CGColor?
        var kern: CGFloat?
    }
    var scalars: [UInt32]
    var runs: [Run]

    init(_ s: NSAttributedString) {
        let str = s.string
        var scalarAt: [Int] = []
        var scalars: [UInt32] = []
        for u in str.unicodeScalars {
            for _ in 0..<u.utf16.count { scalarAt.append(scalars.count) }
            scalars.append(u.value)
        }
        scalarAt.append(scalars.count)
        var runs: [Run] = []
        s.enumerateAttributes(in: NSRange(location: 0, length: s.length), options: []) { attrs, range, _ in
            var r = Run(end: scalarAt[min(max(NSMaxRange(range), 0), scalarAt.count - 1)])
            if let f = attrs[.font] as? CTFont { r.fontName = f.name; r.fontSize = f.size }
            if let f = attrs[.font] as? String { r.fontName = f }
            if let c = attrs[.foregroundColor] { r.color = c as? CGColor }
            if let k = attrs[.kern] as? NSNumber { r.kern = CGFloat(k.doubleValue) }
            if let k = attrs[.kern] as? Double { r.kern = CGFloat(k) }
            runs.append(r)
        }
        self.scalars = scalars
        self.runs = runs
    }

    func styled(base: TextStyle) -> StyledText {
        StyledText(scalars: scalars, runs: runs.map { r in
            var st = base
            if let f = r.fontName { st.fontName = f }
            if let s = r.fontSize { st.fontSize = s }
            if let c = r.color { st.color = c }
            if let k = r.kern { st.kern = k }
            return (r.end, st)
        })
    }
}
