import Foundation

/// The closed forms behind `ScrollView`'s motion (all per axis, points and seconds).
public enum ScrollPhysics {
    /// Momentum: the velocity decays by `rate` per millisecond (UIKit's deceleration rates:
    /// 0.998 normal, 0.99 fast): v(t) = v₀ · rate^(1000 t), so with k = 1000 · ln(rate)
    /// offset(t) = o₀ + v₀ · (e^(k t) − 1) / k.
    public static func decelerationOffset(from start: Double, velocity v0: Double, rate: Double, at t: Double) -> Double {
        let k = 1000 * log(rate)
        guard k < 0, k.isFinite else { return start }
        return start + v0 * (exp(k * t) - 1) / k
    }

    public static func decelerationVelocity(_ v0: Double, rate: Double, at t: Double) -> Double {
        let k = 1000 * log(rate)
        guard k < 0, k.isFinite else { return 0 }
        return v0 * exp(k * t)
    }

    /// Where momentum comes to rest: o₀ − v₀ / k.
    public static func decelerationRestingOffset(from start: Double, velocity v0: Double, rate: Double) -> Double {
        let k = 1000 * log(rate)
        guard k < 0, k.isFinite else { return start }
        return start - v0 / k
    }

    /// The time at which the speed falls to `threshold` (0 when it already is).
    public static func decelerationDuration(velocity v0: Double, rate: Double, threshold: Double) -> Double {
        let k = 1000 * log(rate)
        guard k < 0, k.isFinite, abs(v0) > threshold, threshold > 0 else { return 0 }
        return log(threshold / abs(v0)) / k
    }

    /// Rubber band: dragging `overshoot` points past an edge of a `dimension`-point viewport
    /// shows (1 − 1 / (overshoot · c / dimension + 1)) · dimension, c = 0.55, with the sign of
    /// the overshoot: it grows ever slower and never reaches `dimension`.
    public static func rubberBand(_ overshoot: Double, dimension: Double, coefficient c: Double = 0.55) -> Double {
        guard dimension > 0, overshoot.isFinite else { return 0 }
        let x = abs(overshoot)
        let r = (1 - 1 / (x * c / dimension + 1)) * dimension
        return overshoot < 0 ? -r : r
    }

    /// A critically damped spring toward 0 with angular frequency ω: from displacement x₀ and
    /// velocity v₀, x(t) = (x₀ + (v₀ + ω x₀) t) e^(−ω t). Returns (x, v) at t.
    public static func spring(displacement x0: Double, velocity v0: Double, omega w: Double, at t: Double) -> (Double, Double) {
        let e = exp(-w * t)
        let a = v0 + w * x0
        let x = (x0 + a * t) * e
        let v = (a - w * (x0 + a * t)) * e
        return (x, v)
    }
}
