import Foundation

/// Paths animate (`CAShapeLayer.path`, `shadowPath`) by moving their points: two paths with
/// the same element structure (the same sequence of move/line/quad/cubic/close) interpolate
/// point by point; paths of different structure do not interpolate — the animation shows the
/// start path until its end and then the end path (Apple documents the result for such paths
/// as undefined; this is Strata's choice).
extension CGPath {
    /// The path's elements as (type, points) pairs.
    var _elements: [(CGPathElementType, [CGPoint])] {
        var out: [(CGPathElementType, [CGPoint])] = []
        applyWithBlock { e in
            let el = e.pointee
            out.append((el.type, (0..<el.type.pointCount).map { el.points[$0] }))
        }
        return out
    }

    static func _make(_ elements: [(CGPathElementType, [CGPoint])]) -> CGPath {
        let p = CGMutablePath()
        for (t, pts) in elements {
            switch t {
            case .moveToPoint: p.move(to: pts[0])
            case .addLineToPoint: p.addLine(to: pts[0])
            case .addQuadCurveToPoint: p.addQuadCurve(to: pts[1], control: pts[0])
            case .addCurveToPoint: p.addCurve(to: pts[2], control1: pts[0], control2: pts[1])
            case .closeSubpath: p.closeSubpath()
            }
        }
        return p.copy() ?? p
    }

    /// `self` moved `fraction` of the way to `end`, or nil when the structures differ.
    func _interpolated(to end: CGPath, fraction: Double) -> CGPath? {
        if fraction == 0 { return self }
        if fraction == 1 { return end }
        let a = _elements, b = end._elements
        guard a.count == b.count, zip(a, b).allSatisfy({ $0.0 == $1.0 }) else { return nil }
        let f = CGFloat(fraction)
        return Self._make(zip(a, b).map { ea, eb in
            (ea.0, zip(ea.1, eb.1).map { p, q in CGPoint(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) })
        })
    }
}

extension CAKeyframeAnimation {
    /// The keyframes of `path`: every line, curve or close ends a segment (Apple: "the end
    /// point of a line-to or curve-to segment defines the keyframe value"); lines and quadratic
    /// curves become cubic segments with equivalent control points; a close returns to the
    /// subpath's start. A move-to defines no keyframe (Apple: "move-to segments do not define
    /// separate keyframe values"): after the first one, the next segment starts where it moved
    /// to, so the animated value jumps there; a move-to before any segment is the start.
    static func _keyframes(of path: CGPath) -> _KeyframePath {
        var points: [CGPoint] = []
        var controls: [(CGPoint, CGPoint)] = []
        var starts: [CGPoint] = []
        var subpathStart = CGPoint.zero
        var jump: CGPoint?              // a move-to waiting for the segment it starts
        /// The start of the next segment (recorded), or nil when there is no current point yet.
        func begin() -> CGPoint? {
            guard let last = points.last else { return nil }
            let a = jump ?? last
            jump = nil
            starts.append(a)
            return a
        }
        for (t, pts) in path._elements {
            switch t {
            case .moveToPoint:
                subpathStart = pts[0]
                if controls.isEmpty { points = [pts[0]]; jump = nil } else { jump = pts[0] }
            case .addLineToPoint, .closeSubpath:
                let p = t == .closeSubpath ? subpathStart : pts[0]
                guard let a = begin() else { points.append(p); continue }
                controls.append((CGPoint(x: a.x + (p.x - a.x) / 3, y: a.y + (p.y - a.y) / 3),
                                 CGPoint(x: a.x + 2 * (p.x - a.x) / 3, y: a.y + 2 * (p.y - a.y) / 3)))
                points.append(p)
            case .addQuadCurveToPoint:
                if points.isEmpty { points.append(pts[0]) }
                let a = begin()!, q = pts[0], b = pts[1]
                controls.append((CGPoint(x: a.x + 2 * (q.x - a.x) / 3, y: a.y + 2 * (q.y - a.y) / 3),
                                 CGPoint(x: b.x + 2 * (q.x - b.x) / 3, y: b.y + 2 * (q.y - b.y) / 3)))
                points.append(b)
            case .addCurveToPoint:
                if points.isEmpty { points.append(pts[0]) }
                _ = begin()
                controls.append((pts[0], pts[1]))
                points.append(pts[2])
            }
        }
        return _KeyframePath(points: points, controls: controls, starts: starts)
    }
}
