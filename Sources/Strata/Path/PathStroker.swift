import Foundation

/// Turns flattened contours into the outline of their stroke, as closed polygons that are filled
/// with the non-zero rule.
///
/// Every piece of the outline winds the same way: each segment's rectangle and each outer join or
/// cap wedge contributes +1, and the inner side of a join is routed through the vertex itself, so
/// overlaps (tight curves, self-crossing paths, wide lines) only raise the winding number and the
/// non-zero fill is exactly the union. The scan converter's accumulated winding is the covered
/// area only where one layer of outline covers a pixel, so when the sink collects them
/// (`PathRasterizer.exactOverlaps`) the stroker tells it where layers can meet inside pixels on
/// the stroke's edge (`markOverlap`): near folding inner joins (with their outer miter spikes),
/// along open contours when the dash pattern's gaps are shorter than the dashes' reach, and
/// where the line comes within a line width of itself far from there along it (`markCrossings`);
/// the scan converter takes the exact union there (StrokeSharpTurnTests, StrokeUnionRandomTests).
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
    /// Whether every open contour is marked whole for the exact union: dashes whose gaps are
    /// shorter than their caps' and sides' reach can overlap their neighbours (`marksDashes`).
    var marksOpenContours = false
    /// Whether the sink keeps overlap marks at all (`collectsOverlaps`): otherwise none are worked out.
    let marks: Bool
    /// Whether `markCrossings` compares only parts of one contour (dashes: the clip leaves some out).
    var crossingsWithinContours = false
    let deviceScale: Double     // how far a user-space distance can reach in device pixels
    /// How far across a segment its rectangle surely reaches on the device (`markOverlap`'s
    /// `inside`): where the winding number is at least 1, so the accumulated coverage is exact.
    let coveredHalfWidth: Double

    init(sink: S, width: Double, cap: CGLineCap, join: CGLineJoin, miterLimit: Double,
         tolerance: Double, transform: CGAffineTransform) {
        self.sink = sink
        marks = sink.collectsOverlaps
        hw = width / 2
        self.cap = cap
        self.join = join
        let limit = miterLimit.isFinite ? max(miterLimit, 1) : 1
        miterMinCosHalfSq = 1 / (limit * limit)
        roundStep = Self.roundStep(halfWidth: hw, tolerance: tolerance)
        cosRoundStep = cos(roundStep)
        capArc = _ArcSteps(sweep: -Double.pi, roundStep: roundStep)
        t = transform
        deviceScale = _PathFlattener.maxScale(transform)
        // A segment's rectangle is a rectangle on the device too only under a conformal transform
        // (rotation, uniform scale, reflection); otherwise no pixel is taken as known covered.
        let conformal = (transform.a == transform.d && transform.b == -transform.c)
            || (transform.a == -transform.d && transform.b == transform.c)
        coveredHalfWidth = conformal ? hw * deviceScale : 0
    }

    @inline(__always) private mutating func move(_ x: Double, _ y: Double) {
        sink.moveTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
    }
    @inline(__always) private mutating func line(_ x: Double, _ y: Double) {
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
                    strokeContour(xs.baseAddress! + c.start, ys.baseAddress! + c.start, c.count, c.closed, seg)
                    if marks && marksOpenContours && !c.closed {
                        markContour(xs.baseAddress! + c.start, ys.baseAddress! + c.start, c.count)
                    }
                }
            }
        }
        if marks { markCrossings(pl) }
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
        if n == 1 { dot(xs[0], ys[0]); return }
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
        move(xs[0] - d.y * hw, ys[0] + d.x * hw)
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
        move(xs[0] + d.y * hw, ys[0] - d.x * hw)
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
    /// pixels on the stroke's edge, where the accumulated winding over-counts. The sink is told
    /// the pixels within half the width (and half a pixel) of both segments, where the scan
    /// converter then takes the exact union.
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
            if marks { markFold(x, y, dx, dy, ld, ex, ey, le) }
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
                // Where the other side folds, the neighbouring joins' spikes overlap this one.
                if marks && hw * -cross * k > 0.5 * shorter { markSpike(x, y, mx, my) }
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

    /// Marks the segments (and outer miter spikes) that come within a line width of another part
    /// of the line far from them along it (crossings, loops, a line coming back along itself): there the two strokes'
    /// borders meet inside pixels in layers. Parts closer than π·hw·1.25 along the line are left
    /// to the joins (where the line curves tighter than the half width the joins fold, and are
    /// marked; otherwise their overlaps lie inside the stroke). With `crossingsWithinContours`
    /// (dashes, some of which the clip leaves out) only parts of one contour are compared, so
    /// that the marks do not depend on which dashes are drawn. Segments are found through a grid
    /// of cells 2·hw wide; a line that would fill more than 400 000 cells is not examined, and
    /// comparisons stop after 1 000 000 pairs (both bound the time pathological lines take).
    private mutating func markCrossings(_ pl: _PolylineCollector) {
        typealias Seg = _StrokeSegment
        var segs: [Seg] = []
        for (ci, c) in pl.contours.enumerated() where c.count > 1 {
            let closed = c.closed && c.count > 2
            var s = 0.0
            var list: [Seg] = []
            for k in 0..<(closed ? c.count : c.count - 1) {
                let i = c.start + k, j = c.start + (k + 1 == c.count ? 0 : k + 1)
                let l = ((pl.xs[j] - pl.xs[i]) * (pl.xs[j] - pl.xs[i]) + (pl.ys[j] - pl.ys[i]) * (pl.ys[j] - pl.ys[i])).squareRoot()
                guard l > 0, l.isFinite else { continue }
                list.append(Seg(x0: pl.xs[i], y0: pl.ys[i], x1: pl.xs[j], y1: pl.ys[j], s0: s, s1: s + l, loop: 0, contour: ci))
                s += l
            }
            // A closed contour's length: distances along it go both ways round.
            for k in list.indices { list[k].loop = closed ? s : 0 }
            // Outer miter spikes longer than the half width reach further than the segments'
            // rectangles: each is compared as the segment from its vertex to its tip.
            if join == .miter && list.count > 1 {
                for k in (closed ? 0 : 1)..<list.count {
                    let d = list[k == 0 ? list.count - 1 : k - 1], e = list[k]
                    let ld = d.s1 - d.s0, le = e.s1 - e.s0
                    let dx = (d.x1 - d.x0) / ld, dy = (d.y1 - d.y0) / ld, ex = (e.x1 - e.x0) / le, ey = (e.y1 - e.y0) / le
                    let dot = dx * ex + dy * ey, cross = dx * ey - dy * ex
                    guard (1 + dot) / 2 >= miterMinCosHalfSq, 1 + dot > 1e-12, dot < 0.99 else { continue }
                    let side = cross > 0 ? -1.0 : 1.0, k1 = side * hw / (1 + dot)
                    let mx = (-dy - ey) * k1, my = (dx + ex) * k1
                    var spike = _StrokeSegment(x0: e.x0, y0: e.y0, x1: e.x0 + mx, y1: e.y0 + my, s0: e.s0, s1: e.s0,
                                               loop: e.loop, contour: ci)
                    spike.spike = true
                    list.append(spike)
                }
            }
            segs += list
        }
        guard segs.count > 1 else { return }
        let cell = 2 * hw, local = Double.pi * hw * 1.25
        guard cell > 0, cell.isFinite else { return }
        var grid: [Int64: [Int32]] = [:]
        var cells = 0
        for (n, g) in segs.enumerated() {
            // In cells, in floating point first: far-out or non-finite coordinates (or a hair-thin
            // line's tiny cells) give up before any integer conversion.
            let fx0 = ((min(g.x0, g.x1) - hw) / cell).rounded(.down), fx1 = ((max(g.x0, g.x1) + hw) / cell).rounded(.down)
            let fy0 = ((min(g.y0, g.y1) - hw) / cell).rounded(.down), fy1 = ((max(g.y0, g.y1) + hw) / cell).rounded(.down)
            guard abs(fx0) < 1e12, abs(fx1) < 1e12, abs(fy0) < 1e12, abs(fy1) < 1e12 else { return }
            cells += Int((fx1 - fx0 + 1) * (fy1 - fy0 + 1))
            guard cells <= 400_000 else { return }
            let ix0 = Int64(fx0), ix1 = Int64(fx1), iy0 = Int64(fy0), iy1 = Int64(fy1)
            for iy in iy0...iy1 { for ix in ix0...ix1 { grid[iy &* 1_000_003 &+ ix, default: []].append(Int32(n)) } }
        }
        var marked = [Bool](repeating: false, count: segs.count)
        var pairs = 0
        for (_, list) in grid where list.count > 1 {
            for a in 0..<(list.count - 1) {
                for b in (a + 1)..<list.count {
                    // Thousands of segments in a few cells (a long curve drawn with a line much
                    // wider than it is long): stop comparing, leaving the rest unmarked.
                    pairs += 1
                    if pairs > 1_000_000 { return }
                    let i = Int(list[a]), j = Int(list[b])
                    if marked[i] && marked[j] { continue }
                    let p = segs[i], q = segs[j]
                    if p.contour == q.contour {
                        var gap = max(q.s0 - p.s1, p.s0 - q.s1)
                        if p.loop > 0 { gap = min(gap, p.loop - max(q.s1 - p.s0, p.s1 - q.s0)) }
                        if gap < local { continue }
                    } else if crossingsWithinContours {
                        continue
                    }
                    guard Self.distance(p.x0, p.y0, p.x1, p.y1, q.x0, q.y0, q.x1, q.y1) < 2 * hw else { continue }
                    for (n, g) in [(i, p), (j, q)] where !marked[n] {
                        marked[n] = true
                        if g.spike { markSpike(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0); continue }
                        let a = (t.a * g.x0 + t.c * g.y0 + t.tx, t.b * g.x0 + t.d * g.y0 + t.ty)
                        let b = (t.a * g.x1 + t.c * g.y1 + t.tx, t.b * g.x1 + t.d * g.y1 + t.ty)
                        sink.markOverlap(a.0, a.1, b.0, b.1, reach: hw * deviceScale + 0.5, inside: coveredHalfWidth)
                    }
                }
            }
        }
    }

    /// The distance between segments (ax, ay) → (bx, by) and (cx, cy) → (dx, dy).
    static func distance(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double,
                         _ cx: Double, _ cy: Double, _ dx: Double, _ dy: Double) -> Double {
        func cross(_ ox: Double, _ oy: Double, _ px: Double, _ py: Double, _ qx: Double, _ qy: Double) -> Double {
            (px - ox) * (qy - oy) - (py - oy) * (qx - ox)
        }
        let d1 = cross(ax, ay, bx, by, cx, cy), d2 = cross(ax, ay, bx, by, dx, dy)
        let d3 = cross(cx, cy, dx, dy, ax, ay), d4 = cross(cx, cy, dx, dy, bx, by)
        if (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) { return 0 }
        func toSegment(_ px: Double, _ py: Double, _ sx: Double, _ sy: Double, _ ex: Double, _ ey: Double) -> Double {
            let vx = ex - sx, vy = ey - sy, l2 = vx * vx + vy * vy
            let u = l2 > 0 ? max(0, min(1, ((px - sx) * vx + (py - sy) * vy) / l2)) : 0
            let qx = sx + u * vx - px, qy = sy + u * vy - py
            return (qx * qx + qy * qy).squareRoot()
        }
        return min(toSegment(ax, ay, cx, cy, dx, dy), toSegment(bx, by, cx, cy, dx, dy),
                   toSegment(cx, cy, ax, ay, bx, by), toSegment(dx, dy, ax, ay, bx, by))
    }

    /// Whether the dashes of `pattern` (on, off, …) can overlap their neighbours: some gap is
    /// shorter than twice the farther of half the width and the caps' reach past a dash's end
    /// (0 butt, hw round, hw√2 for the corners of square caps), so that two dashes' caps meet on a
    /// straight line, or their sides where the line turns within the gap. The rule looks at the
    /// pattern only, never at which dashes are drawn (the clip leaves some out), so a pixel is
    /// marked the same under every clip.
    static func marksDashes(_ pattern: [Double], halfWidth hw: Double, cap: CGLineCap) -> Bool {
        let capReach = switch cap {
        case .butt: 0.0
        case .round: hw
        case .square: hw * 2.0.squareRoot()
        }
        var i = 1
        while i < pattern.count {
            if pattern[i] < 2 * max(hw, capReach) { return true }
            i += 2
        }
        return false
    }

    /// Marks an open contour whole: every segment and its caps (square caps as their end
    /// segments extended by hw), within hw (and half a pixel) in device pixels; a lone point as
    /// its dot. All within twice the half width of the centre line (`_DashWindow.reach`).
    private mutating func markContour(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int) {
        let reach = hw * deviceScale + 0.5
        func dev(_ x: Double, _ y: Double) -> (Double, Double) { (t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty) }
        var last = 0
        for k in 1..<max(n, 1) where xs[k] != xs[last] || ys[k] != ys[last] {
            let a = dev(xs[last], ys[last]), b = dev(xs[k], ys[k])
            sink.markOverlap(a.0, a.1, b.0, b.1, reach: reach, inside: coveredHalfWidth)
            last = k
        }
        if last == 0 {
            // A dot (or a contour of one repeated point): its disc or square.
            let a = dev(xs[0], ys[0])
            sink.markOverlap(a.0, a.1, a.0, a.1, reach: hw * 2.0.squareRoot() * deviceScale + 0.5)
            return
        }
        guard cap == .square else { return }
        // The square caps: each end segment continued by hw.
        func extend(_ fx: Double, _ fy: Double, _ ex: Double, _ ey: Double) {
            let dx = ex - fx, dy = ey - fy, l = (dx * dx + dy * dy).squareRoot()
            let a = dev(ex, ey), b = dev(ex + dx / l * hw, ey + dy / l * hw)
            sink.markOverlap(a.0, a.1, b.0, b.1, reach: reach)
        }
        var f = 1
        while f < n - 1 && xs[f] == xs[0] && ys[f] == ys[0] { f += 1 }
        extend(xs[f], ys[f], xs[0], ys[0])
        var e = n - 2
        while e > 0 && xs[e] == xs[n - 1] && ys[e] == ys[n - 1] { e -= 1 }
        extend(xs[e], ys[e], xs[n - 1], ys[n - 1])
    }

    /// Marks both segments of a folding inner join at (x, y): the one arriving along d (length
    /// `ld`) and the one leaving along e (length `le`), in device pixels.
    private mutating func markFold(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double, _ ld: Double,
                                   _ ex: Double, _ ey: Double, _ le: Double) {
        let reach = hw * deviceScale + 0.5
        let vx = t.a * x + t.c * y + t.tx, vy = t.b * x + t.d * y + t.ty
        let px = x - dx * ld, py = y - dy * ld, nx = x + ex * le, ny = y + ey * le
        sink.markOverlap(t.a * px + t.c * py + t.tx, t.b * px + t.d * py + t.ty, vx, vy, reach: reach, inside: coveredHalfWidth)
        sink.markOverlap(vx, vy, t.a * nx + t.c * ny + t.tx, t.b * nx + t.d * ny + t.ty, reach: reach, inside: coveredHalfWidth)
    }

    /// Marks an outer miter join's spike at (x, y) reaching to offset (mx, my): the triangle lies
    /// within half the width of the segment from the vertex to the miter point, and within the
    /// miter's length of the vertex (so within the dash window's margin, `_DashWindow.reach`).
    private mutating func markSpike(_ x: Double, _ y: Double, _ mx: Double, _ my: Double) {
        let vx = t.a * x + t.c * y + t.tx, vy = t.b * x + t.d * y + t.ty
        let px = x + mx, py = y + my
        let box = (mx * mx + my * my).squareRoot() * deviceScale + 0.5
        sink.markOverlap(vx, vy, t.a * px + t.c * py + t.tx, t.b * px + t.d * py + t.ty, reach: hw * deviceScale + 0.5,
                         inside: 0, within: (vx - box, vy - box, vx + box, vy + box))
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

/// A centre-line segment as `markCrossings` compares them: its ends, where it starts and ends
/// along its contour, the contour's length when closed (0 when open) and the contour's index.
internal struct _StrokeSegment {
    var x0, y0, x1, y1, s0, s1, loop: Double
    var contour: Int
    /// An outer miter spike (from its vertex to its tip) rather than a segment.
    var spike = false
}
