import Foundation

extension CGPath {
    /// The same subpaths traversed the other way, last subpath first (`BezierPath.reversing()`).
    ///
    /// Each subpath starts at its old end point and runs its segments backwards: lines to the
    /// previous point, quadratic curves with the same control point, cubic curves with their two
    /// control points swapped, so every point of the drawing is unchanged. A closed subpath stays
    /// closed (its closing line, from its old end back to its start, becomes the line from its
    /// old start back to its old end); a lone move stays a lone move. With the non-zero rule a
    /// reversed contour inside another one cuts a hole in it.
    internal func _reversed() -> CGMutablePath {
        struct Segment { var type: CGPathElementType; var points: [CGPoint] }
        struct Subpath { var start: CGPoint; var segments: [Segment] = []; var closed = false }
        var subpaths: [Subpath] = []
        var open = false          // whether the last subpath can still take segments
        var current = CGPoint.zero
        _forEach { type, p in
            switch type {
            case .moveToPoint:
                subpaths.append(Subpath(start: p[0]))
                current = p[0]
                open = true
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                let pts = Array(UnsafeBufferPointer(start: p, count: type.pointCount))
                if !open {
                    // A segment with no subpath to join (CGMutablePath never stores one): it
                    // starts at the current point, the last closed subpath's start, or its own
                    // first point in an empty path.
                    subpaths.append(Subpath(start: subpaths.isEmpty ? pts[0] : current))
                    open = true
                }
                subpaths[subpaths.count - 1].segments.append(Segment(type: type, points: pts))
                current = pts[pts.count - 1]
            case .closeSubpath:
                guard !subpaths.isEmpty, open else { break }
                subpaths[subpaths.count - 1].closed = true
                current = subpaths[subpaths.count - 1].start
                open = false
            }
        }
        let out = CGMutablePath()
        for s in subpaths.reversed() {
            // Point k is where segment k ends (point 0: the start); segment k runs from k − 1 to k.
            var ends = [s.start]
            for seg in s.segments { ends.append(seg.points[seg.points.count - 1]) }
            out.move(to: ends[ends.count - 1])
            for k in stride(from: s.segments.count - 1, through: 0, by: -1) {
                let seg = s.segments[k], to = ends[k]
                switch seg.type {
                case .addLineToPoint: out.addLine(to: to)
                case .addQuadCurveToPoint: out.addQuadCurve(to: to, control: seg.points[0])
                default: out.addCurve(to: to, control1: seg.points[1], control2: seg.points[0])
                }
            }
            if s.closed { out.closeSubpath() }
        }
        return out
    }
}
