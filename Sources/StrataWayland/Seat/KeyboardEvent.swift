/// A keyboard event for the surface that has keyboard focus.
///
/// Contract:
/// - `enter` and `leave` bracket every focus session; a second enter without a leave first
///   produces a leave for the old surface. Keys already held at enter are reported in `heldKeys`
///   but never as presses, and their releases are not reported either.
/// - `key` presses and releases alternate per key: duplicate presses and releases of keys not
///   pressed in this session are dropped.
/// - Repeats are presses with `isRepeat == true`, produced by the client (Wayland has no server
///   repeat) from `repeat_info`; they stop at the key's release, at leave and at focus change.
/// - `modifiers` is sent when the modifier state changes while a surface has focus.
public enum KeyboardEvent {
    case enter(surface: WaylandSurface, serial: UInt32, heldKeys: [UInt32])
    case leave(surface: WaylandSurface, serial: UInt32)
    case key(KeyEvent)
    case modifiers(surface: WaylandSurface, modifiers: KeyboardModifiers)
}

/// One key press, repeat or release.
public struct KeyEvent {
    public var surface: WaylandSurface
    /// The Linux input code (`KEY_A` = 30 …); xkb's keycode is this + 8.
    public var keycode: UInt32
    /// The keysym after modifiers and compose (`Keysym.noSymbol` without a usable keymap).
    public var keysym: Keysym
    /// The text the key produces (UTF-8 from xkb, after compose); empty for releases, for keys that
    /// produce none and while a compose sequence is in progress. May hold control characters
    /// (e.g. "\u{3}" for Ctrl+C): text inputs filter those.
    public var text: String
    public var isPressed: Bool
    public var isRepeat: Bool
    /// Milliseconds, compositor clock; a repeat's time is its press time + the elapsed repeat time.
    public var time: UInt32
    /// The serial of the `key` event (a repeat carries its press's serial).
    public var serial: UInt32
    public var modifiers: KeyboardModifiers

    public init(surface: WaylandSurface, keycode: UInt32, keysym: Keysym, text: String, isPressed: Bool,
                isRepeat: Bool, time: UInt32, serial: UInt32, modifiers: KeyboardModifiers) {
        self.surface = surface
        self.keycode = keycode
        self.keysym = keysym
        self.text = text
        self.isPressed = isPressed
        self.isRepeat = isRepeat
        self.time = time
        self.serial = serial
        self.modifiers = modifiers
    }
}
