import Foundation
import Strata
import StrataWayland

/// The thin adapter from the seat's events (`StrataWayland.InputEvent`) to an `InputRouter`.
///
/// Positions are taken as root-space points as given (the host passes content coordinates);
/// times are the compositor's milliseconds as seconds (they wrap after 49.7 days; a wrap looks
/// like a time going backwards, which only breaks the one multi-click or velocity sample that
/// spans it). Within a pointer frame the order is: leave, enter/motion, buttons, scroll.
extension InputRouter {
    public func handle(_ event: InputEvent) {
        switch event {
        case let .pointer(p): _handlePointer(p)
        case let .touch(t): _handleTouch(t)
        case let .keyboard(k): _handleKeyboard(k)
        case let .gesture(g): _handleGesture(g)
        }
    }

    func _handlePointer(_ p: PointerEvent) {
        let time: TimeInterval? = p.time == 0 ? nil : Double(p.time) / 1000
        modifiersChanged(KeyModifiers(rawValue: p.modifiers.rawValue))
        if p.left {
            pointerLeft(time: time)
            return
        }
        if p.entered || p.moved {
            pointerMoved(to: CGPoint(x: p.position.x, y: p.position.y), time: time)
        }
        for b in p.buttons {
            pointerButton(b.button, isPressed: b.isPressed, time: Double(b.time) / 1000)
        }
        if let s = p.scroll {
            let source: ScrollEvent.Source
            switch s.source {
            case .wheel?, .wheelTilt?: source = .wheel
            case .finger?: source = .touchpad
            case .continuous?: source = .continuous
            default: source = (s.value120X != 0 || s.value120Y != 0) ? .wheel : .continuous
            }
            scroll(source: source, deltaX: s.dx, deltaY: s.dy, value120X: s.value120X, value120Y: s.value120Y,
                   stopped: s.stoppedX || s.stoppedY, time: time)
        }
    }

    func _handleTouch(_ t: TouchEvent) {
        if t.touches.contains(where: { $0.phase == .cancelled }) {
            cancelAllTouches()
            return
        }
        var changes: [TouchInput] = []
        var time: TimeInterval?
        for point in t.touches {
            let phase: TouchInput.Phase
            switch point.phase {
            case .began: phase = .down
            case .moved: phase = .motion
            case .ended: phase = .up
            case .cancelled: continue
            }
            if point.time != 0 { time = Double(point.time) / 1000 }
            // wl_touch.shape gives the ellipse's axes (surface-local, which is root space here).
            changes.append(TouchInput(id: point.id, phase: phase, location: CGPoint(x: point.position.x, y: point.position.y),
                                      majorRadius: point.major.map { CGFloat($0) / 2 }))
        }
        touches(changes, time: time)
    }

    func _handleGesture(_ g: PointerGestureEvent) {
        let time: TimeInterval? = g.time == 0 ? nil : Double(g.time) / 1000
        let phase: TouchpadPhase
        switch g.phase {
        case .began: phase = .began
        case .changed: phase = .changed
        case .ended: phase = .ended
        case .cancelled: phase = .cancelled
        }
        switch g.kind {
        case .pinch: touchpadPinch(phase, scale: g.scale, rotation: g.rotation, time: time)
        case .hold: if phase == .began { touchpadHold(time: time) }
        case .swipe: break
        }
    }

    func _handleKeyboard(_ k: KeyboardEvent) {
        switch k {
        case .enter: keyboardFocusChanged(true)
        case .leave: keyboardFocusChanged(false)
        case let .modifiers(_, m): modifiersChanged(KeyModifiers(rawValue: m.rawValue))
        case let .key(e):
            key(KeyPress(keycode: e.keycode, keysym: e.keysym.rawValue, text: e.text, isPressed: e.isPressed,
                         isRepeat: e.isRepeat, modifiers: KeyModifiers(rawValue: e.modifiers.rawValue),
                         timestamp: Double(e.time) / 1000))
        }
    }
}
