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

    /// The time after which the spring stays within 0.1 % of the distance of its rest point
    /// (the displacement envelope drops below 0.001). Bounded at 10 000 s.
    var settlingDuration: Double {
        let eps = 0.001
        // Sample forwards in small steps and keep the last time the displacement exceeded eps.
        let decay = zeta < 1 ? zeta * omega0 : omega0 * (zeta - (zeta * zeta - 1).squareRoot())
        guard decay > 0 else { return .infinity }
        let horizon = min(10_000, 40 / decay)
        let step = min(1.0 / 240, horizon / 100_000)
        var last = 0.0, t = 0.0
        while t <= horizon {
            if abs(displacement(at: t)) >= eps { last = t }
            t += step
        }
        // Refine the last crossing by bisection.
        var lo = last, hi = last + step
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if abs(displacement(at: mid)) >= eps { lo = mid } else { hi = mid }
        }
        return hi
    }
}

/// Placeholder values of keyframe animations (filled by `CAKeyframeAnimation`).
struct _Keyframes: Sendable {
    var values: [_AnimValue]
    /// Normalised key times, one per value, non-decreasing from 0 to 1.
    var keyTimes: [Double]
    var timingFunctions: [CAMediaTimingFunction]
    var mode: Mode
    var tcb: [(Double, Double, Double)]
    /// Tangent rotation per key (rotationMode auto), in radians; empty when not rotating.
    var rotations: [Double] = []

    enum Mode: Sendable { case linear, discrete, paced, cubic, cubicPaced }
}
