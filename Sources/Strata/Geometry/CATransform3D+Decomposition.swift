import Foundation

/// A transform split into the parts Core Animation interpolates separately.
///
/// In the row-vector convention the transform is `scale · skew · rotation · translation ·
/// perspective` (scale applied first). Rotation is a unit quaternion (x, y, z, w).
public struct CATransform3DDecomposition: Hashable, Sendable {
    public var translation: (x: CGFloat, y: CGFloat, z: CGFloat) {
        get { (t.0, t.1, t.2) } set { t = (newValue.x, newValue.y, newValue.z) }
    }
    var t: (CGFloat, CGFloat, CGFloat) = (0, 0, 0)
    public var scale: (x: CGFloat, y: CGFloat, z: CGFloat) {
        get { (s.0, s.1, s.2) } set { s = (newValue.x, newValue.y, newValue.z) }
    }
    var s: (CGFloat, CGFloat, CGFloat) = (1, 1, 1)
    /// Shear factors xy, xz, yz.
    var skew: (CGFloat, CGFloat, CGFloat) = (0, 0, 0)
    /// Unit quaternion (x, y, z, w).
    public var quaternion: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        get { (q.0, q.1, q.2, q.3) } set { q = (newValue.x, newValue.y, newValue.z, newValue.w) }
    }
    var q: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 1)
    /// The fourth column (m14, m24, m34, m44) of the perspective part.
    var p: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 1)

    public init() {}

    public static func == (a: Self, b: Self) -> Bool {
        a.t == b.t && a.s == b.s && a.skew == b.skew && a.q == b.q && a.p == b.p
    }
    public func hash(into h: inout Hasher) {
        for v in [t.0, t.1, t.2, s.0, s.1, s.2, q.0, q.1, q.2, q.3] { h.combine(v) }
    }

    /// Euler angles (radians) such that the rotation is Rx(x)·Ry(y)·Rz(z) in the row-vector
    /// convention (x applied first). These are what `transform.rotation.x/y/z` read and write.
    public var eulerAngles: (x: CGFloat, y: CGFloat, z: CGFloat) {
        get {
            let r = rotationRows()
            let sy = -r[0][2]
            let y = asin(min(max(sy, -1), 1))
            if abs(sy) < 1 - 1e-12 {
                return (atan2(r[1][2], r[2][2]), y, atan2(r[0][1], r[0][0]))
            }
            return (0, y, atan2(-r[1][0], r[1][1]))   // gimbal lock: fold x into z
        }
        set {
            let m = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(newValue.x, 1, 0, 0),
                                                            CATransform3DMakeRotation(newValue.y, 0, 1, 0)),
                                        CATransform3DMakeRotation(newValue.z, 0, 0, 1))
            q = Self.quaternion(fromRows: [[m.m11, m.m12, m.m13], [m.m21, m.m22, m.m23], [m.m31, m.m32, m.m33]])
        }
    }

    func rotationRows() -> [[CGFloat]] {
        let (x, y, z, w) = q
        return [[1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
                [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
                [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]]
    }

    static func quaternion(fromRows r: [[CGFloat]]) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        // Row convention: the column-convention formulas applied to the transpose.
        let trace = r[0][0] + r[1][1] + r[2][2]
        var q: (CGFloat, CGFloat, CGFloat, CGFloat)
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = ((r[1][2] - r[2][1]) / s, (r[2][0] - r[0][2]) / s, (r[0][1] - r[1][0]) / s, s / 4)
        } else if r[0][0] > r[1][1] && r[0][0] > r[2][2] {
            let s = (1 + r[0][0] - r[1][1] - r[2][2]).squareRoot() * 2
            q = (s / 4, (r[1][0] + r[0][1]) / s, (r[2][0] + r[0][2]) / s, (r[1][2] - r[2][1]) / s)
        } else if r[1][1] > r[2][2] {
            let s = (1 + r[1][1] - r[0][0] - r[2][2]).squareRoot() * 2
            q = ((r[1][0] + r[0][1]) / s, s / 4, (r[2][1] + r[1][2]) / s, (r[2][0] - r[0][2]) / s)
        } else {
            let s = (1 + r[2][2] - r[0][0] - r[1][1]).squareRoot() * 2
            q = ((r[2][0] + r[0][2]) / s, (r[2][1] + r[1][2]) / s, s / 4, (r[0][1] - r[1][0]) / s)
        }
        let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
        return n > 0 && n.isFinite ? (q.0 / n, q.1 / n, q.2 / n, q.3 / n) : (0, 0, 0, 1)
    }

    /// Splits `m`; nil when it cannot be decomposed (m44 == 0, a singular linear part, or
    /// non-finite entries).
    public init?(_ m: CATransform3D) {
        guard m.m44 != 0 else { return nil }
        var a: [[CGFloat]] = [[m.m11, m.m12, m.m13, m.m14], [m.m21, m.m22, m.m23, m.m24],
                              [m.m31, m.m32, m.m33, m.m34], [m.m41, m.m42, m.m43, m.m44]]
        guard a.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return nil }
        for i in 0..<4 { for j in 0..<4 { a[i][j] /= m.m44 } }
        var pm = a
        for i in 0..<3 { pm[i][3] = 0 }
        pm[3][3] = 1
        let pmat = CATransform3D(m11: pm[0][0], m12: pm[0][1], m13: pm[0][2], m14: 0,
                                 m21: pm[1][0], m22: pm[1][1], m23: pm[1][2], m24: 0,
                                 m31: pm[2][0], m32: pm[2][1], m33: pm[2][2], m34: 0,
                                 m41: pm[3][0], m42: pm[3][1], m43: pm[3][2], m44: 1)
        let inv = CATransform3DInvert(pmat)
        guard inv != pmat || pmat == .identity else { return nil }
        if a[0][3] != 0 || a[1][3] != 0 || a[2][3] != 0 {
            // p = inverse(pmat) · column4, as Graphics Gems II's unmatrix does.
            let c = (a[0][3], a[1][3], a[2][3], a[3][3])
            let im: [[CGFloat]] = [[inv.m11, inv.m12, inv.m13, inv.m14], [inv.m21, inv.m22, inv.m23, inv.m24],
                                   [inv.m31, inv.m32, inv.m33, inv.m34], [inv.m41, inv.m42, inv.m43, inv.m44]]
            func row(_ i: Int) -> CGFloat { im[i][0] * c.0 + im[i][1] * c.1 + im[i][2] * c.2 + im[i][3] * c.3 }
            p = (row(0), row(1), row(2), row(3))
        }
        t = (a[3][0], a[3][1], a[3][2])
        func dot(_ u: [CGFloat], _ v: [CGFloat]) -> CGFloat { u[0] * v[0] + u[1] * v[1] + u[2] * v[2] }
        func len(_ u: [CGFloat]) -> CGFloat { dot(u, u).squareRoot() }
        func comb(_ u: [CGFloat], _ v: [CGFloat], _ k: CGFloat) -> [CGFloat] { [u[0] - k * v[0], u[1] - k * v[1], u[2] - k * v[2]] }
        var r0 = Array(a[0][0..<3]), r1 = Array(a[1][0..<3]), r2 = Array(a[2][0..<3])
        var sx = len(r0); guard sx != 0 else { return nil }
        r0 = r0.map { $0 / sx }
        var xy = dot(r0, r1); r1 = comb(r1, r0, xy)
        var sy = len(r1); guard sy != 0 else { return nil }
        r1 = r1.map { $0 / sy }; xy /= sy
        var xz = dot(r0, r2); r2 = comb(r2, r0, xz)
        var yz = dot(r1, r2); r2 = comb(r2, r1, yz)
        var sz = len(r2); guard sz != 0 else { return nil }
        r2 = r2.map { $0 / sz }; xz /= sz; yz /= sz
        let cross = [r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2], r1[0] * r2[1] - r1[1] * r2[0]]
        if dot(r0, cross) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = r0.map { -$0 }; r1 = r1.map { -$0 }; r2 = r2.map { -$0 }
        }
        s = (sx, sy, sz)
        skew = (xy, xz, yz)
        q = Self.quaternion(fromRows: [r0, r1, r2])
    }

    /// The transform these parts describe.
    public var transform: CATransform3D {
        let r = rotationRows()
        // Rows of skew·rotation, then scaled: row i of (S·K·R).
        let k0 = r[0]
        let k1 = (0..<3).map { skew.0 * r[0][$0] + r[1][$0] }
        let k2 = (0..<3).map { skew.1 * r[0][$0] + skew.2 * r[1][$0] + r[2][$0] }
        let l0 = k0.map { $0 * s.0 }, l1 = k1.map { $0 * s.1 }, l2 = k2.map { $0 * s.2 }
        let a = CATransform3D(m11: l0[0], m12: l0[1], m13: l0[2], m14: 0,
                              m21: l1[0], m22: l1[1], m23: l1[2], m24: 0,
                              m31: l2[0], m32: l2[1], m33: l2[2], m34: 0,
                              m41: t.0, m42: t.1, m43: t.2, m44: 1)
        if p == (0, 0, 0, 1) { return a }
        var m = a
        // column 4 = A · p
        m.m14 = a.m11 * p.0 + a.m12 * p.1 + a.m13 * p.2 + a.m14 * p.3
        m.m24 = a.m21 * p.0 + a.m22 * p.1 + a.m23 * p.2 + a.m24 * p.3
        m.m34 = a.m31 * p.0 + a.m32 * p.1 + a.m33 * p.2 + a.m34 * p.3
        m.m44 = a.m41 * p.0 + a.m42 * p.1 + a.m43 * p.2 + a.m44 * p.3
        return m
    }

    /// Parts interpolated `f` of the way to `b`: linear for translation, scale, skew and
    /// perspective, spherical-linear (shortest arc) for the rotation quaternion.
    public func interpolated(to b: Self, fraction f: CGFloat) -> Self {
        func l(_ x: CGFloat, _ y: CGFloat) -> CGFloat { f == 1 ? y : x + (y - x) * f }
        var r = Self()
        r.t = (l(t.0, b.t.0), l(t.1, b.t.1), l(t.2, b.t.2))
        r.s = (l(s.0, b.s.0), l(s.1, b.s.1), l(s.2, b.s.2))
        r.skew = (l(skew.0, b.skew.0), l(skew.1, b.skew.1), l(skew.2, b.skew.2))
        r.p = (l(p.0, b.p.0), l(p.1, b.p.1), l(p.2, b.p.2), l(p.3, b.p.3))
        var bq = b.q
        var d = q.0 * bq.0 + q.1 * bq.1 + q.2 * bq.2 + q.3 * bq.3
        if d < 0 { d = -d; bq = (-bq.0, -bq.1, -bq.2, -bq.3) }
        let wa: CGFloat, wb: CGFloat
        if d > 1 - 1e-9 {
            wa = 1 - f; wb = f
        } else {
            let theta = acos(min(d, 1)), sn = sin(theta)
            wa = sin((1 - f) * theta) / sn; wb = sin(f * theta) / sn
        }
        r.q = (wa * q.0 + wb * bq.0, wa * q.1 + wb * bq.1, wa * q.2 + wb * bq.2, wa * q.3 + wb * bq.3)
        return r
    }
}

/// `a` interpolated towards `b` by decomposition (translation, scale, skew, perspective linearly;
/// rotation by quaternion slerp). Exact endpoints at 0 and 1. When either matrix cannot be
/// decomposed the entries are interpolated linearly (documented fallback).
public func CATransform3DInterpolate(_ a: CATransform3D, _ b: CATransform3D, _ f: CGFloat) -> CATransform3D {
    if f == 0 { return a }
    if f == 1 { return b }
    if a == b { return a }
    if let da = CATransform3DDecomposition(a), let db = CATransform3DDecomposition(b) {
        return da.interpolated(to: db, fraction: f).transform
    }
    func l(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * f }
    return CATransform3D(m11: l(a.m11, b.m11), m12: l(a.m12, b.m12), m13: l(a.m13, b.m13), m14: l(a.m14, b.m14),
                         m21: l(a.m21, b.m21), m22: l(a.m22, b.m22), m23: l(a.m23, b.m23), m24: l(a.m24, b.m24),
                         m31: l(a.m31, b.m31), m32: l(a.m32, b.m32), m33: l(a.m33, b.m33), m34: l(a.m34, b.m34),
                         m41: l(a.m41, b.m41), m42: l(a.m42, b.m42), m43: l(a.m43, b.m43), m44: l(a.m44, b.m44))
}
