import Foundation

/// Per-corner radii of a rounded rectangle (top-left, top-right, bottom-right, bottom-left in
/// y-down terms: "top" is minY).
internal struct _CornerRadii {
    var tl: CGSize, tr: CGSize, br: CGSize, bl: CGSize
}

/// Circle and ellipse geometry expressed as cubic Béziers.
internal enum _ArcGeometry {
    /// Handle length of a quarter circle of radius 1 (4/3·(√2 − 1)).
    static let kappa: CGFloat = 0.5522847498307936

    /// The signed sweep from `start` to `end`: in (0, 2π] going in the increasing direction (or
    /// its negative going the other way); 0 when the angles are equal. A difference of more than
    /// 2π in the sweep's direction gives one full turn plus the rest of the way to `end`
    /// (below 4π: the arc still ends at `end`, and a huge difference adds no pieces).
    static func sweep(from start: CGFloat, to end: CGFloat, increasing: Bool) -> CGFloat {
        let twoPi = 2 * CGFloat.pi
        let d = end - start
        guard d.isFinite else { return 0 }
        if increasing {
            if d > twoPi { return twoPi + d.truncatingRemainder(dividingBy: twoPi) }
            if d >= 0 { return d }
            let r = d.truncatingRemainder(dividingBy: twoPi) + twoPi
            return r >= twoPi ? 0 : r
        } else {
            if d < -twoPi { return -twoPi + d.truncatingRemainder(dividingBy: twoPi) }
            if d <= 0 { return d }
            let r = d.truncatingRemainder(dividingBy: twoPi) - twoPi
            return r <= -twoPi ? 0 : r
        }
    }

    /// Appends an arc as cubic pieces of at most 90°, with a line (or move) to its start.
    static func addArc(to path: CGMutablePath, center: CGPoint, radius: CGFloat, start: CGFloat,
                       sweep: CGFloat, transform: CGAffineTransform) {
        guard radius.isFinite, start.isFinite, sweep.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let r = abs(radius)
        let p0 = CGPoint(x: center.x + r * cos(start), y: center.y + r * sin(start))
        if path.isEmpty {
            path.move(to: p0, transform: transform)
        } else {
            // Apple adds the line only when the current point is not already the arc's start. A
            // line element is kept (paths of one structure morph), but when the two agree up to
            // rounding it is the zero-length line to the current point itself: a 10⁻¹⁵ step
            // backwards would turn the stroke around there (a round join's bump).
            let q = p0.applying(transform), c = path.currentPoint
            let tol = 1e-9 * max(1, abs(q.x), abs(q.y), r)
            if abs(q.x - c.x) <= tol && abs(q.y - c.y) <= tol {
                path.addLine(to: c)
            } else {
                path.addLine(to: p0, transform: transform)
            }
        }
        // A zero radius still adds its (degenerate) pieces: arcs of any radius then share one
        // structure, so a `path` animation from radius 0 interpolates (the mask-reveal idiom).
        guard sweep != 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        let h = 4.0 / 3.0 * tan(step / 4) * r
        var a0 = start
        for i in 0..<pieces {
            let a1 = i == pieces - 1 ? start + sweep : a0 + step
            let (s0, c0, s1, c1) = (sin(a0), cos(a0), sin(a1), cos(a1))
            let q0 = CGPoint(x: center.x + r * c0, y: center.y + r * s0)
            let q3 = CGPoint(x: center.x + r * c1, y: center.y + r * s1)
            path.addCurve(to: q3, control1: CGPoint(x: q0.x - h * s0, y: q0.y + h * c0),
                          control2: CGPoint(x: q3.x + h * s1, y: q3.y - h * c1), transform: transform)
            a0 = a1
        }
    }

    /// Appends a closed rounded rectangle; radii are assumed already clamped and non-negative.
    /// A corner of zero radius is a plain vertex, unless `keeping` names it: then it is a
    /// degenerate curve, so that the path's structure does not depend on the radii.
    static func addRoundedRect(to path: CGMutablePath, rect r: CGRect, radii c: _CornerRadii,
                               transform t: CGAffineTransform, keeping: UIRectCorner = []) {
        let k = 1 - kappa
        path.move(to: CGPoint(x: r.minX + c.tl.width, y: r.minY), transform: t)
        path.addLine(to: CGPoint(x: r.maxX - c.tr.width, y: r.minY), transform: t)
        if c.tr.width > 0 && c.tr.height > 0 || keeping.contains(.topRight) {
            path.addCurve(to: CGPoint(x: r.maxX, y: r.minY + c.tr.height),
                          control1: CGPoint(x: r.maxX - k * c.tr.width, y: r.minY),
                          control2: CGPoint(x: r.maxX, y: r.minY + k * c.tr.height), transform: t)
        }
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - c.br.height), transform: t)
        if c.br.width > 0 && c.br.height > 0 || keeping.contains(.bottomRight) {
            path.addCurve(to: CGPoint(x: r.maxX - c.br.width, y: r.maxY),
                          control1: CGPoint(x: r.maxX, y: r.maxY - k * c.br.height),
                          control2: CGPoint(x: r.maxX - k * c.br.width, y: r.maxY), transform: t)
        }
        path.addLine(to: CGPoint(x: r.minX + c.bl.width, y: r.maxY), transform: t)
        if c.bl.width > 0 && c.bl.height > 0 || keeping.contains(.bottomLeft) {
            path.addCurve(to: CGPoint(x: r.minX, y: r.maxY - c.bl.height),
                          control1: CGPoint(x: r.minX + k * c.bl.width, y: r.maxY),
                          control2: CGPoint(x: r.minX, y: r.maxY - k * c.bl.height), transform: t)
        }
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + c.tl.height), transform: t)
        if c.tl.width > 0 && c.tl.height > 0 || keeping.contains(.topLeft) {
            path.addCurve(to: CGPoint(x: r.minX + c.tl.width, y: r.minY),
                          control1: CGPoint(x: r.minX, y: r.minY + k * c.tl.height),
                          control2: CGPoint(x: r.minX + k * c.tl.width, y: r.minY), transform: t)
        }
        path.closeSubpath()
    }

    /// The tangent-form arc (`addArc(tangent1End:tangent2End:radius:)`), in untransformed space.
    static func addTangentArc(to path: CGMutablePath, p1: CGPoint, p2: CGPoint, radius: CGFloat,
                              transform t: CGAffineTransform) {
        guard !path.isEmpty else { path.move(to: p1, transform: t); return }
        // The current point is stored transformed; bring it back to the arc's space.
        let inv = t.inverted()
        let p0 = path.currentPoint.applying(inv)
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, radius.isFinite, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            path.addLine(to: p1, transform: t)
            return
        }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let cosA = max(-1, min(1, u1.x * u2.x + u1.y * u2.y))
        let half = acos(cosA) / 2                      // half the angle between the two lines
        let dist = radius / tan(half)                  // from p1 to each tangent point
        let t1 = CGPoint(x: p1.x + u1.x * dist, y: p1.y + u1.y * dist)
        let t2 = CGPoint(x: p1.x + u2.x * dist, y: p1.y + u2.y * dist)
        let bis = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = hypot(bis.x, bis.y)
        let cd = radius / sin(half)
        let center = CGPoint(x: p1.x + bis.x / bl * cd, y: p1.y + bis.y / bl * cd)
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        let a1 = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = a1 - a0
        while sweep > CGFloat.pi { sweep -= 2 * CGFloat.pi }
        while sweep < -CGFloat.pi { sweep += 2 * CGFloat.pi }
        addArc(to: path, center: center, radius: radius, start: a0, sweep: sweep, transform: t)
    }
}
