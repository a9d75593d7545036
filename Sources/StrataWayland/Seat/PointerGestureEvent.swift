/// A touchpad gesture (`zwp_pointer_gestures_v1`, when the compositor offers it): swipe, pinch or
/// hold, from begin to end, over the surface under the pointer.
///
/// Contract:
/// - Every gesture is `began`, then any number of `changed`, then `ended` or `cancelled`
///   (the compositor's `cancelled` flag, or a new gesture beginning before the old one ended, or
///   the pointer going away). Updates and ends with no gesture in progress are dropped, as are
///   gestures over surfaces this process does not know.
/// - Deltas are per update, in surface units, like `wl_pointer.motion` but unaccelerated
///   ("as if the fingers moved"). `scale` is absolute since the begin (1 at begin), `rotation`
///   is this update's change in degrees, clockwise.
public struct PointerGestureEvent {
    public enum Kind: Hashable, Sendable {
        case swipe, pinch, hold
    }

    public enum Phase: Hashable, Sendable {
        case began, changed, ended, cancelled
    }

    public var surface: WaylandSurface
    public var kind: Kind
    public var phase: Phase
    /// Fingers on the touchpad (from the begin).
    public var fingers: UInt32
    /// The pointer position in the surface when the event arrived.
    public var position: SurfacePoint
    /// Milliseconds, compositor clock (0 when the event had none, e.g. a synthesized cancel).
    public var time: UInt32
    /// The begin or end serial, when the event had one.
    public var serial: UInt32?
    public var dx: Double = 0
    public var dy: Double = 0
    public var scale: Double = 1
    public var rotation: Double = 0

    public init(surface: WaylandSurface, kind: Kind, phase: Phase, fingers: UInt32, position: SurfacePoint,
                time: UInt32, serial: UInt32?) {
        self.surface = surface
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.position = position
        self.time = time
        self.serial = serial
    }
}
