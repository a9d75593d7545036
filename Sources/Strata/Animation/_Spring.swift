import Foundation

/// A damped harmonic oscillator moving a unit distance (0 → 1), solved in closed form.
///
/// With ω₀ = √(k/m) and ζ = c / (2√(km)), the displacement y = x − 1 starts at −1 with
/// velocity v₀ (the initial velocity, in animation distances per second) and follows the
/// under-, critically or over-damped solution. Invalid parameters (≤ 0 or non-finite mass or
/// stiffness, negative or non-finite damping) are replaced by Apple's defaults (1, 100, 10).
struct _Spring: Sendable, Hashable {
    let omega0: Double
    let zeta: Double
    let v0: Double

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        let c = damping.isFinite && damping >= 0 ? damping : 10
        omega0 = (k / m).squareRoot()
        zeta = c / (2 * (k * m).squareRoot())
        v0 = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// Position (fraction of the distance) at `t` seconds.
    func position(at t: Double) -> Double {
        1 + displacement(at: max(t, 0))
    }

    func displacement(at t: Double) -> Double {
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * omega0) / wd
            return exp(-zeta * omega0 * t) * (-cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return exp(-omega0 * t) * (-1 + (v0 - omega0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - s), r2 = -omega0 * (zeta + s)
            let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The settling threshold, as a fraction of the distance: 1/1200. Apple documents its
    /// estimate only by example; this value reproduces both examples it gives (mass 1,
    /// stiffness 100: damping 5 → ≈ 2.85 s, damping 15 → just over 1 s).
    static let settleThreshold = 1.0 / 1200

    /// The decay envelope of the displacement (an upper bound of |y(t)| that decreases
    /// monotonically).
    func envelope(at t: Double) -> Double {
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * omega0) / wd
            return (1 + b * b).squareRoot() * exp(-zeta * omega0 * t)
        } else if zeta == 1 {
            return (1 + abs(v0 - omega0) * t) * exp(-omega0 * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - s), r2 = -omega0 * (zeta + s)
            let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
            return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    /// The estimated time until the spring is at rest: when the envelope falls below
    /// `settleThreshold` (found by bisection; bounded at 10 000 s).
    var settlingDuration: Double {
        let eps = Self.settleThreshold
        if envelope(at: 0) < eps { return 0 }
        var hi = 1.0
        while envelope(at: hi) >= eps {
            hi *= 2
            if hi > 10_000 { return 10_000 }
        }
        var lo = 0.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) >= eps { lo = mid } else { hi = mid }
        }
        return hi
    }
}
