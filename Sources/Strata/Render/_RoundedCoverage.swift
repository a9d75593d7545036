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
    /// A visible row's corner pixels: [leftStart, leftEnd) and [rightStart, rightEnd) need the
    /// exact coverage (stored from `offset` in `bytes`, left then right); pixels before
    /// leftStart and from rightEnd on are outside the shape; the others are covered as by the
    /// plain rectangle. offset −1: the row crosses no corner.
    struct CornerRow {
        var leftStart: Int32, leftEnd: Int32, rightStart: Int32, rightEnd: Int32, offset: Int32
    }

    /// Per visible row (index y − visible.y).
    private var cornerRows: [CornerRow] = []
    /// Corner rows' coverage.
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
        // Built in locals and stored once: appending to stored arrays pays an exclusivity check
        // and a uniqueness check per element (a few hundred per rounded layer).
        var corners = self.corners, u = self.u, gu = self.gu, boundaries = self.boundaries
        self.corners = []; self.u = []; self.gu = []; self.boundaries = []
        defer { self.corners = corners; self.u = u; self.gu = gu; self.boundaries = boundaries }
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
        computeCornerRows(corners, u, gu, boundaries)
    }

    /// Fills `cornerRows` and `bytes` for the visible rows (the corners and their boundaries
    /// passed in, as `prepare` holds them in locals).
    private func computeCornerRows(_ corners: [Corner], _ u: [Double], _ gu: [Double], _ boundaries: [RowBoundary]) {
        let v = visible, h = max(0, v.height)
        var cornerRows = self.cornerRows, bytes = self.bytes
        self.cornerRows = []; self.bytes = []
        defer { self.cornerRows = cornerRows; self.bytes = bytes }
        cornerRows.removeAll(keepingCapacity: true)
        cornerRows.append(contentsOf: repeatElement(CornerRow(leftStart: 0, leftEnd: 0, rightStart: 0, rightEnd: 0, offset: -1),
                                                    count: h))
        bytes.removeAll(keepingCapacity: true)
        guard !corners.isEmpty else { return }
        // Rows crossing any corner (the top corners' rows, then the bottom ones').
        var first = Int.max, last = Int.min
        for c in corners { first = min(first, c.row0); last = max(last, c.row1) }
        // Pass 1: each corner row's spans, and the bytes they need.
        var total = 0
        u.withUnsafeBufferPointer { u in
            boundaries.withUnsafeBufferPointer { rb in
                for y in first..<last {
                    var l = Int.min, r = Int.max, lefts = 0, rights = 0
                    var left: Corner?, right: Corner?
                    for c in corners where y >= c.row0 && y < c.row1 {
                        if c.sx < 0 { l = max(l, c.col1); lefts += 1; left = c } else { r = min(r, c.col0); rights += 1; right = c }
                    }
                    guard lefts + rights > 0 else { continue }
                    l = min(max(l, v.x), v.maxX)
                    r = max(min(r, v.maxX), v.x)
                    var row = CornerRow(leftStart: Int32(v.x), leftEnd: Int32(l), rightStart: Int32(r), rightEnd: Int32(v.maxX),
                                        offset: Int32(total))
                    if l >= r {
                        // Corner columns meeting in the middle: the whole row is corner pixels.
                        row.leftEnd = Int32(v.maxX); row.rightStart = Int32(v.maxX)
                    } else {
                        // One corner on a side: only the pixels its arc crosses need the
                        // integral (those before are outside it, those after inside).
                        if lefts == 1, let c = left {
                            let (a, b) = Self.crossed(c, y, u.baseAddress!, rb.baseAddress!)
                            let s = min(max(a, v.x), l)
                            row.leftStart = Int32(s); row.leftEnd = Int32(min(max(b, s), l))
                        }
                        if rights == 1, let c = right {
                            let (a, b) = Self.crossed(c, y, u.baseAddress!, rb.baseAddress!)
                            let s = min(max(a, r), v.maxX)
                            row.rightStart = Int32(s); row.rightEnd = Int32(min(max(b, s), v.maxX))
                        }
                    }
                    cornerRows[y - v.y] = row
                    total += Int(row.leftEnd - row.leftStart) + Int(row.rightEnd - row.rightStart)
                }
            }
        }
        bytes.append(contentsOf: repeatElement(0, count: total))
        // Pass 2: the spans' coverage, row by row, every stored property read once.
        let x0 = self.x0, x1 = self.x1, y0 = self.y0, y1 = self.y1
        let widest = v.width
        u.withUnsafeBufferPointer { u in
            gu.withUnsafeBufferPointer { gu in
                boundaries.withUnsafeBufferPointer { rb in
                    bytes.withUnsafeMutableBufferPointer { b in
                        cornerRows.withUnsafeBufferPointer { rows in
                            withUnsafeTemporaryAllocation(of: Double.self, capacity: widest) { cov in
                                var g = Geometry(x0: x0, x1: x1, oy: 0, corners: corners,
                                                 u: u.baseAddress!, gu: gu.baseAddress!, rows: rb.baseAddress!)
                                for y in first..<last where rows[y - v.y].offset >= 0 {
                                    let row = rows[y - v.y]
                                    let out = b.baseAddress! + Int(row.offset)
                                    g.oy = _Painter.overlap(y, y0, y1)
                                    let ls = Int(row.leftStart), le = Int(row.leftEnd)
                                    Self.spanCoverage(y, ls, le, g, out, cov.baseAddress!)
                                    Self.spanCoverage(y, Int(row.rightStart), Int(row.rightEnd), g, out + (le - ls), cov.baseAddress!)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The columns [a, b) of corner `c`'s box whose pixels in row y its arc crosses: those
    /// before a lie entirely on one side of the arc, those from b on entirely on the other
    /// (outside then inside for a left corner, inside then outside for a right one).
    private static func crossed(_ c: Corner, _ y: Int, _ u: UnsafePointer<Double>,
                                _ rows: UnsafePointer<RowBoundary>) -> (Int, Int) {
        let b0 = rows[c.rowBase + y - c.row0], b1 = rows[c.rowBase + y + 1 - c.row0]
        let (lo, hi) = b0.v <= b1.v ? (b0, b1) : (b1, b0)
        // A row of zero height in unit coordinates subtracts nothing: all "inside".
        guard hi.v > lo.v else { return c.sx < 0 ? (c.col0, c.col0) : (c.col1, c.col1) }
        /// 0: entirely outside the quarter disc, 2: entirely inside (or nothing to
        /// subtract), 1: crossed (as `subtractCorner` decides).
        func kind(_ x: Int) -> Int {
            let k = c.base + x - c.col0
            let p = u[k], q = u[k + 1]
            let ua = min(p, q), ub = max(p, q)
            if ub <= ua || ub <= hi.s { return 2 }
            return ua >= lo.s ? 0 : 1
        }
        var a = c.col0, b = c.col1
        if c.sx < 0 {
            // Left corner: outside, crossed, inside as x grows.
            while a < b, kind(a) == 0 { a += 1 }
            while b > a, kind(b - 1) == 2 { b -= 1 }
        } else {
            while a < b, kind(a) == 2 { a += 1 }
            while b > a, kind(b - 1) == 0 { b -= 1 }
        }
        return (a, b)
    }

    /// The corner rows of the last `prepare`, for a row loop: raw pointers, valid until the
    /// next `prepare`.
    struct Rows {
        let top: Int
        let rows: UnsafePointer<CornerRow>
        let bytes: UnsafePointer<UInt8>

        /// Row `y`'s corner pixels (visible rows only): nil when it crosses no corner, else
        /// the row's spans and their coverage (left span, then right span).
        @inline(__always)
        func corners(_ y: Int) -> (row: CornerRow, coverage: UnsafePointer<UInt8>)? {
            let row = rows[y - top]
            guard row.offset >= 0 else { return nil }
            return (row, bytes + Int(row.offset))
        }
    }

    func withRows<T>(_ body: (Rows) -> T) -> T {
        // Never-empty stand-ins so that the base addresses exist.
        if bytes.isEmpty { bytes.append(0) }
        if cornerRows.isEmpty { cornerRows.append(CornerRow(leftStart: 0, leftEnd: 0, rightStart: 0, rightEnd: 0, offset: -1)) }
        return cornerRows.withUnsafeBufferPointer { r in
            bytes.withUnsafeBufferPointer { b in
                body(Rows(top: visible.y, rows: r.baseAddress!, bytes: b.baseAddress!))
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
