import Foundation
import StrataWayland
import XCTest

/// End-to-end input under headless sway: a virtual pointer (zwlr_virtual_pointer_manager_v1,
/// bound by this test) moves, clicks and scrolls, and `wtype` types; `examples/inputprobe` logs
/// what its seat delivers, which must match exactly. The probe's window fills sway's 800×600
/// output (floating, no border), so surface coordinates equal output coordinates. Under CI=true a missing sway fails; locally
/// the test is skipped with a message.
final class SeatInputTests: XCTestCase {
    func testPointerAndKeyboardEventsMatchUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        // The virtual pointer exists before the probe, parked where the window will appear, so
        // the probe's seat has a pointer from the start and the enter position is known.
        let vp = try SeatVirtualPointer(compositor: sway)
        try vp.move(to: 100, 150)
        let probe = try ChildProcess(executable: try TestEnvironment.example("inputprobe").path,
                                     arguments: ["--size", "800x600", "--exit-after", "60"],
                                     environment: sway.clientEnvironment)
        defer { probe.kill() }
        XCTAssertTrue(probe.waitForLine("inputprobe: mapped", timeout: 30), probe.transcript)
        XCTAssertTrue(probe.waitForLine("seat pointer", timeout: 10), probe.transcript)
        // Status lines ("seat …", "inputprobe: …") come from other threads or callbacks whose
        // order relative to events is not fixed; the events themselves must match exactly.
        var expected: [String] = []
        func events() -> [String] { probe.lines.filter { !$0.hasPrefix("seat") && !$0.hasPrefix("inputprobe:") } }
        func check(_ more: [String], _ message: String) {
            expected += more
            let ok = probe.waitForLines(timeout: 10) { lines in
                lines.filter { !$0.hasPrefix("seat") && !$0.hasPrefix("inputprobe:") }.count >= expected.count
            }
            XCTAssertTrue(ok, "\(message): timed out\n\(probe.transcript)")
            XCTAssertEqual(events(), expected, message)
        }

        // sway 1.7 sends the enter with the first motion after the window maps, not at map; on
        // a loaded machine it may come at the parked position (100, 150) followed by a motion.
        // Either way the pointer must be in, at (120, 160); exact matching starts from there.
        try vp.move(to: 120, 160)
        let entered = probe.waitForLines(timeout: 10) { lines in
            let ev = lines.filter { !$0.hasPrefix("seat") && !$0.hasPrefix("inputprobe:") }
            return ev.first?.hasPrefix("pointer enter (") == true && ev.last?.hasSuffix("(120.0, 160.0)") == true
        }
        XCTAssertTrue(entered, "entering: \(probe.transcript)")
        XCTAssertTrue(["pointer enter (120.0, 160.0)", "pointer motion (120.0, 160.0)"].contains(events().last ?? ""),
                      "entering: \(events())")
        expected = events()
        try vp.move(to: 250, 200)
        check(["pointer motion (250.0, 200.0)"], "moving")
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.right, state: .pressed) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.right, state: .released) }
        check(["pointer (250.0, 200.0) press 272 held=[272]", "pointer (250.0, 200.0) release 272",
               "pointer (250.0, 200.0) press 273 held=[273]", "pointer (250.0, 200.0) release 273"], "clicking")
        // wlroots 0.15 applies axis_source to the axis named by the previous axis request, so the
        // axis goes first in each frame.
        try vp.frame { p, t in
            p.axisDiscrete(time: t, axis: .verticalScroll, value: 15, discrete: 1)
            p.axisSource(axisSource: .wheel)
        }
        try vp.frame { p, t in
            p.axisDiscrete(time: t, axis: .horizontalScroll, value: -30, discrete: -2)
            p.axisSource(axisSource: .wheel)
        }
        check(["pointer (250.0, 200.0) scroll(wheel) dx=0.0 dy=15.0 v120=0,120",
               "pointer (250.0, 200.0) scroll(wheel) dx=-30.0 dy=0.0 v120=-240,0"], "wheel")
        try vp.frame { p, t in
            p.axis(time: t, axis: .verticalScroll, value: 7.5)
            p.axisSource(axisSource: .finger)
        }
        try vp.frame { p, t in
            p.axisStop(time: t, axis: .verticalScroll)
            p.axisSource(axisSource: .finger)
        }
        check(["pointer (250.0, 200.0) scroll(finger) dx=0.0 dy=7.5",
               "pointer (250.0, 200.0) scroll(finger) dx=0.0 dy=0.0 stopY"], "touchpad scroll")

        let wtype = try ChildProcess(executable: "/usr/bin/wtype", arguments: ["-s", "200", "Hi!", "-k", "Return", "-M", "ctrl", "c", "-m", "ctrl"],
                                     environment: sway.clientEnvironment)
        XCTAssertEqual(wtype.waitForExit(timeout: 30), .exited(0), wtype.transcript)
        // wtype's own keymap gives each character a keycode of its own (1, 2, 3 …) whose keysym
        // is that character, so no Shift is involved in "H".
        check([
            "keyboard enter",
            "key press 1 H \"H\"", "key release 1 H",
            "key press 2 i \"i\"", "key release 2 i",
            "key press 3 exclam \"!\"", "key release 3 exclam",
            "key press 4 Return \"\\r\"", "key release 4 Return",
            "modifiers control",
            "key press 5 c \"\\u{03}\" mods=control", "key release 5 c mods=control",
            "modifiers none",
            "keyboard leave",
        ], "typing")
    }
}
