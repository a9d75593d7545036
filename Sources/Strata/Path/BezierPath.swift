import Foundation

/// Corners of a rectangle (UIKit's `UIRectCorner`); "top" is minY (y-down).
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path with UIKit's `UIBezierPath` API, so code written for UIKit ports unchanged.
///
/// Angles and `clockwise` follow UIKit on a y-down screen: `clockwise: true` sweeps with
/// increasing angle. Rounded rectangles: corners are circular arcs of one radius, the given one
/// (`cornerRadii.width`) clamped to half the shorter side, so an oversized radius gives a capsule
/// — what UIKit draws (it ignores `cornerRadii.height`; its documentation only says radii are
/// "clamped appropriately") and what `CALayer.cornerRadius` gives. Difference: UIKit's corners
/// are "continuous" curves since iOS 7, whose shape it does not document; ours are circular.
/// Every corner named in `byRoundingCorners` is a curve even at radius 0, so rounded rectangles
/// of any radii have the same structure and a `path` animation between them morphs (the seeds'
/// circle ↔ square sample relies on it; whether UIKit's paths share that structure is not
/// documented). The class is open, as UIKit's is, so ported subclasses compile.
open class BezierPath: CustomStringConvertible {
    private var path: CGMutablePath

    /// Stroke width (default 1); 0 strokes the thinnest line the device shows, one pixel wide.
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var usesEvenOddFillRule = false
    /// UIKit's flatness hint (default 0.6). Kept for ported code, not used: curves are
    /// flattened by the rasterizer to its own tolerance, 0.1 device pixel (`PathRasterizer`).
    open var flatness: CGFloat = 0.6
    /// The dash pattern `stroke()` uses (`setLineDash`); empty: a solid line.
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    public init() { path = CGMutablePath() }

    public init(cgPath: CGPath) { path = cgPath.mutableCopy()! }

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// An ellipse inscribed in `rect`, starting at (maxX, midY), clockwise on screen.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners,
                  cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// The corners in `corners` rounded by circular arcs of radius `cornerRadii.width` (its height
    /// is not used, as in UIKit), clamped to half the rectangle's shorter side; a negative or
    /// non-finite radius counts as 0.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let limit = max(0, min(r.width, r.height) / 2)
        let radius = cornerRadii.width.isFinite ? max(0, min(cornerRadii.width, limit)) : 0
        let rad = CGSize(width: radius, height: radius)
        func pick(_ c: UIRectCorner) -> CGSize { corners.contains(c) ? rad : .zero }
        let radii = _CornerRadii(tl: pick(.topLeft), tr: pick(.topRight), br: pick(.bottomRight), bl: pick(.bottomLeft))
        _ArcGeometry.addRoundedRect(to: path, rect: r, radii: radii, transform: .identity, keeping: corners)
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// An immutable snapshot of the path.
    open var cgPath: CGPath {
        get { path.copy()! }
        set { path = newValue.mutableCopy()! }
    }

    open var isEmpty: Bool { path.isEmpty }
    open var currentPoint: CGPoint { path.currentPoint }
    /// The bounding box including control points (as UIKit's `bounds`).
    open var bounds: CGRect { path.boundingBox }

    open func move(to point: CGPoint) { path.move(to: point) }
    /// A line from the current point; on an empty path it does nothing (UIKit: "If the path
    /// is empty, this method does nothing" — `CGMutablePath` moves to the point first instead).
    open func addLine(to point: CGPoint) {
        if !path.isEmpty { path.addLine(to: point) }
    }
    /// A cubic curve from the current point; nothing on an empty path (as `addLine(to:)`).
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        if !path.isEmpty { path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2) }
    }
    /// A quadratic curve from the current point; nothing on an empty path (as `addLine(to:)`).
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        if !path.isEmpty { path.addQuadCurve(to: end, control: controlPoint) }
    }
    /// An arc; `clockwise: true` = increasing angle (clockwise on a y-down screen).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path = CGMutablePath() }
    open func append(_ other: BezierPath) { path.addPath(other.path) }
    /// Transforms every point of the path.
    open func apply(_ transform: CGAffineTransform) { path = path.mutableCopy(using: [transform])! }
    /// Whether `point` lies in the area a fill would paint with this path's fill rule
    /// (`usesEvenOddFillRule`), counting only closed subpaths: as UIKit documents, a point inside
    /// an open subpath is not enclosed, even though `fill()` would paint there (`CGPath.contains`
    /// counts every subpath, as Core Graphics does).
    open func contains(_ point: CGPoint) -> Bool {
        path._closedSubpaths.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// The same path traversed the other way (UIKit's `reversing()`), last subpath first (see
    /// `CGPath`'s reversal): `append(inner.reversing())` cuts `inner` out of a path filled with
    /// the non-zero rule. The new path keeps this one's line width, cap, join, miter limit,
    /// flatness, fill rule and dash pattern (UIKit does not document which it keeps).
    open func reversing() -> BezierPath { withProperties(of: BezierPath(cgPath: path._reversed())) }

    /// An independent copy with the same path and drawing properties (UIKit's `copy()`, from
    /// NSCopying: `path.copy() as! BezierPath` ports as it is).
    open func copy() -> Any { withProperties(of: BezierPath(cgPath: path)) }

    /// `r` given this path's drawing properties.
    private func withProperties(of r: BezierPath) -> BezierPath {
        r.lineWidth = lineWidth; r.lineCapStyle = lineCapStyle; r.lineJoinStyle = lineJoinStyle
        r.miterLimit = miterLimit; r.flatness = flatness; r.usesEvenOddFillRule = usesEvenOddFillRule
        r.dashPattern = dashPattern; r.dashPhase = dashPhase
        return r
    }

    /// Sets the dash pattern `stroke()` uses: `count` lengths from `pattern` (dash, gap, dash, …),
    /// started `phase` into the pattern; a nil pattern or a count of 0 makes the line solid.
    /// Patterns the stroker cannot use (a negative or non-finite length, all zeros) also stroke
    /// solid, as `CAShapeLayer.lineDashPattern` does; a non-finite phase counts as 0.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        if let pattern, count > 0 {
            dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        } else {
            dashPattern = []
        }
        dashPhase = phase.isFinite ? phase : 0
    }

    /// Reads the dash pattern back (UIKit's `getLineDash`): the lengths into `pattern` (which
    /// must have room for them; ask for `count` first with a nil pattern), their number into
    /// `count`, the phase into `phase`; any of them may be nil.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                            phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (i, v) in dashPattern.enumerated() { pattern[i] = v }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    /// The line settings `stroke()` draws with.
    internal var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: lineWidth, lineCap: lineCapStyle, lineJoin: lineJoinStyle, miterLimit: miterLimit,
                    dashPattern: dashPattern, dashPhase: dashPhase)
    }

    open var description: String { "BezierPath(\(path))" }
}

extension CGPath {
    /// This path without its open subpaths (those not ended by `closeSubpath`); the path itself
    /// when every subpath is closed.
    internal var _closedSubpaths: CGPath {
        var types: [CGPathElementType] = [], points: [CGPoint] = []
        var start = 0, startPoint = 0, k = 0
        for (i, t) in _types.enumerated() {
            if t == .moveToPoint { start = i; startPoint = k }
            k += t.pointCount
            if t == .closeSubpath {
                types.append(contentsOf: _types[start...i])
                points.append(contentsOf: _points[startPoint..<k])
            }
        }
        return types.count == _types.count ? self : CGPath(types: types, points: points)
    }
}
