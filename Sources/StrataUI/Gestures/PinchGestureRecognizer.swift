import Foundation
import Strata

/// Recognizes two fingers moving apart or together (continuous): `began` once their distance
/// differs from the starting distance by more than `hysteresis` points, `changed` after, `ended`
/// when a finger lifts (an undecided pinch fails). `scale` is the current distance over the
/// starting one (assignable, like UIKit's, to reset it to 1 between changes); `velocity` is the
/// scale change per second between the last two moves.
open class PinchGestureRecognizer: GestureRecognizer, _TouchpadPinchFollower {
    public var hysteresis: CGFloat = 4
    public var scale: CGFloat = 1 {
        didSet { if scale.isFinite, scale > 0, distance > 0 { startDistance = distance / scale } }
    }
    public private(set) var velocity: CGFloat = 0

    private var startDistance: CGFloat = 0
    private var distance: CGFloat = 0
    private var lastTime: TimeInterval?

    private var currentDistance: CGFloat {
        guard _touches.count >= 2 else { return 0 }
        let a = _touches[0]._location, b = _touches[1]._location
        return hypot(a.x - b.x, a.y - b.y)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2 { if state == .possible { state = .failed }; return }
        guard numberOfTouches == 2 else { return }
        startDistance = currentDistance
        distance = startDistance
        lastTime = event.timestamp
        if startDistance <= 0 { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard numberOfTouches == 2, startDistance > 0 else { return }
        let d = currentDistance
        let oldScale = distance / startDistance
        distance = d
        let newScale = d / startDistance
        if let lt = lastTime, event.timestamp > lt { velocity = (newScale - oldScale) / (event.timestamp - lt) }
        lastTime = event.timestamp
        _continuousUpdate(pastThreshold: abs(d - startDistance) > hysteresis) { _setScale(newScale) }
    }

    private func _setScale(_ s: CGFloat) {
        // Without the didSet's re-basing: the starting distance stays.
        let keep = startDistance
        scale = s
        startDistance = keep
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        state = state.isActive ? .ended : .failed
    }

    /// A touchpad pinch from the router: begins at once, follows the absolute `scale`.
    func _touchpadPinch(_ phase: InputRouter.TouchpadPhase, scale s: Double, rotation: Double, time: TimeInterval) {
        // The touchpad's absolute scale stands in for the finger distance.
        let d = CGFloat(s.isFinite && s > 0 ? s : 1)
        if phase == .began {
            startDistance = d
            distance = d
            velocity = 0
            lastTime = time
        } else if phase == .changed, startDistance > 0 {
            if let lt = lastTime, time > lt { velocity = (d - distance) / startDistance / (time - lt) }
            lastTime = time
            distance = d
        }
        switch phase {
        case .began:
            _setScale(1)
            state = .began
        case .changed:
            _setScale(distance / startDistance)
            state = .changed
        case .ended:
            state = state.isActive ? .ended : .failed
        case .cancelled:
            state = state.isActive ? .cancelled : .failed
        }
    }

    open override func reset() {
        scale = 1
        velocity = 0
        startDistance = 0
        distance = 0
        lastTime = nil
    }
}
