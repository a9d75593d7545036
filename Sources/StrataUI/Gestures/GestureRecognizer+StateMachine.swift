import Foundation
import Strata

/// The transition rules of `GestureRecognizer` (see its documentation) and the arbitration
/// between recognizers that share touches.
extension GestureRecognizer {
    static func _isAllowed(from a: State, to b: State) -> Bool {
        switch (a, b) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): return true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return true
        default: return false
        }
    }

    final func _requestTransition(to new: State) {
        guard Self._isAllowed(from: _state, to: new) else { return }
        if _state == .possible && (new == .began || new == .ended) {
            _tryToRecognize(as: new)
            return
        }
        if _state == .possible, new == .failed { _pending = nil }
        _apply(new)
    }

    /// possible → began/ended, subject to the delegate, failure requirements and exclusivity.
    final func _tryToRecognize(as new: State) {
        if let d = delegate, !d.gestureRecognizerShouldBegin(self) { _apply(.failed); return }
        switch _requirementsOutcome {
        case .waiting: _pending = new; return
        case .blocked: _apply(.failed); return
        case .clear: break
        }
        _pending = nil
        let rivals = _rivals
        if rivals.contains(where: { $0._state.isActive }) { _apply(.failed); return }
        _apply(new)
        for r in rivals where r._state == .possible { r._apply(.failed) }
        if cancelsTouchesInView { _router?._cancelTouchesInViews(of: self) }
        _router?._recognizerRecognized(self)
    }

    enum _RequirementsOutcome { case clear, waiting, blocked }

    /// `clear` when every required recognizer has failed (or is not in this touch sequence),
    /// `blocked` when one of them recognized, else `waiting`.
    final var _requirementsOutcome: _RequirementsOutcome {
        var waiting = false
        for box in _failureRequirements {
            guard let r = box.value, r._router != nil, r._sharesTouches(with: self) || r._state != .possible else { continue }
            switch r._state {
            case .failed: continue
            case .began, .changed, .ended: return .blocked
            case .cancelled: continue
            case .possible: waiting = true
            }
        }
        return waiting ? .waiting : .clear
    }

    /// Active recognizers sharing a touch with this one that may not recognize with it.
    final var _rivals: [GestureRecognizer] {
        guard let router = _router else { return [] }
        return router._activeRecognizers.filter { r in
            r !== self && r._sharesTouches(with: self) && !_mayRecognizeSimultaneously(with: r)
                && !_requires(r) && !r._requires(self)
        }
    }

    final func _requires(_ other: GestureRecognizer) -> Bool {
        _failureRequirements.contains { $0.value === other }
    }

    final func _sharesTouches(with other: GestureRecognizer) -> Bool {
        !_seen.isDisjoint(with: other._seen)
    }

    final func _mayRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }

    final func _apply(_ new: State) {
        _state = new
        onStateChange?(new)
        if new != .failed {
            for a in _actions { a(self) }
        }
        if new == .failed || new == .ended {
            _router?._requirementResolved(self)
        }
    }

    /// One update of a continuous recognizer (pinch, rotation): an undecided one begins once
    /// `pastThreshold`, an active one changes; `apply` stores the new value just before.
    final func _continuousUpdate(pastThreshold: Bool, apply: () -> Void) {
        if _state == .possible {
            guard pastThreshold else { return }
            apply()
            state = .began
        } else if _state.isActive {
            apply()
            state = .changed
        }
    }

    /// Back to `possible`: timers cancelled, touches forgotten, `reset()` called.
    final func _reset() {
        if let router = _router { for id in _timers { router.scheduler.cancel(id) } }
        _timers = []
        _touches = []
        _seen = []
        _pending = nil
        _state = .possible
        reset()
    }
}
