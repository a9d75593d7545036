/// What one `wl_touch.frame` (or a `cancel`) changed.
///
/// Contract:
/// - Each touch point is tracked by id from `down` to `up`/`cancel`. `ended` points carry the
///   last known position (Wayland's `up` has none).
/// - `cancel` ends every active touch at once with phase `cancelled` (delivered immediately);
///   touches that began in the same, not yet framed, batch are dropped with it, unseen.
/// - Bad input is filtered: motion or up for an id that is not down is dropped; a second `down`
///   for an active id first cancels the old touch; downs beyond `maximumActiveTouches` are dropped
///   (with everything for their id).
/// - Several motions of one id in a frame are merged into one point. A batch that grows past
///   `maximumChangesPerEvent` is delivered in parts (bounded memory without `frame`).
public struct TouchEvent {
    /// The changed touches in the order they first changed in the frame.
    public var touches: [TouchPoint]
    /// Ids still down after this event.
    public var activeIDs: [Int32]

    public static let maximumActiveTouches = 32
    public static let maximumChangesPerEvent = 256

    public init(touches: [TouchPoint], activeIDs: [Int32]) {
        self.touches = touches
        self.activeIDs = activeIDs
    }
}

/// One touch point's change.
public struct TouchPoint {
    public enum Phase: Hashable, Sendable {
        case began, moved, ended, cancelled
    }

    public var id: Int32
    /// The surface the touch went down on (a touch stays with it until it ends).
    public var surface: WaylandSurface
    public var phase: Phase
    /// Surface-local position; for `ended`/`cancelled` the last known one.
    public var position: SurfacePoint
    /// Milliseconds, compositor clock (0 for cancellations, which carry no time).
    public var time: UInt32
    /// The down or up serial, when the change had one.
    public var serial: UInt32?
    /// Contact ellipse axes (`wl_touch.shape`, version 6), when announced.
    public var major: Double?
    public var minor: Double?
    /// Contact orientation in degrees (`wl_touch.orientation`, version 6), when announced.
    public var orientation: Double?

    public init(id: Int32, surface: WaylandSurface, phase: Phase, position: SurfacePoint, time: UInt32, serial: UInt32?) {
        self.id = id
        self.surface = surface
        self.phase = phase
        self.position = position
        self.time = time
        self.serial = serial
    }
}
