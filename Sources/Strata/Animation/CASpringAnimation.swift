import Foundation

/// A basic animation driven by a spring instead of a timing curve.
///
/// The spring moves the value from the start to the end of the from/to/by table; time is the
/// animation's own time in seconds (its `timingFunction` is ignored). Set `duration` to
/// `settlingDuration` to see the whole motion. `init(perceptualDuration:bounce:)` maps
/// SwiftUI-style parameters: stiffness = (2π / duration)², damping = 4π(1 − bounce)/duration
/// for bounce ≥ 0, and 4π/(duration(1 + bounce)) for negative bounce, with mass 1.
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

    /// How long the spring takes to come to rest (within 0.1 % of the distance).
    open var settlingDuration: CFTimeInterval { _spring.settlingDuration }

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
