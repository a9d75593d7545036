import Foundation

/// The names of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName("linear")
    public static let easeIn = CAMediaTimingFunctionName("easeIn")
    public static let easeOut = CAMediaTimingFunctionName("easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName("easeInEaseOut")
    /// The curve implicit animations use: (0.25, 0.1), (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName("default")
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two control points.
///
/// `evaluate(_:)` solves x(t) = input for the curve parameter t exactly (Newton's method
/// polished to the last bit, with a bisection fallback; no polynomial approximation of the curve)
/// and returns y(t). Control points' x coordinates are clamped to 0…1 so the curve stays a
/// function of time (Apple requires them in that range); NaN coordinates become 0.
/// Named curves use Apple's control points exactly; `init(controlPoints:)` takes `Float`s, as
/// Apple's does, and computes in `Double`.
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    public let c1x: Double, c1y: Double, c2x: Double, c2y: Double
    public let name: CAMediaTimingFunctionName?

    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(0, 0, 1, 1, name)
        case .easeIn: self.init(0.42, 0, 1, 1, name)
        case .easeOut: self.init(0, 0, 0.58, 1, name)
        case .easeInEaseOut: self.init(0.42, 0, 0.58, 1, name)
        default: self.init(0.25, 0.1, 0.25, 1, .default)
        }
    }

    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(Double(c1x), Double(c1y), Double(c2x), Double(c2y), nil)
    }

    private init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ name: CAMediaTimingFunctionName?) {
        func clean(_ v: Double) -> Double { v.isNaN ? 0 : v }
        c1x = min(max(clean(x1), 0), 1); c1y = y1.isFinite ? y1 : 0
        c2x = min(max(clean(x2), 0), 1); c2y = y2.isFinite ? y2 : 1
        self.name = name
    }

    /// Apple's accessor: index 0 → (0, 0), 1 → first control point, 2 → second, 3 → (1, 1).
    /// Indices outside 0…3 leave `values` untouched.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: (Double, Double)
        switch idx {
        case 0: p = (0, 0)
        case 1: p = (c1x, c1y)
        case 2: p = (c2x, c2y)
        case 3: p = (1, 1)
        default: return
        }
        ptr[0] = Float(p.0); ptr[1] = Float(p.1)
    }

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(t) = 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³, written in Horner form.
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1, c = 3 * p1
        return ((a * t + b) * t + c) * t
    }

    private static func bezierSlope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1, c = 3 * p1
        return (3 * a * t + 2 * b) * t + c
    }

    /// The curve parameter t whose x equals `x` (x in 0…1).
    func solveParameter(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1x == c1y && c2x == c2y { return x }   // any curve on the diagonal is linear
        var t = x
        for _ in 0..<8 {
            let err = Self.bezier(t, c1x, c2x) - x
            if err == 0 { return t }
            let slope = Self.bezierSlope(t, c1x, c2x)
            if abs(slope) < 1e-12 { break }
            let next = t - err / slope
            if !(0...1).contains(next) { break }
            t = next
        }
        // Bisection to the last representable bit: x(t) is monotonic for x controls in 0…1.
        var lo = 0.0, hi = 1.0
        if abs(Self.bezier(t, c1x, c2x) - x) < 1e-15 { return t }
        while hi - lo > 0 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if Self.bezier(mid, c1x, c2x) < x { lo = mid } else { hi = mid }
        }
        return abs(Self.bezier(lo, c1x, c2x) - x) <= abs(Self.bezier(hi, c1x, c2x) - x) ? lo : hi
    }

    /// The curve's output for input time fraction `x`. Inputs outside 0…1 are clamped (the curve
    /// is only defined there); NaN gives 0.
    public func evaluate(_ x: Double) -> Double {
        if x.isNaN { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1x == c1y && c2x == c2y { return x }
        return Self.bezier(solveParameter(x), c1y, c2y)
    }

    /// `evaluate(_:)` for `Float` input (Apple's private `_solveForInput:` shape).
    public func _solve(forInput x: Float) -> Float { Float(evaluate(Double(x))) }

    public static func == (l: CAMediaTimingFunction, r: CAMediaTimingFunction) -> Bool {
        l.c1x == r.c1x && l.c1y == r.c1y && l.c2x == r.c2x && l.c2y == r.c2y
    }
    public func hash(into h: inout Hasher) { h.combine(c1x); h.combine(c1y); h.combine(c2x); h.combine(c2y) }
    public var description: String { "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }
}
