import Foundation
import Strata

/// The pointer: hover (enter/exit per view, moves to the frontmost view), buttons with click
/// counts (the primary button also drives a `Touch` of kind `.pointer`, so gesture
/// recognizers work with a mouse), and scrolling.
extension InputRouter {
    /// The pointer entered or moved to `location` (root space).
    public func pointerMoved(to location: CGPoint, time: TimeInterval? = nil) {
        guard location.x.isFinite, location.y.isFinite else { return }
        let t = _time(time)
        _pointerLocation = location
        let hit = rootView._hitTest(rootPoint: location, with: nil)
        var chain: [View] = []
        var v = hit
        while let c = v { chain.insert(c, at: 0); v = c._superview }
        let old = _hovered.compactMap(\.value)
        _hovered = chain.map { WeakBox($0) }
        let exited = old.filter { o in !chain.contains { $0 === o } }
        let entered = chain.filter { n in !old.contains { $0 === n } }
        for e in exited.reversed() {
            e.pointerExited(HoverEvent(phase: .exited, rootLocation: location, timestamp: t, modifiers: modifiers))
        }
        for e in entered {
            e.pointerEntered(HoverEvent(phase: .entered, rootLocation: location, timestamp: t, modifiers: modifiers))
        }
        hit?.pointerMoved(HoverEvent(phase: .moved, rootLocation: location, timestamp: t, modifiers: modifiers))
        let cursor = chain.reversed().lazy.compactMap(\.cursorName).first ?? "default"
        if cursor != cursorName {
            cursorName = cursor
            onCursorChange?(cursor)
        }
        if let touch = _pointerTouch {
            touch._previous = touch._location
            touch._location = location
            _dispatch([(touch, .moved)], time: t)
        }
        // Only a drag (a held primary button) may select or move a caret; hovering edits nothing.
        _afterDispatch(mayEdit: _pointerTouch != nil)
    }

    /// The pointer left the surface: hovered views get `pointerExited`; a primary-button touch
    /// in progress is cancelled and held buttons are forgotten (their views get no `buttonUp`),
    /// as the seat forgets them at a leave.
    public func pointerLeft(time: TimeInterval? = nil) {
        let t = _time(time)
        let loc = _pointerLocation ?? .zero
        for v in _hovered.compactMap(\.value).reversed() {
            v.pointerExited(HoverEvent(phase: .exited, rootLocation: loc, timestamp: t, modifiers: modifiers))
        }
        _hovered = []
        _pointerLocation = nil
        _pressTargets = [:]
        _touchpadScrolling = false
        if let touch = _pointerTouch {
            _pointerTouch = nil
            _dispatch([(touch, .cancelled)], time: t)
        }
        _afterDispatch()
    }

    /// A button press or release at the pointer's position. Ignored before the pointer has a
    /// position, for a press of a button already down and for a release without a press.
    public func pointerButton(_ button: UInt32, isPressed: Bool, time: TimeInterval? = nil) {
        guard let loc = _pointerLocation else { return }
        let t = _time(time)
        if isPressed {
            guard _pressTargets[button] == nil else { return }
            var count = 1
            if let last = _lastClick, last.button == button, t - last.time <= multiClickInterval, t >= last.time,
               hypot(loc.x - last.location.x, loc.y - last.location.y) <= multiClickDistance {
                count = last.count + 1
            }
            _lastClick = (button, t, loc, count)
            let hit = rootView._hitTest(rootPoint: loc, with: nil)
            _pressTargets[button] = .some(hit)
            hit?.buttonDown(ButtonEvent(button: button, isPressed: true, clickCount: count, rootLocation: loc,
                                        timestamp: t, modifiers: modifiers))
            if button == ButtonEvent.left, _pointerTouch == nil {
                let touch = Touch(id: -1, kind: .pointer, location: loc, timestamp: t, tapCount: count)
                _pointerTouch = touch
                _dispatch([(touch, .began)], time: t)
            }
        } else {
            guard let entry = _pressTargets.removeValue(forKey: button) else { return }
            let count = _lastClick?.button == button ? _lastClick?.count ?? 1 : 1
            entry?.buttonUp(ButtonEvent(button: button, isPressed: false, clickCount: count, rootLocation: loc,
                                        timestamp: t, modifiers: modifiers))
            if button == ButtonEvent.left, let touch = _pointerTouch {
                _pointerTouch = nil
                _dispatch([(touch, .ended)], time: t)
            }
        }
        _afterDispatch()
    }

    /// One frame of scrolling at the pointer's position. `value120X/Y` count wheel detents in
    /// 1/120 (Wayland's `axis_value120`); deltas are surface units; `stopped` is the touchpad's
    /// `axis_stop` (fingers lifted). A touchpad sequence (`began` … `ended`) stays with the view
    /// it began on. Ignored before the pointer has a position.
    public func scroll(source: ScrollEvent.Source, deltaX: Double = 0, deltaY: Double = 0,
                       value120X: Int32 = 0, value120Y: Int32 = 0, stopped: Bool = false, time: TimeInterval? = nil) {
        guard let loc = _pointerLocation, deltaX.isFinite, deltaY.isFinite else { return }
        let t = _time(time)
        var phase = ScrollEvent.Phase.none
        var target: View?
        if source == .touchpad {
            if stopped {
                guard _touchpadScrolling else { return }
                phase = .ended
                _touchpadScrolling = false
            } else if _touchpadScrolling {
                phase = .changed
            } else {
                phase = .began
                _touchpadScrolling = true
                _scrollTarget = rootView._hitTest(rootPoint: loc, with: nil).map { WeakBox($0) }
            }
            target = _scrollTarget?.value
            if phase == .ended { _scrollTarget = nil }
        } else {
            target = rootView._hitTest(rootPoint: loc, with: nil)
        }
        let e = ScrollEvent(source: source, phase: phase, deltaX: deltaX, deltaY: deltaY,
                            wheelStepsX: Double(value120X) / 120, wheelStepsY: Double(value120Y) / 120,
                            rootLocation: loc, timestamp: t, modifiers: modifiers)
        target?.scrollWheel(e)
        _afterDispatch()
    }
}
