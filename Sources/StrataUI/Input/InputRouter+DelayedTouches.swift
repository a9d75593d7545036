import Foundation
import Strata

/// `delaysTouchesBegan` and `delaysTouchesEnded`: touch phases held back from views while a
/// recognizer that receives the touch is undecided, and delivered, cancelled or dropped when it
/// decides.
///
/// Contract (UIKit's, per touch):
/// - `began` is held while a recognizer with `delaysTouchesBegan` is undecided (`possible`,
///   or waiting on a failure requirement); so are the touch's moves and end. If such a
///   recognizer recognizes, the view never hears of the touch. Otherwise, once none is
///   undecided, the view gets `touchesBegan`, one `touchesMoved` if the touch moved meanwhile,
///   and its end if it ended (subject to the next rule).
/// - `ended` is held while a recognizer with `delaysTouchesEnded` is undecided; if one of them
///   recognizes, the view gets `touchesCancelled` instead, else `touchesEnded`.
/// - A touch cancelled by the platform while held: a view that saw it begin gets
///   `touchesCancelled`; one that did not hears nothing.
/// - At most `maximumHeldTouches` touches are held: past that, the oldest is released as if
///   its recognizers had failed (a recognizer that never decides cannot grow memory).
extension InputRouter {
    public static let maximumHeldTouches = 64

    /// Whether `phase` of `touch` is held back now (and records it).
    func _hold(_ touch: Touch, _ phase: Touch.Phase) -> Bool {
        switch phase {
        case .began:
            guard _isDelayed(touch, began: true) else { return false }
            touch._heldBegan = true
        case .moved, .stationary:
            guard touch._heldBegan else { return false }
            touch._movedWhileHeld = true
        case .ended:
            guard touch._heldBegan || _isDelayed(touch, began: false) else { return false }
            touch._heldEnded = true
        case .cancelled:
            guard touch._heldBegan || touch._heldEnded else { return false }
            // The view hears the cancel only if it saw the touch begin.
            let seen = touch._viewSawBegan
            _forget(touch)
            return !seen
        }
        if !_heldTouches.contains(touch) { _heldTouches.append(touch) }
        if _heldTouches.count > Self.maximumHeldTouches { _release(_heldTouches[0], recognized: false) }
        return true
    }

    /// A recognizer of `touch` with the matching delay flag has not decided yet.
    func _isDelayed(_ touch: Touch, began: Bool) -> Bool {
        touch.gestureRecognizers.contains { r in
            (began ? r.delaysTouchesBegan : r.delaysTouchesEnded) && r._router === self && r.isEnabled
                && r._state == .possible && r._seen.contains(ObjectIdentifier(touch))
        }
    }

    /// `recognizer` recognized: held touches it delays are dropped (began) or cancelled (ended).
    func _recognizerRecognized(_ recognizer: GestureRecognizer) {
        for touch in _heldTouches where recognizer._seen.contains(ObjectIdentifier(touch)) {
            if touch._heldBegan && recognizer.delaysTouchesBegan {
                touch._cancelledForView = true
                _forget(touch)
            } else if touch._heldEnded && !touch._heldBegan && recognizer.delaysTouchesEnded {
                _release(touch, recognized: true)
            }
        }
    }

    /// Delivers what no undecided recognizer holds any more (after each dispatch).
    func _releaseHeldTouches() {
        for touch in _heldTouches {
            if touch._heldBegan && _isDelayed(touch, began: true) { continue }
            if !touch._heldBegan && _isDelayed(touch, began: false) { continue }
            _release(touch, recognized: false)
        }
    }

    private func _release(_ touch: Touch, recognized: Bool) {
        guard let view = touch.view, !touch._cancelledForView else { return _forget(touch) }
        let event = Event(timestamp: scheduler.now, modifiers: modifiers, allTouches: _allTouches.union([touch]))
        if touch._heldBegan {
            touch._heldBegan = false
            guard _contentMayBegin([touch], in: view, event) else { return _forget(touch) }
            touch._viewSawBegan = true
            view.touchesBegan([touch], with: event)
            if touch._movedWhileHeld { view.touchesMoved([touch], with: event) }
            touch._movedWhileHeld = false
            // Its end may still wait for a recognizer that delays ends.
            if touch._heldEnded && _isDelayed(touch, began: false) { return }
        }
        if touch._heldEnded {
            if recognized { view.touchesCancelled([touch], with: event) } else { view.touchesEnded([touch], with: event) }
        }
        _forget(touch)
    }

    private func _forget(_ touch: Touch) {
        touch._heldBegan = false
        touch._heldEnded = false
        touch._movedWhileHeld = false
        _heldTouches.removeAll { $0 === touch }
    }
}
