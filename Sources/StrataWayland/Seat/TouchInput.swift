/// The state machine behind a `wl_touch`: active touch points by id and the frame being
/// assembled. It turns protocol events into `TouchEvent` values (see that type's contract).
final class TouchInput {
    var resolve: (WlSurface?) -> WaylandSurface? = { SurfaceDirectory.shared.surface(for: $0) }
    var emit: (TouchEvent) -> Void = { _ in }

    private struct Active {
        weak var surface: WaylandSurface?
        var position: SurfacePoint
        /// Began in the batch not yet delivered.
        var unseen: Bool
        /// The serial of its `down`.
        var serial: UInt32
    }

    /// Active touches by id. An id whose surface is unknown is still tracked (so its later events
    /// are recognised and dropped), with a nil surface.
    private var active: [Int32: Active] = [:]
    private var pending: [TouchPoint] = []
    /// Index in `pending` of each id's latest point, for merging motions.
    private var pendingIndex: [Int32: Int] = [:]

    var activeIDs: [Int32] { active.keys.sorted() }

    func handle(_ event: WlTouch.Event) {
        switch event {
        case let .down(serial, time, wl, id, x, y):
            if active[id] != nil { cancel(ids: [id]) }
            guard active.count < TouchEvent.maximumActiveTouches else { return }
            let surface = resolve(wl)
            let position = SurfacePoint(x: x, y: y)
            active[id] = Active(surface: surface, position: position, unseen: true, serial: serial)
            guard let surface else { return }
            append(TouchPoint(id: id, surface: surface, phase: .began, position: position, time: time, serial: serial))
        case let .motion(time, id, x, y):
            guard var a = active[id] else { return }
            a.position = SurfacePoint(x: x, y: y)
            active[id] = a
            guard let surface = a.surface else { return }
            if let i = pendingIndex[id], pending[i].phase == .began || pending[i].phase == .moved {
                pending[i].position = a.position
                pending[i].time = time
            } else {
                append(TouchPoint(id: id, surface: surface, phase: .moved, position: a.position, time: time, serial: nil))
            }
        case let .up(serial, time, id):
            guard let a = active.removeValue(forKey: id) else { return }
            guard let surface = a.surface else { return }
            append(TouchPoint(id: id, surface: surface, phase: .ended, position: a.position, time: time, serial: serial))
        case .frame:
            flush()
        case .cancel:
            cancel(ids: activeIDs)
        case let .shape(id, major, minor):
            guard let i = pendingIndex[id] else { return }
            pending[i].major = major
            pending[i].minor = minor
        case let .orientation(id, orientation):
            guard let i = pendingIndex[id] else { return }
            pending[i].orientation = orientation
        }
    }

    /// Ends every touch (the capability went away).
    func reset() {
        cancel(ids: activeIDs)
    }

    /// Cancels the touch whose `down` had `serial`, if it is still active: a grab that took it
    /// (a drag started with that serial) sends this client no `up` for it.
    func cancel(downSerial serial: UInt32) {
        cancel(ids: active.filter { $0.value.serial == serial }.map(\.key))
    }

    private func append(_ point: TouchPoint) {
        pendingIndex[point.id] = pending.count
        pending.append(point)
        if pending.count >= TouchEvent.maximumChangesPerEvent { flush() }
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        let event = TouchEvent(touches: pending, activeIDs: activeIDs)
        pending = []
        pendingIndex = [:]
        for id in active.keys { active[id]?.unseen = false }
        emit(event)
    }

    /// Cancels `ids` at once: touches the receiver has seen get a `cancelled` point, touches it
    /// has not (began in the pending batch) vanish with their pending points.
    private func cancel(ids: [Int32]) {
        var cancelled: [TouchPoint] = []
        for id in ids {
            guard let a = active.removeValue(forKey: id) else { continue }
            if a.unseen {
                pending.removeAll { $0.id == id }
                continue
            }
            if let surface = a.surface {
                cancelled.append(TouchPoint(id: id, surface: surface, phase: .cancelled, position: a.position, time: 0, serial: nil))
            }
        }
        pendingIndex = [:]
        for (i, p) in pending.enumerated() { pendingIndex[p.id] = i }
        // Changes to other touches that are still pending go out first, in order.
        flush()
        if !cancelled.isEmpty { emit(TouchEvent(touches: cancelled, activeIDs: activeIDs)) }
    }
}
