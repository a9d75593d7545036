import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy transformed, delayed and
/// tinted a step further than the one before (Core Animation's replicator).
///
/// Instance *i* (0 … `instanceCount` − 1) of the sublayers:
/// - is transformed by `instanceTransform` applied *i* times, "relative to the center of this
///   layer" as Apple documents — its bounds' centre, wherever its anchor point is (unlike
///   `sublayerTransform`, which pivots about the anchor point and still applies outside it): a
///   rotation turns the copies around the replicator's centre, a translation lines them up;
/// - shows its animations `i × instanceDelay` seconds late (the sublayers' time is shifted, so
///   a copy whose animation has not begun yet shows the model value, as a delayed animation does);
/// - has every pixel multiplied, channel by channel, by `instanceColor` plus *i* times the
///   `instance…Offset`s, each component clamped to 0…1 (white, the default, changes nothing).
///
/// Instance 0 is the sublayers themselves: the same layers, no transform, no delay, tinted by
/// `instanceColor` alone. `instanceCount` ≤ 0 draws no sublayer at all; counts above
/// ``maximumInstanceCount`` are clamped to it (a documented bound, so a stray huge count cannot
/// exhaust memory). The layer's own background, border and contents draw once.
///
/// Differences from Core Animation: `preservesDepth` is stored but the copies are always
/// flattened into the replicator's plane (the compositor draws no 3D depth between
/// siblings either); sublayer masks and CATiledLayers are copied, but tiles are only requested
/// for instance 0.
///
/// `instanceDelay`, `instanceTransform`, `instanceColor` and the four offsets animate;
/// `instanceCount` changes at once (it is not animatable, as in Core Animation).
open class CAReplicatorLayer: CALayer {
    static let kind = "replicator"
    /// The largest `instanceCount` drawn.
    public static let maximumInstanceCount = 4096

    public override init() {
        super.init()
        _storage[CAGradientLayer.kindKey] = .opaque(Self.kind)
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        _storage[CAGradientLayer.kindKey] = .opaque(Self.kind)
    }

    public required init?(coder: NSCoder) { return nil }

    /// How many copies of the sublayers are drawn (default 1).
    open var instanceCount: Int {
        get { Int(exactly: (_value("instanceCount").number ?? 1).rounded()) ?? 1 }
        set { _set("instanceCount", .number(Double(newValue), .int)) }
    }
    /// Stored for compatibility; copies are always flattened (see the type's notes).
    open var preservesDepth: Bool {
        get { _bool("preservesDepth") } set { _set("preservesDepth", .bool(newValue)) }
    }
    /// Seconds by which each copy's animations lag the previous copy's (default 0). Animatable.
    open var instanceDelay: CFTimeInterval {
        get { _value("instanceDelay").number ?? 0 } set { _set("instanceDelay", .number(newValue, .double)) }
    }
    /// The transform from one copy to the next, about the centre of the bounds (default
    /// identity). Animatable.
    open var instanceTransform: CATransform3D {
        get { _value("instanceTransform").transform ?? .identity }
        set { _set("instanceTransform", .transform(newValue)) }
    }
    /// The colour multiplying instance 0 (default opaque white, as Apple documents; nil also
    /// counts as white). Animatable.
    open var instanceColor: CGColor? {
        get { _colorValue("instanceColor") } set { _set("instanceColor", newValue.map { .color($0) } ?? .none) }
    }
    /// Added to the red component of the multiplying colour from one copy to the next. Animatable.
    open var instanceRedOffset: Float {
        get { Float(_number("instanceRedOffset")) } set { _set("instanceRedOffset", .number(Double(newValue), .float)) }
    }
    /// Added to the green component from one copy to the next. Animatable.
    open var instanceGreenOffset: Float {
        get { Float(_number("instanceGreenOffset")) } set { _set("instanceGreenOffset", .number(Double(newValue), .float)) }
    }
    /// Added to the blue component from one copy to the next. Animatable.
    open var instanceBlueOffset: Float {
        get { Float(_number("instanceBlueOffset")) } set { _set("instanceBlueOffset", .number(Double(newValue), .float)) }
    }
    /// Added to the alpha component from one copy to the next. Animatable.
    open var instanceAlphaOffset: Float {
        get { Float(_number("instanceAlphaOffset")) } set { _set("instanceAlphaOffset", .number(Double(newValue), .float)) }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "instanceCount": return 1
        case "preservesDepth": return false
        case "instanceDelay": return CFTimeInterval(0)
        case "instanceTransform": return CATransform3D.identity
        case "instanceColor": return CGColor.white
        case "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset": return Float(0)
        default: return super.defaultValue(forKey: key)
        }
    }

    open override class func isAnimatable(key: String) -> Bool {
        switch key {
        case "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
             "instanceBlueOffset", "instanceAlphaOffset":
            return true
        default:
            return super.isAnimatable(key: key)
        }
    }
}
