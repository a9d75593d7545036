import Foundation

/// How a run of text looks: font (a fontconfig-resolvable name, see ``CTFont``), size in
/// points, colour, and extra space after each character (kerning, points).
public struct TextStyle: Hashable, Sendable {
    public var fontName: String
    public var fontSize: CGFloat
    public var color: CGColor
    public var kern: CGFloat

    public init(fontName: String = "Helvetica", fontSize: CGFloat = 36, color: CGColor = .white, kern: CGFloat = 0) {
        self.fontName = fontName; self.fontSize = fontSize; self.color = color; self.kern = kern
    }
}

/// Text with style runs, as a Sendable value the render side can lay out: Unicode scalars and,
/// for each run, where it ends and its style. Equality compares contents; the hash is computed
/// once (large texts are hashed every frame by damage tracking).
public struct StyledText: Hashable, Sendable {
    public let scalars: [UInt32]
    /// Run ends (exclusive scalar indices, increasing, the last == scalars.count) and styles.
    public let runs: [(end: Int, style: TextStyle)]
    private let hash: Int

    /// `text` in one style.
    public init(_ text: String, style: TextStyle) {
        self.init(scalars: text.unicodeScalars.map(\.value), runs: [(text.unicodeScalars.count, style)])
    }

    /// Runs are sanitised: ends are clamped to the text and made increasing; text after the last
    /// run takes the last run's style (or the default style when there are no runs).
    public init(scalars: [UInt32], runs: [(end: Int, style: TextStyle)]) {
        self.scalars = scalars
        var clean: [(end: Int, style: TextStyle)] = []
        var last = 0
        for r in runs {
            let e = min(max(r.end, last), scalars.count)
            if e > last || clean.isEmpty { clean.append((e, r.style)) }
            last = e
        }
        if clean.isEmpty { clean = [(scalars.count, TextStyle())] }
        clean[clean.count - 1].end = scalars.count
        self.runs = clean
        var h = Hasher()
        h.combine(scalars)
        for r in clean { h.combine(r.end); h.combine(r.style) }
        hash = h.finalize()
    }

    /// An attributed string's runs: `.font` (``CTFont`` or a font name String), `.foregroundColor`
    /// (CGColor) and `.kern` (number) override `base` where present.
    public init(_ s: NSAttributedString, base: TextStyle) {
        self = _AttributedRuns(s).styled(base: base)
    }

    public static func == (a: StyledText, b: StyledText) -> Bool {
        a.hash == b.hash && a.scalars == b.scalars && a.runs.count == b.runs.count
            && zip(a.runs, b.runs).allSatisfy { $0.end == $1.end && $0.style == $1.style }
    }

    public func hash(into h: inout Hasher) { h.combine(hash) }

    /// Style index (into `runs`) of every scalar.
    func styleIndices() -> [Int32] {
        var out = [Int32](repeating: 0, count: scalars.count)
        var start = 0
        for (k, r) in runs.enumerated() {
            for i in start..<r.end { out[i] = Int32(k) }
            start = r.end
        }
        return out
    }
}

/// A font reference by name and size, as Core Text's `CTFont` is used with CATextLayer and
/// attributed strings. The name is resolved through fontconfig when text is laid out (see
/// ``CATextLayer`` for the fallback rules).
public final class CTFont: Hashable, Sendable {
    public let name: String
    public let size: CGFloat
    public init(name: String, size: CGFloat) { self.name = name; self.size = size }
    public static func == (a: CTFont, b: CTFont) -> Bool { a.name == b.name && a.size == b.size }
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(size) }
}

/// A font by name, as Core Graphics' `CGFont` is given to `CATextLayer.font` (sizeless: the
/// layer's `fontSize` applies). Made from a name, it is resolved through fontconfig when text
/// is laid out; Apple's initializer takes a `CFString`, this one a `String`.
public final class CGFont: Hashable, Sendable {
    let name: String
    /// Nil for an empty name (as Apple's returns nil for a font it cannot make).
    public init?(_ name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
    }
    /// The name the font was made with.
    public var fullName: String? { name }
    public var postScriptName: String? { name }
    public static func == (a: CGFont, b: CGFont) -> Bool { a.name == b.name }
    public func hash(into h: inout Hasher) { h.combine(name) }
}

/// Core Text's constructor (the matrix argument is not supported and ignored).
public func CTFontCreateWithName(_ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(name: name, size: size)
}

extension NSAttributedString.Key {
    /// The run's font: a ``CTFont`` or a font name (Apple's raw value).
    public static let font = NSAttributedString.Key("NSFont")
    /// The run's text colour: a CGColor.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Extra space after each character, in points.
    public static let kern = NSAttributedString.Key("NSKern")
}
