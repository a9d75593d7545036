import Foundation

/// A deliberately slow, independent scan converter used to check `PathRasterizer` in tests.
///
/// For every pixel and every edge it clips the region between the edge and x = +∞ to the pixel
/// square (Sutherland–Hodgman) and takes the polygon's area (shoelace): the sum over edges is the
/// pixel's accumulated winding coverage. The fill rule is then applied exactly as the fast path
/// defines it. No shared code with the fast path beyond flattening.
internal enum _ReferenceRasterizer {
    /// Alpha (0…255) per pixel of a `width`×`height` image, row-major.
    static func coverage(_ path: CGPath, rule: CGPathFillRule, transform: CGAffineTransform = .identity,
                         width: Int, height: Int, tolerance: Double = 0.1) -> [UInt8] {
        var seg = _SegmentCollector()
        if _PathFlattener.isFinite(path) {
            _PathFlattener.flatten(path, transform: transform, tolerance: tolerance, straddle: true, into: &seg)
            seg.finish()
        }
        var out = [UInt8](repeating: 0, count: width * height)
        let far = Double(width) + 2
        for py in 0..<height {
            for px in 0..<width {
                var s = 0.0
                for e in seg.segments where e.y0 != e.y1 {
                    let (ya, yb) = (min(e.y0, e.y1), max(e.y0, e.y1))
                    if yb <= Double(py) || ya >= Double(py + 1) { continue }
                    let dir = e.y1 > e.y0 ? 1.0 : -1.0
                    let quad = [(e.x0, e.y0), (e.x1, e.y1), (far, e.y1), (far, e.y0)]
                    let clipped = clip(quad, Double(px), Double(py))
                    s += dir * abs(area(clipped))
                }
                var t = abs(s)
                if rule == .evenOdd {
                    t -= 2 * (t / 2).rounded(.down)
                    if t > 1 { t = 2 - t }
                } else {
                    t = min(t, 1)
                }
                out[py * width + px] = UInt8((t * 255).rounded())
            }
        }
        return out
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
