import CXKBCommon
import Glibc

/// The state machine behind a `wl_keyboard`: keymap, xkb state, compose, focus, held keys and
/// repeat. It turns protocol events into `KeyboardEvent` values (see that type's contract).
///
/// Keymaps: the fd is always closed; a format other than xkb v1, or bytes that do not compile,
/// leave the keyboard without a keymap (keys then carry `Keysym.noSymbol` and no text) and are
/// reported once through `log`.
final class KeyboardInput {
    var resolve: (WlSurface?) -> WaylandSurface? = { SurfaceDirectory.shared.surface(for: $0) }
    var emit: (KeyboardEvent) -> Void = { _ in }
    var log: (String) -> Void = { _ in }

    /// The most keys tracked as held at once; presses beyond it are dropped.
    static let maximumHeldKeys = 256

    private let context: OpaquePointer?
    private(set) var keymap: XKBKeymap?
    private var compose: ComposeState?
    private let composeLocale: String
    let repeater: KeyRepeater

    private(set) weak var focus: WaylandSurface?
    private var hasFocus = false
    /// Keys pressed during this focus session (their releases are reported).
    private(set) var pressed: Set<UInt32> = []
    /// Keys already down at enter (never reported).
    private var heldAtEnter: Set<UInt32> = []
    private var repeatSerial: UInt32 = 0
    private var repeatTime: UInt32 = 0

    init(scheduler: InputTimerScheduler, composeLocale: String = ComposeState.userLocale()) {
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        // xkb would print parse errors of a bad keymap to stderr; the seat reports one line itself.
        if let context { xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL) }
        self.composeLocale = composeLocale
        repeater = KeyRepeater(scheduler: scheduler)
        repeater.fire = { [unowned self] key, elapsed in self.repeatFired(key, elapsed) }
    }

    deinit {
        repeater.disarm()
        if let context { xkb_context_unref(context) }
    }

    var modifiers: KeyboardModifiers { keymap?.modifiers ?? [] }
    var hasCompose: Bool { compose != nil }

    func handle(_ event: WlKeyboard.Event) {
        switch event {
        case let .keymap(format, fd, size):
            defer { close(fd) }
            loadKeymap(format: format, fd: fd, size: size)
        case let .enter(serial, wl, keys):
            if hasFocus { endFocus(serial: serial) }
            hasFocus = true
            focus = resolve(wl)
            pressed = []
            heldAtEnter = Set(keys.uint32Values.prefix(Self.maximumHeldKeys))
            compose?.reset()
            if let surface = focus {
                emit(.enter(surface: surface, serial: serial, heldKeys: heldAtEnter.sorted()))
            }
        case let .leave(serial, _):
            guard hasFocus else { break }
            endFocus(serial: serial)
        case let .key(serial, time, key, state):
            guard hasFocus else { break }
            if state == .pressed {
                press(key, serial: serial, time: time)
            } else {
                release(key, serial: serial, time: time)
            }
        case let .modifiers(_, depressed, latched, locked, group):
            guard let keymap else { break }
            let before = keymap.modifiers
            keymap.update(depressed: depressed, latched: latched, locked: locked, group: group)
            let after = keymap.modifiers
            if after != before, hasFocus, let surface = focus {
                emit(.modifiers(surface: surface, modifiers: after))
            }
        case let .repeatInfo(rate, delay):
            repeater.configure(rate: rate, delay: delay)
        }
    }

    /// Forgets the keyboard (the capability went away): a focused surface gets its leave.
    func reset() {
        if hasFocus { endFocus(serial: 0) }
    }

    private func endFocus(serial: UInt32) {
        repeater.disarm()
        compose?.reset()
        if let surface = focus { emit(.leave(surface: surface, serial: serial)) }
        hasFocus = false
        focus = nil
        pressed = []
        heldAtEnter = []
    }

    private func loadKeymap(format: WlKeyboard.KeymapFormat, fd: Int32, size: UInt32) {
        guard format == .xkbV1 else {
            log("strata: keymap format \(format.rawValue) is not xkb v1; keys have no symbols")
            keymap = nil
            return
        }
        guard let context else { return }
        do {
            let km = try XKBKeymap(fd: fd, size: size, context: context)
            keymap = km
            if compose == nil { compose = ComposeState(context: context, locale: composeLocale) }
            compose?.reset()
        } catch {
            log("strata: the compositor's keymap was rejected (\(error)); keys have no symbols")
            keymap = nil
        }
    }

    private func press(_ key: UInt32, serial: UInt32, time: UInt32) {
        guard let surface = focus, !pressed.contains(key), pressed.count < Self.maximumHeldKeys else { return }
        pressed.insert(key)
        heldAtEnter.remove(key)
        var keysym = keymap?.keysym(for: key) ?? .noSymbol
        var text = keymap?.text(for: key) ?? ""
        switch compose?.feed(keysym) ?? .passThrough {
        case .passThrough: break
        case .composing, .cancelled: text = ""
        case let .composed(sym, composed):
            keysym = sym
            text = composed
        }
        emit(.key(KeyEvent(surface: surface, keycode: key, keysym: keysym, text: text, isPressed: true,
                           isRepeat: false, time: time, serial: serial, modifiers: modifiers)))
        if keymap?.repeats(key) == true {
            repeatSerial = serial
            repeatTime = time
            repeater.arm(key)
        }
    }

    private func release(_ key: UInt32, serial: UInt32, time: UInt32) {
        if heldAtEnter.remove(key) != nil { return }
        guard let surface = focus, pressed.remove(key) != nil else { return }
        if repeater.key == key { repeater.disarm() }
        emit(.key(KeyEvent(surface: surface, keycode: key, keysym: keymap?.keysym(for: key) ?? .noSymbol, text: "",
                           isPressed: false, isRepeat: false, time: time, serial: serial, modifiers: modifiers)))
    }

    /// A repeat is the key's meaning in the current state (Shift pressed meanwhile changes it);
    /// compose is not fed, as a repeated dead key would only restart the sequence.
    private func repeatFired(_ key: UInt32, _ elapsed: UInt32) {
        guard let surface = focus, pressed.contains(key) else {
            repeater.disarm()
            return
        }
        emit(.key(KeyEvent(surface: surface, keycode: key, keysym: keymap?.keysym(for: key) ?? .noSymbol,
                           text: keymap?.text(for: key) ?? "", isPressed: true, isRepeat: true,
                           time: repeatTime &+ elapsed, serial: repeatSerial, modifiers: modifiers)))
    }
}
