import Foundation

/// Exact area coverage of an axis-aligned rounded rectangle with elliptical corners, in device
/// pixels.
///
/// A pixel's coverage is its overlap with the rectangle (column overlap × row overlap, as for
/// plain rectangles) minus, for each corner, the part of the pixel inside the corner's box but
/// outside its quarter ellipse. That part comes from a closed form: in units of the ellipse's
/// semi-axes, the area of the unit quarter disc below and left of (a, b) is
/// `A(a, b) = a·b` when the point is inside the circle, else `b·u* + G(a) − G(u*)` with
/// `u* = √(1 − b²)` and `G(u) = (u·√(1 − u²) + asin u) / 2` (the integral of √(1 − u²)); a
/// pixel's part is the inclusion–exclusion of A at its four corners. G is evaluated once per
/// pixel column and row boundary, so a corner costs O(width + height) transcendental calls;
/// only pixels the arc crosses need the inclusion–exclusion (the others are entirely inside or
/// outside the quarter ellipse).
///
/// `prepare` computes the coverage of every corner pixel of the visible rectangle at once
/// (memory O(corner pixels + visible rows)); the painter's row loop then reads it through
/// ``Rows`` without calls or reference counting.
final class _RoundedCoverage {
    private struct Corner {
        /// Ellipse centre and semi-axes (device pixels).
        var cx: Double, cy: Double, rx: Double, ry: Double
        /// −1 for a corner left of (above) its centre, +1 for right (below).
        var sx: Double, sy: Double
        /// Pixels of the corner's box, clipped to the visible rectangle: [col0, col1) × [row0, row1).
        var col0: Int, col1: Int, row0: Int, row1: Int
        /// Index of the corner's first column boundary in `u` / `gu`, of its first row
        /// boundary in `rows`.
        var base: Int, rowBase: Int
    }

    /// A row boundary of a corner in unit-circle coordinates: v (clamped to 0…1), √(1 − v²)
    /// and G of that.
    private struct RowBoundary {
        var v: Double, s: Double, g: Double
    }

    private var corners: [Corner] = []
    /// Per corner, per column boundary: u (clamped to 0…1) and G(u).
    private var u: [Double] = [], gu: [Double] = []
    /// Per corner, per row boundary.
    private var boundaries: [RowBoundary] = []
    private(set) var x0 = 0.0, x1 = 0.0, y0 = 0.0, y1 = 0.0
    private(set) var visible = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Per visible row (index y − visible.y): end of its left corner pixels, start of its right
    /// corner pixels, offset of their coverage in `bytes` (−1: the row crosses no corner).
    private var rowLeft: [Int32] = [], rowRight: [Int32] = [], rowOffset: [Int32] = []
    /// Corner rows' coverage: pixels [visible.x, left) then [right, visible.maxX).
    private var bytes: [UInt8] = []

    @inline(__always)
    private static func g(_ u: Double) -> Double { 0.5 * (u * (1 - u * u).squareRoot() + asin(u)) }

    private static let gOne = g(1)

    /// Corner signs in `prepare`'s order: top-left, top-right, bottom-right, bottom-left.
    private static let signs: [SIMD2<Double>] = [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)]

    /// Sets up the rectangle [x0, x1] × [y0, y1] (device pixels, x0 < x1, y0 < y1, finite) with
    /// corner semi-axes `radii` (x, y) for its top-left, top-right, bottom-right and bottom-left
    /// corners (each at most half the rectangle's side; zero means a square corner). Only
    /// pixels of `visible` (non-empty) are asked for later.
    func prepare(x0: Double, x1: Double, y0: Double, y1: Double, radii: [SIMD2<Double>], visible: PixelRect) {
        self.x0 = x0; self.x1 = x1; self.y0 = y0; self.y1 = y1
        self.visible = visible
        corners.removeAll(keepingCapacity: true)
        u.removeAll(keepingCapacity: true)
        gu.removeAll(keepingCapacity: true)
        boundaries.removeAll(keepingCapacity: true)
        for (k, r) in radii.enumerated() where r.x > 0 && r.y > 0 {
            let s = Self.signs[k]
            let cx = s.x < 0 ? x0 + r.x : x1 - r.x, cy = s.y < 0 ? y0 + r.y : y1 - r.y
            let bx0 = s.x < 0 ? x0 : cx, bx1 = s.x < 0 ? cx : x1
            let by0 = s.y < 0 ? y0 : cy, by1 = s.y < 0 ? cy : y1
            let col0 = max(Int(bx0.rounded(.down)), visible.x), col1 = min(Int(bx1.rounded(.up)), visible.maxX)
            let row0 = max(Int(by0.rounded(.down)), visible.y), row1 = min(Int(by1.rounded(.up)), visible.maxY)
            guard col1 > col0, row1 > row0 else { continue }
            corners.append(Corner(cx: cx, cy: cy, rx: r.x, ry: r.y, sx: s.x, sy: s.y,
                                  col0: col0, col1: col1, row0: row0, row1: row1, base: u.count, rowBase: boundaries.count))
            for bx in col0...col1 {
                let v = min(max(s.x * (Double(bx) - cx) / r.x, 0), 1)
                u.append(v)
                // Columns entirely past the centre or the edge share G(0) = 0 and G(1) = π/4.
                gu.append(v == 0 ? 0 : v == 1 ? Self.gOne : Self.g(v))
            }
            for by in row0...row1 {
                let v = min(max(s.y * (Double(by) - cy) / r.y, 0), 1)
                let root = (1 - v * v).squareRoot()
                boundaries.append(RowBoundary(v: v, s: root, g: root == 0 ? 0 : root == 1 ? Self.gOne : Self.g(root)))
            }
        }
        computeCornerRows()
    }

    /// Fills `rowLeft`, `rowRight`, `rowOffset` and `bytes` for the visible rows.
    private func computeCornerRows() {
        let v = visible, h = max(0, v.height)
        rowLeft.removeAll(keepingCapacity: true)
        rowRight.removeAll(keepingCapacity: true)
        rowOffset.removeAll(keepingCapacity: true)
        rowLeft.append(contentsOf: repeatElement(Int32(v.x), count: h))
        rowRight.append(contentsOf: repeatElement(Int32(v.maxX), count: h))
        rowOffset.append(contentsOf: repeatElement(-1, count: h))
        bytes.removeAll(keepingCapacity: true)
        guard !corners.isEmpty else { return }
        // Rows crossing any corner (the top corners' rows, then the bottom ones').
        var first = Int.max, last = Int.min
        for c in corners { first = min(first, c.row0); last = max(last, c.row1) }
        // Pass 1: each corner row's spans, and the bytes they need.
        var total = 0
        for y in first..<last {
            var l = Int.min, r = Int.max, crossed = false
            for c in corners where y >= c.row0 && y < c.row1 {
                crossed = true
                if c.sx < 0 { l = max(l, c.col1) } else { r = min(r, c.col0) }
            }
            guard crossed else { continue }
            l = min(max(l, v.x), v.maxX)
            r = max(min(r, v.maxX), v.x)
            // Corner columns meeting in the middle: the whole row is corner pixels.
            if l >= r { l = v.maxX; r = v.maxX }
            let k = y - v.y
            rowLeft[k] = Int32(l); rowRight[k] = Int32(r); rowOffset[k] = Int32(total)
            total += (l - v.x) + (v.maxX - r)
        }
        bytes.append(contentsOf: repeatElement(0, count: total))
        // Pass 2: the spans' coverage, row by row, every stored property read once.
        let corners = self.corners
        let x0 = self.x0, x1 = self.x1, y0 = self.y0, y1 = self.y1
        let widest = v.width
        let boundaries = self.boundaries
        u.withUnsafeBufferPointer { u in
            gu.withUnsafeBufferPointer { gu in
                boundaries.withUnsafeBufferPointer { rb in
                bytes.withUnsafeMutableBufferPointer { b in
                    rowLeft.withUnsafeBufferPointer { rl in
                        rowRight.withUnsafeBufferPointer { rr in
                            rowOffset.withUnsafeBufferPointer { ro in
                                withUnsafeTemporaryAllocation(of: Double.self, capacity: widest) { cov in
                                    for y in first..<last where ro[y - v.y] >= 0 {
                                        let k = y - v.y
                                        let l = Int(rl[k]), r = Int(rr[k])
                                        let out = b.baseAddress! + Int(ro[k])
                                        let oy = _Painter.overlap(y, y0, y1)
                                        let g = Geometry(x0: x0, x1: x1, oy: oy, corners: corners, u: u.baseAddress!,
                                                         gu: gu.baseAddress!, rows: rb.baseAddress!)
                                        Self.spanCoverage(y, v.x, l, g, out, cov.baseAddress!)
                                        Self.spanCoverage(y, r, v.maxX, g, out + (l - v.x), cov.baseAddress!)
                                    }
                                }
                            }
                        }
                    }
                }
                }
            }
        }
    }

    /// The corner rows of the last `prepare`, for a row loop: raw pointers, valid until the
    /// next `prepare`.
    struct Rows {
        let top: Int
        let x: Int
        let left: UnsafePointer<Int32>, right: UnsafePointer<Int32>, offset: UnsafePointer<Int32>
        let bytes: UnsafePointer<UInt8>

        /// For row `y` (visible): nil when it crosses no corner, else where its left corner
        /// pixels end, where its right ones start, and their coverage (pixels [visible.x,
        /// leftEnd) then [rightStart, visible.maxX)).
        @inline(__always)
        func corners(_ y: Int) -> (leftEnd: Int, rightStart: Int, coverage: UnsafePointer<UInt8>)? {
            let k = y - top
            let o = offset[k]
            guard o >= 0 else { return nil }
            return (Int(left[k]), Int(right[k]), bytes + Int(o))
        }
    }

    func withRows<T>(_ body: (Rows) -> T) -> T {
        // Never-empty stand-ins so that the base addresses exist.
        if bytes.isEmpty { bytes.append(0) }
        if rowLeft.isEmpty { rowLeft.append(0); rowRight.append(0); rowOffset.append(-1) }
        return rowLeft.withUnsafeBufferPointer { l in
            rowRight.withUnsafeBufferPointer { r in
                rowOffset.withUnsafeBufferPointer { o in
                    bytes.withUnsafeBufferPointer { b in
                        body(Rows(top: visible.y, x: visible.x, left: l.baseAddress!, right: r.baseAddress!,
                                  offset: o.baseAddress!, bytes: b.baseAddress!))
                    }
                }
            }
        }
    }

    /// 8-bit coverage of pixels [xa, xb) of row `y` (visible) into `out[0 ..< xb − xa]`,
    /// rounded to nearest as ``_Painter/coverage(_:_:)`` does.
    func row(_ y: Int, from xa: Int, to xb: Int, into out: UnsafeMutablePointer<UInt8>) {
        guard xb > xa else { return }
        let corners = self.corners, boundaries = self.boundaries, oy = _Painter.overlap(y, y0, y1), x0 = self.x0, x1 = self.x1
        u.withUnsafeBufferPointer { u in
            gu.withUnsafeBufferPointer { gu in
                boundaries.withUnsafeBufferPointer { rb in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: xb - xa) { cov in
                        let g = Geometry(x0: x0, x1: x1, oy: oy, corners: corners, u: u.baseAddress!, gu: gu.baseAddress!,
                                         rows: rb.baseAddress!)
                        Self.spanCoverage(y, xa, xb, g, out, cov.baseAddress!)
                    }
                }
            }
        }
    }

    /// What `spanCoverage` reads: the rectangle's columns, row y's overlap `oy`, the corners.
    private struct Geometry {
        var x0: Double, x1: Double, oy: Double
        var corners: [Corner]
        var u: UnsafePointer<Double>, gu: UnsafePointer<Double>, rows: UnsafePointer<RowBoundary>
    }

    /// `row`'s arithmetic for pixels [xa, xb) of row y; `cov` is scratch for xb − xa values.
    @inline(__always)
    private static func spanCoverage(_ y: Int, _ xa: Int, _ xb: Int, _ g: Geometry,
                                     _ out: UnsafeMutablePointer<UInt8>, _ cov: UnsafeMutablePointer<Double>) {
        let n = xb - xa
        guard n > 0 else { return }
        for i in 0..<n { cov[i] = _Painter.overlap(xa + i, g.x0, g.x1) * g.oy }
        for c in g.corners where y >= c.row0 && y < c.row1 && xa < c.col1 && xb > c.col0 {
            subtractCorner(c, y, xa, xb, cov, g.u, g.gu, g.rows)
        }
        for i in 0..<n { out[i] = _Painter.coverage(min(max(cov[i], 0), 1), 1) }
    }

    private static func subtractCorner(_ c: Corner, _ y: Int, _ xa: Int, _ xb: Int, _ cov: UnsafeMutablePointer<Double>,
                                       _ u: UnsafePointer<Double>, _ gu: UnsafePointer<Double>, _ rows: UnsafePointer<RowBoundary>) {
        // The row's two boundaries in unit-circle coordinates, ordered.
        let b0 = rows[c.rowBase + y - c.row0], b1 = rows[c.rowBase + y + 1 - c.row0]
        let (a, b) = b0.v <= b1.v ? (b0, b1) : (b1, b0)
        let va = a.v, vb = b.v, sa = a.s, sb = b.s, ga = a.g, gb = b.g
        let from = max(c.col0, xa), to = min(c.col1, xb)
        guard vb > va, to > from else { return }
        @inline(__always) func area(_ ui: Double, _ gi: Double, _ v: Double, _ s: Double, _ gs: Double) -> Double {
            ui <= s ? ui * v : v * s + gi - gs
        }
        let scale = c.rx * c.ry
        for x in from..<to {
            let k = c.base + x - c.col0
            let p = u[k], q = u[k + 1]
            let (ua, ub) = p <= q ? (p, q) : (q, p)
            guard ub > ua else { continue }
            // The pixel's part of the unit square [ua, ub] × [va, vb]: entirely inside the
            // quarter disc (nothing to subtract: ub² + vb² ≤ 1) or entirely outside it (all of
            // it: ua² + va² ≥ 1) needs no integral; only pixels the arc crosses do.
            if ub <= sb { continue }
            if ua >= sa {
                cov[x - xa] -= scale * ((ub - ua) * (vb - va))
                continue
            }
            let (ga_, gb_) = p <= q ? (gu[k], gu[k + 1]) : (gu[k + 1], gu[k])
            let inside = area(ub, gb_, vb, sb, gb) - area(ua, ga_, vb, sb, gb) - area(ub, gb_, va, sa, ga) + area(ua, ga_, va, sa, ga)
            cov[x - xa] -= scale * ((ub - ua) * (vb - va) - inside)
        }
    }
}
