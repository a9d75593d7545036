import Foundation
import Strata

/// One finger (or the primary pointer button held down) from down to up.
///
/// The same object is passed in every phase of its sequence. Locations are kept in the root
/// space and converted on request, so they stay right when views move.
public final class Touch: Hashable, CustomStringConvertible {
    public enum Phase: Hashable, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    public enum Kind: Hashable, Sendable {
        /// A finger on a touchscreen.
        case direct
        /// The primary button of a pointer (mouse, touchpad click).
        case pointer
    }

    /// The platform's id (wl_touch id; -1 for the pointer).
    public let id: Int32
    public let kind: Kind
    public internal(set) var phase: Phase
    /// Seconds (the platform's input clock) of the latest change.
    public internal(set) var timestamp: TimeInterval
    /// 1 for a single tap or click, 2 for a double … (pointer: the click count).
    public internal(set) var tapCount: Int
    /// The view the touch went down on; it receives the touch's events until it ends, even if
    /// it leaves the hierarchy meanwhile.
    public internal(set) var view: View?
    /// The recognizers that receive this touch (the hit view's and its ancestors').
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The contact's radius in points (root space): half the major axis of the contact
    /// ellipse the touchscreen reports (`wl_touch.shape`), updated with each report. 0 when
    /// the device reports no shape, and for pointer presses. (UIKit always has a value.)
    public internal(set) var majorRadius: CGFloat = 0
    /// How far `majorRadius` may be off, in points. Wayland reports no tolerance: always 0.
    public var majorRadiusTolerance: CGFloat { 0 }
    var _location: CGPoint
    var _previous: CGPoint
    /// Set when a recognizer with `cancelsTouchesInView` took the touch: the view got
    /// `touchesCancelled` and hears nothing more of it.
    var _cancelledForView = false
    /// The view has been sent `touchesBegan` for this touch.
    var _viewSawBegan = false
    /// Phases held back from the view by recognizers that delay touches.
    var _heldBegan = false
    var _heldEnded = false
    var _movedWhileHeld = false

    init(id: Int32, kind: Kind, location: CGPoint, timestamp: TimeInterval, tapCount: Int) {
        self.id = id
        self.kind = kind
        phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        _location = location
        _previous = location
    }

    /// Takes a reported radius; nil, negative or non-finite ones leave it as it was.
    func _setRadius(_ r: CGFloat?) {
        if let r, r.isFinite, r >= 0 { majorRadius = r }
    }

    /// The location in `view`'s bounds coordinates (nil: the root space).
    public func location(in view: View?) -> CGPoint {
        view?.convert(_location, from: nil) ?? _location
    }

    public func previousLocation(in view: View?) -> CGPoint {
        view?.convert(_previous, from: nil) ?? _previous
    }

    public static func == (a: Touch, b: Touch) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    public var description: String { "Touch(\(id) \(phase) at \(_location))" }
}

/// The touches of one dispatch (UIKit's `UIEvent` for touches).
public final class Event {
    public let timestamp: TimeInterval
    public let modifiers: KeyModifiers
    /// Every touch down (or ending) at this moment.
    public let allTouches: Set<Touch>

    init(timestamp: TimeInterval, modifiers: KeyModifiers, allTouches: Set<Touch>) {
        self.timestamp = timestamp
        self.modifiers = modifiers
        self.allTouches = allTouches
    }

    /// The touches that belong to `view`.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    public func touches(for recognizer: GestureRecognizer) -> Set<Touch> {
        allTouches.filter { t in t.gestureRecognizers.contains { $0 === recognizer } }
    }
}
