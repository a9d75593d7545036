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
    /// The keyframes of `path`: every element after the first move-to ends a segment; lines
    /// and quadratic curves become cubic segments with equivalent control points; a close
    /// returns to the subpath's start; a later move-to is a straight segment to its point.
    static func _keyframes(of path: CGPath) -> _KeyframePath {
        var points: [CGPoint] = []
        var controls: [(CGPoint, CGPoint)] = []
        var start = CGPoint.zero
        func line(to p: CGPoint) {
            guard let a = points.last else { points.append(p); return }
            controls.append((CGPoint(x: a.x + (p.x - a.x) / 3, y: a.y + (p.y - a.y) / 3),
                             CGPoint(x: a.x + 2 * (p.x - a.x) / 3, y: a.y + 2 * (p.y - a.y) / 3)))
            points.append(p)
        }
        for (t, pts) in path._elements {
            switch t {
            case .moveToPoint:
                start = pts[0]
                line(to: pts[0])
            case .addLineToPoint: line(to: pts[0])
            case .addQuadCurveToPoint:
                let a = points.last ?? pts[0], q = pts[0], b = pts[1]
                if points.isEmpty { points.append(a) }
                controls.append((CGPoint(x: a.x + 2 * (q.x - a.x) / 3, y: a.y + 2 * (q.y - a.y) / 3),
                                 CGPoint(x: b.x + 2 * (q.x - b.x) / 3, y: b.y + 2 * (q.y - b.y) / 3)))
                points.append(b)
            case .addCurveToPoint:
                if points.isEmpty { points.append(pts[0]) }
                controls.append((pts[0], pts[1]))
                points.append(pts[2])
            case .closeSubpath: line(to: start)
            }
        }
        return _KeyframePath(points: points, controls: controls)
    }
}
