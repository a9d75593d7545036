import Foundation

extension CGPath {
    /// The smallest rectangle containing every point of the path, control points included;
    /// `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        guard !_points.isEmpty else { return .null }
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for p in _points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rectangle containing the path's drawn geometry (curve extrema, not control
    /// points); `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        guard !_points.isEmpty else { return .null }
        var b = _BoundsAccumulator()
        var cur = CGPoint.zero
        _forEach { t, p in
            switch t {
            case .moveToPoint, .addLineToPoint:
                cur = p[0]; b.add(cur)
            case .addQuadCurveToPoint:
                b.add(p[1])
                for axis in 0..<2 {
                    let (a0, a1, a2) = axis == 0 ? (cur.x, p[0].x, p[1].x) : (cur.y, p[0].y, p[1].y)
                    let den = a0 - 2 * a1 + a2
                    if den != 0 {
                        let s = (a0 - a1) / den
                        if s > 0 && s < 1 { b.add(Self.quadPoint(cur, p[0], p[1], s)) }
                    }
                }
                cur = p[1]
            case .addCurveToPoint:
                b.add(p[2])
                for axis in 0..<2 {
                    let (a0, a1, a2, a3) = axis == 0 ? (cur.x, p[0].x, p[1].x, p[2].x) : (cur.y, p[0].y, p[1].y, p[2].y)
                    // Derivative / 3 = A s² + B s + C.
                    let A = -a0 + 3 * a1 - 3 * a2 + a3, B = 2 * (a0 - 2 * a1 + a2), C = a1 - a0
                    for s in Self.roots(A, B, C) where s > 0 && s < 1 {
                        b.add(Self.cubicPoint(cur, p[0], p[1], p[2], s))
                    }
                }
                cur = p[2]
            case .closeSubpath:
                break
            }
        }
        return b.rect
    }

    static func quadPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ s: CGFloat) -> CGPoint {
        let u = 1 - s
        return CGPoint(x: u * u * p0.x + 2 * u * s * p1.x + s * s * p2.x, y: u * u * p0.y + 2 * u * s * p1.y + s * s * p2.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ s: CGFloat) -> CGPoint {
        let u = 1 - s
        let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
        return CGPoint(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }

    /// Real roots of A s² + B s + C.
    static func roots(_ A: CGFloat, _ B: CGFloat, _ C: CGFloat) -> [CGFloat] {
        if abs(A) < 1e-12 { return B != 0 ? [-C / B] : [] }
        let disc = B * B - 4 * A * C
        if disc < 0 { return [] }
        let r = disc.squareRoot()
        return [(-B + r) / (2 * A), (-B - r) / (2 * A)]
    }

    /// Whether `point`, transformed by `transform` (as Core Graphics documents: the point, not
    /// the path), is inside the path under `rule`. Curves are flattened to 0.01 units; every
    /// subpath counts as closed. Points on the boundary may fall either way. False for a path
    /// with non-finite points or a point that is not finite once transformed.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let point = point.applying(transform)
        guard point.x.isFinite, point.y.isFinite, _PathFlattener.isFinite(self) else { return false }
        var w = _WindingCounter(px: point.x, py: point.y)
        _PathFlattener.flatten(self, transform: .identity, tolerance: 0.01, into: &w)
        w.finish()
        return rule == .winding ? w.winding != 0 : w.winding & 1 != 0
    }

    /// The outline of this path's stroke as a new path (polygons to fill with the non-zero rule),
    /// curves flattened to 0.05 units. Width ≤ 0 or not finite gives an empty path.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let style = StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
        var sink = _PathBuilderSink()
        guard _PathFlattener.isFinite(self) else { return CGPath() }
        var a = _PolylineCollector(), b = _PolylineCollector()
        _PathOutliner.strokeOutline(self, style: style, transform: transform, tolerance: 0.05,
                                    scratch: &a, &b, into: &sink)
        return sink.path.copy()!
    }

    /// This path cut into its dashes (pattern `lengths` starting `phase` into it), curves
    /// flattened to 0.05 units. An invalid pattern (negative, non-finite, or summing to 0) returns
    /// an unchanged copy, and so does one that would cut the path into more than 100 000 dashes
    /// (bounded time and memory; Core Graphics has no such limit).
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        let style = StrokeStyle(dashPattern: lengths, dashPhase: phase)
        guard let dashes = style.validDashes, _PathFlattener.isFinite(self) else {
            return copy(using: [transform])!
        }
        var a = _PolylineCollector(), b = _PolylineCollector()
        _PathFlattener.flatten(self, transform: .identity, tolerance: 0.05, into: &a)
        _PathSegmenter.segment(a, trim: (0, 1), dashes: dashes, phase: Double(phase), into: &b)
        // Built as arrays: a dashed path can have hundreds of thousands of elements.
        var types: [CGPathElementType] = [], points: [CGPoint] = []
        types.reserveCapacity(b.xs.count + b.contours.count)
        points.reserveCapacity(b.xs.count)
        for c in b.contours {
            // A zero-length dash is a move and a line to the same point (a lone move would
            // stroke as nothing).
            for i in 0..<max(c.isDot ? 2 : 1, c.count) {
                let k = c.start + min(i, c.count - 1)
                types.append(i == 0 ? .moveToPoint : .addLineToPoint)
                points.append(CGPoint(x: b.xs[k], y: b.ys[k]).applying(transform))
            }
            if c.closed { types.append(.closeSubpath) }
        }
        return CGPath(types: types, points: points)
    }
}

internal struct _BoundsAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    var rect: CGRect {
        minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
    }
}

/// Winding number of a point with respect to flattened contours (each implicitly closed).
internal struct _WindingCounter: _PolylineSink {
    let px: Double, py: Double
    var winding = 0
    private var sx = 0.0, sy = 0.0, cx = 0.0, cy = 0.0, open = false

    init(px: Double, py: Double) { self.px = px; self.py = py }

    mutating func moveTo(_ x: Double, _ y: Double) {
        finish()
        sx = x; sy = y; cx = x; cy = y; open = true
    }
    mutating func lineTo(_ x: Double, _ y: Double) {
        if !open { moveTo(x, y); return }
        edge(cx, cy, x, y); cx = x; cy = y
    }
    mutating func closeContour() { if open { edge(cx, cy, sx, sy) }; cx = sx; cy = sy }
    mutating func finish() { if open { edge(cx, cy, sx, sy) }; open = false }

    /// Counts crossings of the ray from the point towards +x (half-open in y).
    private mutating func edge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        if (y0 <= py) == (y1 <= py) { return }
        let x = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
        if x > px { winding += y1 > y0 ? 1 : -1 }
    }
}

/// Builds a `CGMutablePath` from polylines.
internal struct _PathBuilderSink: _PolylineSink {
    let path = CGMutablePath()
    mutating func moveTo(_ x: Double, _ y: Double) { path.move(to: CGPoint(x: x, y: y)) }
    mutating func lineTo(_ x: Double, _ y: Double) { path.addLine(to: CGPoint(x: x, y: y)) }
    mutating func closeContour() { path.closeSubpath() }
}
