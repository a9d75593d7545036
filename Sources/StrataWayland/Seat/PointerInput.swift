/// The state machine behind a `wl_pointer`: focus, position, held buttons, and the frame being
/// assembled. It turns protocol events into `PointerEvent` values (see its contract).
///
/// Kept apart from the proxy so that recorded event sequences can be fed into it.
final class PointerInput {
    /// Whether the pointer sends `frame` (version 5 and later); without it every event is a frame.
    let hasFrames: Bool
    var resolve: (WlSurface?) -> WaylandSurface? = { SurfaceDirectory.shared.surface(for: $0) }
    var modifiers: () -> KeyboardModifiers = { [] }
    var emit: (PointerEvent) -> Void = { _ in }
    /// Called after an enter with the enter serial (the cursor image is set with it).
    var onEnter: (WaylandSurface, UInt32) -> Void = { _, _ in }

    /// The focused surface, nil outside any surface (or over one this process does not know).
    private(set) weak var focus: WaylandSurface?
    private var hasFocus = false
    private(set) var position = SurfacePoint.zero
    private(set) var pressed: Set<UInt32> = []
    private(set) var enterSerial: UInt32?

    /// Forgets that `button` is held: a compositor grab (an interactive move or resize) takes
    /// its release, which then never reaches the client.
    func forgetPressed(_ button: UInt32) { pressed.remove(button) }

    private var pending: PointerEvent?
    /// Sums of wheel steps kept wider than Int32 so that a flood cannot overflow.
    private var value120X = 0, value120Y = 0
    private var discreteX = 0, discreteY = 0

    init(version: UInt32) {
        hasFrames = version >= 5
    }

    func handle(_ event: WlPointer.Event) {
        switch event {
        case let .enter(serial, wl, x, y):
            flush()
            if hasFocus { synthesizeLeave() }
            hasFocus = true
            focus = resolve(wl)
            position = SurfacePoint(x: x, y: y)
            pressed = []
            enterSerial = serial
            guard let surface = focus else { break }
            withPending { p in
                p.entered = true
                p.moved = true
                p.serial = serial
            }
            onEnter(surface, serial)
        case let .leave(serial, _):
            guard hasFocus else { break }
            withPending { p in
                p.left = true
                p.serial = serial
            }
            hasFocus = false
            focus = nil
            pressed = []
            enterSerial = nil
        case let .motion(time, x, y):
            guard hasFocus else { break }
            position = SurfacePoint(x: x, y: y)
            withPending { p in
                p.moved = true
                p.time = time
            }
        case let .button(serial, time, button, state):
            guard hasFocus else { break }
            let isPressed = state == .pressed
            if isPressed {
                guard pressed.insert(button).inserted else { break }
            } else {
                guard pressed.remove(button) != nil else { break }
            }
            withPending { p in
                p.buttons.append(PointerButtonChange(button: button, isPressed: isPressed, serial: serial, time: time))
                p.serial = serial
                p.time = time
            }
            if (pending?.buttons.count ?? 0) >= PointerEvent.maximumButtonChanges { flush() }
        case let .axis(time, axis, value):
            guard hasFocus else { break }
            withScroll { s in
                if axis == .horizontalScroll { s.dx += value } else { s.dy += value }
            }
            pending?.time = time
        case let .axisSource(source):
            guard hasFocus else { break }
            withScroll { s in s.source = Self.source(source) }
        case let .axisStop(time, axis):
            guard hasFocus else { break }
            withScroll { s in
                if axis == .horizontalScroll { s.stoppedX = true } else { s.stoppedY = true }
            }
            pending?.time = time
        case let .axisDiscrete(axis, discrete):
            guard hasFocus else { break }
            if axis == .horizontalScroll {
                discreteX = Self.saturatingAdd(discreteX, Int(discrete))
            } else {
                discreteY = Self.saturatingAdd(discreteY, Int(discrete))
            }
            withScroll { _ in }
        case let .axisValue120(axis, value120):
            guard hasFocus else { break }
            if axis == .horizontalScroll {
                value120X = Self.saturatingAdd(value120X, Int(value120))
            } else {
                value120Y = Self.saturatingAdd(value120Y, Int(value120))
            }
            withScroll { _ in }
        case .frame:
            flush()
            return
        }
        if !hasFrames { flush() }
    }

    /// Forgets the pointer (the capability went away): a focused surface gets its leave.
    func reset() {
        flush()
        if hasFocus { synthesizeLeave() }
    }

    private func synthesizeLeave() {
        if let surface = focus {
            var e = PointerEvent(surface: surface, position: position)
            e.left = true
            e.modifiers = modifiers()
            emit(e)
        }
        hasFocus = false
        focus = nil
        pressed = []
        enterSerial = nil
    }

    /// Applies `change` to the frame being assembled, starting one for the focused surface if
    /// needed. Events over a surface this process does not know are dropped here.
    private func withPending(_ change: (inout PointerEvent) -> Void) {
        if pending == nil {
            guard let surface = focus else { return }
            pending = PointerEvent(surface: surface, position: position)
        }
        change(&pending!)
    }

    private func withScroll(_ change: (inout PointerScroll) -> Void) {
        withPending { p in
            var s = p.scroll ?? PointerScroll()
            change(&s)
            p.scroll = s
        }
    }

    private func flush() {
        defer {
            value120X = 0; value120Y = 0; discreteX = 0; discreteY = 0
        }
        guard var e = pending else { return }
        pending = nil
        if !e.left { e.position = position }
        if var s = e.scroll {
            // Version 8 sends value120 instead of discrete; older pointers only discrete.
            let x = value120X != 0 ? value120X : Self.saturatingMultiply(discreteX, 120)
            let y = value120Y != 0 ? value120Y : Self.saturatingMultiply(discreteY, 120)
            s.value120X = Int32(clamping: x)
            s.value120Y = Int32(clamping: y)
            e.scroll = s
        }
        e.pressedButtons = pressed.sorted()
        e.modifiers = modifiers()
        emit(e)
    }

    private static func source(_ s: WlPointer.AxisSource) -> PointerScroll.Source {
        switch s {
        case .wheel: return .wheel
        case .finger: return .finger
        case .continuous: return .continuous
        case .wheelTilt: return .wheelTilt
        default: return .other(s.rawValue)
        }
    }

    private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? (b > 0 ? .max : .min) : r
    }

    private static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o ? (a > 0 ? .max : .min) : r
    }
}
