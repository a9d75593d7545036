import Foundation

/// Evaluates a gradient over device pixels, one row span at a time.
///
/// Speed comes from three things: a premultiplied colour table (``_GradientSpec/lutSize``
/// entries), incremental evaluation along a row (the gradient parameter of an affine-mapped
/// layer is a linear function of x, so a row costs additions, not matrix products), and for
/// radial gradients a table indexed by the squared distance (no square root per pixel except
/// within 1/16 of the radius of the centre, where the table would be too coarse). Colours are
/// sampled at pixel centres; the table quantises t to 1/1023 (≤ ½ step of error).
/// Projective layer matrices take a per-pixel path (one division per pixel).
final class _GradientRaster {
    let kind: _GradientSpec.Kind
    private let lut: UnsafeMutablePointer<UInt32>
    /// Device pixel → layer point.
    private let inv: _Matrix3
    private let affine: Bool
    /// Device pixel → gradient coordinates: t (axial), (u, v) (radial), (c, s) (conic):
    /// p = (x·m.x + y·m.y + m.z) for each row of `coef`.
    private var c0 = SIMD3<Double>(0, 0, 0), c1 = SIMD3<Double>(0, 0, 0)
    /// True when every entry of the colour table is opaque.
    let isOpaque: Bool
    /// Everything sits at t = 1 (degenerate geometry).
    private let degenerate: Bool

    static let last = Double(_GradientSpec.lutSize - 1)
    /// Radial gradients look the table index up by the squared distance q (16.48 fixed
    /// point): a coarse table for q in [1/256, 1) (index q >> ``coarseShift``, 2¹⁴ cells) and a
    /// fine one for q < 1/256 (index q >> 24, 2¹⁶ cells), so no square root is taken per pixel.
    /// Both hold round(√q · 1023) at the middle of their cell: within ¼ table step everywhere
    /// (a coarse cell is 2⁻¹⁴ wide in q: at most 1/2048 wide in t where t ≥ 1/16, so its middle is
    /// within 1/4096 of any t in it). The coarse table
    /// is kept small (64 KB as colours) so it stays cached on a busy machine.
    // Written once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) static let qTables: (coarse: UnsafeMutablePointer<UInt16>, fine: UnsafeMutablePointer<UInt16>) = {
        let nc = coarseCount, nf = 65536
        let coarse = UnsafeMutablePointer<UInt16>.allocate(capacity: nc)
        let fine = UnsafeMutablePointer<UInt16>.allocate(capacity: nf)
        for k in 0..<nc { coarse[k] = UInt16(min(((Double(k) + 0.5) / Double(nc)).squareRoot() * last + 0.5, last)) }
        for k in 0..<nf { fine[k] = UInt16(min(((Double(k) + 0.5) / Double(nf) / 256).squareRoot() * last + 0.5, last)) }
        return (coarse, fine)
    }()
    static let coarseCount = 1 << 14, coarseShift: Int64 = 34
    static let qOne = Double(1 << 48)

    /// `matrix` maps layer space to the pixels `renderRow` is called with; nil when it is not
    /// invertible.
    init?(_ spec: _GradientSpec, matrix: _Matrix3, alpha: Double) {
        guard let inv = matrix.inverted() else { return nil }
        kind = spec.kind
        self.inv = inv
        affine = inv.isAffine
        let n = _GradientSpec.lutSize
        lut = .allocate(capacity: n)
        var opaque = true
        for (i, v) in spec.lut(alpha: alpha).enumerated() { lut[i] = v; opaque = opaque && v >> 24 == 255 }
        isOpaque = opaque
        let s = spec.start, e = spec.end
        let dx = Double(e.x - s.x), dy = Double(e.y - s.y)
        // Coefficient rows: value = a·lx + b·ly + k in layer space, composed with `inv` below.
        var rowA: (Double, Double, Double), rowB = (0.0, 0.0, 0.0)
        switch spec.kind {
        case .axial:
            let l2 = dx * dx + dy * dy
            degenerate = !(l2 > 0) || !l2.isFinite
            let k = degenerate ? 0 : 1 / l2
            rowA = (dx * k, dy * k, -(Double(s.x) * dx + Double(s.y) * dy) * k)
        case .radial:
            let rx = abs(dx), ry = abs(dy)
            degenerate = !(rx > 0 && ry > 0)
            let kx = degenerate ? 0 : 1 / rx, ky = degenerate ? 0 : 1 / ry
            rowA = (kx, 0, -Double(s.x) * kx)
            rowB = (0, ky, -Double(s.y) * ky)
        case .conic:
            let len = (dx * dx + dy * dy).squareRoot()
            let ux = len > 0 ? dx / len : 1, uy = len > 0 ? dy / len : 0
            degenerate = false
            rowA = (ux, uy, -(Double(s.x) * ux + Double(s.y) * uy))
            rowB = (-uy, ux, -(Double(s.y) * ux - Double(s.x) * uy))
        }
        if affine {
            func compose(_ r: (Double, Double, Double)) -> SIMD3<Double> {
                SIMD3(r.0 * inv.m11 + r.1 * inv.m12, r.0 * inv.m21 + r.1 * inv.m22, r.0 * inv.m31 + r.1 * inv.m32 + r.2)
            }
            c0 = compose(rowA); c1 = compose(rowB)
        } else {
            c0 = SIMD3(rowA.0, rowA.1, rowA.2); c1 = SIMD3(rowB.0, rowB.1, rowB.2)
        }
    }

    deinit {
        lut.deallocate()
        if ownsCoarseColours { coarseColours.deallocate() }
    }

    /// Fills a `width`×`height` block whose top-left pixel is (x, y); `dst` is that pixel and
    /// `stride` the distance between rows, in pixels.
    ///
    /// Axial gradients that change by at most ½ table step per pixel along x render one long
    /// row (a "strip") and copy a window of it per row, shifted by the row's offset rounded
    /// to a whole pixel: at most ¼ table step from the exact value, at memcpy speed.
    func renderBlock(_ dst: UnsafeMutablePointer<UInt32>, stride: Int, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        if kind == .axial, affine, !degenerate, height > 1 {
            let fx = c0.x * Self.last, fy = c0.y * Self.last
            let shift = fy / fx   // pixels row y + 1 is shifted against row y
            let span = abs(shift) * Double(height - 1)
            if abs(fx) <= 0.5, fx != 0, span.isFinite, span < Double(4 * width + 4096) {
                let lead = Int(span.rounded(.up)) + 1
                let len = width + lead
                let strip = UnsafeMutablePointer<UInt32>.allocate(capacity: len)
                defer { strip.deallocate() }
                // strip[k] holds row y's pixel (k − origin); row y + j starts at origin + j·shift.
                let origin = shift < 0 ? lead - 1 : 0
                let px = Double(x - origin) + 0.5, py = Double(y) + 0.5
                axialRow(strip, f0: (c0.x * px + c0.y * py + c0.z) * Self.last + 0.5, df: fx, count: len)
                for j in 0..<height {
                    let k = min(max(origin + Int((Double(j) * shift).rounded()), 0), len - width)
                    (dst + j * stride).update(from: strip + k, count: width)
                }
                return
            }
        }
        if kind == .radial, affine, !degenerate, c0.y == 0, c1.x == 0, width * height >= 4096 {
            radialAxisBlock(dst, stride: stride, x: x, y: y, width: width, height: height)
            return
        }
        for j in 0..<height { renderRow(dst + j * stride, x: x, y: y + j, count: width) }
    }

    /// Coarse q cells straight to colours (one table load per pixel instead of two): built on
    /// the first radial block and shared by every block this raster draws (a paint split by
    /// damage into several rectangles builds it once).
    private lazy var coarseColours: UnsafeMutablePointer<UInt32> = {
        let n = Self.coarseCount
        let colour = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        let coarse = Self.qTables.coarse
        for k in 0..<n { colour[k] = lut[Int(coarse[k])] }
        ownsCoarseColours = true
        return colour
    }()
    private var ownsCoarseColours = false

    /// An axis-aligned ellipse: u depends on x only and v on y only, so q = u² + v² is a column
    /// term plus a row term (one addition per pixel), and a row mirrored about the centre
    /// (when the centre lies on a pixel edge or centre) is a copy of one drawn (made right after
    /// drawing it).
    private func radialAxisBlock(_ dst: UnsafeMutablePointer<UInt32>, stride: Int, x: Int, y: Int, width: Int, height: Int) {
        let one = Self.qOne
        let oneQ = Int64(1) << 48
        let colQ = UnsafeMutablePointer<Int64>.allocate(capacity: width)
        defer { colQ.deallocate() }
        for i in 0..<width {
            let u = c0.x * (Double(x + i) + 0.5) + c0.z
            let uu = u * u
            colQ[i] = uu < 1 ? Int64(uu * one) : oneQ
        }
        let colour = coarseColours
        let fine = Self.qTables.fine, lut = self.lut
        let outside = lut[_GradientSpec.lutSize - 1]
        // Row j mirrors row k − j about the centre when k is a whole number.
        let centre = -c1.z / c1.y   // device y where v = 0
        let k2 = 2 * (centre - Double(y)) - 1
        let mirror: Int? = k2.isFinite && abs(k2 - k2.rounded()) < 1e-9 && abs(k2) < 1e9 ? Int(k2.rounded()) : nil
        // Likewise column i mirrors column h − i: columns past the centre are copies.
        let centreX = -c0.z / c0.x
        let h2 = 2 * (centreX - Double(x)) - 1
        let hMirror: Int? = h2.isFinite && abs(h2 - h2.rounded()) < 1e-9 && abs(h2) < 1e9 ? Int(h2.rounded()) : nil
        let lowEnd = hMirror.map { min(max($0 / 2 + 1, 0), width) } ?? width
        let copyEnd = hMirror.map { min(max($0 + 1, lowEnd), width) } ?? width
        for j in 0..<height {
            // Already written as the mirror image of row m − j.
            if let m = mirror, m - j >= 0, m - j < j { continue }
            let row = dst + j * stride
            let v = c1.y * (Double(y + j) + 0.5) + c1.z
            let vv = v * v
            if vv < 1 {
                let qy = Int64(vv * one)
                Self.radialSpan(row, colQ: colQ, qy: qy, from: 0, to: lowEnd, colour: colour, fine: fine, lut: lut, outside: outside)
                if let h = hMirror, copyEnd > lowEnd { Self.reversedCopy(to: row + lowEnd, from: row + (h - copyEnd + 1), count: copyEnd - lowEnd) }
                Self.radialSpan(row, colQ: colQ, qy: qy, from: copyEnd, to: width, colour: colour, fine: fine, lut: lut, outside: outside)
            } else {
                row.update(repeating: outside, count: width)
            }
            // Its mirror image is written now, while the row is still in the cache (copying it
            // hundreds of rows later would read it back from memory).
            if let m = mirror, m - j > j, m - j < height { (dst + (m - j) * stride).update(from: row, count: width) }
        }
    }

    /// Pixels `from..<to` of one row of an axis-aligned radial gradient: q = colQ[i] + qy.
    /// Kept out of line with few live values so the loop runs from registers.
    @inline(never)
    private static func radialSpan(_ row: UnsafeMutablePointer<UInt32>, colQ: UnsafePointer<Int64>, qy: Int64,
                                   from: Int, to: Int, colour: UnsafePointer<UInt32>, fine: UnsafePointer<UInt16>,
                                   lut: UnsafePointer<UInt32>, outside: UInt32) {
        let oneQ = Int64(1) << 48, fineLimit = Int64(1) << 40
        var i = from
        if qy >= fineLimit {
            // Rows beyond 1/16 of the radius from the centre never need the fine table, and the
            // last coarse cell holds the outside colour, so clamping q replaces both branches.
            let top = oneQ - 1
            while i < to {
                row[i] = colour[Int(truncatingIfNeeded: min(colQ[i] &+ qy, top) &>> coarseShift)]
                i &+= 1
            }
            return
        }
        while i < to {
            let q = colQ[i] &+ qy
            if q >= oneQ {
                row[i] = outside
            } else if q >= fineLimit {
                row[i] = colour[Int(truncatingIfNeeded: q &>> coarseShift)]
            } else {
                row[i] = lut[Int(fine[Int(truncatingIfNeeded: q >> 24)])]
            }
            i &+= 1
        }
    }

    /// dst[k] = src[count − 1 − k] for k in 0..<count (a mirrored run), four pixels at a time.
    @inline(never)
    static func reversedCopy(to dst: UnsafeMutablePointer<UInt32>, from src: UnsafePointer<UInt32>, count: Int) {
        var k = 0
        let raw = UnsafeRawPointer(src), out = UnsafeMutableRawPointer(dst)
        while k &+ 4 <= count {
            let v = raw.loadUnaligned(fromByteOffset: (count &- k &- 4) &* 4, as: SIMD4<UInt32>.self)
            out.storeBytes(of: SIMD4(v[3], v[2], v[1], v[0]), toByteOffset: k &* 4, as: SIMD4<UInt32>.self)
            k &+= 4
        }
        while k < count { dst[k] = src[count &- 1 &- k]; k &+= 1 }
    }

    /// Writes the premultiplied colours of `count` pixels of row `y`, starting at column `x`.
    func renderRow(_ dst: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int) {
        guard count > 0 else { return }
        if degenerate {
            dst.update(repeating: lut[_GradientSpec.lutSize - 1], count: count)
            return
        }
        guard affine else { projectiveRow(dst, x: x, y: y, count: count); return }
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        switch kind {
        case .axial:
            axialRow(dst, f0: (c0.x * px + c0.y * py + c0.z) * Self.last + 0.5, df: c0.x * Self.last, count: count)
        case .radial:
            radialRow(dst, u0: c0.x * px + c0.y * py + c0.z, du: c0.x, v0: c1.x * px + c1.y * py + c1.z, dv: c1.x,
                      count: count)
        case .conic:
            conicRow(dst, c0: c0.x * px + c0.y * py + c0.z, dc: c0.x, s0: c1.x * px + c1.y * py + c1.z, ds: c1.x,
                     count: count)
        }
    }

    /// Table index f = t·1023 + ½ along a row: padded ends are plain fills, the middle runs in
    /// 16.16 fixed point (it only spans indices 0…1023, so it cannot overflow).
    private func axialRow(_ dst: UnsafeMutablePointer<UInt32>, f0: Double, df: Double, count: Int) {
        let lastIndex = _GradientSpec.lutSize - 1
        guard f0.isFinite, df.isFinite else { dst.update(repeating: lut[0], count: count); return }
        // [lo, hi): pixels whose index lies strictly inside 0…1023.
        var lo = 0, hi = count
        if df == 0 {
            if f0 < 0 || f0 >= Double(lastIndex) { lo = count; hi = count }
        } else {
            let a = (0 - f0) / df, b = (Double(lastIndex) - f0) / df
            let enter = min(a, b), leave = max(a, b)
            lo = Int(min(max(enter.rounded(.up), 0), Double(count)))
            hi = Int(min(max(leave.rounded(.up), Double(lo)), Double(count)))
        }
        if lo > 0 { dst.update(repeating: f0 < 0 ? lut[0] : lut[lastIndex], count: lo) }
        if hi > lo {
            let lut = self.lut
            var fx = Int64(((f0 + df * Double(lo)) * 65536).rounded())
            let dfx = Int64((df * 65536).rounded())
            for i in lo..<hi {
                let idx = Int(truncatingIfNeeded: fx >> 16)
                dst[i] = lut[min(max(idx, 0), lastIndex)]
                fx &+= dfx
            }
        }
        if hi < count {
            let f = f0 + df * Double(count - 1)
            dst.advanced(by: hi).update(repeating: f < 0 ? lut[0] : lut[lastIndex], count: count - hi)
        }
    }

    /// q = u² + v² is quadratic along the row: inside the ellipse (solved for once per row)
    /// it advances by integer second differences in 16.48 fixed point (exact to ~1e-9 over
    /// thousands of pixels); outside it is the last colour.
    private func radialRow(_ dst: UnsafeMutablePointer<UInt32>, u0: Double, du: Double, v0: Double, dv: Double,
                           count: Int) {
        let lut = self.lut, lastIndex = _GradientSpec.lutSize - 1
        let outside = lut[lastIndex]
        // q(k) = a·k² + b·k + c < 1 for k in (k1, k2).
        let a = du * du + dv * dv, b = 2 * (u0 * du + v0 * dv), c = u0 * u0 + v0 * v0
        var lo = count, hi = count
        if a > 0 {
            let disc = b * b - 4 * a * (c - 1)
            if disc > 0 {
                let r = disc.squareRoot()
                let k1 = (-b - r) / (2 * a), k2 = (-b + r) / (2 * a)
                if k1.isFinite, k2.isFinite {
                    lo = Int(min(max(k1.rounded(.up), 0), Double(count)))
                    hi = Int(min(max(k2.rounded(.up), Double(lo)), Double(count)))
                }
            }
        } else if c < 1 {
            lo = 0
        }
        if lo >= hi { dst.update(repeating: outside, count: count); return }
        if lo > 0 { dst.update(repeating: outside, count: lo) }
        if hi < count { (dst + hi).update(repeating: outside, count: count - hi) }
        let one = Self.qOne
        let k0 = Double(lo)
        // q, first and second differences at k0, in units of 2⁻⁴⁸.
        var q = Int64((min(a * k0 * k0 + b * k0 + c, 1) * one).rounded())
        var d1 = Int64(((2 * k0 + 1) * a + b) * one)
        let d2 = Int64((2 * a * one).rounded())
        let coarse = Self.qTables.coarse, fine = Self.qTables.fine
        let fineLimit = Int64(1) << 40
        for i in lo..<hi {
            let qc = min(max(q, 0), (Int64(1) << 48) - 1)
            let idx = qc < fineLimit ? fine[Int(truncatingIfNeeded: qc >> 24)] : coarse[Int(truncatingIfNeeded: qc &>> Self.coarseShift)]
            dst[i] = lut[Int(idx)]
            q &+= d1
            d1 &+= d2
        }
    }

    private func conicRow(_ dst: UnsafeMutablePointer<UInt32>, c0: Double, dc: Double, s0: Double, ds: Double,
                          count: Int) {
        let lut = self.lut, lastIndex = _GradientSpec.lutSize - 1
        var c = c0, s = s0
        for i in 0..<count {
            dst[i] = lut[min(Int(Self.turns(s, c) * Self.last + 0.5), lastIndex)]
            c += dc; s += ds
        }
    }

    /// atan2(y, x) / 2π in [0, 1) (0 for the origin), within 2e-6 turns: an odd polynomial on
    /// [0, 1] with octant folding, cheaper than `atan2`.
    @inline(__always)
    static func turns(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let mx = max(ax, ay), mn = min(ax, ay)
        guard mx > 0, mx.isFinite else { return 0 }
        let z = mn / mx, z2 = z * z
        var a = z * (0.99997726 + z2 * (-0.33262347 + z2 * (0.19354346 + z2 * (-0.11643287 + z2 * (0.05265332
            + z2 * -0.01172120)))))
        if ay > ax { a = .pi / 2 - a }
        if x < 0 { a = .pi - a }
        if y < 0 { a = 2 * .pi - a }
        let t = a * (1 / (2 * .pi))
        return t >= 1 ? 0 : t
    }

    /// Per-pixel path for projective maps: layer point by homogeneous division, then t.
    private func projectiveRow(_ dst: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int) {
        let lastIndex = _GradientSpec.lutSize - 1
        let py = Double(y) + 0.5
        for i in 0..<count {
            let p = inv.apply(Double(x + i) + 0.5, py)
            guard p.z != 0 else { dst[i] = 0; continue }
            let lx = p.x / p.z, ly = p.y / p.z
            let a = c0.x * lx + c0.y * ly + c0.z, b = c1.x * lx + c1.y * ly + c1.z
            let t: Double
            switch kind {
            case .axial: t = a
            case .radial: t = (a * a + b * b).squareRoot()
            case .conic: t = Self.turns(b, a)
            }
            dst[i] = t.isNaN ? lut[0] : lut[min(Int(min(max(t, 0), 1) * Self.last + 0.5), lastIndex)]
        }
    }
}
