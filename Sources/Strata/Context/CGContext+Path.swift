import Foundation

/// Building the current path. Points are mapped through the CTM when added (the path lives in
/// device space), so changing the CTM afterwards does not move what was added.
extension CGContext {
    /// Discards the current path.
    public func beginPath() { path = CGMutablePath() }

    public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: state.ctm) }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        path.addQuadCurve(to: end, control: control, transform: state.ctm)
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }
    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: state.ctm) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    transform: state.ctm)
    }
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        // The tangent arc needs the current point in user space.
        var inv = state.ctm.inverted()
        let user = path.mutableCopy(using: &inv) ?? CGMutablePath()
        user.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        var ctm = state.ctm
        path = user.mutableCopy(using: &ctm) ?? path
    }
    /// Appends `path` (in user space) to the current path.
    public func addPath(_ p: CGPath) { path.addPath(p, transform: state.ctm) }
    public func closePath() { path.closeSubpath() }

    public var isPathEmpty: Bool { path.isEmpty }
    /// The current point in user space.
    public var currentPointOfPath: CGPoint { path.currentPoint.applying(state.ctm.inverted()) }
    /// The bounding box of the current path in user space (`.null` when empty).
    public var boundingBoxOfPath: CGRect {
        let b = path.boundingBoxOfPath
        return b.isNull ? b : b.applying(state.ctm.inverted())
    }
    /// A copy of the current path in user space.
    public var pathInUserSpace: CGPath {
        var inv = state.ctm.inverted()
        return path.copy(using: &inv) ?? CGPath()
    }

    /// Takes the current path, leaving it empty (drawing and clipping consume the path).
    func takePath() -> CGPath {
        let p = path
        path = CGMutablePath()
        return p
    }
}
