// Fuzz target: the seat's keyboard state machine (KeyboardInput: keymap loading from the
// compositor's fd, xkb state, compose, focus sessions, held keys, client-side repeat) driven by
// any sequence of wl_keyboard events — valid keymaps (us, us intl with dead keys, de, fr) or
// fuzzed keymap text, wrong formats and sizes, key codes up to 2³², raw key states, modifier
// masks, repeat_info extremes and clock jumps.
//
// Properties: nothing traps, hangs or grows without bound, and the delivered events keep
// KeyboardEvent's contract: enter/leave bracket sessions; keys only inside one; presses and
// releases alternate per key; repeats only for a key still down; releases carry no text.
import CXKBCommon
import FuzzSupport
import Glibc
@testable import StrataWayland

/// Timers fired in deadline order when the clock is moved, each at its own deadline.
final class SteppedClock: InputTimerScheduler {
    private var time = 1000.0
    private var timers: [(id: Int, at: Double, action: () -> Void)] = []
    private var nextID = 0

    func now() -> Double { time }
    func schedule(at deadline: Double, _ action: @escaping () -> Void) -> Int {
        nextID += 1
        timers.append((nextID, deadline, action))
        return nextID
    }
    func cancel(_ id: Int) { timers.removeAll { $0.id == id } }

    /// Repeats are clamped to 1000 per second, so 1.5 s fire at most ~1500 timers.
    func advance(by seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds <= 1.5 else { return }
        var fired = 0
        let target = time + seconds
        while let next = timers.enumerated().filter({ $0.element.at <= target }).min(by: { $0.element.at < $1.element.at }) {
            timers.remove(at: next.offset)
            time = max(time, next.element.at)
            next.element.action()
            fired += 1
            precondition(fired <= 1600, "more repeats than the clamped rate allows")
        }
        time = target
    }
}

/// One connection to the scripted compositor, made once: the focus surface must be a real one.
struct World {
    let compositor = SeatTestCompositor()
    let display: WaylandDisplay
    let surface: WaylandSurface
    let keymaps: [[UInt8]]

    init() {
        display = try! WaylandDisplay(name: compositor.path)
        try! display.connection.roundtrip()
        surface = WaylandSurface(display: display)
        keymaps = [("us", ""), ("us", "intl"), ("de", ""), ("fr", "")].map(World.keymap)
    }

    /// The text of a keymap compiled from RMLVO names, as a compositor sends it (NUL-terminated).
    static func keymap(_ names: (layout: String, variant: String)) -> [UInt8] {
        let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS)!
        defer { xkb_context_unref(ctx) }
        var rmlvo = xkb_rule_names(rules: strdup("evdev"), model: strdup("pc105"), layout: strdup(names.layout),
                                   variant: strdup(names.variant), options: nil)
        defer { [rmlvo.rules, rmlvo.model, rmlvo.layout, rmlvo.variant].forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let km = xkb_keymap_new_from_names(ctx, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)!
        defer { xkb_keymap_unref(km) }
        let text = xkb_keymap_get_as_string(km, XKB_KEYMAP_FORMAT_TEXT_V1)!
        defer { free(text) }
        return Array(UnsafeRawBufferPointer(start: text, count: strlen(text) + 1))
    }
}

nonisolated(unsafe) let world = World()

/// A file holding `bytes` (tmpfs), unlinked, as the compositor's keymap fd.
func keymapFD(_ bytes: [UInt8]) -> Int32 {
    var template = Array("/dev/shm/strata-fuzz-keymap-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    precondition(fd >= 0, "mkstemp: \(errno)")
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    precondition(written == bytes.count)
    return fd
}

/// KeyboardEvent's contract, checked event by event.
struct ContractCheck {
    var focused = false
    var down: Set<UInt32> = []

    mutating func check(_ event: KeyboardEvent) {
        switch event {
        case .enter:
            precondition(!focused, "enter inside a session")
            focused = true
            down = []
        case .leave:
            precondition(focused, "leave without enter")
            focused = false
            down = []
        case .modifiers:
            precondition(focused, "modifiers outside a session")
        case let .key(e):
            precondition(focused, "key outside a session")
            if !e.isPressed {
                precondition(down.remove(e.keycode) != nil, "release of \(e.keycode), not down")
                precondition(e.text.isEmpty && !e.isRepeat, "release with text or repeat flag")
            } else if e.isRepeat {
                precondition(down.contains(e.keycode), "repeat of \(e.keycode), not down")
            } else {
                precondition(down.insert(e.keycode).inserted, "second press of \(e.keycode)")
            }
            precondition(down.count <= KeyboardInput.maximumHeldKeys)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyboard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = FuzzInput(data, size)
    let clock = SteppedClock()
    let keyboard = KeyboardInput(scheduler: clock, composeLocale: r.chance(4) ? "en_US.UTF-8" : "C")
    let surface = world.surface
    keyboard.resolve = { _ in surface }
    var contract = ContractCheck()
    keyboard.emit = { contract.check($0) }
    var serial: UInt32 = 0
    for _ in 0..<500 where !r.isAtEnd {
        serial &+= 1
        switch r.byte() % 12 {
        case 0:
            let choice = Int(r.byte() % 8)
            var bytes: [UInt8]
            if choice < 4 {
                bytes = world.keymaps[choice]
            } else {
                // Fuzzed text: a known keymap's prefix with the input's bytes spliced in, or raw.
                let n = r.below(4096)
                let splice = (0..<n).map { _ in r.byte() }
                bytes = choice == 7 ? splice : Array(world.keymaps[choice - 4].prefix(r.below(70_000))) + splice
            }
            let fd = keymapFD(bytes)
            var size = UInt32(bytes.count)
            switch r.byte() % 8 {
            case 0: size = 0
            case 1: size = r.uint32()                   // beyond the file: must be refused, not read
            case 2: size = UInt32(r.below(bytes.count + 1))
            default: break
            }
            let format = r.chance(8) ? WlKeyboard.KeymapFormat(rawValue: r.uint32()) : .xkbV1
            keyboard.handle(.keymap(format: format, fd: fd, size: size))  // closes fd
        case 1:
            var keys: [UInt8] = []
            for _ in 0..<r.below(12) { keys.append(r.byte()) }  // any length, not only whole UInt32s
            keyboard.handle(.enter(serial: serial, surface: nil, keys: keys))
        case 2:
            keyboard.handle(.leave(serial: serial, surface: nil))
        case 3, 4, 5, 6:
            let key = r.chance(16) ? r.uint32() : UInt32(r.byte())
            let state = r.chance(16) ? WlKeyboard.KeyState(rawValue: r.uint32()) : (r.byte() & 1 == 0 ? .pressed : .released)
            keyboard.handle(.key(serial: serial, time: r.uint32(), key: key, state: state))
        case 7:
            let m = { (r: inout FuzzInput) in r.chance(4) ? r.uint32() : UInt32(r.byte() & 0x4d) }
            keyboard.handle(.modifiers(serial: serial, modsDepressed: m(&r), modsLatched: m(&r), modsLocked: m(&r),
                                       group: r.chance(4) ? r.uint32() : UInt32(r.byte() % 3)))
        case 8:
            let rate = r.chance(4) ? Int32(bitPattern: r.uint32()) : Int32(r.byte() % 60)
            let delay = r.chance(4) ? Int32(bitPattern: r.uint32()) : Int32(r.byte()) * 4
            keyboard.handle(.repeatInfo(rate: rate, delay: delay))
        default:
            clock.advance(by: r.number(in: 0...1.5))
        }
    }
    keyboard.reset()
    precondition(!contract.focused, "reset left the session open")
    return 0
}
