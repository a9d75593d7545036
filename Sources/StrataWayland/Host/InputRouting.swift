/// Routes the seat's input events to the surface they belong to.
///
/// Each surface has at most one handler (a window host, a view hierarchy, decorations). A touch
/// event that spans several surfaces is split: each handler sees only its own touch points.
/// Events for surfaces without a handler are dropped.
final class InputRouting {
    private var handlers: [ObjectIdentifier: (InputEvent) -> Void] = [:]

    func set(_ handler: ((InputEvent) -> Void)?, for surface: WaylandSurface) {
        handlers[ObjectIdentifier(surface)] = handler
    }

    func route(_ event: InputEvent) {
        switch event {
        case let .pointer(p):
            handlers[ObjectIdentifier(p.surface)]?(event)
        case let .keyboard(k):
            handlers[ObjectIdentifier(k.surface)]?(event)
        case let .gesture(g):
            handlers[ObjectIdentifier(g.surface)]?(event)
        case let .touch(t):
            var bySurface: [ObjectIdentifier: [TouchPoint]] = [:]
            var order: [ObjectIdentifier] = []
            for point in t.touches {
                let id = ObjectIdentifier(point.surface)
                if bySurface[id] == nil { order.append(id) }
                bySurface[id, default: []].append(point)
            }
            for id in order {
                handlers[id]?(.touch(TouchEvent(touches: bySurface[id] ?? [], activeIDs: t.activeIDs)))
            }
        }
    }
}

extension KeyboardEvent {
    /// The surface the event is for.
    public var surface: WaylandSurface {
        switch self {
        case let .enter(surface, _, _), let .leave(surface, _), let .modifiers(surface, _):
            return surface
        case let .key(k):
            return k.surface
        }
    }
}
