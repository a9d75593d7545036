/// The state machine behind the swipe, pinch and hold gesture objects of one pointer. It turns
/// their events into `PointerGestureEvent` values (see that type's contract).
final class PointerGestureInput {
    var resolve: (WlSurface?) -> WaylandSurface? = { SurfaceDirectory.shared.surface(for: $0) }
    var position: () -> SurfacePoint = { .zero }
    var emit: (PointerGestureEvent) -> Void = { _ in }

    private struct Active {
        var kind: PointerGestureEvent.Kind
        weak var surface: WaylandSurface?
        var fingers: UInt32
        var scale: Double
    }

    private var active: Active?

    var isActive: Bool { active != nil }

    func handle(_ event: ZwpPointerGestureSwipeV1.Event) {
        switch event {
        case let .begin(serial, time, surface, fingers): begin(.swipe, serial, time, surface, fingers)
        case let .update(time, dx, dy): update(.swipe, time, dx, dy, nil, 0)
        case let .end(serial, time, cancelled): end(.swipe, serial, time, cancelled != 0)
        }
    }

    func handle(_ event: ZwpPointerGesturePinchV1.Event) {
        switch event {
        case let .begin(serial, time, surface, fingers): begin(.pinch, serial, time, surface, fingers)
        case let .update(time, dx, dy, scale, rotation): update(.pinch, time, dx, dy, scale, rotation)
        case let .end(serial, time, cancelled): end(.pinch, serial, time, cancelled != 0)
        }
    }

    func handle(_ event: ZwpPointerGestureHoldV1.Event) {
        switch event {
        case let .begin(serial, time, surface, fingers): begin(.hold, serial, time, surface, fingers)
        case let .end(serial, time, cancelled): end(.hold, serial, time, cancelled != 0)
        }
    }

    /// Cancels a gesture in progress (the pointer went away).
    func reset() {
        cancelActive()
    }

    private func begin(_ kind: PointerGestureEvent.Kind, _ serial: UInt32, _ time: UInt32, _ wl: WlSurface?, _ fingers: UInt32) {
        cancelActive()
        guard let surface = resolve(wl) else { return }
        active = Active(kind: kind, surface: surface, fingers: fingers, scale: 1)
        emit(PointerGestureEvent(surface: surface, kind: kind, phase: .began, fingers: fingers, position: position(),
                                 time: time, serial: serial))
    }

    private func update(_ kind: PointerGestureEvent.Kind, _ time: UInt32, _ dx: Double, _ dy: Double,
                        _ scale: Double?, _ rotation: Double) {
        guard var a = active, a.kind == kind, let surface = a.surface else { return }
        if let scale { a.scale = scale }
        active = a
        var e = PointerGestureEvent(surface: surface, kind: kind, phase: .changed, fingers: a.fingers, position: position(),
                                    time: time, serial: nil)
        e.dx = dx
        e.dy = dy
        e.scale = a.scale
        e.rotation = rotation
        emit(e)
    }

    private func end(_ kind: PointerGestureEvent.Kind, _ serial: UInt32, _ time: UInt32, _ cancelled: Bool) {
        guard let a = active, a.kind == kind else { return }
        active = nil
        guard let surface = a.surface else { return }
        var e = PointerGestureEvent(surface: surface, kind: kind, phase: cancelled ? .cancelled : .ended, fingers: a.fingers,
                                    position: position(), time: time, serial: serial)
        e.scale = a.scale
        emit(e)
    }

    private func cancelActive() {
        guard let a = active else { return }
        active = nil
        guard let surface = a.surface else { return }
        var e = PointerGestureEvent(surface: surface, kind: a.kind, phase: .cancelled, fingers: a.fingers,
                                    position: position(), time: 0, serial: nil)
        e.scale = a.scale
        emit(e)
    }
}
