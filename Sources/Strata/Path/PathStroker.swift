import Foundation

/// Turns flattened contours into the outline of their stroke, as closed polygons that are filled
/// with the non-zero rule.
///
/// Every piece of the outline winds the same way: each segment's rectangle and each outer join or
/// cap wedge contributes +1, and the inner side of a join is routed through the vertex itself, so
/// overlaps (tight curves, self-crossing paths, wide lines) only raise the winding number and the
/// non-zero fill is exactly the union. The outline is emitted transformed by `transform`.
internal struct _PathStroker<S: _PolylineSink> {
    var sink: S
    let hw: Double              // half the line width
    let cap: CGLineCap
    let join: CGLineJoin
    let miterMinCosHalfSq: Double   // (1 + cos θ)/2 must reach this for a miter (θ = turn angle)
    let roundStep: Double       // angle per segment of round joins and caps
    let cosRoundStep: Double    // joins turning less than roundStep get no arc points
    let t: CGAffineTransform

    init(sink: S, width: Double, cap: CGLineCap, join: CGLineJoin, miterLimit: Double,
         tolerance: Double, transform: CGAffineTransform) {
        self.sink = sink
        hw = width / 2
        self.cap = cap
        self.join = join
        let limit = miterLimit.isFinite ? max(miterLimit, 1) : 1
        miterMinCosHalfSq = 1 / (limit * limit)
        let r = max(0.0, min(1.0, 1 - 0.5 * tolerance / max(hw, 1e-9)))
        roundStep = max(2 * acos(r), 0.02)
        cosRoundStep = cos(roundStep)
        t = transform
    }

    @inline(__always) private mutating func move(_ x: Double, _ y: Double) {
        sink.moveTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
    }
    @inline(__always) private mutating func line(_ x: Double, _ y: Double) {
        sink.lineTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
    }

    /// The most outline points one dash (or dot) costs apart from its joins: the two sides' ends
    /// and two caps (a round dot is a full circle of the same points).
    var pointsPerDash: Int {
        switch cap {
        case .butt: 4
        case .square: 8
        case .round: 4 + 2 * Int((Double.pi / roundStep).rounded(.up))
        }
    }

    /// Strokes every contour of `pl`.
    mutating func stroke(_ pl: _PolylineCollector) {
        guard hw > 0, hw.isFinite else { return }
        for c in pl.contours {
            pl.xs.withUnsafeBufferPointer { xs in
                pl.ys.withUnsafeBufferPointer { ys in
                    strokeContour(xs.baseAddress! + c.start, ys.baseAddress! + c.start, c.count, c.closed)
                }
            }
        }
    }

    private mutating func strokeContour(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>,
                                        _ count: Int, _ closedIn: Bool) {
        var n = count
        // A closed contour whose last point repeats the first: drop the repeat.
        if closedIn && n > 1 && xs[n - 1] == xs[0] && ys[n - 1] == ys[0] { n -= 1 }
        if n == 1 { dot(xs[0], ys[0]); return }
        let closed = closedIn && n > 2
        if closed {
            // Side +N forward, then side −N backward, each a closed loop.
            sideLoop(xs, ys, n, forward: true)
            sideLoop(xs, ys, n, forward: false)
            return
        }
        if closedIn && n == 2 {
            // A closed two-point contour is a segment there and back: stroke it with joins as caps.
            openOutline(xs, ys, n, capStyle: join == .round ? .round : .butt)
            return
        }
        openOutline(xs, ys, n, capStyle: cap)
    }

    /// Unit direction and normal (normal = direction turned by +90° in y-down terms).
    @inline(__always) private func dir(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (Double, Double, Double) {
        let dx = x1 - x0, dy = y1 - y0
        let l = (dx * dx + dy * dy).squareRoot()
        return (dx / l, dy / l, l)
    }

    /// An open contour: side +N forward, end cap, side −N backward, start cap.
    private mutating func openOutline(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int,
                                      capStyle: CGLineCap) {
        var (dx, dy, dl) = dir(xs[0], ys[0], xs[1], ys[1])
        let (sdx, sdy) = (dx, dy)
        // Start point, on side +N (normal = (-dy, dx)).
        move(xs[0] - dy * hw, ys[0] + dx * hw)
        for i in 1..<(n - 1) {
            let (ex, ey, el) = dir(xs[i], ys[i], xs[i + 1], ys[i + 1])
            joinAt(xs[i], ys[i], dx, dy, ex, ey, min(dl, el))
            (dx, dy, dl) = (ex, ey, el)
        }
        line(xs[n - 1] - dy * hw, ys[n - 1] + dx * hw)
        capAt(xs[n - 1], ys[n - 1], dx, dy, style: capStyle)
        // Back along side −N: walking backwards the direction is reversed and so is the normal,
        // so "side +1 of the reversed walk" is side −N of the forward one.
        var (bx, by, bl) = (-dx, -dy, dl)
        var i = n - 2
        while i >= 1 {
            let (ex, ey, el) = dir(xs[i], ys[i], xs[i - 1], ys[i - 1])
            joinAt(xs[i], ys[i], bx, by, ex, ey, min(bl, el))
            (bx, by, bl) = (ex, ey, el)
            i -= 1
        }
        line(xs[0] - by * hw, ys[0] + bx * hw)
        capAt(xs[0], ys[0], -sdx, -sdy, style: capStyle)
        sink.closeContour()
    }

    /// One side of a closed contour as a closed loop (forward uses +N; backward walks in reverse).
    private mutating func sideLoop(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int, forward: Bool) {
        @inline(__always) func idx(_ k: Int) -> Int { forward ? k % n : (n - (k % n)) % n }
        var (dx, dy, dl) = dir(xs[idx(n - 1)], ys[idx(n - 1)], xs[idx(0)], ys[idx(0)])
        var first = true
        for k in 0..<n {
            let a = idx(k), b = idx(k + 1)
            let (ex, ey, el) = dir(xs[a], ys[a], xs[b], ys[b])
            if first {
                move(xs[a] - dy * hw, ys[a] + dx * hw)
                first = false
            }
            joinAt(xs[a], ys[a], dx, dy, ex, ey, min(dl, el))
            (dx, dy, dl) = (ex, ey, el)
        }
        sink.closeContour()
    }

    /// At vertex (x, y), from incoming direction d to outgoing e, on side +N of the walk: the
    /// current point is at V + N(d); ends at V + N(e). `shorter` is the shorter segment's length.
    ///
    /// Where the two offset lines meet (the miter point V + (N(d) + N(e))/(1 + d·e)) is usable,
    /// the join is that one point instead of two or three: on the inner side whenever the point
    /// lies within half of the shorter segment (so that the joins at a segment's two ends cannot
    /// overlap and fold the outline back), on the outer side for miters within the limit and for
    /// round joins turning less than one arc step and 60° (the point is then at most
    /// tolerance/2 outside the arc). Flattened curves turn by a small angle at every vertex, so their offset outlines
    /// get one point per vertex and side, like the curve itself.
    private mutating func joinAt(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double,
                                 _ ex: Double, _ ey: Double, _ shorter: Double) {
        let cross = dx * ey - dy * ex
        let dot = dx * ex + dy * ey
        let n0x = -dy * hw, n0y = dx * hw, n1x = -ey * hw, n1y = ex * hw
        if cross > 0 || (cross == 0 && dot > 0) {
            // Turning towards +N (inner side here) or straight on.
            if dot >= 0.9999999 { line(x + n1x, y + n1y); return }
            let k = 1 / (1 + dot)
            if hw * cross * k <= 0.5 * shorter {
                line(x + (n0x + n1x) * k, y + (n0y + n1y) * k)
                return
            }
            // Otherwise route through the vertex, unless the triangle (V + N(d), V, V + N(e))
            // lies inside both segments' rectangles (the offset overlap hw·sin θ is within the
            // shorter segment), where a direct line changes the winding only inside the stroke.
            line(x + n0x, y + n0y)
            if hw * cross > shorter { line(x, y) }
            line(x + n1x, y + n1y)
            return
        }
        // Outer side.
        switch join {
        case .bevel:
            line(x + n0x, y + n0y)
        case .miter:
            if (1 + dot) / 2 >= miterMinCosHalfSq && 1 + dot > 1e-12 {
                let k = 1 / (1 + dot)
                line(x + (n0x + n1x) * k, y + (n0y + n1y) * k)
                return
            }
            line(x + n0x, y + n0y)
        case .round:
            if dot >= cosRoundStep && dot > 0.5 {
                let k = 1 / (1 + dot)
                line(x + (n0x + n1x) * k, y + (n0y + n1y) * k)
                return
            }
            line(x + n0x, y + n0y)
            arc(x, y, fromX: n0x, fromY: n0y, sweep: -acos(max(-1, min(1, dot))))
        }
        line(x + n1x, y + n1y)
    }

    /// Intermediate points of an arc of radius hw around (x, y) starting at offset (fx, fy)
    /// (endpoints excluded). The points sit slightly outside the circle (radius·√(δ/sin δ) for a
    /// step δ) so that the polygon has the arc's area instead of always less, which would thin
    /// round caps and joins. The offset is turned by one rotation per step (no trigonometry per
    /// point).
    private mutating func arc(_ x: Double, _ y: Double, fromX fx: Double, fromY fy: Double, sweep: Double) {
        let steps = Int((abs(sweep) / roundStep).rounded(.up))
        guard steps > 1 else { return }
        let da = sweep / Double(steps)
        let grow = (abs(da) / sin(abs(da))).squareRoot()
        let c = cos(da), s = sin(da)
        var ox = fx * grow, oy = fy * grow
        for _ in 1..<steps {
            (ox, oy) = (ox * c - oy * s, ox * s + oy * c)
            line(x + ox, y + oy)
        }
    }

    /// Cap at the end point (x, y) of a walk in direction d: from V + N(d) to V − N(d).
    private mutating func capAt(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double, style: CGLineCap) {
        let nx = -dy * hw, ny = dx * hw
        switch style {
        case .butt:
            break
        case .square:
            line(x + nx + dx * hw, y + ny + dy * hw)
            line(x - nx + dx * hw, y - ny + dy * hw)
        case .round:
            arc(x, y, fromX: nx, fromY: ny, sweep: -Double.pi)
        }
        line(x - nx, y - ny)
    }

    /// A zero-length subpath: a disc for round caps, an axis-aligned square for square caps
    /// (Core Graphics' rule), nothing for butt caps.
    private mutating func dot(_ x: Double, _ y: Double) {
        switch cap {
        case .butt:
            return
        case .square:
            move(x - hw, y - hw); line(x + hw, y - hw); line(x + hw, y + hw); line(x - hw, y + hw)
        case .round:
            move(x + hw, y)
            arc(x, y, fromX: hw, fromY: 0, sweep: 2 * Double.pi)
        }
        sink.closeContour()
    }
}
