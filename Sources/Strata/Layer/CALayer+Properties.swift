import Foundation

// Typed accessors over the sparse storage. Setters go through `_set`, which runs the action
// lookup and marks the layer for the next commit.
extension CALayer {
    @inline(__always) final func _cg(_ k: String) -> CGFloat { CGFloat(_value(k).number ?? 0) }
    @inline(__always) final func _bool(_ k: String) -> Bool { _value(k).bool ?? false }
    @inline(__always) final func _opaque<T>(_ k: String, _ d: T) -> T {
        if case let .opaque(o) = _value(k), let t = o as? T { return t }
        return d
    }
    @inline(__always) final func _colorValue(_ k: String) -> CGColor? { _value(k).color }

    // MARK: Geometry

    /// The layer's own coordinate space: origin and size (animatable).
    public var bounds: CGRect {
        get { _value("bounds").rect ?? .zero }
        set { _set("bounds", .rect(newValue)) }
    }
    /// Where the anchor point sits in the superlayer's coordinates (animatable).
    public var position: CGPoint {
        get { _value("position").point ?? .zero }
        set { _set("position", .point(newValue)) }
    }
    /// The anchor in unit coordinates of the bounds; transforms pivot around it (animatable).
    public var anchorPoint: CGPoint {
        get { _value("anchorPoint").point ?? CGPoint(x: 0.5, y: 0.5) }
        set { _set("anchorPoint", .point(newValue)) }
    }
    public var anchorPointZ: CGFloat {
        get { _cg("anchorPointZ") } set { _set("anchorPointZ", .cg(newValue)) }
    }
    public var zPosition: CGFloat {
        get { _cg("zPosition") } set { _set("zPosition", .cg(newValue)) }
    }
    public var transform: CATransform3D {
        get { _value("transform").transform ?? .identity }
        set { _set("transform", .transform(newValue)) }
    }
    public var sublayerTransform: CATransform3D {
        get { _value("sublayerTransform").transform ?? .identity }
        set { _set("sublayerTransform", .transform(newValue)) }
    }
    /// `transform` as an affine transform (its x/y part).
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The layer's rectangle in its superlayer's coordinates, derived from bounds, position,
    /// anchorPoint and transform (the bounding box when transformed); not animatable.
    /// Setting it sets `position` and `bounds.size` so that the frame then reads back as the
    /// rectangle given, the transform left alone, as Apple documents — through a scale,
    /// translation or multiple-of-90° rotation too. Apple says not to set it under any other
    /// rotation (or a skew); Strata then sizes the bounds as if the transform's linear part
    /// were the identity, keeping the frame's centre. Non-finite rects are ignored.
    public var frame: CGRect {
        get {
            let b = bounds, a = anchorPoint, p = position
            let t = transform
            if t == .identity {
                return CGRect(x: p.x - b.width * a.x, y: p.y - b.height * a.y, width: b.width, height: b.height)
            }
            // Bounds corners, relative to the anchor, through the transform, then to position.
            let local = CGRect(x: -b.width * a.x, y: -b.height * a.y, width: b.width, height: b.height)
            let r: CGRect
            if CATransform3DIsAffine(t) {
                r = local.applying(CATransform3DGetAffineTransform(t))
            } else {
                r = local.applying(CATransform3DGetAffineTransform(t))   // projective: affine part
            }
            return r.offsetBy(dx: p.x, dy: p.y)
        }
        set {
            let f = newValue.standardized
            guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else { return }
            let a = anchorPoint
            let t = transform
            if t == .identity {
                position = CGPoint(x: f.minX + f.width * a.x, y: f.minY + f.height * a.y)
                var b = bounds
                b.size = f.size
                bounds = b
                return
            }
            // The bounds size whose transformed box is the frame's: an axis-aligned linear part
            // (a scale, possibly with a quarter turn) maps width and height to |a|·w, |d|·h or
            // swaps them.
            let m = CATransform3DGetAffineTransform(t)
            var size = f.size
            // Zero up to rounding (cos(π/2) is 6e-17, not 0).
            let eps = 1e-12 * max(abs(m.a), abs(m.b), abs(m.c), abs(m.d))
            if abs(m.b) <= eps, abs(m.c) <= eps, abs(m.a) > eps, abs(m.d) > eps {
                size = CGSize(width: f.width / abs(m.a), height: f.height / abs(m.d))
            } else if abs(m.a) <= eps, abs(m.d) <= eps, abs(m.b) > eps, abs(m.c) > eps {
                size = CGSize(width: f.height / abs(m.c), height: f.width / abs(m.b))
            }
            guard size.width.isFinite, size.height.isFinite else { return }
            var b = bounds
            b.size = size
            bounds = b
            // The position that centres the transformed box (about the anchor) on the frame.
            let local = CGRect(x: -size.width * a.x, y: -size.height * a.y, width: size.width, height: size.height)
            let box = local.applying(m)
            position = CGPoint(x: f.midX - box.midX, y: f.midY - box.midY)
        }
    }

    /// Stored only. Difference: Apple flips the sublayers' geometry of a layer with this set
    /// (y up from the bottom edge) and keeps their contents upright; Strata places sublayers
    /// y-down whatever its value (as iOS's views' layers are), and `contentsAreFlipped()` is
    /// always false.
    public var isGeometryFlipped: Bool {
        get { _bool("geometryFlipped") } set { _set("geometryFlipped", .bool(newValue)) }
    }

    // MARK: Appearance

    public var opacity: Float {
        get { Float(_value("opacity").number ?? 1) }
        set { _set("opacity", .number(Double(newValue), .float)) }
    }
    public var isHidden: Bool {
        get { _bool("hidden") } set { _set("hidden", .bool(newValue)) }
    }
    /// Whether the layer (and its sublayers) draws when facing away from the viewer (default
    /// true). Facing away is decided by the on-screen orientation of the layer's plane (its
    /// flattened transform's determinant is negative), so a mirrored layer, e.g. `scale(-1, 1, 1)`,
    /// also counts as back-facing; Apple does not document that case.
    public var isDoubleSided: Bool {
        get { _value("doubleSided").bool ?? true } set { _set("doubleSided", .bool(newValue)) }
    }
    public var masksToBounds: Bool {
        get { _bool("masksToBounds") } set { _set("masksToBounds", .bool(newValue)) }
    }
    public var backgroundColor: CGColor? {
        get { _colorValue("backgroundColor") }
        set { _set("backgroundColor", newValue.map { .color($0) } ?? .none) }
    }
    public var borderColor: CGColor? {
        get { _colorValue("borderColor") }
        set { _set("borderColor", newValue.map { .color($0) } ?? .none) }
    }
    public var borderWidth: CGFloat {
        get { _cg("borderWidth") } set { _set("borderWidth", .cg(newValue)) }
    }
    public var cornerRadius: CGFloat {
        get { _cg("cornerRadius") } set { _set("cornerRadius", .cg(newValue)) }
    }
    public var maskedCorners: CACornerMask {
        get { _opaque("maskedCorners", CACornerMask.all) } set { _set("maskedCorners", .opaque(newValue)) }
    }
    public var cornerCurve: CALayerCornerCurve {
        get { _opaque("cornerCurve", CALayerCornerCurve.circular) } set { _set("cornerCurve", .opaque(newValue)) }
    }
    public var isOpaque: Bool {
        get { _bool("opaque") } set { _set("opaque", .bool(newValue)) }
    }
    /// Stored only. Difference: Strata anti-aliases every layer's edges (Apple's default,
    /// false, leaves a transformed layer's edges aliased); `edgeAntialiasingMask` likewise.
    public var allowsEdgeAntialiasing: Bool {
        get { _bool("allowsEdgeAntialiasing") } set { _set("allowsEdgeAntialiasing", .bool(newValue)) }
    }
    public var allowsGroupOpacity: Bool {
        get { _value("allowsGroupOpacity").bool ?? true } set { _set("allowsGroupOpacity", .bool(newValue)) }
    }
    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is set (default all four).
    /// Stored only: Strata anti-aliases every edge.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { _opaque("edgeAntialiasingMask", CAEdgeAntialiasingMask.all) }
        set { _set("edgeAntialiasingMask", .opaque(newValue)) }
    }
    /// The backing store's requested format (default `.RGBA8Uint`). Stored only: backing
    /// stores are always 8-bit premultiplied BGRA.
    public var contentsFormat: CALayerContentsFormat {
        get { _opaque("contentsFormat", CALayerContentsFormat.RGBA8Uint) } set { _set("contentsFormat", .opaque(newValue)) }
    }
    /// Whether the layer's contents are flipped when drawn: always false in Strata, which does
    /// not flip geometry (see `isGeometryFlipped`).
    public func contentsAreFlipped() -> Bool { false }

    /// How much further than `cornerRadius` the corner curve reaches along the edges: 1 for
    /// both curves, as Strata draws them (Apple's continuous curve reaches about 1.53× further).
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat { 1 }

    // MARK: Contents

    /// The layer's image (any value; Strata's compositor understands its own image type).
    /// Changing it crossfades implicitly (a fade `CATransition`); a `CABasicAnimation` of
    /// `"contents"` crossfades too, its `presentation()` showing the start value until the end.
    public var contents: Any? {
        get { _value("contents").anyValue } set { _set("contents", _AnimValue(any: newValue)) }
    }
    public var contentsRect: CGRect {
        get { _value("contentsRect").rect ?? CGRect(x: 0, y: 0, width: 1, height: 1) }
        set { _set("contentsRect", .rect(newValue)) }
    }
    public var contentsCenter: CGRect {
        get { _value("contentsCenter").rect ?? CGRect(x: 0, y: 0, width: 1, height: 1) }
        set { _set("contentsCenter", .rect(newValue)) }
    }
    public var contentsGravity: CALayerContentsGravity {
        get { _opaque("contentsGravity", CALayerContentsGravity.resize) }
        set { _set("contentsGravity", .opaque(newValue)) }
    }
    public var contentsScale: CGFloat {
        get { CGFloat(_value("contentsScale").number ?? 1) } set { _set("contentsScale", .cg(newValue)) }
    }
    public var minificationFilter: CALayerContentsFilter {
        get { _opaque("minificationFilter", CALayerContentsFilter.linear) }
        set { _set("minificationFilter", .opaque(newValue)) }
    }
    public var magnificationFilter: CALayerContentsFilter {
        get { _opaque("magnificationFilter", CALayerContentsFilter.linear) }
        set { _set("magnificationFilter", .opaque(newValue)) }
    }
    public var minificationFilterBias: Float {
        get { Float(_value("minificationFilterBias").number ?? 0) }
        set { _set("minificationFilterBias", .number(Double(newValue), .float)) }
    }
    public var needsDisplayOnBoundsChange: Bool {
        get { _bool("needsDisplayOnBoundsChange") } set { _set("needsDisplayOnBoundsChange", .bool(newValue)) }
    }
    public var drawsAsynchronously: Bool {
        get { _bool("drawsAsynchronously") } set { _set("drawsAsynchronously", .bool(newValue)) }
    }

    // MARK: Shadow

    public var shadowColor: CGColor? {
        get { _colorValue("shadowColor") } set { _set("shadowColor", newValue.map { .color($0) } ?? .none) }
    }
    public var shadowOpacity: Float {
        get { Float(_value("shadowOpacity").number ?? 0) }
        set { _set("shadowOpacity", .number(Double(newValue), .float)) }
    }
    public var shadowOffset: CGSize {
        get { _value("shadowOffset").size ?? CGSize(width: 0, height: -3) } set { _set("shadowOffset", .size(newValue)) }
    }
    /// The shadow's shape (nil: the layer's alpha); animates by morphing (see `CGPath`) with
    /// explicit animations only (no implicit animation, as Apple documents for paths).
    public var shadowPath: CGPath? {
        get { if case let .path(p) = _value("shadowPath") { return p } else { return nil } }
        set { _set("shadowPath", newValue.map { .path($0) } ?? .none) }
    }
    public var shadowRadius: CGFloat {
        get { CGFloat(_value("shadowRadius").number ?? 3) } set { _set("shadowRadius", .cg(newValue)) }
    }

    // MARK: Rasterization and filters

    public var shouldRasterize: Bool {
        get { _bool("shouldRasterize") } set { _set("shouldRasterize", .bool(newValue)) }
    }
    public var rasterizationScale: CGFloat {
        get { CGFloat(_value("rasterizationScale").number ?? 1) } set { _set("rasterizationScale", .cg(newValue)) }
    }
    /// A compositing (blend) filter; Strata's compositor understands its own names (String).
    public var compositingFilter: Any? {
        get { _value("compositingFilter").anyValue } set { _set("compositingFilter", _AnimValue(any: newValue)) }
    }
    public var filters: [Any]? {
        get { _value("filters").anyValue as? [Any] } set { _set("filters", _AnimValue(any: newValue)) }
    }
    public var backgroundFilters: [Any]? {
        get { _value("backgroundFilters").anyValue as? [Any] } set { _set("backgroundFilters", _AnimValue(any: newValue)) }
    }

    // MARK: Identity and relationships

    public var name: String? {
        get { _extras?.name } set { extras.name = newValue }
    }
    /// Not retained, as in Core Animation.
    public var delegate: CALayerDelegate? {
        get { _extras?.delegate } set { extras.delegate = newValue }
    }
    /// Actions by key, consulted after the delegate. `NSNull()` entries disable a key's action.
    public var actions: [String: CAAction]? {
        get { _extras?.actions } set { extras.actions = newValue }
    }
    /// Values for properties the layer has not set (see `CALayer+Style.swift`) and actions
    /// (key "actions", consulted after `actions`); a nested "style" dictionary continues both
    /// searches, the shallowest entry winning.
    public var style: [AnyHashable: Any]? {
        get { _extras?.style } set { extras.style = newValue; _markDirty() }
    }

    // MARK: CAMediaTiming (the layer's own time space)

    public var beginTime: CFTimeInterval {
        get { _number("beginTime") } set { _set("beginTime", .number(newValue, .double)) }
    }
    public var duration: CFTimeInterval {
        get { _number("duration") } set { _set("duration", .number(newValue, .double)) }
    }
    public var speed: Float {
        get { Float(_value("speed").number ?? 1) } set { _set("speed", .number(Double(newValue), .float)) }
    }
    public var timeOffset: CFTimeInterval {
        get { _number("timeOffset") } set { _set("timeOffset", .number(newValue, .double)) }
    }
    public var repeatCount: Float {
        get { Float(_number("repeatCount")) } set { _set("repeatCount", .number(Double(newValue), .float)) }
    }
    public var repeatDuration: CFTimeInterval {
        get { _number("repeatDuration") } set { _set("repeatDuration", .number(newValue, .double)) }
    }
    public var autoreverses: Bool {
        get { _bool("autoreverses") } set { _set("autoreverses", .bool(newValue)) }
    }
    public var fillMode: CAMediaTimingFillMode {
        get { _opaque("fillMode", CAMediaTimingFillMode.removed) } set { _set("fillMode", .opaque(newValue)) }
    }
}
