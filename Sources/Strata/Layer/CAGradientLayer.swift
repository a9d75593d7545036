import Foundation

/// The shape of a ``CAGradientLayer``'s gradient (Apple's names).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours change along the line from `startPoint` to `endPoint`.
    public static let axial = Self(rawValue: "axial")
    /// An ellipse centred at `startPoint` whose half-axes are `endPoint − startPoint`.
    public static let radial = Self(rawValue: "radial")
    /// Colours sweep around `startPoint`, angle 0 along `startPoint → endPoint`.
    public static let conic = Self(rawValue: "conic")
}

/// A layer that fills its shape (bounds with `cornerRadius`/`maskedCorners`) with a colour
/// gradient, drawn above its `backgroundColor` and below its sublayers.
///
/// Geometry follows Core Animation: `startPoint` and `endPoint` are in the unit coordinate space
/// of the bounds ((0, 0) the minX/minY corner, (1, 1) the opposite one) and are mapped to the
/// bounds before drawing, so the gradient is evaluated in the layer's point space (an axial
/// gradient's lines of equal colour are perpendicular to start → end in points).
/// - `.axial`: t = projection of the point on start → end (0 at start, 1 at end), padded.
/// - `.radial`: t = elliptical distance from `startPoint`, half-axes |end.x − start.x|·width and
///   |end.y − start.y|·height; a zero half-axis puts every point off the centre line at t = 1.
/// - `.conic`: t = angle from the direction start → end divided by 2π, growing clockwise on
///   screen (y down), in [0, 1).
///
/// `colors` (CGColor) and `locations` (0…1) form the stops; colours are interpolated in
/// non-premultiplied sRGB and then premultiplied (as pixman and cairo do).
/// Bad input (documented outcomes): no colours draws nothing; one colour fills the shape with
/// it; `locations` of another count than `colors` are ignored (stops spread evenly, as for nil
/// locations; Apple documents no outcome); locations are clamped to 0…1 (NaN counts as 0) and a location below its predecessor
/// takes the predecessor's value (a hard edge), so out-of-order arrays never draw garbage.
///
/// `colors`, `locations`, `startPoint` and `endPoint` animate (implicitly and explicitly);
/// colour arrays interpolate element-wise when both ends have the same count and switch at the
/// end otherwise.
open class CAGradientLayer: CALayer {
    static let kindKey = "_strataDraws"

    public override init() {
        super.init()
        _storage[Self.kindKey] = .opaque("gradient")
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        _storage[Self.kindKey] = .opaque("gradient")
    }

    public required init?(coder: NSCoder) { return nil }

    /// The stop colours (`CGColor` values; other elements are dropped). Animatable.
    open var colors: [Any]? {
        get {
            switch _value("colors") {
            case let .custom(c as [CGColor]): return c
            case let .opaque(c as [CGColor]): return c
            default: return nil
            }
        }
        set { _set("colors", newValue.map { .custom($0.compactMap { $0 as? CGColor }) } ?? .none) }
    }

    /// The stop positions in 0…1, one per colour, or nil for evenly spread stops. Animatable.
    open var locations: [NSNumber]? {
        get { Self.numbers(_value("locations").anyValue)?.map { NSNumber(value: $0) } }
        set { _set("locations", newValue.map { .custom($0) } ?? .none) }
    }

    /// Where t = 0 lies, unit coordinates of the bounds (default (0.5, 0)). Animatable.
    open var startPoint: CGPoint {
        get { _value("startPoint").point ?? CGPoint(x: 0.5, y: 0) }
        set { _set("startPoint", .point(newValue)) }
    }

    /// Where t = 1 lies, unit coordinates of the bounds (default (0.5, 1)). Animatable.
    open var endPoint: CGPoint {
        get { _value("endPoint").point ?? CGPoint(x: 0.5, y: 1) }
        set { _set("endPoint", .point(newValue)) }
    }

    /// The gradient's shape (default `.axial`). Not animatable.
    open var type: CAGradientLayerType {
        get { _opaque("type", CAGradientLayerType.axial) }
        set { _set("type", .opaque(newValue)) }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "startPoint": return CGPoint(x: 0.5, y: 0)
        case "endPoint": return CGPoint(x: 0.5, y: 1)
        case "type": return CAGradientLayerType.axial
        default: return super.defaultValue(forKey: key)
        }
    }

    open override class func isAnimatable(key: String) -> Bool {
        switch key {
        case "colors", "locations", "startPoint", "endPoint": return true
        default: return super.isAnimatable(key: key)
        }
    }

    /// Numbers of an array as stored by the setter or by KVC ([NSNumber], [Double], [CGFloat],
    /// [Float], [Int] or [Any] of those); nil for anything else.
    static func numbers(_ v: Any?) -> [Double]? {
        guard let a = v as? [Any] else { return nil }
        var out: [Double] = []
        out.reserveCapacity(a.count)
        for e in a {
            switch e {
            case let n as NSNumber: out.append(n.doubleValue)
            case let d as Double: out.append(d)
            case let c as CGFloat: out.append(Double(c))
            case let f as Float: out.append(Double(f))
            case let i as Int: out.append(Double(i))
            default: return nil
            }
        }
        return out
    }
}
