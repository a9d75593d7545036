import Foundation

/// Cuts flattened contours into pieces by distance along them: trimming (`strokeStart`/
/// `strokeEnd`, as fractions of the total length over all contours in order) and dashing
/// (pattern + phase, laid from the start of each contour, as Core Graphics does).
///
/// A dash pattern that would produce more than `maxDashes` dashes per call is ignored (solid
/// stroke) so that tiny patterns on huge paths take bounded time and memory.
internal enum _PathSegmenter {
    static let maxDashes = 1_000_000

    /// Writes the selected pieces of `input` into `output` (which is reset first).
    static func segment(_ input: _PolylineCollector, trim: (Double, Double), dashes: [Double]?,
                        phase: Double, into output: inout _PolylineCollector) {
        output.reset()
        // Total length, for trimming.
        var total = 0.0
        for c in input.contours { total += length(input, c) }
        let t0 = trim.0 * total, t1 = trim.1 * total
        let fullTrim = trim.0 <= 0 && trim.1 >= 1
        var pattern = dashes
        if let p = pattern {
            let period = p.reduce(0, +)
            if total / period * Double(p.count) > Double(maxDashes) { pattern = nil }
        }
        if pattern == nil && fullTrim {
            output = input
            return
        }
        var base = 0.0   // distance of the contour's start from the path's start
        for c in input.contours {
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
            // A zero-length dash exactly at the end still counts (it is a dot with round caps).
            while d < len || (d == len && idx % 2 == 0 && p[idx] == 0) {
                let end = d + p[idx]
                if idx % 2 == 0 {
                    let a = max(d, lo), b = min(end, hi)
                    if a <= b && b >= 0 && a <= len { emitRange(input, c, from: a, to: b, cursor: &cursor, into: &output) }
                }
                d = end
                idx = (idx + 1) % p.count
            }
        }
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
        if c.count == 1 { out.contours[out.contours.count - 1].count = 1 }
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
