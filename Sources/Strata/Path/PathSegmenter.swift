import Foundation

/// Cuts flattened contours into pieces by distance along them: trimming (`strokeStart`/
/// `strokeEnd`, as fractions of the total length over all contours in order) and dashing
/// (pattern + phase, laid from the start of each contour, as Core Graphics does).
///
/// Bounded time and memory: a dash pattern that would lay more than `maxDashes` dashes (the
/// caller's budget, `defaultMaxDashes` unless given) is ignored and the pieces are solid, and so
/// is one repeating more than `maxPeriods` times along the path (dash positions there would lose
/// their precision). With a `window`, dashes wholly outside it are skipped without being walked
/// one by one, and only the dashes along the visible parts of the path count against the budget.
internal enum _PathSegmenter {
    /// The default budget, `copy(dashingWithPhase:)`'s: 100 000 dashes, one subpath each (about
    /// 4 MB of path and a tenth of a second under AddressSanitizer).
    static let defaultMaxDashes = 100_000
    /// Repetitions of the pattern along the whole path beyond which it is ignored: 10¹², so that
    /// a dash's position is kept to within 10⁻³ of the pattern's length.
    static let maxPeriods = 1e12

    /// Writes the selected pieces of `input` into `output` (which is reset first).
    static func segment(_ input: _PolylineCollector, trim: (Double, Double), dashes: [Double]?,
                        phase: Double, maxDashes: Int = defaultMaxDashes, window: _DashWindow? = nil,
                        into output: inout _PolylineCollector) {
        output.reset()
        // Total length, for trimming.
        var total = 0.0
        for c in input.contours { total += length(input, c) }
        let t0 = trim.0 * total, t1 = trim.1 * total
        let fullTrim = trim.0 <= 0 && trim.1 >= 1
        var pattern = dashes
        // Per contour, the distance ranges seen through the window (all of them without one).
        var seen: [[(Double, Double)]]? = nil
        if let p = pattern {
            let period = p.reduce(0, +)
            var shown = total
            if let w = window {
                let ranges = input.contours.map { visibleRanges(input, $0, w) }
                shown = ranges.reduce(0) { $0 + $1.reduce(0) { $0 + ($1.1 - $1.0) } }
                seen = ranges
            }
            // The pattern has as many gaps as dashes (StrokeStyle.validDashes).
            let count = shown / period * Double(p.count / 2)
            if !(count <= Double(maxDashes)) || !(total / period <= maxPeriods) { pattern = nil }
        }
        if pattern == nil && fullTrim {
            output = input
            return
        }
        var base = 0.0   // distance of the contour's start from the path's start
        for (ci, c) in input.contours.enumerated() {
            let len = length(input, c)
            defer { base += len }
            let lo = max(0, t0 - base), hi = min(len, t1 - base)
            guard lo < hi || (len == 0 && lo <= hi) else { continue }
            var cursor = (0, 0.0)
            guard let p = pattern else {
                if lo <= 0 && hi >= len { copyContour(input, c, into: &output) }
                else { emitRange(input, c, from: lo, to: hi, cursor: &cursor, into: &output) }
                continue
            }
            // Walk the dash pattern along this contour.
            let period = p.reduce(0, +)
            var ph = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
            if ph < 0 { ph += period }
            var idx = 0
            while ph > 0 && ph >= p[idx] { ph -= p[idx]; idx = (idx + 1) % p.count }
            var d = -ph
            let ranges = seen?[ci]
            var r = 0   // the first visible range not wholly behind d
            // A zero-length dash exactly at the end still counts (it is a dot with round caps).
            while d < len || (d == len && idx % 2 == 0 && p[idx] == 0) {
                if let ranges {
                    while r < ranges.count && ranges[r].1 < d { r += 1 }
                    if r == ranges.count { break }
                    // Whole periods before the next visible range are stepped over at once (the
                    // pattern index is unchanged); two are left so that rounding cannot skip a
                    // dash that reaches into the range.
                    let skip = ((ranges[r].0 - d) / period).rounded(.down) - 2
                    if skip > 0 { d += skip * period }
                }
                let end = d + p[idx]
                if idx % 2 == 0 && ranges.map({ end >= $0[r].0 }) ?? true {
                    let a = max(d, lo), b = min(end, hi)
                    if a <= b && b >= 0 && a <= len { emitRange(input, c, from: a, to: b, cursor: &cursor, into: &output) }
                }
                d = end
                idx = (idx + 1) % p.count
            }
        }
    }

    /// The distance ranges along contour `c` (from its start, in order, merged where they touch)
    /// whose segments pass through `window`. A single point is one range of length 0 when seen.
    static func visibleRanges(_ pl: _PolylineCollector, _ c: _PolylineCollector.Contour,
                              _ window: _DashWindow) -> [(Double, Double)] {
        let n = c.count
        guard n > 1 else {
            let x = pl.xs[c.start], y = pl.ys[c.start]
            return window.visibleRange(x, y, x, y) == nil ? [] : [(0, 0)]
        }
        var ranges: [(Double, Double)] = []
        var s = 0.0
        for i in 0..<(c.closed ? n : n - 1) {
            let a = c.start + i, b = c.start + (i + 1) % n
            let x0 = pl.xs[a], y0 = pl.ys[a], x1 = pl.xs[b], y1 = pl.ys[b]
            let l = hypot(x1 - x0, y1 - y0)
            defer { s += l }
            guard let (u, v) = window.visibleRange(x0, y0, x1, y1) else { continue }
            let from = s + u * l, to = s + v * l
            if let last = ranges.last, from <= last.1 { ranges[ranges.count - 1].1 = max(last.1, to) }
            else { ranges.append((from, to)) }
        }
        return ranges
    }

    static func length(_ pl: _PolylineCollector, _ c: _PolylineCollector.Contour) -> Double {
        var s = 0.0
        let n = c.count
        guard n > 1 else { return 0 }
        for i in 0..<(c.closed ? n : n - 1) {
            let a = c.start + i, b = c.start + (i + 1) % n
            s += hypot(pl.xs[b] - pl.xs[a], pl.ys[b] - pl.ys[a])
        }
        return s
    }

    static func copyContour(_ pl: _PolylineCollector, _ c: _PolylineCollector.Contour,
                            into out: inout _PolylineCollector) {
        out.moveTo(pl.xs[c.start], pl.ys[c.start])
        for i in 1..<max(1, c.count) { out.lineTo(pl.xs[c.start + i], pl.ys[c.start + i]) }
        if c.count == 1 { out.contours[out.contours.count - 1].drawn = c.drawn }
        if c.closed { out.closeContour() }
    }

    /// Emits the open piece of contour `c` between distances `a` ≤ `b` from its start.
    /// `cursor` (segment index, distance at its start) remembers where the previous piece ended,
    /// so that the pieces of one contour, emitted in order, cost one walk in total.
    static func emitRange(_ pl: _PolylineCollector, _ c: _PolylineCollector.Contour, from a: Double,
                          to b: Double, cursor: inout (Int, Double), into out: inout _PolylineCollector) {
        let n = c.count
        let segs = c.closed ? n : n - 1
        if segs <= 0 {
            out.moveTo(pl.xs[c.start], pl.ys[c.start])
            out.contours[out.contours.count - 1].drawn = c.isDot
            return
        }
        var d = cursor.1
        var started = false
        for i in cursor.0..<segs {
            let ia = c.start + i, ib = c.start + (i + 1) % n
            let x0 = pl.xs[ia], y0 = pl.ys[ia], x1 = pl.xs[ib], y1 = pl.ys[ib]
            let l = hypot(x1 - x0, y1 - y0)
            let d1 = d + l
            if !started && a <= d1 {
                let f = l > 0 ? (max(a, d) - d) / l : 0
                out.moveTo(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
                started = true
            }
            if started {
                if b <= d1 {
                    let f = l > 0 ? (b - d) / l : 1
                    out.lineTo(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
                    cursor = (i, d)
                    return
                }
                out.lineTo(x1, y1)
            }
            d = d1
        }
    }
}
