import Foundation

/// Turns flattened contours into the outline of their stroke, as closed polygons that are filled
/// with the non-zero rule.
///
/// Every piece of the outline winds the same way: each segment's rectangle and each outer join or
/// cap wedge contributes +1, and the inner side of a join is routed through the vertex itself, so
/// overlaps (tight curves, self-crossing paths, wide lines) only raise the winding number and the
/// non-zero fill is exactly the union. The scan converter's accumulated winding is the covered
/// area only where one layer of outline covers a pixel: where layers meet inside pixels on the
/// stroke's edge (folding inner joins, crossings, dashes meeting) the rasterizer finds them from
/// the outline itself (`craster_overlaps`) and takes the exact union there
/// (`PathRasterizer.exactOverlaps`; StrokeSharpTurnTests, StrokeUnionRandomTests).
/// The outline is emitted transformed by `transform`.
internal struct _PathStroker<S: _PolylineSink> {
    var sink: S
    let hw: Double              // half the line width
    let cap: CGLineCap
    let join: CGLineJoin
    let miterMinCosHalfSq: Double   // (1 + cos θ)/2 must reach this for a miter (θ = turn angle)
    let roundStep: Double       // angle per segment of round joins and caps
    let cosRoundStep: Double    // joins turning less than roundStep get no arc points
    let capArc: _ArcSteps       // the half turn of round caps, worked out once (dashes make many caps)
    let t: CGAffineTransform
    /// Whether the next outline point starts a closed side loop: the loop starts with what the
    /// join at its first vertex gives, so that it does not run past an inner join's miter point
    /// and back (a there-and-back spike the overlap search would take for an overlap).
    var startsLoop = false

    init(sink: S, width: Double, cap: CGLineCap, join: CGLineJoin, miterLimit: Double,
         tolerance: Double, transform: CGAffineTransform) {
        self.sink = sink
        hw = width / 2
        self.cap = cap
        self.join = join
        let limit = miterLimit.isFinite ? max(miterLimit, 1) : 1
        miterMinCosHalfSq = 1 / (limit * limit)
        roundStep = Self.roundStep(halfWidth: hw, tolerance: tolerance)
        cosRoundStep = cos(roundStep)
        capArc = _ArcSteps(sweep: -Double.pi, roundStep: roundStep)
        t = transform
    }

    @inline(__always) private mutating func move(_ x: Double, _ y: Double) {
        sink.moveTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
    }
    @inline(__always) private mutating func line(_ x: Double, _ y: Double) {
        if startsLoop {
            startsLoop = false
            sink.moveTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
            return
        }
        sink.lineTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
    }

    /// The angle per segment of round joins and caps of half width `hw` whose chords stay within
    /// `tolerance` of the arc.
    static func roundStep(halfWidth hw: Double, tolerance: Double) -> Double {
        let r = max(0.0, min(1.0, 1 - 0.5 * tolerance / max(hw, 1e-9)))
        return max(2 * acos(r), 0.02)
    }

    /// The most outline points one dash (or dot) costs apart from its joins: the two sides' ends
    /// and two caps (a round dot is a full circle of the same points).
    static func pointsPerDash(cap: CGLineCap, roundStep: Double) -> Int {
        switch cap {
        case .butt: 4
        case .square: 8
        case .round: 4 + 2 * Int((Double.pi / roundStep).rounded(.up))
        }
    }

    /// Strokes every contour of `pl`.
    mutating func stroke(_ pl: _PolylineCollector) {
        guard hw > 0, hw.isFinite else { return }
        var most = 0
        for c in pl.contours where c.count > most { most = c.count }
        // Each segment's unit direction and length, computed once per contour and read by both
        // sides' walks.
        let seg = UnsafeMutablePointer<_Dir>.allocate(capacity: max(most, 1))
        defer { seg.deallocate() }
        pl.xs.withUnsafeBufferPointer { xs in
            pl.ys.withUnsafeBufferPointer { ys in
                for c in pl.contours {
                    if c.count == 1 {
                        if c.isDot { dot(xs[c.start], ys[c.start]) }
                        continue
                    }
                    strokeContour(xs.baseAddress! + c.start, ys.baseAddress! + c.start, c.count, c.closed, seg)
                }
            }
        }
    }

    /// A segment's unit direction (x, y) and length, and the turn at the point it starts from:
    /// the cross and dot products of the previous segment's direction and this one's, and
    /// 1/(1 + dot) (the miter point's scale). Both sides' walks read them.
    struct _Dir { var x: Double; var y: Double; var l: Double; var cross = 0.0; var dot = 0.0; var k = 0.0 }

    private mutating func strokeContour(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>,
                                        _ count: Int, _ closedIn: Bool, _ seg: UnsafeMutablePointer<_Dir>) {
        var n = count
        // A closed contour whose last point repeats the first: drop the repeat.
        if closedIn && n > 1 && xs[n - 1] == xs[0] && ys[n - 1] == ys[0] { n -= 1 }
        // One-point contours (dots or lone moves) are settled by the caller.
        guard n > 1 else { return }
        let closed = closedIn && n > 2
        // Segment k runs from point k to point k + 1 (to point 0 for the closing one).
        for k in 0..<(closed ? n : n - 1) {
            let j = k + 1 == n ? 0 : k + 1
            let dx = xs[j] - xs[k], dy = ys[j] - ys[k]
            let l = (dx * dx + dy * dy).squareRoot()
            seg[k] = _Dir(x: dx / l, y: dy / l, l: l)
        }
        for k in (closed ? 0 : 1)..<(closed ? n : n - 1) {
            let d = seg[k == 0 ? n - 1 : k - 1], e = seg[k]
            let dot = d.x * e.x + d.y * e.y
            seg[k].cross = d.x * e.y - d.y * e.x
            seg[k].dot = dot
            seg[k].k = 1 / (1 + dot)
        }
        if closed {
            // Side +N forward, then side −N backward, each a closed loop.
            forwardLoop(xs, ys, n, seg)
            backwardLoop(xs, ys, n, seg)
            return
        }
        if closedIn && n == 2 {
            // A closed two-point contour is a segment there and back: stroke it with joins as caps.
            openOutline(xs, ys, n, seg, capStyle: join == .round ? .round : .butt)
            return
        }
        openOutline(xs, ys, n, seg, capStyle: cap)
    }

    /// An open contour: side +N forward, end cap, side −N backward, start cap.
    private mutating func openOutline(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int,
                                      _ seg: UnsafePointer<_Dir>, capStyle: CGLineCap) {
        var d = seg[0]
        // Start point, on side +N (normal = (-dy, dx)).
        move(xs[0] - d.y * hw, ys[0] + d.x * hw)
        for i in 1..<(n - 1) {
            let e = seg[i]
            joinAt(xs[i], ys[i], d.x, d.y, e.x, e.y, e.cross, e.dot, e.k, d.l, e.l)
            d = e
        }
        line(xs[n - 1] - d.y * hw, ys[n - 1] + d.x * hw)
        capAt(xs[n - 1], ys[n - 1], d.x, d.y, style: capStyle)
        // Back along side −N: walking backwards the direction is reversed and so is the normal,
        // so "side +1 of the reversed walk" is side −N of the forward one.
        var i = n - 2
        while i >= 1 {
            // The turn at point i walked backward: the same dot product, the opposite cross.
            let e = seg[i - 1], t = seg[i]
            joinAt(xs[i], ys[i], -d.x, -d.y, -e.x, -e.y, -t.cross, t.dot, t.k, d.l, e.l)
            d = e
            i -= 1
        }
        line(xs[0] + d.y * hw, ys[0] - d.x * hw)
        capAt(xs[0], ys[0], -seg[0].x, -seg[0].y, style: capStyle)
        sink.closeContour()
    }

    /// Side +N of a closed contour as a closed loop, walked forward.
    private mutating func forwardLoop(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int,
                                      _ seg: UnsafePointer<_Dir>) {
        var d = seg[n - 1]
        startsLoop = true
        for k in 0..<n {
            let e = seg[k]
            joinAt(xs[k], ys[k], d.x, d.y, e.x, e.y, e.cross, e.dot, e.k, d.l, e.l)
            d = e
        }
        sink.closeContour()
    }

    /// Side −N of a closed contour as a closed loop: the contour walked backward, whose side +N
    /// (its directions negated) is the forward walk's side −N.
    private mutating func backwardLoop(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int,
                                       _ seg: UnsafePointer<_Dir>) {
        // Arriving at point 0 backward comes along segment 0 reversed.
        var d = seg[0]
        startsLoop = true
        for step in 0..<n {
            let p = step == 0 ? 0 : n - step          // the point reached
            let e = seg[p == 0 ? n - 1 : p - 1]        // leaving it backward along the segment before it
            let t = seg[p]
            joinAt(xs[p], ys[p], -d.x, -d.y, -e.x, -e.y, -t.cross, t.dot, t.k, d.l, e.l)
            d = e
        }
        sink.closeContour()
    }

    /// At vertex (x, y), from incoming direction d to outgoing e, on side +N of the walk: the
    /// current point is at V + N(d); ends at V + N(e).
    ///
    /// Where the two offset lines meet (the miter point V + (N(d) + N(e))/(1 + d·e)) is usable,
    /// the join is that one point instead of two or three: on the inner side whenever the point
    /// lies within half of the shorter segment (so that the joins at a segment's two ends cannot
    /// overlap and fold the outline back), on the outer side for miters within the limit and for
    /// round joins turning less than one arc step and 60° (the point is then at most
    /// tolerance/2 outside the arc). Flattened curves turn by a small angle at every vertex, so their offset outlines
    /// get one point per vertex and side, like the curve itself.
    /// `cross`, `dot` are d × e and d · e, `k` is 1/(1 + dot); `ld`, `le` the two segments' lengths.
    ///
    /// Where the inner side cannot take the miter point, the outline folds: the two segments'
    /// rectangles (and the neighbouring joins' pieces) overlap in layers, some of them inside
    /// pixels on the stroke's edge, where the accumulated winding over-counts: the outline there
    /// crosses itself, which is where the rasterizer looks for overlaps (`craster_overlaps`).
    @inline(__always)
    private mutating func joinAt(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double, _ ex: Double, _ ey: Double,
                                 _ cross: Double, _ dot: Double, _ k: Double, _ ld: Double, _ le: Double) {
        let shorter = min(ld, le)
        let n0x = -dy * hw, n0y = dx * hw, n1x = -ey * hw, n1y = ex * hw
        if cross > 0 || (cross == 0 && dot > 0) {
            // Turning towards +N (inner side here) or straight on.
            if dot >= 0.9999999 { line(x + n1x, y + n1y); return }
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
                let mx = (n0x + n1x) * k, my = (n0y + n1y) * k
                line(x + mx, y + my)
                return
            }
            line(x + n0x, y + n0y)
        case .round:
            if dot >= cosRoundStep && dot > 0.5 {
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
        arc(x, y, fromX: fx, fromY: fy, _ArcSteps(sweep: sweep, roundStep: roundStep))
    }

    private mutating func arc(_ x: Double, _ y: Double, fromX fx: Double, fromY fy: Double, _ a: _ArcSteps) {
        guard a.steps > 1 else { return }
        var ox = fx * a.grow, oy = fy * a.grow
        for _ in 1..<a.steps {
            (ox, oy) = (ox * a.c - oy * a.s, ox * a.s + oy * a.c)
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
            arc(x, y, fromX: nx, fromY: ny, capArc)
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

/// An arc of `sweep` radians cut into steps of at most `roundStep`: the step count, the cosine
/// and sine of one step, and the radius growth √(δ/sin δ) that gives the polygon the arc's area.
internal struct _ArcSteps {
    let steps: Int, c: Double, s: Double, grow: Double

    init(sweep: Double, roundStep: Double) {
        steps = Int((abs(sweep) / roundStep).rounded(.up))
        guard steps > 1 else { c = 1; s = 0; grow = 1; return }   // no intermediate points
        let da = sweep / Double(steps)
        grow = (abs(da) / sin(abs(da))).squareRoot()
        c = cos(da); s = sin(da)
    }
}
