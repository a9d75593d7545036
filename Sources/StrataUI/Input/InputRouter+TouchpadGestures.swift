import Foundation
import Strata

/// Touchpad gestures (where the compositor offers pointer gestures): pinches drive the
/// `PinchGestureRecognizer`s and `RotationGestureRecognizer`s of the view under the pointer and
/// its ancestors (as if two fingers touched it), and a hold (fingers resting on the pad) stops scroll views' momentum there.
/// Touchpad swipes are not delivered to views (they belong to the desktop's gestures).
extension InputRouter {
    public enum TouchpadPhase: Hashable, Sendable { case began, changed, ended, cancelled }

    /// A touchpad pinch update: `scale` is absolute since the begin (1 at the begin);
    /// `rotation` is this update's turn in degrees, clockwise. Changes and ends without a begin
    /// are ignored, as is everything before the pointer has a position.
    public func touchpadPinch(_ phase: TouchpadPhase, scale: Double, rotation: Double = 0, time: TimeInterval? = nil) {
        let t = _time(time)
        switch phase {
        case .began:
            _touchpadPinches.forEach { $0._touchpadPinch(.cancelled, scale: 1, rotation: 0, time: t) }
            guard let loc = _pointerLocation else { _touchpadPinches = []; break }
            var list: [any _TouchpadPinchFollower] = []
            var v = rootView._hitTest(rootPoint: loc, with: nil)
            while let c = v {
                for r in c._gestureRecognizers where r.isEnabled && r._state == .possible {
                    if let p = r as? any _TouchpadPinchFollower { list.append(p) }
                }
                v = c._superview
            }
            _touchpadPinches = list
            for p in list {
                p._router = self
                p._lastLocation = loc
                if !_activeRecognizers.contains(where: { $0 === p }) { _activeRecognizers.append(p) }
                p._touchpadPinch(.began, scale: scale, rotation: rotation, time: t)
            }
        case .changed:
            for p in _touchpadPinches { p._touchpadPinch(.changed, scale: scale, rotation: rotation, time: t) }
        case .ended, .cancelled:
            for p in _touchpadPinches { p._touchpadPinch(phase, scale: scale, rotation: rotation, time: t) }
            _touchpadPinches = []
        }
        _afterDispatch()
    }

    /// Fingers rest on the touchpad: scroll views under the pointer stop their momentum.
    public func touchpadHold(time: TimeInterval? = nil) {
        guard let loc = _pointerLocation else { return }
        var v = rootView._hitTest(rootPoint: loc, with: nil)
        while let c = v {
            (c as? ScrollView)?._touchDown()
            v = c._superview
        }
    }
}
