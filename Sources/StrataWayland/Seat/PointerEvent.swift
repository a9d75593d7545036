/// What one `wl_pointer.frame` said about the surface under the pointer.
///
/// Contract:
/// - One value per frame and surface. A frame that leaves one surface and enters another becomes
///   two values: the leave (old surface) first, then the rest (new surface).
/// - `surface` is the `WaylandSurface` the events belong to; events for surfaces this process
///   does not know (or has dropped) are not delivered.
/// - A frame that ends in a leave has `left == true`; after it the seat drops pointer events until
///   the next enter. Buttons still held at a leave are forgotten (`pressedButtons` is empty):
///   a receiver tracking a drag treats a leave with buttons down as a cancellation.
/// - Button changes are filtered so that they always alternate per button: a release for a
///   button that is not down, or a second press of a button that is down, is dropped.
/// - A frame holding more button changes than `PointerEvent.maximumButtonChanges` is delivered in
///   several values (so memory stays bounded even if a compositor never sends `frame`).
/// - Pointers older than version 5 have no `frame`; each of their events is its own value.
public struct PointerEvent {
    /// The surface the events belong to.
    public var surface: WaylandSurface
    /// The pointer entered the surface in this frame (`serial` is the enter serial).
    public var entered: Bool = false
    /// The pointer left the surface in this frame.
    public var left: Bool = false
    /// The position changed in this frame (by `enter` or `motion`).
    public var moved: Bool = false
    /// The pointer position after the frame, surface-local (the last known one for a leave).
    public var position: SurfacePoint
    /// The latest event timestamp of the frame in milliseconds (compositor clock with undefined
    /// base, wraps at 2³²); 0 when the frame carried none (enter and leave have no timestamp).
    public var time: UInt32 = 0
    /// The latest serial of the frame (enter, leave or button), for requests that need one
    /// (interactive move, popups, set_cursor).
    public var serial: UInt32?
    /// Button changes in the order they happened.
    public var buttons: [PointerButtonChange] = []
    /// Scrolling in this frame, if any.
    public var scroll: PointerScroll?
    /// Buttons held after the frame (Linux input codes, ascending).
    public var pressedButtons: [UInt32] = []
    /// The keyboard modifiers in effect (from this seat's keyboard, if any).
    public var modifiers: KeyboardModifiers = []

    /// The most button changes one value carries.
    public static let maximumButtonChanges = 64

    public init(surface: WaylandSurface, position: SurfacePoint) {
        self.surface = surface
        self.position = position
    }
}

/// One button press or release.
public struct PointerButtonChange: Hashable, Sendable {
    /// The Linux input event code (`BTN_LEFT` = 0x110 …); see `PointerButton`.
    public var button: UInt32
    public var isPressed: Bool
    public var serial: UInt32
    /// Milliseconds, compositor clock.
    public var time: UInt32

    public init(button: UInt32, isPressed: Bool, serial: UInt32, time: UInt32) {
        self.button = button
        self.isPressed = isPressed
        self.serial = serial
        self.time = time
    }
}

/// Linux input codes of common pointer buttons.
public enum PointerButton {
    public static let left: UInt32 = 0x110
    public static let right: UInt32 = 0x111
    public static let middle: UInt32 = 0x112
    public static let side: UInt32 = 0x113
    public static let extra: UInt32 = 0x114
}

/// The scrolling of one frame: both axes, summed over the frame.
public struct PointerScroll: Hashable, Sendable {
    /// What produced the scroll (`wl_pointer.axis_source`).
    public enum Source: Hashable, Sendable {
        /// A wheel with detents: `value120X/Y` counts the steps.
        case wheel
        /// Fingers on a touchpad: smooth deltas; `stopped` marks the fingers lifting (start
        /// kinetic scrolling then).
        case finger
        /// A continuous device without a physical end of motion (trackpoint, knob).
        case continuous
        /// A wheel tilted sideways.
        case wheelTilt
        /// A source this binding does not know.
        case other(UInt32)
    }

    /// The source, when the compositor said (`axis_source`, pointer version 5 and later).
    public var source: Source?
    /// Motion in surface units, positive = content moves up/left (the `wl_pointer.axis` sign:
    /// positive vertical values scroll down).
    public var dx: Double = 0
    public var dy: Double = 0
    /// Wheel steps in 1/120 of a detent (`axis_value120`, version 8; for older pointers
    /// `axis_discrete × 120`). Saturates at the Int32 range.
    public var value120X: Int32 = 0
    public var value120Y: Int32 = 0
    /// `axis_stop` for the axis: the scroll sequence ended (fingers lifted).
    public var stoppedX = false
    public var stoppedY = false

    public init() {}
}
