import Foundation

/// Interpolation and arithmetic of engine values.
///
/// Colours interpolate their non-premultiplied sRGB components linearly (Strata's only colour
/// space); nil colours act as the other end's colour with alpha 0, so fading from "no colour"
/// never passes through black. Transforms interpolate by decomposition. Values that cannot be
/// interpolated (Bool, strings, mismatched types) switch to the end value when the fraction
/// reaches 1.
extension _AnimValue {
    private static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double {
        // Exact at both ends (a + (b−a)·1 may differ from b in the last bit).
        f == 0 ? a : f == 1 ? b : a + (b - a) * f
    }
    private static func lerp(_ a: CGFloat, _ b: CGFloat, _ f: Double) -> CGFloat {
        CGFloat(lerp(Double(a), Double(b), f))
    }

    func interpolated(to b: _AnimValue, fraction f: Double) -> _AnimValue {
        if f == 0 { return self }
        if f == 1 { return b }
        switch (self, b) {
        case let (.number(x, t), .number(y, _)): return .number(Self.lerp(x, y, f), t)
        case let (.point(p), .point(q)):
            return .point(CGPoint(x: Self.lerp(p.x, q.x, f), y: Self.lerp(p.y, q.y, f)))
        case let (.size(p), .size(q)):
            return .size(CGSize(width: Self.lerp(p.width, q.width, f), height: Self.lerp(p.height, q.height, f)))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: Self.lerp(p.origin.x, q.origin.x, f), y: Self.lerp(p.origin.y, q.origin.y, f),
                                width: Self.lerp(p.size.width, q.size.width, f),
                                height: Self.lerp(p.size.height, q.size.height, f)))
        case let (.color(p), .color(q)):
            return .color(CGColor(red: Self.lerp(p.red, q.red, f), green: Self.lerp(p.green, q.green, f),
                                  blue: Self.lerp(p.blue, q.blue, f), alpha: Self.lerp(p.alpha, q.alpha, f)))
        case let (.none, .color(q)): return _AnimValue.color(q.copy(alpha: 0)!).interpolated(to: b, fraction: f)
        case let (.color(p), .none): return interpolated(to: .color(p.copy(alpha: 0)!), fraction: f)
        case let (.transform(p), .transform(q)): return .transform(CATransform3DInterpolate(p, q, CGFloat(f)))
        case let (.affine(p), .affine(q)):
            return .affine(CATransform3DGetAffineTransform(CATransform3DInterpolate(
                CATransform3DMakeAffineTransform(p), CATransform3DMakeAffineTransform(q), CGFloat(f))))
        case let (.custom(p), .custom(q)):
            if let v = p._interpolated(to: q, fraction: f) { return .custom(v) }
            return f >= 1 ? b : self
        case let (.path(p), .path(q)):
            if let v = p._interpolated(to: q, fraction: f) { return .path(v) }
            return f >= 1 ? b : self
        default:
            return f >= 1 ? b : self
        }
    }

    /// `self + o` (additive animations, `byValue`). Transforms concatenate: `o` applies first.
    func adding(_ o: _AnimValue) -> _AnimValue {
        switch (self, o) {
        case let (.number(x, t), .number(y, _)): return .number(x + y, t)
        case let (.point(p), .point(q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
        case let (.size(p), .size(q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
                                width: p.size.width + q.size.width, height: p.size.height + q.size.height))
        case let (.color(p), .color(q)):
            return .color(CGColor(red: p.red + q.red, green: p.green + q.green, blue: p.blue + q.blue,
                                  alpha: p.alpha + q.alpha))
        case let (.transform(p), .transform(q)): return .transform(CATransform3DConcat(q, p))
        case let (.affine(p), .affine(q)): return .affine(q.concatenating(p))
        case let (.custom(p), .custom(q)): return p._adding(q).map { .custom($0) } ?? o
        case (.none, _): return o
        default: return o
        }
    }

    /// `self − o`, the inverse of `adding` (`o.adding(self.subtracting(o)) == self`).
    func subtracting(_ o: _AnimValue) -> _AnimValue {
        switch (self, o) {
        case let (.number(x, t), .number(y, _)): return .number(x - y, t)
        case let (.point(p), .point(q)): return .point(CGPoint(x: p.x - q.x, y: p.y - q.y))
        case let (.size(p), .size(q)): return .size(CGSize(width: p.width - q.width, height: p.height - q.height))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: p.origin.x - q.origin.x, y: p.origin.y - q.origin.y,
                                width: p.size.width - q.size.width, height: p.size.height - q.size.height))
        case let (.color(p), .color(q)):
            return .color(CGColor(red: p.red - q.red, green: p.green - q.green, blue: p.blue - q.blue,
                                  alpha: p.alpha - q.alpha))
        case let (.transform(p), .transform(q)): return .transform(CATransform3DConcat(p, CATransform3DInvert(q)))
        case let (.affine(p), .affine(q)): return .affine(p.concatenating(q.inverted()))
        case let (.custom(p), .custom(q)): return p._subtracting(q).map { .custom($0) } ?? self
        default: return self
        }
    }

    /// `self` scaled by `k` (cumulative repeats); values without arithmetic are returned as is.
    func scaled(by k: Double) -> _AnimValue {
        switch self {
        case let .number(x, t): return .number(x * k, t)
        case let .point(p): return .point(CGPoint(x: p.x * k, y: p.y * k))
        case let .size(s): return .size(CGSize(width: s.width * k, height: s.height * k))
        case let .rect(r): return .rect(CGRect(x: r.origin.x * k, y: r.origin.y * k,
                                               width: r.size.width * k, height: r.size.height * k))
        default:
            // Repeated composition for the rest (transforms, colours): k is a whole repeat count.
            guard k >= 1, k.isFinite else { return _AnimValue.zero(like: self) }
            var r = self
            for _ in 1..<min(Int(k), 10_000) { r = r.adding(self) }
            return r
        }
    }

    /// The additive identity of `v`'s type.
    static func zero(like v: _AnimValue) -> _AnimValue {
        switch v {
        case let .number(_, t): return .number(0, t)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: return .transform(.identity)
        case .affine: return .affine(.identity)
        default: return v
        }
    }

    /// Euclidean distance, used to pace keyframes. Non-numeric types count 1 per change.
    func distance(to o: _AnimValue) -> Double {
        switch (self, o) {
        case let (.number(x, _), .number(y, _)): return abs(y - x)
        case let (.point(p), .point(q)): return Double(hypot(q.x - p.x, q.y - p.y))
        case let (.size(p), .size(q)): return Double(hypot(q.width - p.width, q.height - p.height))
        case let (.rect(p), .rect(q)):
            let d = [q.origin.x - p.origin.x, q.origin.y - p.origin.y, q.size.width - p.size.width, q.size.height - p.size.height]
            return Double(d.map { $0 * $0 }.reduce(0, +).squareRoot())
        case let (.color(p), .color(q)):
            let d = [q.red - p.red, q.green - p.green, q.blue - p.blue, q.alpha - p.alpha]
            return Double(d.map { $0 * $0 }.reduce(0, +).squareRoot())
        case let (.transform(p), .transform(q)):
            return Double(hypot(hypot(q.m41 - p.m41, q.m42 - p.m42), q.m43 - p.m43))
        case let (.custom(p), .custom(q)): return p._distance(to: q)
        default: return self.isEqual(to: o) ? 0 : 1
        }
    }

    /// Structural equality where the type allows it (custom/opaque values compare unequal unless
    /// both are none).
    func isEqual(to o: _AnimValue) -> Bool {
        switch (self, o) {
        case let (.number(x, _), .number(y, _)): return x == y || (x.isNaN && y.isNaN)
        case let (.point(p), .point(q)): return p == q
        case let (.size(p), .size(q)): return p == q
        case let (.rect(p), .rect(q)): return p == q
        case let (.color(p), .color(q)): return p == q
        case let (.transform(p), .transform(q)): return p == q
        case let (.affine(p), .affine(q)): return p == q
        case let (.bool(p), .bool(q)): return p == q
        case let (.path(p), .path(q)): return p == q
        case (.none, .none): return true
        case let (.opaque(p), .opaque(q)):
            if let p = p as? String, let q = q as? String { return p == q }
            return false
        default: return false
        }
    }
}

extension _AnimValue {
    /// False when a numeric component is NaN or infinite (non-numeric values count as finite).
    var isFinite: Bool {
        switch self {
        case let .number(v, _): return v.isFinite
        case let .point(p): return p.x.isFinite && p.y.isFinite
        case let .size(s): return s.width.isFinite && s.height.isFinite
        case let .rect(r): return r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case let .transform(t):
            return [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                    t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].allSatisfy(\.isFinite)
        case let .affine(a): return [a.a, a.b, a.c, a.d, a.tx, a.ty].allSatisfy(\.isFinite)
        default: return true
        }
    }
}
