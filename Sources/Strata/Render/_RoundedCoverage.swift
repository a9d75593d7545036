import Foundation

/// Exact area coverage of an axis-aligned rounded rectangle with elliptical corners, in device
/// pixels, one row at a time.
///
/// A pixel's coverage is its overlap with the rectangle (column overlap × row overlap, as for
/// plain rectangles) minus, for each corner, the part of the pixel inside the corner's box but
/// outside its quarter ellipse. That part comes from a closed form: in units of the ellipse's
/// semi-axes, the area of the unit quarter disc below and left of (a, b) is
/// `A(a, b) = a·b` when the point is inside the circle, else `b·u* + G(a) − G(u*)` with
/// `u* = √(1 − b²)` and `G(u) = (u·√(1 − u²) + asin u) / 2` (the integral of √(1 − u²)); a
/// pixel's part is the inclusion–exclusion of A at its four corners. G is evaluated once per
/// pixel column and row boundary, so a corner costs O(width + height) transcendental calls and
/// O(width × height) multiplications, and memory stays O(width + height) whatever the radius.
final class _RoundedCoverage {
    private struct Corner {
        /// Ellipse centre and semi-axes (device pixels).
        var cx: Double, cy: Double, rx: Double, ry: Double
        /// −1 for a corner left of (above) its centre, +1 for right (below).
        var sx: Double, sy: Double
        /// Pixels of the corner's box, clipped to the visible rectangle: [col0, col1) × [row0, row1).
        var col0: Int, col1: Int, row0: Int, row1: Int
        /// Index of the corner's first column boundary in `u` / `gu`.
        var base: Int
    }

    private var corners: [Corner] = []
    /// Per corner, per column boundary: u (clamped to 0…1) and G(u).
    private var u: [Double] = [], gu: [Double] = []
    private(set) var x0 = 0.0, x1 = 0.0, y0 = 0.0, y1 = 0.0

    @inline(__always)
    private static func g(_ u: Double) -> Double { 0.5 * (u * (1 - u * u).squareRoot() + asin(u)) }

    /// Sets up the rectangle [x0, x1] × [y0, y1] (device pixels, x0 < x1, y0 < y1, finite) with
    /// corner semi-axes `radii` (x, y) for its top-left, top-right, bottom-right and bottom-left
    /// corners (each at most half the rectangle's side; zero means a square corner). Only
    /// pixels of `visible` are asked for later.
    func prepare(x0: Double, x1: Double, y0: Double, y1: Double, radii: [SIMD2<Double>], visible: PixelRect) {
        self.x0 = x0; self.x1 = x1; self.y0 = y0; self.y1 = y1
        corners.removeAll(keepingCapacity: true)
        u.removeAll(keepingCapacity: true)
        gu.removeAll(keepingCapacity: true)
        let signs: [SIMD2<Double>] = [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)]
        for (k, r) in radii.enumerated() where r.x > 0 && r.y > 0 {
            let s = signs[k]
            let cx = s.x < 0 ? x0 + r.x : x1 - r.x, cy = s.y < 0 ? y0 + r.y : y1 - r.y
            let bx0 = s.x < 0 ? x0 : cx, bx1 = s.x < 0 ? cx : x1
            let by0 = s.y < 0 ? y0 : cy, by1 = s.y < 0 ? cy : y1
            let col0 = max(Int(bx0.rounded(.down)), visible.x), col1 = min(Int(bx1.rounded(.up)), visible.maxX)
            let row0 = max(Int(by0.rounded(.down)), visible.y), row1 = min(Int(by1.rounded(.up)), visible.maxY)
            guard col1 > col0, row1 > row0 else { continue }
            corners.append(Corner(cx: cx, cy: cy, rx: r.x, ry: r.y, sx: s.x, sy: s.y,
                                  col0: col0, col1: col1, row0: row0, row1: row1, base: u.count))
            for bx in col0...col1 {
                let v = min(max(s.x * (Double(bx) - cx) / r.x, 0), 1)
                u.append(v)
                gu.append(Self.g(v))
            }
        }
    }

    /// Whether row `y` crosses a corner (elsewhere coverage is column × row overlap).
    func rowHasCorner(_ y: Int) -> Bool {
        for c in corners where y >= c.row0 && y < c.row1 { return true }
        return false
    }

    /// For row `y`: the end of the columns of the left corners it crosses and the start of
    /// those of the right corners (Int.min / Int.max when none).
    func cornerColumns(_ y: Int) -> (leftEnd: Int, rightStart: Int) {
        var l = Int.min, r = Int.max
        for c in corners where y >= c.row0 && y < c.row1 {
            if c.sx < 0 { l = max(l, c.col1) } else { r = min(r, c.col0) }
        }
        return (l, r)
    }

    /// 8-bit coverage of pixels [xa, xb) of row `y` into `out[0 ..< xb − xa]`, rounded to
    /// nearest as ``_Painter/coverage(_:_:)`` does.
    func row(_ y: Int, from xa: Int, to xb: Int, into out: UnsafeMutablePointer<UInt8>, scratch: inout [Double]) {
        let oy = _Painter.overlap(y, y0, y1)
        scratch.removeAll(keepingCapacity: true)
        for x in xa..<xb { scratch.append(_Painter.overlap(x, x0, x1) * oy) }
        scratch.withUnsafeMutableBufferPointer { cov in
            u.withUnsafeBufferPointer { u in
                gu.withUnsafeBufferPointer { gu in
                    for c in corners where y >= c.row0 && y < c.row1 {
                        subtractCorner(c, y, xa, xb, cov.baseAddress!, u.baseAddress!, gu.baseAddress!)
                    }
                }
            }
        }
        for i in 0..<(xb - xa) { out[i] = _Painter.coverage(min(max(scratch[i], 0), 1), 1) }
    }

    private func subtractCorner(_ c: Corner, _ y: Int, _ xa: Int, _ xb: Int, _ cov: UnsafeMutablePointer<Double>,
                                _ u: UnsafePointer<Double>, _ gu: UnsafePointer<Double>) {
        // The row's two boundaries in unit-circle coordinates, ordered.
        let v0 = min(max(c.sy * (Double(y) - c.cy) / c.ry, 0), 1), v1 = min(max(c.sy * (Double(y + 1) - c.cy) / c.ry, 0), 1)
        let va = min(v0, v1), vb = max(v0, v1)
        let from = max(c.col0, xa), to = min(c.col1, xb)
        guard vb > va, to > from else { return }
        let sa = (1 - va * va).squareRoot(), sb = (1 - vb * vb).squareRoot()
        let ga = Self.g(sa), gb = Self.g(sb)
        @inline(__always) func area(_ ui: Double, _ gi: Double, _ v: Double, _ s: Double, _ gs: Double) -> Double {
            ui <= s ? ui * v : v * s + gi - gs
        }
        let scale = c.rx * c.ry
        for x in from..<to {
            let k = c.base + x - c.col0
            let p = u[k], q = u[k + 1], gp = gu[k], gq = gu[k + 1]
            let (ua, ub, ga_, gb_) = p <= q ? (p, q, gp, gq) : (q, p, gq, gp)
            guard ub > ua else { continue }
            let inside = area(ub, gb_, vb, sb, gb) - area(ua, ga_, vb, sb, gb) - area(ub, gb_, va, sa, ga) + area(ua, ga_, va, sa, ga)
            cov[x - xa] -= scale * ((ub - ua) * (vb - va) - inside)
        }
    }
}
