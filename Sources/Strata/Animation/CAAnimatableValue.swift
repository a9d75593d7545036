import Foundation

/// A value type the animation engine can interpolate, for types the engine does not know
/// natively (the paths module conforms `CGPath`; apps may conform their own types and animate
/// custom layer keys holding them).
///
/// Values cross to the render thread, hence `Sendable`.
public protocol CAAnimatableValue: Sendable {
    /// The value `fraction` of the way from `self` to `end` (0 → self, 1 → end; fractions outside
    /// 0…1 extrapolate where that makes sense, e.g. for springs). Return nil when the two values
    /// cannot be interpolated (e.g. paths of different structure): the animation then shows
    /// `self` until the end and switches to `end` there.
    func interpolated(to end: Self, fraction: Double) -> Self?
    /// `self + other`, for additive and `byValue` animations; default: `other` (no arithmetic).
    func adding(_ other: Self) -> Self
    /// `self − other`; default: `self`.
    func subtracting(_ other: Self) -> Self
    /// A distance, for paced keyframes; default: 1 between different values.
    func distance(to other: Self) -> Double
}

extension CAAnimatableValue {
    public func adding(_ other: Self) -> Self { other }
    public func subtracting(_ other: Self) -> Self { self }
    public func distance(to other: Self) -> Double { 1 }
}

extension CAAnimatableValue {
    // Type-erased entry points used by `_AnimValue`.
    func _interpolated(to end: any CAAnimatableValue, fraction: Double) -> (any CAAnimatableValue)? {
        guard let e = end as? Self else { return nil }
        return interpolated(to: e, fraction: fraction)
    }
    func _adding(_ other: any CAAnimatableValue) -> (any CAAnimatableValue)? {
        guard let o = other as? Self else { return nil }
        return adding(o)
    }
    func _subtracting(_ other: any CAAnimatableValue) -> (any CAAnimatableValue)? {
        guard let o = other as? Self else { return nil }
        return subtracting(o)
    }
    func _distance(to other: any CAAnimatableValue) -> Double {
        guard let o = other as? Self else { return 1 }
        return distance(to: o)
    }
}
