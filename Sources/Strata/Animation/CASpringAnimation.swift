import Foundation

/// A basic animation driven by a spring instead of a timing curve.
///
/// The spring moves the value from the start to the end of the from/to/by table; time is the
/// animation's own time in seconds (its `timingFunction` is ignored). Set `duration` to
/// `settlingDuration` to see the whole motion. `init(perceptualDuration:bounce:)` maps
/// SwiftUI-style parameters: stiffness = (2π / duration)², damping = 4π(1 − bounce)/duration
/// for bounce ≥ 0, and 4π/(duration(1 + bounce)) for negative bounce (which also sets
/// `allowsOverdamping`, so the overdamped spring asked for is the one that runs), with mass 1.
/// Bad input: a duration that is not finite and positive becomes 0.5 s; bounce is clamped to
/// −1…1 (NaN → 0; at −1 the damping is infinite, which `_Spring` replaces by the default 10).
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var allowsOverdamping = false

    public required init() { super.init() }

    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(max(bounce, -1), 1) : 0
        mass = 1
        stiffness = CGFloat(pow(2 * Double.pi / d, 2))
        damping = b >= 0 ? CGFloat(4 * Double.pi * (1 - Double(b)) / d) : CGFloat(4 * Double.pi / (d * (1 + Double(b))))
        // A negative bounce asks for an overdamped spring: let it be one.
        allowsOverdamping = b < 0
        duration = settlingDuration
    }

    var _spring: _Spring {
        var c = Double(damping)
        if !allowsOverdamping {
            let critical = 2 * (Double(stiffness) * Double(mass)).squareRoot()
            if c > critical && critical.isFinite { c = critical }
        }
        return _Spring(mass: Double(mass), stiffness: Double(stiffness), damping: c, initialVelocity: Double(initialVelocity))
    }

    /// How long the spring takes to come to rest (its oscillation envelope within 1/1200 of
    /// the distance; see `_Spring.settleThreshold`).
    open var settlingDuration: CFTimeInterval { _spring.settlingDuration }

    /// The spring's period without damping, 2π·√(mass / stiffness): the duration
    /// `init(perceptualDuration:bounce:)` was given (for any mass, stiffness and damping).
    open var perceptualDuration: CFTimeInterval {
        let s = _Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: 0)
        return 2 * Double.pi / s.omega0
    }

    /// How bouncy the spring is, from its damping ratio ζ: 1 − ζ when under- or critically
    /// damped (0 < bounce ≤ 1 … 0), 1/ζ − 1 when overdamped (negative); the `bounce` given to
    /// `init(perceptualDuration:bounce:)`. The ratio is the one the animation uses (clamped to
    /// 1 unless `allowsOverdamping`).
    open var bounce: CGFloat {
        let z = _spring.zeta
        return CGFloat(z <= 1 ? 1 - z : 1 / z - 1)
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "mass": return mass
        case "stiffness": return stiffness
        case "damping": return damping
        case "initialVelocity": return initialVelocity
        case "allowsOverdamping": return allowsOverdamping
        case "settlingDuration": return settlingDuration
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        let n = _AnimationKVC.number(value).map { CGFloat($0) }
        switch key {
        case "mass": if let n { mass = n }
        case "stiffness": if let n { stiffness = n }
        case "damping": if let n { damping = n }
        case "initialVelocity": if let n { initialVelocity = n }
        case "allowsOverdamping": if let b = _AnimationKVC.bool(value) { allowsOverdamping = b }
        case "settlingDuration": break                  // read-only
        default: super.setValue(value, forKey: key)
        }
    }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping; initialVelocity = o.initialVelocity
        allowsOverdamping = o.allowsOverdamping
    }

    override func _compile(for layer: CALayer, nested: Bool) -> _CompiledAnimation {
        let c = super._compile(for: layer, nested: nested)
        if case let .property(track) = c.body, case let .basic(ends, _) = track.curve {
            return _CompiledAnimation(timing: c.timing, body: .property(_PropertyTrack(
                keyPath: track.keyPath, additive: track.additive, cumulative: track.cumulative,
                valueFunction: track.valueFunction, fallback: track.fallback,
                curve: .spring(ends, spring: _spring))))
        }
        return c
    }
}
