import Foundation
import StrataWayland
import XCTest

/// Client-side decorations driven by a real pointer: sway is asked for client-side mode
/// (STRATA_DECORATIONS=client), and a virtual pointer (zwlr_virtual_pointer_v1) clicks the
/// title bar's buttons and drags the bar.
final class DecorationInputTests: XCTestCase {
    static let background: UInt32 = 0xFF20_2830
    static let bar: UInt32 = 0xFF30_3036

    func testCloseButtonClosesTheWindow() throws {
        let (sway, hello, window) = try startDecoratedHello()
        defer { hello.kill() }
        // The close button's centre: 18 px from the right edge, 16 px into the 32 px bar.
        let pointer = try SeatVirtualPointer(compositor: sway)
        try click(pointer, x: window.x + window.width - 18, y: window.y - 16)
        XCTAssertEqual(hello.waitForExit(timeout: 5), .exited(0), hello.transcript)
    }

    func testDraggingTheTitleBarMovesTheWindow() throws {
        // WAYLAND_DEBUG shows when the client has asked for the interactive move: the drag's
        // motion must come after it, or sway starts the grab where the pointer already is.
        let (sway, hello, window) = try startDecoratedHello(extraEnvironment: ["WAYLAND_DEBUG": "client"])
        defer { hello.kill() }
        let pointer = try SeatVirtualPointer(compositor: sway)
        try drag(pointer, fromX: window.x + 60, fromY: window.y - 16, byX: -120, byY: 70, grabbed: {
            hello.waitForStandardError(timeout: 10) { $0.contains(where: Self.isMoveRequest) }
        }, forwarded: { move in
            // Whether the client gets this motion: sway sends it while it has yet to start the
            // move, and keeps the pointer's motion to itself during the move. The motion has
            // reached sway when `move` returns (a roundtrip), so 2 s is ample for the client
            // to get it and print it.
            var seen = 0
            _ = hello.waitForStandardError(timeout: 0) { seen = $0.count; return true }
            try move()
            return hello.waitForStandardError(timeout: 2) { lines in
                lines.dropFirst(seen).contains { $0.contains("wl_pointer@") && $0.contains(".motion(") }
            }
        })
        // The window has moved once sway has drawn it at its new place (a deadline, not a sleep).
        // A screenshot may come while sway is still working through the ten motion steps, so
        // wait for the final place, not any change.
        var shot = try sway.screenshot("decorations-moved")
        let deadline = Date(timeIntervalSinceNow: 10)
        let target = (x: window.x - 120, y: window.y + 70)
        while Date() < deadline {
            if let box = shot.boundingBox(of: Self.background), box.x == target.x, box.y == target.y { break }
            shot = try sway.screenshot("decorations-moved")
        }
        guard let moved = shot.boundingBox(of: Self.background) else { return XCTFail("window not found") }
        XCTAssertEqual(moved.x - window.x, -120)
        XCTAssertEqual(moved.y - window.y, 70)
        XCTAssertEqual(hex(shot.pixel(x: moved.x + 10, y: moved.y - 16)), hex(Self.bar))
        // sway kept the drag's release to itself: the window's next click still works whole
        // (here the close button, which acts on press-and-release).
        try click(pointer, x: moved.x + moved.width - 18, y: moved.y - 16)
        XCTAssertEqual(hello.waitForExit(timeout: 5), .exited(0), hello.transcript)
    }

    /// A right click on the title bar asks the compositor for its window menu, with the
    /// press's serial (xdg_toplevel.show_window_menu), as GTK and Qt title bars do.
    func testRightClickOnTheTitleBarAsksForTheWindowMenu() throws {
        let (sway, hello, window) = try startDecoratedHello(extraEnvironment: ["WAYLAND_DEBUG": "client"])
        defer { hello.kill() }
        let pointer = try SeatVirtualPointer(compositor: sway)
        try click(pointer, x: window.x + 60, y: window.y - 16, button: PointerButton.right)
        let asked = hello.waitForStandardError(timeout: 10) { lines in
            lines.contains { $0.contains("-> xdg_toplevel@") && $0.contains(".show_window_menu(") }
        }
        XCTAssertTrue(asked, hello.transcript)
    }

    /// Whether a line of the client's WAYLAND_DEBUG trace is an `xdg_toplevel.move` request.
    static func isMoveRequest(_ line: String) -> Bool {
        line.contains("-> xdg_toplevel@") && line.contains(".move(")
    }

    private func startDecoratedHello(extraEnvironment: [String: String] = [:]) throws
        -> (HeadlessCompositor, ChildProcess, PixelRectInScreen) {
        let sway = try HeadlessCompositor("sway")
        var env = sway.clientEnvironment.merging(extraEnvironment) { $1 }
        env["STRATA_DECORATIONS"] = "client"
        let hello = try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: ["--exit-after", "60"],
                                     environment: env)
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        let shot = try sway.screenshot("decorations")
        guard let content = shot.boundingBox(of: Self.background) else {
            hello.kill()
            XCTFail("window not found")
            throw HarnessError.failed("window not found")
        }
        XCTAssertEqual(hex(shot.pixel(x: content.x + 10, y: content.y - 16)), hex(Self.bar), "client title bar above the content")
        return (sway, hello, PixelRectInScreen(x: content.x, y: content.y, width: content.width, height: content.height))
    }
}

struct PixelRectInScreen {
    var x, y, width, height: Int
}

private func button(_ p: SeatVirtualPointer, _ pressed: Bool, _ which: UInt32 = PointerButton.left) throws {
    try p.frame { d, t in d.button(time: t, button: which, state: pressed ? .pressed : .released) }
}

/// Moves to (x, y), lets the enter reach the client, then presses and releases `which`.
private func click(_ p: SeatVirtualPointer, x: Int, y: Int, button which: UInt32 = PointerButton.left) throws {
    try p.move(to: UInt32(max(0, x)), UInt32(max(0, y)))
    Thread.sleep(forTimeInterval: 0.1)
    try button(p, true, which)
    try button(p, false, which)
}

/// Presses at (x, y), waits until `grabbed` says the client has answered the press with
/// xdg_toplevel.move, waits for sway to start the move, then moves by (dx, dy) from where the
/// move started, in ten steps, and releases.
///
/// The client's request and the virtual pointer's motion reach sway on two connections, so a
/// motion sent after the request was written can still be handled before it: the client then
/// gets that motion, and the move starts from there (a CI run lost the first of the ten steps
/// this way: −108, 63). So `interactiveMoveStart` first finds where the move started.
private func drag(_ p: SeatVirtualPointer, fromX x: Int, fromY y: Int, byX dx: Int, byY dy: Int,
                  grabbed: () -> Bool, forwarded: (() throws -> Void) throws -> Bool) throws {
    try p.move(to: UInt32(max(0, x)), UInt32(max(0, y)))
    Thread.sleep(forTimeInterval: 0.1)
    try button(p, true)
    guard grabbed() else { throw HarnessError.failed("the client never asked for an interactive move") }
    guard let origin = try interactiveMoveStart(from: x, move: { try p.move(to: UInt32(max(0, $0)), UInt32(max(0, y))) },
                                                forwarded: forwarded) else {
        throw HarnessError.failed("sway never started the interactive move")
    }
    for step in 1...10 {
        try p.move(to: UInt32(max(0, origin + dx * step / 10)), UInt32(max(0, y + dy * step / 10)))
    }
    try button(p, false)
}

/// Client-side decorations under KWin driven by a finger (`SeatFakeTouch`): KWin grants the
/// client-side mode STRATA_DECORATIONS=client asks for, a finger dragging the title bar moves
/// the window (xdg_toplevel.move with the touch-down's serial) and a tap on the close button
/// closes it.
final class DecorationTouchKWinTests: XCTestCase {
    func testAFingerDragsTheTitleBarAndTapsTheCloseButton() throws {
        let kwin = try HeadlessCompositor("kwin")
        let touch = try SeatFakeTouch(compositor: kwin)
        var env = kwin.clientEnvironment
        env["STRATA_DECORATIONS"] = "client"
        env["WAYLAND_DEBUG"] = "client"
        let hello = try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: ["--exit-after", "60"],
                                     environment: env)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        var shot = try kwin.screenshot("decorations-touch")
        let deadline0 = Date(timeIntervalSinceNow: 10)
        while shot.boundingBox(of: DecorationInputTests.background) == nil, Date() < deadline0 { shot = try kwin.screenshot("decorations-touch") }
        let window = try XCTUnwrap(shot.boundingBox(of: DecorationInputTests.background), "the window is on screen")
        XCTAssertEqual(hex(shot.pixel(x: window.x + 10, y: window.y - 16)), hex(DecorationInputTests.bar),
                       "KWin granted client-side decorations: our title bar is above the content")

        // The finger goes down on the bar: the client answers with xdg_toplevel.move.
        let (x, y) = (Double(window.x + 60), Double(window.y - 16))
        try touch.down([0: (x, y)])
        XCTAssertTrue(hello.waitForStandardError(timeout: 10) { $0.contains(where: DecorationInputTests.isMoveRequest) },
                      hello.transcript)
        // Whether KWin still forwards the finger's motion: it does until it has started the move.
        let start = try interactiveMoveStart(from: x, move: { try touch.move([0: ($0, y)]) }, forwarded: { move in
            var seen = 0
            _ = hello.waitForStandardError(timeout: 0) { seen = $0.count; return true }
            try move()
            return hello.waitForStandardError(timeout: 2) { lines in
                lines.dropFirst(seen).contains { $0.contains("wl_touch@") && $0.contains(".motion(") }
            }
        })
        guard let origin = start else { return XCTFail("KWin never started the move\n\(hello.transcript)") }
        for step in 1...10 { try touch.move([0: (origin - 12 * Double(step), y + 7 * Double(step))]) }
        try touch.up([0])
        // Moved by (−120, 70) once KWin has drawn it there (a deadline, not a sleep).
        let target = (x: window.x - 120, y: window.y + 70)
        let deadline = Date(timeIntervalSinceNow: 10)
        shot = try kwin.screenshot("decorations-touch-moved")
        while shot.boundingBox(of: DecorationInputTests.background).map({ ($0.x, $0.y) != target }) ?? true, Date() < deadline {
            shot = try kwin.screenshot("decorations-touch-moved")
        }
        let moved = try XCTUnwrap(shot.boundingBox(of: DecorationInputTests.background), "the window is on screen")
        XCTAssertEqual([moved.x - window.x, moved.y - window.y], [-120, 70])

        // A tap on the close button (18 px from the right edge, 16 px into the bar) closes it.
        try touch.tap(Double(moved.x + moved.width - 18), Double(moved.y - 16))
        XCTAssertEqual(hello.waitForExit(timeout: 5), .exited(0), hello.transcript)
    }
}

/// Where a compositor's interactive move started. The client's move request and the input
/// reach the compositor on two connections, so until it has started the move the client still
/// gets the motion. This moves by 1 px back and forth from `x` (each move through `move`) until
/// `forwarded` (which performs one move) says the client no longer got it; the move started
/// where the input was before that motion. nil when it never started within 100 tries.
func interactiveMoveStart<T: Equatable & Numeric>(from x: T, move: (T) throws -> Void,
                                                  forwarded: (() throws -> Void) throws -> Bool) throws -> T? {
    try withoutActuallyEscaping(move) { move in
        var origin = x
        for _ in 0..<100 {
            let next = origin == x ? x + 1 : x
            if try !forwarded({ try move(next) }) { return origin }
            origin = next
        }
        return nil
    }
}
