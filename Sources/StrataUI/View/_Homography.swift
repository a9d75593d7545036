import Foundation
import Strata

/// A 2-D projective map in Core Animation's row-vector convention: `(x, y, 1) · M = (X, Y, W)`,
/// the mapped point being `(X / W, Y / W)`. Layers are flattened into their parent's plane (as
/// the compositor draws them), so the map from a layer's bounds space to its parent's is the
/// 4×4 placement matrix restricted to z = 0 with its z output dropped: rows and columns 1, 2, 4.
struct _Homography: Equatable {
    var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    static let identity = _Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
         m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    init(_ t: CATransform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// The map from `layer`'s bounds space to its superlayer's bounds space (model values):
    /// anchor to the origin, `transform`, then to `position`, then the superlayer's
    /// `sublayerTransform` about the superlayer's anchor point.
    init(toSuperlayerOf layer: CALayer) {
        let b = layer.bounds, a = layer.anchorPoint
        let ax = b.minX + b.width * a.x, ay = b.minY + b.height * a.y
        var t = CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, -layer.anchorPointZ), layer.transform)
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(layer.position.x, layer.position.y, layer.zPosition))
        if let s = layer.superlayer, s.sublayerTransform != .identity {
            let sb = s.bounds, sa = s.anchorPoint
            let sx = sb.minX + sb.width * sa.x, sy = sb.minY + sb.height * sa.y
            let around = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-sx, -sy, 0), s.sublayerTransform),
                                             CATransform3DMakeTranslation(sx, sy, 0))
            t = CATransform3DConcat(t, around)
        }
        self.init(t)
    }

    /// `self` first, then `b`.
    func then(_ b: _Homography) -> _Homography {
        _Homography(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31, m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31, m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31, m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33)
    }

    var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse; nil when singular or not finite.
    var inverse: _Homography? {
        let d = determinant
        guard d != 0, d.isFinite else { return nil }
        let r = _Homography(
            m11: (m22 * m33 - m23 * m32) / d, m12: (m13 * m32 - m12 * m33) / d, m13: (m12 * m23 - m13 * m22) / d,
            m21: (m23 * m31 - m21 * m33) / d, m22: (m11 * m33 - m13 * m31) / d, m23: (m13 * m21 - m11 * m23) / d,
            m31: (m21 * m32 - m22 * m31) / d, m32: (m12 * m31 - m11 * m32) / d, m33: (m11 * m22 - m12 * m21) / d)
        return r.isFinite ? r : nil
    }

    var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// The mapped point, or nil when it lies on or behind the viewer's plane (w ≤ 0: such
    /// points are not on screen) or is not finite.
    func map(_ p: CGPoint) -> CGPoint? {
        let x = Double(p.x), y = Double(p.y)
        let w = x * m13 + y * m23 + m33
        guard w > 0, w.isFinite else { return nil }
        let r = CGPoint(x: (x * m11 + y * m21 + m31) / w, y: (x * m12 + y * m22 + m32) / w)
        return r.x.isFinite && r.y.isFinite ? r : nil
    }

    /// `p` mapped backwards through `self` (a point of the target space to the source space);
    /// nil when singular or when the source point would not be visible (its forward w ≤ 0).
    func unmap(_ p: CGPoint) -> CGPoint? {
        guard let inv = inverse else { return nil }
        let x = Double(p.x), y = Double(p.y)
        let w = x * inv.m13 + y * inv.m23 + inv.m33
        guard w != 0, w.isFinite else { return nil }
        let q = CGPoint(x: (x * inv.m11 + y * inv.m21 + inv.m31) / w, y: (x * inv.m12 + y * inv.m22 + inv.m32) / w)
        guard q.x.isFinite, q.y.isFinite else { return nil }
        // The homogeneous w of q going forwards must be positive, or q is behind the viewer.
        let fw = Double(q.x) * m13 + Double(q.y) * m23 + m33
        return fw > 0 ? q : nil
    }
}
