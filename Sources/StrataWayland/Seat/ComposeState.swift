import CXKBCommon
import Glibc

/// Dead keys and Compose sequences through xkb's compose tables for the user's locale.
///
/// When no table exists for the locale (or the locale is unknown) `ComposeState.init` returns
/// nil and keys pass through unchanged.
final class ComposeState {
    /// What feeding one keysym did.
    enum Outcome: Equatable {
        /// Not part of a sequence: use the key's own keysym and text.
        case passThrough
        /// Inside a sequence: no text yet.
        case composing
        /// A sequence finished with this keysym and text.
        case composed(Keysym, String)
        /// A sequence was abandoned: the key produces no text.
        case cancelled
    }

    private let state: OpaquePointer

    /// The locale as the C library resolves it: LC_ALL, then LC_CTYPE, then LANG, else "C".
    public static func userLocale() -> String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = getenv(name), v.pointee != 0 { return String(cString: v) }
        }
        return "C"
    }

    init?(context: OpaquePointer, locale: String = ComposeState.userLocale()) {
        guard let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
            return nil
        }
        defer { xkb_compose_table_unref(table) }
        guard let s = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else { return nil }
        state = s
    }

    deinit {
        xkb_compose_state_unref(state)
    }

    func reset() {
        xkb_compose_state_reset(state)
    }

    func feed(_ keysym: Keysym) -> Outcome {
        guard xkb_compose_state_feed(state, keysym.rawValue) == XKB_COMPOSE_FEED_ACCEPTED else {
            return .passThrough
        }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            return .composing
        case XKB_COMPOSE_COMPOSED:
            let text = xkbString { xkb_compose_state_get_utf8(state, $0, $1) }
            let sym = Keysym(rawValue: xkb_compose_state_get_one_sym(state))
            reset()
            return .composed(sym, text)
        case XKB_COMPOSE_CANCELLED:
            reset()
            return .cancelled
        default:
            return .passThrough
        }
    }
}
