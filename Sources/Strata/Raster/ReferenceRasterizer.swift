import Foundation

/// A deliberately slow, independent scan converter used to check `PathRasterizer` in tests.
///
/// Even-odd: for every pixel and every edge it clips the region between the edge and x = +∞ to
/// the pixel square (Sutherland–Hodgman) and takes the polygon's area (shoelace): the sum over
/// edges is the pixel's accumulated winding coverage, to which the rule is applied as the fast
/// path defines it. Non-zero: the covered area itself, the union — the pixel is cut into slabs at
/// every edge end, every edge's crossing of the pixel's sides and every crossing of two edges in
/// it; between those heights the covered length of a horizontal line through the pixel is linear
/// in y, so each slab's area is its height times the covered length at its middle (counted from
/// the crossings of that line). No shared code with the fast path beyond flattening.
internal enum _ReferenceRasterizer {
    /// Alpha (0…255) per pixel of a `width`×`height` image, row-major.
    static func coverage(_ path: CGPath, rule: CGPathFillRule, transform: CGAffineTransform = .identity,
                         width: Int, height: Int, tolerance: Double = 0.05) -> [UInt8] {
        var seg = _SegmentCollector()
        if _PathFlattener.isFinite(path) {
            _PathFlattener.flatten(path, transform: transform, tolerance: tolerance, into: &seg)
            seg.finish()
        }
        var out = [UInt8](repeating: 0, count: width * height)
        let far = Double(width) + 2
        let edges = seg.segments.filter { $0.y0 != $0.y1 }
        for py in 0..<height {
            let rowEdges = edges.filter { max($0.y0, $0.y1) > Double(py) && min($0.y0, $0.y1) < Double(py + 1) }
            for px in 0..<width {
                var t: Double
                if rule == .evenOdd {
                    var s = 0.0
                    for e in rowEdges {
                        let dir = e.y1 > e.y0 ? 1.0 : -1.0
                        let quad = [(e.x0, e.y0), (e.x1, e.y1), (far, e.y1), (far, e.y0)]
                        s += dir * abs(area(clip(quad, Double(px), Double(py))))
                    }
                    t = abs(s)
                    t -= 2 * (t / 2).rounded(.down)
                    if t > 1 { t = 2 - t }
                } else {
                    t = min(unionArea(rowEdges, Double(px), Double(py)), 1)
                }
                out[py * width + px] = UInt8((t * 255).rounded())
            }
        }
        return out
    }

    /// The area of the pixel at (px, py) where the winding number is not zero.
    private static func unionArea(_ edges: [_SegmentCollector.Segment], _ px: Double, _ py: Double) -> Double {
        func xAt(_ e: _SegmentCollector.Segment, _ y: Double) -> Double { e.x0 + (e.x1 - e.x0) * (y - e.y0) / (e.y1 - e.y0) }
        var cuts = [py, py + 1]
        func cut(_ y: Double) { if y > py && y < py + 1 { cuts.append(y) } }
        let inPixel = edges.filter { min($0.x0, $0.x1) < px + 1 }
        for e in inPixel {
            cut(e.y0); cut(e.y1)
            for side in [px, px + 1] where (e.x0 - side) * (e.x1 - side) < 0 {
                cut(e.y0 + (e.y1 - e.y0) * (side - e.x0) / (e.x1 - e.x0))
            }
        }
        for i in 0..<inPixel.count {
            for j in (i + 1)..<max(inPixel.count, i + 1) {
                let a = inPixel[i], b = inPixel[j]
                // Where a − b, as a function of y over both edges' common heights, changes sign.
                let lo = max(min(a.y0, a.y1), min(b.y0, b.y1), py), hi = min(max(a.y0, a.y1), max(b.y0, b.y1), py + 1)
                guard lo < hi else { continue }
                let d0 = xAt(a, lo) - xAt(b, lo), d1 = xAt(a, hi) - xAt(b, hi)
                if d0 * d1 < 0 { cut(lo + (hi - lo) * d0 / (d0 - d1)) }
            }
        }
        cuts.sort()
        var total = 0.0
        for k in 0..<(cuts.count - 1) where cuts[k + 1] > cuts[k] {
            let y = (cuts[k] + cuts[k + 1]) / 2
            // The crossings of the line at y: winding at the pixel's left side, then changes inside.
            var w = 0
            var inside: [(x: Double, dir: Int)] = []
            for e in inPixel where min(e.y0, e.y1) < y && max(e.y0, e.y1) > y {
                let x = xAt(e, y), dir = e.y1 > e.y0 ? 1 : -1
                if x <= px { w += dir } else if x < px + 1 { inside.append((x, dir)) }
            }
            inside.sort { $0.x < $1.x }
            var covered = 0.0, from = px
            for c in inside {
                if w != 0 { covered += c.x - from }
                from = c.x
                w += c.dir
            }
            if w != 0 { covered += px + 1 - from }
            total += (cuts[k + 1] - cuts[k]) * covered
        }
        return total
    }

    private static func area(_ p: [(Double, Double)]) -> Double {
        guard p.count > 2 else { return 0 }
        var a = 0.0
        for i in 0..<p.count {
            let (x0, y0) = p[i], (x1, y1) = p[(i + 1) % p.count]
            a += x0 * y1 - x1 * y0
        }
        return a / 2
    }

    /// The polygon clipped to the unit square at (px, py).
    private static func clip(_ poly: [(Double, Double)], _ px: Double, _ py: Double) -> [(Double, Double)] {
        var p = poly
        // Each half-plane as (axis, bound, keepBelow).
        for (axis, bound, below) in [(0, px, false), (0, px + 1, true), (1, py, false), (1, py + 1, true)] {
            var out: [(Double, Double)] = []
            for i in 0..<p.count {
                let a = p[i], b = p[(i + 1) % p.count]
                let va = axis == 0 ? a.0 : a.1, vb = axis == 0 ? b.0 : b.1
                let ina = below ? va <= bound : va >= bound, inb = below ? vb <= bound : vb >= bound
                if ina { out.append(a) }
                if ina != inb {
                    let t = (bound - va) / (vb - va)
                    out.append((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
                }
            }
            p = out
            if p.isEmpty { break }
        }
        return p
    }
}

/// Flattened contours as a plain list of closed-up segments.
internal struct _SegmentCollector: _PolylineSink {
    struct Segment { var x0, y0, x1, y1: Double }
    var segments: [Segment] = []
    private var sx = 0.0, sy = 0.0, cx = 0.0, cy = 0.0, open = false

    mutating func moveTo(_ x: Double, _ y: Double) { finish(); sx = x; sy = y; cx = x; cy = y; open = true }
    mutating func lineTo(_ x: Double, _ y: Double) {
        if !open { moveTo(x, y); return }
        segments.append(Segment(x0: cx, y0: cy, x1: x, y1: y)); cx = x; cy = y
    }
    mutating func closeContour() { if open { segments.append(Segment(x0: cx, y0: cy, x1: sx, y1: sy)) }; cx = sx; cy = sy }
    mutating func finish() { if open { segments.append(Segment(x0: cx, y0: cy, x1: sx, y1: sy)) }; open = false }
}
