import Foundation
import Strata

/// A view showing read-only text, drawn by its `CATextLayer` (UIKit's UILabel, reduced to what
/// the text layer offers).
///
/// - `numberOfLines` 1 (the default): one line per paragraph, truncated at the end when too
///   wide; 0: word-wrapped, as many lines as fit; n > 1: wrapped, and `sizeThatFits` reports at
///   most n lines (the layer itself shows every line that fits its bounds — documented
///   difference).
/// - `font` is a `CTFont` (name and size); `textColor` defaults to black.
/// - `isUserInteractionEnabled` defaults to false, as UILabel's does.
open class Label: View {
    open override class func makeLayer() -> CALayer { CATextLayer() }

    /// The backing text layer.
    public var textLayer: CATextLayer { layer as! CATextLayer }

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        textLayer.foregroundColor = .black
        // Property observers do not run in the class's own initialiser: apply the defaults.
        textLayer.font = font
        textLayer.fontSize = font.size
        textLayer.truncationMode = .end
        // UILabel's default: touches pass through to what is under the label.
        isUserInteractionEnabled = false
    }

    open var text: String? {
        get { textLayer.string as? String }
        set { attributedSource = nil; textLayer.string = newValue }
    }

    /// Runs without a font or colour take the label's `font` and `textColor` (as UILabel does;
    /// the text layer alone would use Core Text's defaults there). Reads back with those filled in.
    open var attributedText: NSAttributedString? {
        get { textLayer.string as? NSAttributedString }
        set { attributedSource = newValue; textLayer.string = newValue.map(filled) }
    }

    /// The attributed text as set, before the label's font and colour were filled in.
    private var attributedSource: NSAttributedString?

    open var font = CTFontCreateWithName("Helvetica", 17, nil) {
        didSet {
            textLayer.font = font; textLayer.fontSize = font.size
            if let a = attributedSource { textLayer.string = filled(a) }
        }
    }

    open var textColor: CGColor? {
        get { textLayer.foregroundColor }
        set {
            textLayer.foregroundColor = newValue
            if let a = attributedSource { textLayer.string = filled(a) }
        }
    }

    /// `a` with the label's font and colour on the runs that have none.
    private func filled(_ a: NSAttributedString) -> NSAttributedString {
        let m = NSMutableAttributedString(attributedString: a)
        let whole = NSRange(location: 0, length: m.length)
        // Ranges first, attributes after: the string is not changed while it is enumerated.
        var bareFont: [NSRange] = [], bareColour: [NSRange] = []
        m.enumerateAttribute(.font, in: whole) { v, r, _ in if v == nil { bareFont.append(r) } }
        m.enumerateAttribute(.foregroundColor, in: whole) { v, r, _ in if v == nil { bareColour.append(r) } }
        for r in bareFont { m.addAttribute(.font, value: font, range: r) }
        if let c = textColor { for r in bareColour { m.addAttribute(.foregroundColor, value: c, range: r) } }
        return m
    }

    open var textAlignment: CATextLayerAlignmentMode {
        get { textLayer.alignmentMode }
        set { textLayer.alignmentMode = newValue }
    }

    open var numberOfLines = 1 {
        didSet {
            textLayer.isWrapped = numberOfLines != 1
            textLayer.truncationMode = numberOfLines == 1 ? .end : .none
        }
    }

    /// The text's size when laid out within `size` (unbounded where a dimension is 0 or not
    /// finite), rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let big: CGFloat = 1e7
        let w = size.width > 0 && size.width.isFinite ? size.width : big
        let h = size.height > 0 && size.height.isFinite ? size.height : big
        let style = TextStyle(fontName: font.name, fontSize: font.size, color: textColor ?? .black)
        let content: StyledText
        if let a = attributedText { content = StyledText(a, base: style) } else { content = StyledText(text ?? "", style: style) }
        let layout = TextLayout(content, options: .init(size: CGSize(width: numberOfLines == 1 ? big : w, height: h),
                                                        isWrapped: numberOfLines != 1, scale: 1))
        let lines = numberOfLines > 1 ? Array(layout.lines.prefix(numberOfLines)) : layout.lines
        guard !lines.isEmpty else { return .zero }
        let width = min(lines.map(\.width).max() ?? 0, w)
        let height = numberOfLines > 1 && layout.lines.count > numberOfLines
            ? layout.height * CGFloat(numberOfLines) / CGFloat(layout.lines.count) : layout.height
        return CGSize(width: width.rounded(.up), height: height.rounded(.up))
    }
}
