import Foundation

/// A path that can be built element by element (Core Graphics' `CGMutablePath`, Swift API).
///
/// Every `add…` takes an optional transform applied to the points before they are appended.
/// Differences from Core Graphics, where it only logs and ignores: a line or curve added with no
/// current point starts a subpath at its first point (an implicit `move(to:)`). After
/// `closeSubpath()`, the next line or curve starts a new subpath at the closed one's start
/// (as Core Graphics does), recorded as an explicit `moveToPoint` element.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public convenience init() { self.init(types: [], points: []) }

    override internal init(types: [CGPathElementType], points: [CGPoint]) {
        super.init(types: types, points: points)
    }

    /// Ensures a current point exists before appending a segment that starts at `p`.
    private func beginSegment(at p: CGPoint) {
        if let last = _types.last {
            if last == .closeSubpath { append(.moveToPoint, [_subpathStart]) }
        } else {
            append(.moveToPoint, [p])
        }
    }

    internal func append(_ t: CGPathElementType, _ pts: [CGPoint]) {
        _types.append(t)
        _points.append(contentsOf: pts)
    }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.moveToPoint, [point.applying(transform)])
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        beginSegment(at: p)
        append(.addLineToPoint, [p])
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let c = control.applying(transform)
        beginSegment(at: c)
        append(.addQuadCurveToPoint, [c, end.applying(transform)])
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        let c1 = control1.applying(transform)
        beginSegment(at: c1)
        append(.addCurveToPoint, [c1, control2.applying(transform), end.applying(transform)])
    }

    /// Closes the current subpath with a line back to its start. No effect on an empty path or
    /// an already closed subpath.
    public func closeSubpath() {
        guard let last = _types.last, last != .closeSubpath else { return }
        _types.append(.closeSubpath)
    }

    /// Adds a closed rectangle subpath: (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Moves to the first point and adds lines through the rest (Core Graphics' `addLines`).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Appends all elements of `path`, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        _types.append(contentsOf: path._types)
        if transform.isIdentity {
            _points.append(contentsOf: path._points)
        } else {
            _points.append(contentsOf: path._points.map { $0.applying(transform) })
        }
    }

    /// Adds an ellipse inscribed in `rect` as a closed subpath of four cubic Béziers, starting at
    /// (maxX, midY) and turning towards +y first.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let k = _ArcGeometry.kappa
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry),
                 control2: CGPoint(x: cx + k * rx, y: cy + ry), transform: transform)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry),
                 control2: CGPoint(x: cx - rx, y: cy + k * ry), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry),
                 control2: CGPoint(x: cx - k * rx, y: cy - ry), transform: transform)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry),
                 control2: CGPoint(x: cx + rx, y: cy - k * ry), transform: transform)
        closeSubpath()
    }

    /// Adds a rounded rectangle with elliptical corners of `cornerWidth`×`cornerHeight`
    /// (clamped to half the size), starting at the top edge after the top-left corner and
    /// running towards +x. Zero corners give a plain rectangle — also when only one of the two
    /// sizes is zero (Apple: each corner is a quarter of an ellipse with those axes, which is
    /// then a square corner); negative or non-finite sizes count as zero.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        var rx = max(0, min(cornerWidth.isFinite ? cornerWidth : 0, r.width / 2))
        var ry = max(0, min(cornerHeight.isFinite ? cornerHeight : 0, r.height / 2))
        if rx == 0 || ry == 0 { (rx, ry) = (0, 0) }
        let radii = _CornerRadii(tl: CGSize(width: rx, height: ry), tr: CGSize(width: rx, height: ry),
                                 br: CGSize(width: rx, height: ry), bl: CGSize(width: rx, height: ry))
        _ArcGeometry.addRoundedRect(to: self, rect: r, radii: radii, transform: transform)
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle` (radians, 0 = +x,
    /// increasing towards +y). `clockwise` follows Core Graphics' y-up meaning: `true` sweeps
    /// with decreasing angle (counter-clockwise on a y-down screen). Draws a line from the
    /// current point to the arc's start, or moves there when there is none. Angles more than a
    /// turn apart draw one full circle and go on to `endAngle`, where the arc ends (Apple: its
    /// end point becomes the current point); exactly a turn apart, one full circle.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        _ArcGeometry.addArc(to: self, center: center, radius: radius, start: startAngle,
                            sweep: _ArcGeometry.sweep(from: startAngle, to: endAngle, increasing: !clockwise),
                            transform: transform)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from `tangent1End` to `tangent2End`, preceded by a straight line to the first
    /// tangent point. Collinear points or a zero radius add a line to `tangent1End`. On an empty
    /// path (no current point, where Core Graphics ignores the call) it moves to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        _ArcGeometry.addTangentArc(to: self, p1: tangent1End, p2: tangent2End, radius: radius,
                                   transform: transform)
    }

    /// Adds an arc from `startAngle` by `delta` radians (positive = increasing angle).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        _ArcGeometry.addArc(to: self, center: center, radius: radius, start: startAngle, sweep: delta,
                            transform: transform)
    }
}
