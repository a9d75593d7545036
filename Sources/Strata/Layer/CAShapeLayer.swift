import Foundation

/// Fill rules of `CAShapeLayer` (Apple's string constants).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero")
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// Line caps of `CAShapeLayer` (Apple's string constants).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt")
    public static let round = Self(rawValue: "round")
    public static let square = Self(rawValue: "square")
}

/// Line joins of `CAShapeLayer` (Apple's string constants).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter")
    public static let round = Self(rawValue: "round")
    public static let bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path: filled with `fillColor`, then stroked with `strokeColor`, between
/// its contents and its first sublayer (as Apple documents), in the layer's coordinate space
/// (bounds origin at the path's origin, as Core Animation does). The path is not clipped to the
/// bounds unless `masksToBounds` is set, which clips it to the (rounded) bounds as it clips the
/// contents and sublayers.
///
/// Defaults follow Apple: opaque black fill, no stroke, width 1, butt caps, miter joins, miter
/// limit 10, non-zero rule, whole path (`strokeStart` 0, `strokeEnd` 1). `path` animates by
/// morphing when both paths have the same element structure (otherwise it switches at the
/// end), with explicit animations only (Apple: paths never animate implicitly); `fillColor`, `strokeColor`, `lineWidth`, `miterLimit`, `lineDashPhase`,
/// `lineDashPattern`, `strokeStart` and `strokeEnd` animate. Out-of-range values draw as
/// `StrokeStyle` documents (trims clamped to 0…1, bad dash patterns solid, width ≤ 0 no stroke).
/// The evaluated shape reaches the compositor as `RenderLayer.shape`.
open class CAShapeLayer: CALayer {
    static let kind = "shape"

    public override init() {
        super.init()
        _storage[CAGradientLayer.kindKey] = .opaque(Self.kind)
        // Stored explicitly so that the render side can tell the default (black) from nil.
        _storage["fillColor"] = .color(.black)
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        _storage[CAGradientLayer.kindKey] = .opaque(Self.kind)
    }

    public required init?(coder: NSCoder) { return nil }

    /// The shape, in the layer's coordinates. Animatable (morph).
    open var path: CGPath? {
        get { if case let .path(p) = _value("path") { return p } else { return nil } }
        set { _set("path", newValue.map { .path($0.copy()!) } ?? .none) }
    }
    /// Fill colour (default opaque black; nil = no fill). Animatable.
    open var fillColor: CGColor? {
        get { _colorValue("fillColor") } set { _set("fillColor", newValue.map { .color($0) } ?? .none) }
    }
    open var fillRule: CAShapeLayerFillRule {
        get { _opaque("fillRule", CAShapeLayerFillRule.nonZero) } set { _set("fillRule", .opaque(newValue)) }
    }
    /// Stroke colour (default nil = no stroke). Animatable.
    open var strokeColor: CGColor? {
        get { _colorValue("strokeColor") } set { _set("strokeColor", newValue.map { .color($0) } ?? .none) }
    }
    open var lineWidth: CGFloat {
        get { CGFloat(_value("lineWidth").number ?? 1) } set { _set("lineWidth", .cg(newValue)) }
    }
    open var miterLimit: CGFloat {
        get { CGFloat(_value("miterLimit").number ?? 10) } set { _set("miterLimit", .cg(newValue)) }
    }
    open var lineCap: CAShapeLayerLineCap {
        get { _opaque("lineCap", CAShapeLayerLineCap.butt) } set { _set("lineCap", .opaque(newValue)) }
    }
    open var lineJoin: CAShapeLayerLineJoin {
        get { _opaque("lineJoin", CAShapeLayerLineJoin.miter) } set { _set("lineJoin", .opaque(newValue)) }
    }
    /// Dash lengths (nil or empty = solid). Animatable element-wise when counts match (otherwise
    /// the new pattern shows at once). Difference: Apple documents only `lineDashPhase` as
    /// animatable; Strata also animates this one, implicitly too (as any animatable key; turned off
    /// as for the others, e.g. by `CATransaction.setDisableActions(true)`).
    open var lineDashPattern: [NSNumber]? {
        get { CAGradientLayer.numbers(_value("lineDashPattern").anyValue)?.map { NSNumber(value: $0) } }
        set { _set("lineDashPattern", newValue.map { .custom($0) } ?? .none) }
    }
    open var lineDashPhase: CGFloat {
        get { CGFloat(_value("lineDashPhase").number ?? 0) } set { _set("lineDashPhase", .cg(newValue)) }
    }
    /// Where the stroke starts, as a fraction of the path's length (all subpaths). Animatable.
    open var strokeStart: CGFloat {
        get { CGFloat(_value("strokeStart").number ?? 0) } set { _set("strokeStart", .cg(newValue)) }
    }
    /// Where the stroke ends, as a fraction of the path's length (all subpaths). Animatable.
    open var strokeEnd: CGFloat {
        get { CGFloat(_value("strokeEnd").number ?? 1) } set { _set("strokeEnd", .cg(newValue)) }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fillColor": return CGColor.black
        case "lineWidth": return CGFloat(1)
        case "miterLimit": return CGFloat(10)
        case "strokeEnd": return CGFloat(1)
        case "strokeStart", "lineDashPhase": return CGFloat(0)
        case "fillRule": return CAShapeLayerFillRule.nonZero
        case "lineCap": return CAShapeLayerLineCap.butt
        case "lineJoin": return CAShapeLayerLineJoin.miter
        default: return super.defaultValue(forKey: key)
        }
    }

    open override class func isAnimatable(key: String) -> Bool {
        switch key {
        case "path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "lineDashPattern",
             "strokeStart", "strokeEnd":
            return true
        default:
            return super.isAnimatable(key: key)
        }
    }
}
