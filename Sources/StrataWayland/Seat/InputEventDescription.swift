/// One-line descriptions of input events, stable enough to compare in tests and logs. They
/// leave out what varies from run to run (timestamps, serials, object ids).

extension PointerEvent: CustomStringConvertible {
    public var description: String {
        var s = "pointer"
        if entered { s += " enter" } else if moved { s += " motion" }
        s += " \(position)"
        for b in buttons { s += b.isPressed ? " press \(b.button)" : " release \(b.button)" }
        if let scroll { s += " \(scroll)" }
        if left { s += " leave" }
        if !pressedButtons.isEmpty { s += " held=\(pressedButtons)" }
        if !modifiers.isEmpty { s += " mods=\(modifiers)" }
        return s
    }
}

extension PointerScroll: CustomStringConvertible {
    public var description: String {
        var s = "scroll"
        if let source { s += "(\(source))" }
        s += " dx=\(dx) dy=\(dy)"
        if value120X != 0 || value120Y != 0 { s += " v120=\(value120X),\(value120Y)" }
        if stoppedX { s += " stopX" }
        if stoppedY { s += " stopY" }
        return s
    }
}

extension KeyboardEvent: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .enter(_, _, held): return held.isEmpty ? "keyboard enter" : "keyboard enter held=\(held)"
        case .leave: return "keyboard leave"
        case let .key(k): return k.description
        case let .modifiers(_, m): return "modifiers \(m)"
        }
    }
}

extension KeyEvent: CustomStringConvertible {
    public var description: String {
        let kind = !isPressed ? "release" : isRepeat ? "repeat" : "press"
        var s = "key \(kind) \(keycode) \(keysym.name)"
        if !text.isEmpty { s += " \(text.debugDescription)" }
        if !modifiers.isEmpty { s += " mods=\(modifiers)" }
        return s
    }
}

extension TouchEvent: CustomStringConvertible {
    public var description: String {
        let points = touches.map { "\($0.phase) \($0.id) \($0.position)" }.joined(separator: ", ")
        return "touch \(points) active=\(activeIDs)"
    }
}

extension InputEvent: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .pointer(p): return p.description
        case let .keyboard(k): return k.description
        case let .touch(t): return t.description
        case let .gesture(g): return g.description
        }
    }
}

extension PointerGestureEvent: CustomStringConvertible {
    public var description: String {
        var s = "gesture \(kind) \(phase) fingers=\(fingers) \(position)"
        if phase == .changed { s += " dx=\(dx) dy=\(dy)" }
        if kind == .pinch { s += " scale=\(scale)" }
        if rotation != 0 { s += " rotation=\(rotation)" }
        return s
    }
}
