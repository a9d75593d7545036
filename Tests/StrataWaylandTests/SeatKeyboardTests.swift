import CXKBCommon
import Glibc
import Testing
@testable import StrataWayland
import StrataTestSupport

/// The text of an xkb keymap compiled from RMLVO names, as a compositor would send it.
func keymapText(layout: String = "us", variant: String = "") -> [UInt8] {
    let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS)!
    defer { xkb_context_unref(ctx) }
    return "evdev".withCString { rules in "pc105".withCString { model in layout.withCString { l in variant.withCString { v in
        var names = xkb_rule_names(rules: rules, model: model, layout: l, variant: v, options: nil)
        let km = xkb_keymap_new_from_names(ctx, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)!
        defer { xkb_keymap_unref(km) }
        let s = xkb_keymap_get_as_string(km, XKB_KEYMAP_FORMAT_TEXT_V1)!
        defer { free(s) }
        return Array(UnsafeBufferPointer(start: s, count: strlen(s) + 1)).map { UInt8(bitPattern: $0) }
    } } } }
}

/// Linux input codes used below.
enum Key {
    static let a: UInt32 = 30, s: UInt32 = 31, e: UInt32 = 18, c: UInt32 = 46
    static let apostrophe: UInt32 = 40, leftShift: UInt32 = 42, leftCtrl: UInt32 = 29
}

extension SeatFixture {
    func sendKeymap(_ bytes: [UInt8], size: UInt32? = nil, format: UInt32 = 1) {
        let fd = keymapFile(bytes)
        keyboard(KeyboardOp.keymap, .u(format), .u(size ?? UInt32(bytes.count)), fd: fd)
        close(fd)
    }

    func key(_ key: UInt32, _ pressed: Bool, time: UInt32, serial: UInt32 = 1) {
        keyboard(KeyboardOp.key, .u(serial), .u(time), .u(key), .u(pressed ? 1 : 0))
    }

    /// A keyboard with a US keymap focused on a new surface.
    func focusedKeyboard(keymap: [UInt8] = keymapText(), held: [UInt32] = []) throws -> WaylandSurface {
        let s = makeSurface()
        sendKeymap(keymap)
        keyboard(KeyboardOp.repeatInfo, .i(25), .i(600))
        var keys: [UInt8] = []
        for k in held { withUnsafeBytes(of: k.littleEndian) { keys += $0 } }
        keyboard(KeyboardOp.enter, .u(5), .o(s.surface.id), .a(keys))
        keyboard(KeyboardOp.modifiers, .u(6), .u(0), .u(0), .u(0), .u(0))
        try pump()
        return s
    }
}

@Suite(.runLoopTurn) struct SeatKeyboardTests {
    @Test func keysProduceKeysymsAndTextAndEnterKeysAreNotPresses() throws {
        let f = try SeatFixture()
        let s = try f.focusedKeyboard(held: [Key.a])
        f.key(Key.s, true, time: 10)
        f.key(Key.a, false, time: 11)  // held at enter: its release is not reported
        f.key(Key.s, false, time: 12)
        #expect(f.take() == ["keyboard enter held=[30]", "key press 31 s \"s\"", "key release 31 s"])
        #expect(f.seat.keyboardFocus === s)
    }

    @Test func modifiersChangeTheKeysymAndAreReported() throws {
        let f = try SeatFixture()
        _ = try f.focusedKeyboard()
        f.events = []
        f.key(Key.leftShift, true, time: 1)
        f.keyboard(KeyboardOp.modifiers, .u(7), .u(1), .u(0), .u(0), .u(0))  // Shift depressed
        f.key(Key.a, true, time: 2)
        f.key(Key.a, false, time: 3)
        f.key(Key.leftShift, false, time: 4)
        f.keyboard(KeyboardOp.modifiers, .u(8), .u(0), .u(0), .u(0), .u(0))
        f.key(Key.leftCtrl, true, time: 5)
        f.keyboard(KeyboardOp.modifiers, .u(9), .u(4), .u(0), .u(0), .u(0))  // Control depressed
        f.key(Key.c, true, time: 6)
        #expect(f.take() == [
            "key press 42 Shift_L",
            "modifiers shift",
            "key press 30 A \"A\" mods=shift",
            "key release 30 A mods=shift",
            "key release 42 Shift_L mods=shift",
            "modifiers none",
            "key press 29 Control_L",
            "modifiers control",
            "key press 46 c \"\\u{03}\" mods=control",
        ])
    }

    @Test func keyRepeatFollowsRepeatInfoOnTheInjectedClock() throws {
        let f = try SeatFixture()
        _ = try f.focusedKeyboard()
        f.events = []
        f.clock.advance(to: 200)
        f.key(Key.a, true, time: 1000, serial: 40)
        try f.pump()
        f.clock.advance(to: 200.599)
        #expect(f.events.count == 1)
        f.clock.advance(to: 200.6)
        f.clock.advance(to: 200.68)
        let repeats: [KeyEvent] = f.events.compactMap { if case let .keyboard(.key(k)) = $0, k.isRepeat { k } else { nil } }
        #expect(repeats.map(\.time) == [1600, 1640, 1680])
        #expect(repeats.allSatisfy { $0.serial == 40 && $0.text == "a" && $0.keycode == Key.a })
        f.key(Key.a, false, time: 1690)
        try f.pump()
        f.clock.advance(to: 210)
        #expect(f.take() == ["key press 30 a \"a\"", "key repeat 30 a \"a\"", "key repeat 30 a \"a\"",
                                 "key repeat 30 a \"a\"", "key release 30 a"])
        #expect(f.clock.pendingCount == 0)
    }

    @Test func repeatStopsOnLeaveAndFocusChangeAndRateZeroDisablesIt() throws {
        let f = try SeatFixture()
        let first = try f.focusedKeyboard()
        f.events = []
        f.key(Key.a, true, time: 1)
        f.keyboard(KeyboardOp.leave, .u(9), .o(first.surface.id))
        try f.pump()
        f.clock.advance(to: 300)
        #expect(f.take() == ["key press 30 a \"a\"", "keyboard leave"])
        #expect(f.clock.pendingCount == 0)

        // Focus moves to another surface without a leave: the old focus gets one, repeat stops.
        f.keyboard(KeyboardOp.enter, .u(10), .o(first.surface.id), .a([]))
        f.key(Key.s, true, time: 2)
        let second = f.makeSurface()
        f.keyboard(KeyboardOp.enter, .u(11), .o(second.surface.id), .a([]))
        try f.pump()
        f.clock.advance(to: 400)
        #expect(f.take() == ["keyboard enter", "key press 31 s \"s\"", "keyboard leave", "keyboard enter"])
        #expect(f.seat.keyboardFocus === second)

        f.keyboard(KeyboardOp.repeatInfo, .i(0), .i(600))
        f.key(Key.a, true, time: 3)
        try f.pump()
        f.clock.advance(to: 500)
        #expect(f.take() == ["key press 30 a \"a\""])
        #expect(f.clock.pendingCount == 0)
    }

    @Test func modifierKeysDoNotRepeatAndDoNotStopARepeatingKey() throws {
        let f = try SeatFixture()
        _ = try f.focusedKeyboard()
        f.events = []
        f.clock.advance(to: 200)
        f.key(Key.a, true, time: 0)
        f.key(Key.leftShift, true, time: 100)
        f.keyboard(KeyboardOp.modifiers, .u(7), .u(1), .u(0), .u(0), .u(0))
        try f.pump()
        f.clock.advance(to: 200.64)
        // The repeat follows the current state: Shift now held, so 'A'.
        #expect(f.take() == ["key press 30 a \"a\"", "key press 42 Shift_L", "modifiers shift",
                                 "key repeat 30 A \"A\" mods=shift", "key repeat 30 A \"A\" mods=shift"])
    }

    @Test func lateTimersDoNotBurst() {
        let clock = ManualScheduler(time: 0)
        let r = KeyRepeater(scheduler: clock)
        var fired: [UInt32] = []
        r.fire = { _, elapsed in fired.append(elapsed) }
        r.configure(rate: 10, delay: 500)
        r.arm(30)
        clock.advance(to: 0.5)
        #expect(fired == [500])
        // The loop was blocked for two seconds: one repeat, then the period resumes from now.
        clock.jump(to: 2.5)
        #expect(fired == [500, 600])
        clock.jump(to: 2.6)
        #expect(fired == [500, 600, 2600])
        r.configure(rate: -5, delay: 100)
        clock.advance(to: 10)
        #expect(fired.count == 3)
        #expect(!r.isEnabled)
    }

    @Test func composeSequencesProduceComposedText() throws {
        let f = try SeatFixture(composeLocale: "en_US.UTF-8")
        _ = try f.focusedKeyboard(keymap: keymapText(layout: "us", variant: "intl"))
        f.events = []
        f.key(Key.apostrophe, true, time: 1)
        f.key(Key.apostrophe, false, time: 2)
        f.key(Key.e, true, time: 3)
        #expect(f.take() == ["key press 40 dead_acute", "key release 40 dead_acute", "key press 18 eacute \"é\""])
    }

    @Test func aMissingComposeTableFallsBackToPlainKeys() throws {
        let f = try SeatFixture(composeLocale: "xx_NOWHERE.UTF-8")
        _ = try f.focusedKeyboard(keymap: keymapText(layout: "us", variant: "intl"))
        #expect(f.seat.keyboard?.hasCompose == false)
        f.events = []
        f.key(Key.apostrophe, true, time: 1)
        f.key(Key.e, true, time: 3)
        #expect(f.take() == ["key press 40 dead_acute", "key press 18 e \"e\""])
    }

    @Test func badKeymapsLeaveKeysWithoutSymbolsAndCloseTheirFDs() throws {
        let f = try SeatFixture()
        _ = try f.focusedKeyboard()
        try f.pump()
        let (probe, peer) = socketPair()
        defer { close(probe) }
        f.keyboard(KeyboardOp.keymap, .u(1), .u(4096), fd: peer)  // not a file: rejected before mmap
        close(peer)
        f.sendKeymap(Array("this is not an xkb keymap {{{".utf8) + [0])
        f.sendKeymap(Array(repeating: 0xff, count: 4096))
        f.sendKeymap(keymapText(), size: 10_000_000)  // claims more than the file holds
        f.sendKeymap(keymapText(), size: 0)
        f.sendKeymap(keymapText(), format: 0)  // no_keymap
        try f.pump()
        #expect(f.logs.count == 6)
        #expect(peerClosed(probe))
        f.events = []
        f.key(Key.a, true, time: 1)
        #expect(f.take() == ["key press 30 NoSymbol"])
        // A good keymap afterwards works again.
        f.sendKeymap(keymapText())
        f.key(Key.s, true, time: 2)
        #expect(f.take() == ["key press 31 s \"s\""])
    }

    @Test func strayKeysAreDropped() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.sendKeymap(keymapText())
        f.key(Key.a, true, time: 1)  // before enter
        f.keyboard(KeyboardOp.leave, .u(2), .o(s.surface.id))  // leave without enter
        f.keyboard(KeyboardOp.enter, .u(3), .o(s.surface.id), .a([]))
        f.key(Key.s, false, time: 2)  // release without press
        f.key(Key.s, true, time: 3)
        f.key(Key.s, true, time: 4)  // pressed twice
        f.key(UInt32.max, true, time: 5)  // a keycode xkb cannot take
        #expect(f.take() == ["keyboard enter", "key press 31 s \"s\"", "key press 4294967295 NoSymbol"])
    }

    @Test func losingTheKeyboardCapabilityEndsFocusAndReleasesTheDevice() throws {
        let f = try SeatFixture()
        _ = try f.focusedKeyboard()
        let keyboardID = f.seat.wlKeyboard!.id
        f.events = []
        f.key(Key.a, true, time: 1)
        try f.pump()
        try f.setCapabilities([.pointer])
        try f.pump()
        f.clock.advance(to: 1000)
        #expect(f.take() == ["key press 30 a \"a\"", "keyboard leave"])
        #expect(f.seat.wlKeyboard == nil)
        #expect(f.compositor.requests.contains { $0.object == keyboardID && $0.opcode == 0 })  // wl_keyboard.release
    }

    @Test func aFloodOfDistinctKeysIsBounded() throws {
        let f = try SeatFixture()
        _ = try f.focusedKeyboard()
        f.events = []
        for k in 0..<10_000 { f.key(UInt32(100_000 + k), true, time: UInt32(k)) }
        for k in 0..<10_000 { f.key(UInt32(100_000 + k), false, time: UInt32(k)) }
        try f.pump()
        let keys: [KeyEvent] = f.events.compactMap { if case let .keyboard(.key(k)) = $0 { k } else { nil } }
        #expect(keys.filter(\.isPressed).count == KeyboardInput.maximumHeldKeys)
        #expect(keys.filter { !$0.isPressed }.count == KeyboardInput.maximumHeldKeys)
        #expect(f.seat.keyboard?.pressed.isEmpty == true)
    }
}
