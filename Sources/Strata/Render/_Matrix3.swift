import Foundation

/// A 2-D projective map in Core Animation's row-vector convention: `(x, y, 1) · M = (X, Y, W)`,
/// the device point being `(X / W, Y / W)`. Layers are flattened into their parent's plane, so
/// a layer-to-device map is a product of these (rows and columns 1, 2, 4 of each 4×4 step).
/// Public for StrataUI's hit testing only (the `_` prefix: not API).
public struct _Matrix3: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public static let identity = _Matrix3(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
         m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The map of the z = 0 plane through `t`, its z output dropped (flattening).
    public init(_ t: CATransform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    static func translation(_ tx: Double, _ ty: Double) -> _Matrix3 {
        _Matrix3(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    static func scale(_ sx: Double, _ sy: Double) -> _Matrix3 {
        _Matrix3(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// `self` first, then `b`.
    public func then(_ b: _Matrix3) -> _Matrix3 {
        _Matrix3(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31, m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31, m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31, m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33)
    }

    /// `self` followed by a translation (cheaper than `then(.translation)`).
    func translated(_ tx: Double, _ ty: Double) -> _Matrix3 {
        var r = self
        r.m11 += m13 * tx; r.m21 += m23 * tx; r.m31 += m33 * tx
        r.m12 += m13 * ty; r.m22 += m23 * ty; r.m32 += m33 * ty
        return r
    }

    var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }
    /// Affine with no rotation or shear: rectangles stay axis-aligned rectangles.
    var isAxisAligned: Bool { isAffine && m12 == 0 && m21 == 0 }

    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// Homogeneous image of (x, y).
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> SIMD3<Double> {
        SIMD3(x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The inverse, nil when singular or not finite.
    public func inverted() -> _Matrix3? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let i = 1 / det
        let r = _Matrix3(
            m11: (m22 * m33 - m23 * m32) * i, m12: (m13 * m32 - m12 * m33) * i, m13: (m12 * m23 - m13 * m22) * i,
            m21: (m23 * m31 - m21 * m33) * i, m22: (m11 * m33 - m13 * m31) * i, m23: (m13 * m21 - m11 * m23) * i,
            m31: (m21 * m32 - m22 * m31) * i, m32: (m12 * m31 - m11 * m32) * i, m33: (m11 * m22 - m12 * m21) * i)
        return r.isFinite ? r : nil
    }

    /// Largest stretch of the linear part (device pixels per layer unit), for curve flattening.
    var maxScale: Double {
        max((m11 * m11 + m12 * m12).squareRoot(), (m21 * m21 + m22 * m22).squareRoot()) / max(abs(m33), 1e-9)
    }

    public func hash(into h: inout Hasher) {
        h.combine(m11); h.combine(m12); h.combine(m13); h.combine(m21); h.combine(m22); h.combine(m23)
        h.combine(m31); h.combine(m32); h.combine(m33)
    }
}
