import Foundation

/// Building the current path. Points are mapped through the CTM when added (the path lives in
/// device space), so changing the CTM afterwards does not move what was added.
extension CGContext {
    /// Discards the current path.
    public func beginPath() { devicePath = CGMutablePath() }

    public func move(to point: CGPoint) { devicePath.move(to: point, transform: state.ctm) }
    public func addLine(to point: CGPoint) { devicePath.addLine(to: point, transform: state.ctm) }
    public func addLines(between points: [CGPoint]) { devicePath.addLines(between: points, transform: state.ctm) }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        devicePath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }
    public func addRect(_ rect: CGRect) { devicePath.addRect(rect, transform: state.ctm) }
    public func addRects(_ rects: [CGRect]) { devicePath.addRects(rects, transform: state.ctm) }
    public func addEllipse(in rect: CGRect) { devicePath.addEllipse(in: rect, transform: state.ctm) }
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        devicePath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    transform: state.ctm)
    }
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        // The tangent arc needs the current point in user space.
        var inv = state.ctm.inverted()
        let user = devicePath.mutableCopy(using: &inv) ?? CGMutablePath()
        user.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        var ctm = state.ctm
        devicePath = user.mutableCopy(using: &ctm) ?? devicePath
    }
    /// Appends `path` (in user space) to the current path.
    public func addPath(_ p: CGPath) { devicePath.addPath(p, transform: state.ctm) }
    public func closePath() { devicePath.closeSubpath() }

    public var isPathEmpty: Bool { devicePath.isEmpty }
    /// The current point in user space; `.zero` when there is no path (as Core Graphics').
    public var currentPointOfPath: CGPoint {
        devicePath.isEmpty ? .zero : devicePath.currentPoint.applying(state.ctm.inverted())
    }
    /// The bounding box of the current path in user space (`.null` when empty).
    public var boundingBoxOfPath: CGRect {
        let b = devicePath.boundingBoxOfPath
        return b.isNull ? b : b.applying(state.ctm.inverted())
    }
    /// A copy of the current path in user space; nil when there is none (Core Graphics'
    /// `path`, CGContextCopyPath).
    public var path: CGPath? { devicePath.isEmpty ? nil : pathInUserSpace }

    /// Whether `point` (user space) is painted when the current path is drawn with `mode`:
    /// inside the fill for the fill modes, under the stroke (the current line settings) for the
    /// stroke modes, either for the fill-and-stroke ones. False without a path.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard !devicePath.isEmpty else { return false }
        let user = pathInUserSpace
        func stroked() -> Bool {
            let s = state.stroke
            guard s.lineWidth > 0, s.lineWidth.isFinite else { return false }
            return user.copy(strokingWithWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin,
                             miterLimit: s.miterLimit).contains(point)
        }
        switch mode {
        case .fill: return user.contains(point, using: .winding)
        case .eoFill: return user.contains(point, using: .evenOdd)
        case .stroke: return stroked()
        case .fillStroke: return user.contains(point, using: .winding) || stroked()
        case .eoFillStroke: return user.contains(point, using: .evenOdd) || stroked()
        }
    }

    /// Accepted for compatibility: curves are always flattened finely enough for the device
    /// (within a tenth of a pixel), whatever the flatness asked for.
    public func setFlatness(_ flatness: CGFloat) {}

    /// A copy of the current path in user space.
    public var pathInUserSpace: CGPath {
        var inv = state.ctm.inverted()
        return devicePath.copy(using: &inv) ?? CGPath()
    }

    /// Takes the current path, leaving it empty (drawing and clipping consume the path).
    func takePath() -> CGPath {
        let p = devicePath
        devicePath = CGMutablePath()
        return p
    }
}
