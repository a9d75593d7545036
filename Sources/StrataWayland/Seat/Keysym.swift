import CXKBCommon

/// An X keysym (`xkb_keysym_t`): what a key means after the keymap is applied.
public struct Keysym: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The keysym's name ("a", "Return", "ISO_Left_Tab"…), "NoSymbol" for 0, hex for unnamed ones.
    public var name: String {
        let v = rawValue
        let s = xkbString { xkb_keysym_get_name(v, $0, $1) }
        return s.isEmpty ? "0x" + String(v, radix: 16) : s
    }

    /// The keysym named `name` (exact, case-sensitive), or nil.
    public init?(named name: String) {
        let v = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        guard v != 0 else { return nil }
        rawValue = v
    }

    public var description: String { name }

    public static let noSymbol = Keysym(rawValue: 0)
    public static let backSpace = Keysym(rawValue: 0xff08)
    public static let tab = Keysym(rawValue: 0xff09)
    public static let `return` = Keysym(rawValue: 0xff0d)
    public static let escape = Keysym(rawValue: 0xff1b)
    public static let delete = Keysym(rawValue: 0xffff)
    public static let home = Keysym(rawValue: 0xff50)
    public static let left = Keysym(rawValue: 0xff51)
    public static let up = Keysym(rawValue: 0xff52)
    public static let right = Keysym(rawValue: 0xff53)
    public static let down = Keysym(rawValue: 0xff54)
    public static let pageUp = Keysym(rawValue: 0xff55)
    public static let pageDown = Keysym(rawValue: 0xff56)
    public static let end = Keysym(rawValue: 0xff57)
    public static let space = Keysym(rawValue: 0x20)
}

/// Reads a string an xkb function writes into a caller buffer (returning its length, or -1).
func xkbString(_ fill: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buf in
        let p = buf.baseAddress!
        p.initialize(repeating: 0, count: 128)
        let n = fill(p, 128)
        guard n > 0, n < 128 else { return "" }
        return String(cString: p)
    }
}
