import Foundation

/// Mapping single points through a projective map, with the visibility rule hit testing needs.
extension _Matrix3 {
    /// The mapped point, or nil when it lies on or behind the viewer's plane (w ≤ 0: such
    /// points are not on screen) or is not finite.
    public func map(_ p: CGPoint) -> CGPoint? {
        let x = Double(p.x), y = Double(p.y)
        let w = x * m13 + y * m23 + m33
        guard w > 0, w.isFinite else { return nil }
        let r = CGPoint(x: (x * m11 + y * m21 + m31) / w, y: (x * m12 + y * m22 + m32) / w)
        return r.x.isFinite && r.y.isFinite ? r : nil
    }

    /// `p` mapped backwards (a point of the target space to the source space); nil when the
    /// map is singular or when the source point would not be visible (its forward w ≤ 0).
    public func unmap(_ p: CGPoint) -> CGPoint? {
        guard let inv = inverted() else { return nil }
        let x = Double(p.x), y = Double(p.y)
        let w = x * inv.m13 + y * inv.m23 + inv.m33
        guard w != 0, w.isFinite else { return nil }
        let q = CGPoint(x: (x * inv.m11 + y * inv.m21 + inv.m31) / w, y: (x * inv.m12 + y * inv.m22 + inv.m32) / w)
        guard q.x.isFinite, q.y.isFinite else { return nil }
        // Going forwards, q's homogeneous w must be positive, or q is behind the viewer.
        let fw = Double(q.x) * m13 + Double(q.y) * m23 + m33
        return fw > 0 ? q : nil
    }
}
