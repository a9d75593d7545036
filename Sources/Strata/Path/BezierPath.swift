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
/// increasing angle. Difference: rounded rectangles use circular corners (UIKit uses
/// "continuous" corners since iOS 7), with radii clamped to half the width and height; every
/// corner named in `byRoundingCorners` is a curve even at radius 0, so rounded rectangles of any
/// radii have the same structure and a `path` animation between them morphs (the seeds' circle ↔
/// square sample relies on it; whether UIKit's paths share that structure is not documented).
public final class BezierPath: CustomStringConvertible {
    private var path: CGMutablePath

    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var usesEvenOddFillRule = false
    /// UIKit's flatness hint (default 0.6). Kept for ported code, not used: curves are
    /// flattened by the rasterizer to its own tolerance, 0.1 device pixel (`PathRasterizer`).
    public var flatness: CGFloat = 0.6
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

    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        func clamp(_ v: CGFloat, _ limit: CGFloat) -> CGFloat { v.isFinite ? max(0, min(v, limit)) : 0 }
        let rad = CGSize(width: clamp(cornerRadii.width, r.width / 2), height: clamp(cornerRadii.height, r.height / 2))
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
    public var cgPath: CGPath {
        get { path.copy()! }
        set { path = newValue.mutableCopy()! }
    }

    public var isEmpty: Bool { path.isEmpty }
    public var currentPoint: CGPoint { path.currentPoint }
    /// The bounding box including control points (as UIKit's `bounds`).
    public var bounds: CGRect { path.boundingBox }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: end, control: controlPoint)
    }
    /// An arc; `clockwise: true` = increasing angle (clockwise on a y-down screen).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    public func close() { path.closeSubpath() }
    public func removeAllPoints() { path = CGMutablePath() }
    public func append(_ other: BezierPath) { path.addPath(other.path) }
    /// Transforms every point of the path.
    public func apply(_ transform: CGAffineTransform) { path = path.mutableCopy(using: [transform])! }
    public func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// The same path traversed the other way (UIKit's `reversing()`), last subpath first (see
    /// `CGPath`'s reversal): `append(inner.reversing())` cuts `inner` out of a path filled with
    /// the non-zero rule. The new path keeps this one's line width, cap, join, miter limit,
    /// flatness, fill rule and dash pattern (UIKit does not document which it keeps).
    public func reversing() -> BezierPath { withProperties(of: BezierPath(cgPath: path._reversed())) }

    /// An independent copy with the same path and drawing properties (UIKit's `copy()`, from
    /// NSCopying: `path.copy() as! BezierPath` ports as it is).
    public func copy() -> Any { withProperties(of: BezierPath(cgPath: path)) }

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
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
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
    public func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
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

    public var description: String { "BezierPath(\(path))" }
}
