import Foundation
import Strata

/// Recognizes two fingers turning around each other (continuous), like UIRotationGestureRecognizer:
/// `began` once the line between the two fingers has turned more than `hysteresis` radians from
/// where it started, `changed` after, `ended` when a finger lifts (an undecided rotation fails;
/// a third finger makes an undecided one fail).
///
/// `rotation` is the angle turned since the start, in radians, positive clockwise on screen
/// (y points down, as in UIKit). It accumulates past ±π: three quarter-turns read 3π/2, not
/// −π/2. Assigning it rebases (set it to 0 after applying a change, as with UIKit).
/// `velocity` is radians per second between the last two updates.
///
/// On a touchpad (pointer gestures' pinch, which carries the fingers' rotation) the recognizer
/// follows the gesture's rotation the same way, with the same hysteresis.
open class RotationGestureRecognizer: GestureRecognizer, _TouchpadPinchFollower {
    /// How far the fingers must turn before the gesture begins. Default 5° (π/36).
    public var hysteresis: CGFloat = .pi / 36
    public var rotation: CGFloat = 0 {
        didSet { if rotation.isFinite { startAngle = angle - rotation } else { rotation = oldValue } }
    }
    public private(set) var velocity: CGFloat = 0

    /// Unwrapped angles: where the gesture started and where it is now.
    private var startAngle: CGFloat = 0
    private var angle: CGFloat = 0
    private var tracking = false
    private var lastTime: TimeInterval?

    private var fingerAngle: CGFloat? {
        guard _touches.count >= 2 else { return nil }
        let a = _touches[0]._location, b = _touches[1]._location
        guard a != b else { return nil }
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2 { if state == .possible { state = .failed }; return }
        guard numberOfTouches == 2 else { return }
        guard let a = fingerAngle else { state = .failed; return }
        start(at: a, time: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard numberOfTouches == 2, tracking, let raw = fingerAngle else { return }
        // The smallest turn from the last angle: unwrapping across ±π.
        var step = raw - remainder(angle, 2 * .pi)
        step = remainder(step, 2 * .pi)
        advance(by: step, time: event.timestamp)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        tracking = false
        state = state.isActive ? .ended : .failed
    }

    /// A touchpad pinch's rotation (`rotation`: this update's change in degrees, clockwise).
    func _touchpadPinch(_ phase: InputRouter.TouchpadPhase, scale: Double, rotation degrees: Double, time: TimeInterval) {
        switch phase {
        case .began:
            start(at: 0, time: time)
            if degrees.isFinite, degrees != 0 { advance(by: CGFloat(degrees * .pi / 180), time: time) }
        case .changed:
            guard tracking else { return }
            advance(by: degrees.isFinite ? CGFloat(degrees * .pi / 180) : 0, time: time)
        case .ended:
            tracking = false
            state = state.isActive ? .ended : .failed
        case .cancelled:
            tracking = false
            state = state.isActive ? .cancelled : .failed
        }
    }

    private func start(at a: CGFloat, time: TimeInterval) {
        startAngle = a
        angle = a
        velocity = 0
        lastTime = time
        tracking = true
    }

    private func advance(by step: CGFloat, time: TimeInterval) {
        angle += step
        if let lt = lastTime, time > lt { velocity = step / CGFloat(time - lt) }
        lastTime = time
        let turned = angle - startAngle
        _continuousUpdate(pastThreshold: abs(turned) > hysteresis) { setRotation(turned) }
    }

    /// Sets `rotation` without the setter's rebasing.
    private func setRotation(_ r: CGFloat) {
        let keep = startAngle
        rotation = r
        startAngle = keep
    }

    open override func reset() {
        tracking = false
        setRotation(0)
        startAngle = 0
        angle = 0
        velocity = 0
        lastTime = nil
    }
}

/// A recognizer that follows touchpad pinch gestures (scale and rotation) routed by
/// `InputRouter.touchpadPinch`.
protocol _TouchpadPinchFollower: GestureRecognizer {
    func _touchpadPinch(_ phase: InputRouter.TouchpadPhase, scale: Double, rotation: Double, time: TimeInterval)
}
