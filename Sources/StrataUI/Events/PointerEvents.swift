import Foundation
import Strata

/// The modifier keys in effect (the same bits as the seat's `KeyboardModifiers`).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// Super / Windows / Command.
    public static let logo = KeyModifiers(rawValue: 1 << 3)
    public static let capsLock = KeyModifiers(rawValue: 1 << 4)
    public static let numLock = KeyModifiers(rawValue: 1 << 5)
}

/// Pointer motion over views (hover).
public struct HoverEvent {
    public enum Phase: Hashable, Sendable { case entered, moved, exited }
    public var phase: Phase
    /// Root-space position (the last known one for `exited`).
    public var rootLocation: CGPoint
    public var timestamp: TimeInterval
    public var modifiers: KeyModifiers

    public func location(in view: View?) -> CGPoint { view?.convert(rootLocation, from: nil) ?? rootLocation }
}

/// A pointer button press or release.
public struct ButtonEvent {
    /// Linux input code: `ButtonEvent.left` = 0x110 (BTN_LEFT), right 0x111, middle 0x112.
    public var button: UInt32
    public var isPressed: Bool
    /// 1 for a single click, 2 for a double click …: presses of the same button within
    /// `InputRouter.multiClickInterval` and `multiClickDistance` of the previous one count up.
    public var clickCount: Int
    public var rootLocation: CGPoint
    public var timestamp: TimeInterval
    public var modifiers: KeyModifiers

    public static let left: UInt32 = 0x110
    public static let right: UInt32 = 0x111
    public static let middle: UInt32 = 0x112

    public func location(in view: View?) -> CGPoint { view?.convert(rootLocation, from: nil) ?? rootLocation }
}

/// Scrolling from a wheel or a touchpad.
public struct ScrollEvent {
    public enum Source: Hashable, Sendable {
        /// Wheel detents: `wheelSteps` counts them (fractions for high-resolution wheels).
        case wheel
        /// Fingers on a touchpad: smooth deltas with phases.
        case touchpad
        /// Other continuous devices (trackpoint, knob): smooth deltas without an end.
        case continuous
    }

    /// For touchpad scrolling: the first event of a sequence is `began`, the following ones
    /// `changed`, the fingers lifting is `ended` (deltas may be 0); momentum starts there.
    /// Wheels and continuous devices have `none`.
    public enum Phase: Hashable, Sendable { case none, began, changed, ended }

    public var source: Source
    public var phase: Phase
    /// Surface units in Wayland's sign: positive y scrolls down (content moves up).
    public var deltaX: Double
    public var deltaY: Double
    /// Wheel steps (value120 / 120), same sign convention; 0 for smooth sources.
    public var wheelStepsX: Double
    public var wheelStepsY: Double
    public var rootLocation: CGPoint
    public var timestamp: TimeInterval
    public var modifiers: KeyModifiers

    public func location(in view: View?) -> CGPoint { view?.convert(rootLocation, from: nil) ?? rootLocation }
}

/// A key press, repeat or release for the first responder.
public struct KeyPress {
    /// Linux input code (KEY_A = 30 …).
    public var keycode: UInt32
    /// The XKB keysym after modifiers (0 when unknown).
    public var keysym: UInt32
    /// The text the key produces (empty for releases and keys without text).
    public var text: String
    public var isPressed: Bool
    public var isRepeat: Bool
    public var modifiers: KeyModifiers
    public var timestamp: TimeInterval

    public init(keycode: UInt32, keysym: UInt32, text: String = "", isPressed: Bool = true, isRepeat: Bool = false,
                modifiers: KeyModifiers = [], timestamp: TimeInterval = 0) {
        self.keycode = keycode
        self.keysym = keysym
        self.text = text
        self.isPressed = isPressed
        self.isRepeat = isRepeat
        self.modifiers = modifiers
        self.timestamp = timestamp
    }

    /// XKB keysyms the router itself uses.
    public static let tabKeysym: UInt32 = 0xff09
    public static let leftTabKeysym: UInt32 = 0xfe20
}
