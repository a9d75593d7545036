import CXKBCommon
import Glibc

/// An xkb keymap and its state, loaded from the fd of `wl_keyboard.keymap`.
///
/// Wayland clients never feed key events into the xkb state: the compositor's `modifiers` event
/// is the truth, applied with `update(depressed:latched:locked:group:)`.
final class XKBKeymap {
    /// Largest keymap accepted (real ones are ~50–100 KiB).
    static let maximumSize = 16 << 20

    enum LoadError: Error, Equatable {
        case badSize(UInt32)
        case unreadable(errno: Int32)
        case notAKeymap
    }

    let context: OpaquePointer
    let keymap: OpaquePointer
    let state: OpaquePointer
    private let modIndices: [(KeyboardModifiers, xkb_mod_index_t)]

    /// Maps `size` bytes of `fd` privately and compiles them. Does not close `fd`.
    /// A size of 0, beyond `maximumSize`, or beyond the file's length (reading past the end of a
    /// mapped file would fault) is rejected before mapping.
    init(fd: Int32, size: UInt32, context: OpaquePointer) throws {
        guard size > 0, Int(size) <= Self.maximumSize else { throw LoadError.badSize(size) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw LoadError.unreadable(errno: errno) }
        guard st.st_size >= Int(size) else { throw LoadError.badSize(size) }
        guard let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            throw LoadError.unreadable(errno: errno)
        }
        defer { munmap(map, Int(size)) }
        // The text is NUL-terminated by the protocol; trust the length only up to the first NUL.
        let text = map.assumingMemoryBound(to: CChar.self)
        let length = strnlen(text, Int(size))
        guard let km = xkb_keymap_new_from_buffer(context, text, length, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            throw LoadError.notAKeymap
        }
        guard let st = xkb_state_new(km) else {
            xkb_keymap_unref(km)
            throw LoadError.notAKeymap
        }
        xkb_context_ref(context)
        self.context = context
        keymap = km
        state = st
        modIndices = KeyboardModifiers.xkbNames.map { ($0.0, xkb_keymap_mod_get_index(km, $0.1)) }
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Applies the compositor's modifier state.
    func update(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    var modifiers: KeyboardModifiers {
        var m: KeyboardModifiers = []
        for (flag, index) in modIndices where index != XKB_MOD_INVALID {
            if xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0 { m.insert(flag) }
        }
        return m
    }

    /// The xkb keycode for a Linux input code, nil when out of range.
    private func xkbKeycode(_ key: UInt32) -> xkb_keycode_t? {
        key <= UInt32.max - 8 ? key + 8 : nil
    }

    /// The keysym the key produces in the current state (one-keysym keys; NoSymbol otherwise).
    func keysym(for key: UInt32) -> Keysym {
        guard let code = xkbKeycode(key) else { return .noSymbol }
        return Keysym(rawValue: xkb_state_key_get_one_sym(state, code))
    }

    /// The UTF-8 text the key produces in the current state.
    func text(for key: UInt32) -> String {
        guard let code = xkbKeycode(key) else { return "" }
        return xkbString { xkb_state_key_get_utf8(state, code, $0, $1) }
    }

    /// Whether the keymap says the key repeats (letters do, modifiers do not).
    func repeats(_ key: UInt32) -> Bool {
        guard let code = xkbKeycode(key) else { return false }
        return xkb_keymap_key_repeats(keymap, code) != 0
    }
}
