import CStroke
import Foundation

/// Strokes at most one device pixel wide whose subpaths are all closed, drawn straight into the
/// target: no outline, no scan converter.
///
/// Such a stroke is the union of one band per segment of the flattened centre line (as wide as
/// the line, centred on the segment) and the joins. Each band is drawn column by column where
/// its segment runs more across than down (row by row otherwise): a column belongs to the segment
/// whose stretch along that axis holds the column's centre (start included, end excluded), so
/// consecutive segments going the same way never share a column, and each pixel of the column
/// gets the exact area of the band between its two edge lines, taken straight across the whole
/// column. Whole columns are drawn by a C kernel (`cstroke_bands`: the columns of consecutive
/// bands 8 at a time, their areas in float, 255·area rounded); the few columns a band only
/// partly covers (below) stay here. Where the line turns from mostly across to mostly down, the two segments are cut
/// exactly at their common vertex and their pixels there are summed before blending (`draw`);
/// where bands otherwise meet in one pixel (sharp turns, self-crossings) they are composited one
/// over the other.
///
/// What this leaves out is the joins: the wedge outside each turn (at most w²/4 per vertex: a
/// miter at a right angle; w²·θ/8 for a round join turning θ), negligible along flattened
/// curves, which turn by a few degrees per vertex; contours with many sharp vertices for their
/// length (`canDraw`), miter joins turning more than 90° (whose spikes can be long), open
/// subpaths (caps), single points and targets other than a8r8g8b8/x8r8g8b8/a8 are left to the
/// general path. On the benchmark's 1 px scenes the result is as close to cairo's render as the
/// general path's (RasterGoldenTests; ThinStrokeTests compares the two).
internal enum _ThinStroke {
    /// The line width in device pixels when `transform` scales every direction alike (rotations,
    /// reflections, uniform scales) and the width is at most 1 px; nil otherwise.
    static func deviceWidth(_ style: StrokeStyle, _ t: CGAffineTransform) -> Double? {
        let p = t.a * t.a + t.b * t.b, q = t.c * t.c + t.d * t.d
        guard p > 0, p.isFinite, q.isFinite, abs(p - q) <= 1e-9 * p, abs(t.a * t.c + t.b * t.d) <= 1e-9 * p
        else { return nil }
        let w = Double(style.lineWidth) * p.squareRoot()
        return w > 0 && w <= 1 ? w : nil
    }

    /// True when every contour of `pl` (at least one) is closed with three or more distinct
    /// points, has few sharp vertices for its length, and, for miter joins, none turning by more
    /// than 90°. `width` is the line width in the same (user) units as `pl`.
    ///
    /// Sharp vertices (turning more than 45°) are where leaving out the join and overlapping the
    /// two bands misplaces ink, up to about w²/2 each: a contour may have at most one per
    /// 200·w of its length, which keeps that below 1/4 % of its ink (w × length).
    static func canDraw(_ pl: _PolylineCollector, join: CGLineJoin, width: Double) -> Bool {
        guard !pl.contours.isEmpty else { return false }
        for c in pl.contours {
            guard c.closed else { return false }
            let n = pointCount(pl, c)
            guard n >= 3 else { return false }
            let fits = pl.xs.withUnsafeBufferPointer { xs in
                pl.ys.withUnsafeBufferPointer { ys in
                    contourFits(xs.baseAddress! + c.start, ys.baseAddress! + c.start, n, join: join, width: width)
                }
            }
            if !fits { return false }
        }
        return true
    }

    /// `canDraw` for one closed contour of n ≥ 3 points (no repeated last point).
    private static func contourFits(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int,
                                    join: CGLineJoin, width: Double) -> Bool {
        var length = 0.0, sharp = 0
        // The segment into vertex k (from k − 1), its length carried over from the previous vertex.
        var dx = x[0] - x[n - 1], dy = y[0] - y[n - 1]
        var l = (dx * dx + dy * dy).squareRoot()
        let miter = join == .miter
        for k in 0..<n {
            let e = k + 1 == n ? 0 : k + 1
            let ex = x[e] - x[k], ey = y[e] - y[k]
            let m = (ex * ex + ey * ey).squareRoot()
            length += l
            let dot = dx * ex + dy * ey
            if dot < 0 && miter { return false }
            if dot < 0.7071 * l * m { sharp += 1 }
            (dx, dy, l) = (ex, ey, m)
        }
        return !(Double(sharp) * width * 200 > length)
    }

    /// A closed contour's points without a last one repeating the first.
    private static func pointCount(_ pl: _PolylineCollector, _ c: _PolylineCollector.Contour) -> Int {
        let n = c.count
        return n > 1 && pl.xs[c.start + n - 1] == pl.xs[c.start] && pl.ys[c.start + n - 1] == pl.ys[c.start] ? n - 1 : n
    }

    /// Draws the closed contours of `pl` (user space, mapped by `t`) as a line `width` device
    /// pixels wide into `blitter`'s target, inside `clip` (left, top, right, bottom).
    ///
    /// Where the line turns from mostly across to mostly down (or back), the two segments meeting
    /// at that vertex V are cut exactly at V (the one at x = V.x, the other at y = V.y) instead of
    /// at column centres; their pixels there are summed before blending, together with the two
    /// small triangles the axis-aligned cuts get wrong (the quadrant neither band covers is added,
    /// the one both cover is taken off, each as its area at its centroid's pixel).
    static func draw<B: _ThinStrokeTarget>(_ pl: _PolylineCollector, transform t: CGAffineTransform, width: Double,
                                           clip: (Int, Int, Int, Int), blitter: inout B) {
        var target = blitter.thinStrokeTarget
        var pending = _PendingPixels()
        defer { pending.free() }
        withUnsafePointer(to: &target) { target in
            var runs = _Runs(target: target, clip: clip)
            defer { runs.free() }
            pl.xs.withUnsafeBufferPointer { xs in
                pl.ys.withUnsafeBufferPointer { ys in
                    for c in pl.contours {
                        drawContour(xs.baseAddress! + c.start, ys.baseAddress! + c.start, pointCount(pl, c), t, width,
                                    clip, &pending, &runs)
                    }
                }
            }
            runs.flush()
        }
    }

    /// Bands waiting for the kernel (`cstroke_bands`), which takes their columns 8 at a time
    /// whatever band they belong to: most segments of a flattened curve span a few columns.
    private struct _Runs {
        static let capacity = 256
        let target: UnsafePointer<cstroke_target>
        var clip: cstroke_clip
        let runs = UnsafeMutablePointer<cstroke_run>.allocate(capacity: capacity)
        var count = 0

        init(target: UnsafePointer<cstroke_target>, clip: (Int, Int, Int, Int)) {
            self.target = target
            self.clip = cstroke_clip(x0: Int32(clip.0), y0: Int32(clip.1), x1: Int32(clip.2 - 1), y1: Int32(clip.3 - 1))
        }

        func free() { runs.deallocate() }

        @inline(__always)
        mutating func add(_ run: cstroke_run) {
            runs[count] = run
            count += 1
            if count == Self.capacity { flush() }
        }

        mutating func flush() {
            if count > 0 { cstroke_bands(target, runs, Int32(count), &clip) }
            count = 0
        }
    }

    /// One closed contour of n points (no repeated last point).
    private static func drawContour(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ n: Int,
                                    _ t: CGAffineTransform, _ width: Double, _ clip: (Int, Int, Int, Int),
                                    _ pending: inout _PendingPixels, _ runs: inout _Runs) {
        @inline(__always) func point(_ k: Int) -> (Double, Double) {
            (t.a * x[k] + t.c * y[k] + t.tx, t.b * x[k] + t.d * y[k] + t.ty)
        }
        // Segment k runs from point k − 1 to point k (segment 0 closes the contour).
        @inline(__always) func seg(_ k: Int) -> _Seg? {
            let (x0, y0) = point(k == 0 ? n - 1 : k - 1), (x1, y1) = point(k)
            let dx = x1 - x0, dy = y1 - y0
            // Finite points can overflow to ±∞ under a transform: such segments are dropped.
            guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return nil }
            return _Seg(x0: x0, y0: y0, x1: x1, y1: y1, acrossX: dx.magnitude >= dy.magnitude)
        }
        var last: _Seg? = nil
        var k = n - 1
        while k >= 0 && last == nil { last = seg(k); k -= 1 }
        guard let end = last else { return }
        // The previous kept segment's direction, and each segment's start carried over from the
        // previous point (dropped segments included): every point transformed once.
        var prevAcross = end.acrossX, prevDx = end.x1 - end.x0, prevDy = end.y1 - end.y0
        var held = end, holding = false, firstAcross = false
        var (px, py) = point(n - 1)
        for k in 0..<n {
            let (x0, y0) = (px, py), (x1, y1) = point(k)
            (px, py) = (x1, y1)
            let dx = x1 - x0, dy = y1 - y0
            // Finite points can overflow to ±∞ under a transform: such segments are dropped.
            guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { continue }
            var s = _Seg(x0: x0, y0: y0, x1: x1, y1: y1, acrossX: dx.magnitude >= dy.magnitude)
            s.cutStart = s.acrossX != prevAcross
            s.before = (prevDx, prevDy)
            if holding {
                held.cutEnd = held.acrossX != s.acrossX
                draw(held, width, clip, &pending, &runs)
            } else {
                firstAcross = s.acrossX
            }
            held = s
            holding = true
            (prevAcross, prevDx, prevDy) = (s.acrossX, dx, dy)
        }
        if holding {
            held.cutEnd = held.acrossX != firstAcross
            draw(held, width, clip, &pending, &runs)
        }
        flush(&pending, &runs)
    }

    /// Blends the pending pixels, after the bands queued before them: every pixel then gets its
    /// blends in the order they were made, however the bands were batched (the clip changes how
    /// many are queued) — OVER twice in another order can differ by a level.
    private static func flush(_ pending: inout _PendingPixels, _ runs: inout _Runs) {
        if pending.count > 0 { runs.flush() }
        pending.flush(runs.target)
    }

    /// One segment in device pixels: whether it runs more across than down, whether its start
    /// and end are cut exactly (the neighbour on that side runs the other way), and the previous
    /// segment's direction.
    private struct _Seg {
        var x0, y0, x1, y1: Double
        var acrossX: Bool
        var cutStart = false, cutEnd = false
        var before = (0.0, 0.0)
    }

    private static func draw(_ s: _Seg, _ w: Double, _ clip: (Int, Int, Int, Int),
                             _ pending: inout _PendingPixels, _ runs: inout _Runs) {
        if !s.cutStart && !s.cutEnd {
            // Most segments: whole columns only. The segment before ran the same way and
            // flushed `pending` after it (as does the end of a contour), so there is nothing to
            // flush here either.
            plain(s, w, clip, &runs)
            return
        }
        if s.acrossX {
            band(s.x0, s.y0, s.x1, s.y1, w, cutStart: s.cutStart, cutEnd: s.cutEnd, across: (clip.0, clip.2),
                 along: (clip.1, clip.3), transposed: false, &pending, &runs)
        } else {
            band(s.y0, s.x0, s.y1, s.x1, w, cutStart: s.cutStart, cutEnd: s.cutEnd, across: (clip.1, clip.3),
                 along: (clip.0, clip.2), transposed: true, &pending, &runs)
        }
        if s.cutStart { corner(s, w, clip, &pending) }
        if !s.cutEnd || pending.charged > _PendingPixels.capacity - 16 { flush(&pending, &runs) }
    }

    /// The band of a segment with neither end cut: `band`'s arithmetic without the cut ends, in C,
    /// which rounds with one instruction each (AVX2 build) and converts without trap checks.
    @inline(__always)
    private static func plain(_ s: _Seg, _ w: Double, _ clip: (Int, Int, Int, Int), _ runs: inout _Runs) {
        var run = cstroke_run()
        let x0 = Int32(truncatingIfNeeded: clip.0), y0 = Int32(truncatingIfNeeded: clip.1)
        let x1 = Int32(truncatingIfNeeded: clip.2), y1 = Int32(truncatingIfNeeded: clip.3)
        let drawn = s.acrossX ? cstroke_plain_run(s.x0, s.y0, s.x1, s.y1, w, 0, x0, x1, y0, y1, &run)
            : cstroke_plain_run(s.y0, s.x0, s.y1, s.x1, w, 1, y0, y1, x0, x1, &run)
        if drawn != 0 { runs.add(run) }
    }

    /// The two triangles at the start of `s`, where the previous segment ran the other way: the
    /// band part in the quadrant neither cut band covers is added, the one both cover taken off.
    private static func corner(_ s: _Seg, _ w: Double, _ clip: (Int, Int, Int, Int), _ pending: inout _PendingPixels) {
        let (ax, ay) = s.before, bx = s.x1 - s.x0, by = s.y1 - s.y0
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        let dx = ax / la + bx / lb, dy = ay / la + by / lb
        let ld = (dx * dx + dy * dy).squareRoot()
        guard ld > 1e-6 else { return }
        // The half plane in x the across-running band covers (+1: x ≥ V.x), and in y the other's.
        let ex: Double, ey: Double
        if s.acrossX { ex = bx > 0 ? 1 : -1; ey = ay > 0 ? -1 : 1 } else { ey = by > 0 ? 1 : -1; ex = ax > 0 ? -1 : 1 }
        // Legs along the axes to the band's edge (w/2 from the line through V along the mean direction).
        let l1 = minD(w, 0.5 * w * ld / maxD(dy.magnitude, 1e-9)), l2 = minD(w, 0.5 * w * ld / maxD(dx.magnitude, 1e-9))
        let area = 0.5 * l1 * l2
        pending.charge(2)
        pending.add(s.x0 - ex * l1 / 3, s.y0 - ey * l2 / 3, area, clip)
        pending.add(s.x0 + ex * l1 / 3, s.y0 + ey * l2 / 3, -area, clip)
    }

    /// The band of one segment from (u0, v0) to (u1, v1) whose major axis is u (|Δv| ≤ |Δu|):
    /// column by column over u (`across`: the clip's range on that axis, end excluded), pixel by
    /// pixel over v (`along`). `transposed`: u is y. Whole columns go to the kernel (`runs`); a
    /// cut end's column is covered only up to the end point and goes to `pending`.
    @inline(__always)
    private static func band(_ u0: Double, _ v0: Double, _ u1: Double, _ v1: Double, _ w: Double,
                             cutStart: Bool, cutEnd: Bool, across: (Int, Int), along: (Int, Int),
                             transposed: Bool, _ pending: inout _PendingPixels, _ runs: inout _Runs) {
        let du = u1 - u0
        let s = (v1 - v0) / du
        // Half the band's extent along v (the line is w wide across its own direction).
        let hh = 0.5 * w * (1 + s * s).squareRoot()
        let low = du > 0 ? u0 : u1, high = du > 0 ? u1 : u0
        let cutLow = du > 0 ? cutStart : cutEnd, cutHigh = du > 0 ? cutEnd : cutStart
        // Columns whose centre lies on the segment's stretch (start included, end excluded), or
        // every column the stretch touches at a cut end.
        var first = cutLow ? floor(low) : (du > 0 ? ceil(low - 0.5) : floor(low - 0.5) + 1)
        var last = cutHigh ? ceil(high) - 1 : (du > 0 ? ceil(high - 0.5) - 1 : floor(high - 0.5))
        let firstCut = first, lastCut = last
        // A cut column adds at most 4 pixels to `pending`, whatever the clip leaves of them.
        pending.charge((cutLow ? 4 : 0) + (cutHigh ? 4 : 0))
        if first < Double(across.0) { first = Double(across.0) }
        if last > Double(across.1 - 1) { last = Double(across.1 - 1) }
        let vLo = Double(along.0), vHi = Double(along.1 - 1)
        // Whole columns reach up to one column past the segment's ends, |s| further along v.
        let reach = hh + s.magnitude
        guard first <= last, minD(v0, v1) - reach <= vHi + 1, maxD(v0, v1) + reach >= vLo else { return }
        var from = Int(first), to = Int(last)
        let cutFirst = cutLow && first == firstCut, cutLast = cutHigh && last == lastCut
        if cutFirst || (cutLast && from == to) {
            cutColumn(from, u0, v0, s, 2 * hh, low: cutFirst ? low : nil, high: cutLast && from == to ? high : nil,
                      along: along, transposed: transposed, &pending)
            from += 1
        }
        if cutLast && to >= from {
            cutColumn(to, u0, v0, s, 2 * hh, low: nil, high: high, along: along, transposed: transposed, &pending)
            to -= 1
        }
        guard from <= to else { return }
        // The band's top edge is given at a column that does not depend on the clip (the first
        // of the whole stretch, kept within ±2²⁰), so a column's pixels do not either.
        let origin = minD(maxD(firstCut, -1_048_576), 1_048_576)
        runs.add(cstroke_run(top: v0 + (origin - u0) * s - hh, slope: s, height: 2 * hh, first: Int32(from),
                             last: Int32(to), transposed: transposed ? 1 : 0, origin: Int32(origin)))
    }

    /// Column i of a band (top edge v0 + (u − u0)·s, w2 tall) covered from `low` (if not nil, in
    /// the column) to `high` (likewise), its pixels added to `pending`.
    private static func cutColumn(_ i: Int, _ u0: Double, _ v0: Double, _ s: Double, _ w2: Double,
                                  low: Double?, high: Double?, along: (Int, Int), transposed: Bool,
                                  _ pending: inout _PendingPixels) {
        let fi = Double(i)
        let ca = low.map { $0 - fi } ?? 0, cb = high.map { $0 - fi } ?? 1
        guard cb > ca else { return }
        let ta = v0 + (fi - u0) * s - w2 / 2   // the band's top edge at the column's near side
        let tA = ta + s * ca, tB = ta + s * cb
        let minT = tA < tB ? tA : tB
        let lo = floorIn(minT, along.0, along.1 - 1)
        let hi = floorIn((tA < tB ? tB : tA) + w2, along.0, along.1 - 1)
        guard lo <= hi && minT <= Double(along.1) else { return }
        // Q(y), the band's area above y in the covered stretch (y relative to the top edge at the
        // column's near side): ∫ clamp(y − top(x), 0, w2) dx, top(x) = s·x.
        let flat = s.magnitude < 1e-6
        let halfInvS = flat ? 0 : 0.5 / s
        let o0 = s * ca, o1 = s * cb, o2 = w2 + s * ca, o3 = w2 + s * cb
        // max(d, 0)² as Double.maximum(d, 0) gives it (0 for NaN), inline: SIMD4's pointwiseMax
        // was a call per area.
        @inline(__always) func square(_ d: Double) -> Double {
            let m = d > 0 ? d : 0
            return m * m
        }
        @inline(__always) func area(_ z: Double) -> Double {
            if flat { return (cb - ca) * clamp(z - 0.5 * s * (ca + cb), w2) }
            // (R(z − s·ca) − R(z − s·cb) − R(z − w2 − s·ca) + R(z − w2 − s·cb))/s, R(x) = max(x, 0)²/2,
            // summed left to right.
            return (((square(z - o0) - square(z - o1)) - square(z - o2)) + square(z - o3)) * halfInvS
        }
        // Row j gets Q(j + 1) − Q(j); Q(lo) = 0 unless the clip cut rows above lo. Each Q is
        // taken at its row's own offset (not stepped from lo), so rows do not depend on the clip.
        var q = minT < Double(lo) ? area(Double(lo) - ta) : 0
        for j in lo...hi {
            let qn = area(Double(j + 1) - ta)
            if transposed { pending.add(y: i, x: j, qn - q) } else { pending.add(y: j, x: i, qn - q) }
            q = qn
        }
    }

    /// ⌊x⌋ as `x.rounded(.down)` gives it (but for the sign of a zero), inline: the baseline
    /// x86-64 build has no rounding instruction and calls libm's floor, a few ns per segment.
    @inline(__always)
    private static func floor(_ x: Double) -> Double {
        // Beyond 2⁵² (and for ±∞, NaN) x is already whole.
        guard x.magnitude < 4_503_599_627_370_496 else { return x }
        let t = Double(Int64(x))   // toward zero
        return t > x ? t - 1 : t
    }

    /// ⌈x⌉ as `x.rounded(.up)` gives it (but for the sign of a zero), inline (see `floor`).
    @inline(__always)
    private static func ceil(_ x: Double) -> Double {
        guard x.magnitude < 4_503_599_627_370_496 else { return x }
        let t = Double(Int64(x))
        return t < x ? t + 1 : t
    }

    /// `Swift.min(x, y)` and `Swift.max(x, y)` for doubles, to the bit (which operand comes back
    /// for NaN or equal values), inline: the generic functions are called here, not inlined.
    @inline(__always)
    private static func minD(_ x: Double, _ y: Double) -> Double { y < x ? y : x }

    @inline(__always)
    private static func maxD(_ x: Double, _ y: Double) -> Double { y >= x ? y : x }

    /// ⌊x⌋ clamped to lo…hi (lo ≥ 0), without a call or a trap for huge or non-finite x.
    @inline(__always)
    private static func floorIn(_ x: Double, _ lo: Int, _ hi: Int) -> Int {
        if !(x > Double(lo)) { return lo }
        if x >= Double(hi) { return hi }
        return Int(x)   // x > lo ≥ 0: truncation is the floor
    }

    @inline(__always)
    private static func clamp(_ v: Double, _ top: Double) -> Double { v < 0 ? 0 : (v > top ? top : v) }

    /// Coverage of a few pixels summed before blending (where the two bands meeting at a turn
    /// between mostly-across and mostly-down share pixels).
    struct _PendingPixels {
        static let capacity = 64
        private let xs = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        private let ys = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        private let cover = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
        private(set) var count = 0
        /// Pixels announced since the last flush (`charge`), inside the clip or not: flushing
        /// when this grows large, not `count`, flushes at the same places whatever the clip.
        private(set) var charged = 0

        /// Announces up to n more pixels.
        mutating func charge(_ n: Int) { charged += n }

        func free() { xs.deallocate(); ys.deallocate(); cover.deallocate() }

        /// Adds coverage c to pixel (x, y), which is inside the clip.
        mutating func add(y: Int, x: Int, _ c: Double) {
            for k in 0..<count where xs[k] == x && ys[k] == y {
                cover[k] += c
                return
            }
            if count == Self.capacity { return }   // callers flush well before
            xs[count] = x; ys[count] = y; cover[count] = c
            count += 1
        }

        /// Adds coverage c to the pixel holding point (px, py) if it is inside `clip`.
        mutating func add(_ px: Double, _ py: Double, _ c: Double, _ clip: (Int, Int, Int, Int)) {
            guard px >= Double(clip.0), px < Double(clip.2), py >= Double(clip.1), py < Double(clip.3) else { return }
            add(y: Int(py), x: Int(px), c)
        }

        mutating func flush(_ target: UnsafePointer<cstroke_target>) {
            for k in 0..<count {
                let a = _ThinStroke.alpha(cover[k])
                if a != 0 { cstroke_pixel(target, Int32(xs[k]), Int32(ys[k]), a) }
            }
            count = 0
            charged = 0
        }
    }

    /// round(255·c) for a coverage c, clamped to 0…1: adding 1.5·2⁵² leaves the rounded value in
    /// the low bits (no trapping conversion; |c| is far below 2³¹ here).
    @inline(__always)
    static func alpha(_ c: Double) -> UInt32 {
        let r = Int32(truncatingIfNeeded: (c * 255 + 6_755_399_441_055_744).bitPattern)
        return UInt32(r < 0 ? 0 : (r > 255 ? 255 : r))
    }
}

/// A target `_ThinStroke` draws into: the kernels' description of it.
internal protocol _ThinStrokeTarget {
    var thinStrokeTarget: cstroke_target { get }
}

extension _ARGB32Blitter: _ThinStrokeTarget {
    var thinStrokeTarget: cstroke_target {
        cstroke_target(pixels: UnsafeMutableRawPointer(base), stride: stride, a8: 0, color: color, scaled: scaled)
    }
}

extension _A8Blitter: _ThinStrokeTarget {
    var thinStrokeTarget: cstroke_target {
        cstroke_target(pixels: UnsafeMutableRawPointer(base), stride: stride, a8: 1, color: colorAlpha << 24, scaled: nil)
    }
}
