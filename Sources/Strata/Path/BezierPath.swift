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

    public var description: String { "BezierPath(\(path))" }
}
