/// The modifier keys in effect, as the keymap interprets the compositor's `wl_keyboard.modifiers`
/// (depressed, latched or locked all count as active).
public struct KeyboardModifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = KeyboardModifiers(rawValue: 1 << 0)
    public static let control = KeyboardModifiers(rawValue: 1 << 1)
    /// Alt (xkb's `Mod1`).
    public static let alt = KeyboardModifiers(rawValue: 1 << 2)
    /// The Super/Windows/Command key (xkb's `Mod4`).
    public static let logo = KeyboardModifiers(rawValue: 1 << 3)
    public static let capsLock = KeyboardModifiers(rawValue: 1 << 4)
    /// Num Lock (xkb's `Mod2`).
    public static let numLock = KeyboardModifiers(rawValue: 1 << 5)

    /// xkb modifier names, in the order of the bits above.
    static let xkbNames: [(KeyboardModifiers, String)] = [
        (.shift, "Shift"), (.control, "Control"), (.alt, "Mod1"),
        (.logo, "Mod4"), (.capsLock, "Lock"), (.numLock, "Mod2"),
    ]

    public var description: String {
        let names = ["shift", "control", "alt", "logo", "capsLock", "numLock"]
        let on = names.enumerated().filter { rawValue & (1 << UInt32($0.offset)) != 0 }.map(\.element)
        return on.isEmpty ? "none" : on.joined(separator: "+")
    }
}
