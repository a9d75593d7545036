import CPixman
import Foundation

/// A rectangle with a radius per corner (top-left, top-right, bottom-right, bottom-left in a
/// y-down layer space), the shape of every layer background, border and bounds clip.
struct _RoundedRect: Hashable {
    var rect: CGRect
    var radii: SIMD4<Double>

    /// `bounds` with `cornerRadius` on the corners `maskedCorners` selects (CACornerMask bits:
    /// minXminY 1, maxXminY 2, minXmaxY 4, maxXmaxY 8), the radius clamped to half the shorter
    /// side as Core Animation does; a NaN or negative radius counts as 0.
    init(bounds: CGRect, cornerRadius: CGFloat, maskedCorners: UInt) {
        rect = bounds
        let limit = max(0, min(bounds.width, bounds.height) / 2)
        let r = cornerRadius.isNaN ? 0 : min(max(cornerRadius, 0), limit)
        radii = SIMD4(maskedCorners & 1 != 0 ? r : 0, maskedCorners & 2 != 0 ? r : 0,
                      maskedCorners & 8 != 0 ? r : 0, maskedCorners & 4 != 0 ? r : 0)
    }

    init(rect: CGRect, radii: SIMD4<Double>) { self.rect = rect; self.radii = radii }

    var isRect: Bool { radii == .zero }

    /// The inner edge of a border `width` wide: inset rectangle, radii reduced by the width.
    func inset(by width: Double) -> _RoundedRect {
        let w = min(width, rect.width / 2, rect.height / 2)
        return _RoundedRect(rect: rect.insetBy(dx: w, dy: w), radii: (radii - SIMD4(repeating: w)).replacing(with: 0, where: radii .< w))
    }
}

/// Turns rounded rectangles mapped by a `_Matrix3` into pixman triangles in target pixels,
/// clipped to a rectangle (so no coordinate leaves pixman's fixed-point range and no mask grows
/// beyond the visible area). Buffers are reused between calls.
final class _Tessellator {
    private(set) var triangles: [pixman_triangle_t] = []
    private var outer: [SIMD3<Double>] = []
    private var inner: [SIMD3<Double>] = []
    private var polyA: [SIMD2<Double>] = []
    private var polyB: [SIMD2<Double>] = []
    private var homA: [SIMD3<Double>] = []
    private var homB: [SIMD3<Double>] = []
    private var clipLo = SIMD2<Double>(0, 0), clipHi = SIMD2<Double>(0, 0)
    /// Bounds of everything emitted since `reset`, in target pixels (lo > hi when nothing).
    private(set) var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)

    /// Starts a new shape clipped to `clip` (target pixels) grown by one pixel.
    func reset(clip: PixelRect) {
        triangles.removeAll(keepingCapacity: true)
        clipLo = SIMD2(Double(clip.x - 1), Double(clip.y - 1))
        clipHi = SIMD2(Double(clip.maxX + 1), Double(clip.maxY + 1))
        lo = SIMD2(repeating: .infinity); hi = SIMD2(repeating: -.infinity)
    }

    /// The integer rectangle of pixels the emitted triangles touch, within the clip.
    var touchedPixels: PixelRect? {
        guard lo.x < hi.x, lo.y < hi.y else { return nil }
        let x0 = Int(max(lo.x, clipLo.x + 1).rounded(.down)), y0 = Int(max(lo.y, clipLo.y + 1).rounded(.down))
        let x1 = Int(min(hi.x, clipHi.x - 1).rounded(.up)), y1 = Int(min(hi.y, clipHi.y - 1).rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Segments per quarter arc so the chord error stays below 1/20 pixel.
    static func segments(radius: Double, scale: Double) -> Int {
        let rd = radius * scale
        guard rd.isFinite, rd > 0.5 else { return 1 }
        let step = 2 * acos(max(-1, 1 - 0.05 / rd))
        // Past ~1e15 device pixels `1 − 0.05 / rd` rounds to 1 and the step to 0: the most.
        let k = Double.pi / 2 / step
        return k < 64 ? max(1, Int(k.rounded(.up))) : 64
    }

    /// The outline of `rr` mapped by `m`, clockwise (y down), `n` segments per rounded corner;
    /// corners with radius 0 in `shape` but not in `pattern` repeat their point so that two
    /// outlines built with the same pattern correspond point for point.
    private func outline(_ rr: _RoundedRect, pattern: SIMD4<Double>, n: Int, _ m: _Matrix3, into pts: inout [SIMD3<Double>]) {
        pts.removeAll(keepingCapacity: true)
        let r = rr.rect
        let cx = [r.minX + rr.radii[0], r.maxX - rr.radii[1], r.maxX - rr.radii[2], r.minX + rr.radii[3]]
        let cy = [r.minY + rr.radii[0], r.minY + rr.radii[1], r.maxY - rr.radii[2], r.maxY - rr.radii[3]]
        for c in 0..<4 {
            let start = Double.pi * (1 + Double(c) / 2) // TL: 180°, TR: 270°, BR: 0°, BL: 90°
            if pattern[c] <= 0 {
                pts.append(m.apply(cx[c], cy[c]))
                continue
            }
            let rad = rr.radii[c]
            for k in 0...n {
                let a = start + Double.pi / 2 * Double(k) / Double(n)
                pts.append(m.apply(cx[c] + rad * cos(a), cy[c] + rad * sin(a)))
            }
        }
    }

    /// Adds the interior of `rr` mapped by `m`, then moved by `shift` pixels (see `placed`).
    func fill(_ rr: _RoundedRect, _ m: _Matrix3, shift: SIMD2<Double> = .zero) {
        let m = placed(m, shift)
        let n = Self.segments(radius: rr.radii.max(), scale: m.maxScale)
        outline(rr, pattern: rr.radii, n: n, m, into: &outer)
        guard outer.count >= 3 else { return }
        for i in 1..<(outer.count - 1) { emit(outer[0], outer[i], outer[i + 1]) }
    }

    /// Adds the band between `rr` and `rr.inset(by: width)` (a border), mapped by `m`, then
    /// moved by `shift` pixels.
    func ring(_ rr: _RoundedRect, width: Double, _ m: _Matrix3, shift: SIMD2<Double> = .zero) {
        let inset = rr.inset(by: width)
        if inset.rect.width <= 0 || inset.rect.height <= 0 { fill(rr, m, shift: shift); return }
        let m = placed(m, shift)
        let n = Self.segments(radius: rr.radii.max(), scale: m.maxScale)
        outline(rr, pattern: rr.radii, n: n, m, into: &outer)
        outline(inset, pattern: rr.radii, n: n, m, into: &inner)
        let count = outer.count
        for i in 0..<count {
            let j = (i + 1) % count
            emit(outer[i], outer[j], inner[j])
            emit(outer[i], inner[j], inner[i])
        }
    }

    /// `m` followed by the move `shift` (a target's pixels are the device's moved by its
    /// origin). An affine `m` takes it into its translation; a projective one keeps it apart,
    /// added after the perspective divide (`emit`): folded into a projective matrix the move
    /// scales with W, and under an extreme perspective (|m34| ~ 1e127, W's terms cancelling to
    /// 1) it absorbs the matrix's x and y terms, so the same layer drew differently into
    /// offscreens placed differently — a damage-only repaint differed from a full one.
    private func placed(_ m: _Matrix3, _ shift: SIMD2<Double>) -> _Matrix3 {
        if m.isAffine {
            self.shift = .zero
            return shift == .zero ? m : m.translated(shift.x, shift.y)
        }
        self.shift = shift
        return m
    }

    // MARK: Clipping and emission

    private static let minW = 1e-6
    /// Added to every projected point (`placed`).
    private var shift = SIMD2<Double>(0, 0)

    /// One triangle in homogeneous target coordinates: cut at W = ε (geometry behind the eye is
    /// dropped), projected, clipped to the rectangle, appended as pixman triangles.
    private func emit(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>) {
        if a.z == 1, b.z == 1, c.z == 1 {
            emit2D(SIMD2(a.x, a.y) + shift, SIMD2(b.x, b.y) + shift, SIMD2(c.x, c.y) + shift); return
        }
        if a.z >= Self.minW, b.z >= Self.minW, c.z >= Self.minW {
            emit2D(SIMD2(a.x, a.y) / a.z + shift, SIMD2(b.x, b.y) / b.z + shift, SIMD2(c.x, c.y) / c.z + shift); return
        }
        homA.removeAll(keepingCapacity: true)
        let tri = [a, b, c]
        for i in 0..<3 {
            let p = tri[i], q = tri[(i + 1) % 3]
            let pin = p.z >= Self.minW, qin = q.z >= Self.minW
            if pin { homA.append(p) }
            if pin != qin {
                // The ends scaled to |W| = 1: the same points after the divide and the same line
                // between them (the cut at W = ε moves along it, out where the divide puts it far
                // beyond the surface either way). With |W| ~ 1e129 (|m34| ~ 1e127) X and Y are
                // huge too, and interpolating them left errors of ~1e115 that the divide by ε made
                // into slivers across the target, different under each clip (a damage-only
                // repaint differed from a full one).
                let pn = Self.unitW(p), qn = Self.unitW(q)
                let t = (Self.minW - pn.z) / (qn.z - pn.z)
                // The crossing lies on W = ε by construction: set, not interpolated (rounding
                // could leave it at 0 or below).
                var r = pn + (qn - pn) * t
                r.z = Self.minW
                homA.append(r)
            }
        }
        guard homA.count >= 3 else { return }
        let p0 = SIMD2(homA[0].x, homA[0].y) / homA[0].z + shift
        for i in 1..<(homA.count - 1) {
            emit2D(p0, SIMD2(homA[i].x, homA[i].y) / homA[i].z + shift, SIMD2(homA[i + 1].x, homA[i + 1].y) / homA[i + 1].z + shift)
        }
    }

    /// `p` divided by |W| (W = 0 and non-finite W: unchanged).
    private static func unitW(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let w = p.z.magnitude
        return w > 0 && w.isFinite ? p / w : p
    }

    /// Drops a triangle with a non-finite vertex (checked per vertex: the pointwise min and max
    /// pass a NaN over).
    private func emit2D(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) {
        guard Self.isFinite(a), Self.isFinite(b), Self.isFinite(c) else { return }
        let tlo = pointwiseMin(a, pointwiseMin(b, c)), thi = pointwiseMax(a, pointwiseMax(b, c))
        if thi.x <= clipLo.x || thi.y <= clipLo.y || tlo.x >= clipHi.x || tlo.y >= clipHi.y { return }
        // Zero-area triangles contribute nothing; skip them early.
        let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        if area == 0 { return }
        if tlo.x >= clipLo.x, tlo.y >= clipLo.y, thi.x <= clipHi.x, thi.y <= clipHi.y {
            append(a, b, c); return
        }
        polyA.removeAll(keepingCapacity: true)
        polyA.append(a); polyA.append(b); polyA.append(c)
        clipAxis(0, clipLo.x, keepAbove: true); clipAxis(0, clipHi.x, keepAbove: false)
        clipAxis(1, clipLo.y, keepAbove: true); clipAxis(1, clipHi.y, keepAbove: false)
        guard polyA.count >= 3 else { return }
        for i in 1..<(polyA.count - 1) { append(polyA[0], polyA[i], polyA[i + 1]) }
    }

    /// Sutherland–Hodgman against one axis-aligned line, polyA → polyA.
    private func clipAxis(_ axis: Int, _ v: Double, keepAbove: Bool) {
        guard !polyA.isEmpty else { return }
        polyB.removeAll(keepingCapacity: true)
        let n = polyA.count
        for i in 0..<n {
            let p = polyA[i], q = polyA[(i + 1) % n]
            let pin = keepAbove ? p[axis] >= v : p[axis] <= v
            let qin = keepAbove ? q[axis] >= v : q[axis] <= v
            if pin { polyB.append(p) }
            if pin != qin {
                let t = (v - p[axis]) / (q[axis] - p[axis])
                var r = p + (q - p) * t
                r[axis] = v
                polyB.append(r)
            }
        }
        swap(&polyA, &polyB)
    }

    private static func isFinite(_ p: SIMD2<Double>) -> Bool { p.x.isFinite && p.y.isFinite }

    /// Appends a triangle inside the clip. Clipping finite vertices more than ~1e308 apart
    /// interpolates through ∞ − ∞; such a piece is dropped rather than converted (NaN traps).
    private func append(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) {
        guard Self.isFinite(a), Self.isFinite(b), Self.isFinite(c) else { return }
        lo = pointwiseMin(lo, pointwiseMin(a, pointwiseMin(b, c)))
        hi = pointwiseMax(hi, pointwiseMax(a, pointwiseMax(b, c)))
        func f(_ p: SIMD2<Double>) -> pixman_point_fixed_t {
            pixman_point_fixed_t(x: pixman_fixed_t((p.x * 65536).rounded()), y: pixman_fixed_t((p.y * 65536).rounded()))
        }
        triangles.append(pixman_triangle_t(p1: f(a), p2: f(b), p3: f(c)))
    }
}
