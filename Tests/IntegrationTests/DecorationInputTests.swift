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
        let (sway, hello, window) = try startDecoratedHello()
        defer { hello.kill() }
        let pointer = try SeatVirtualPointer(compositor: sway)
        try drag(pointer, fromX: window.x + 60, fromY: window.y - 16, byX: -120, byY: 70)
        Thread.sleep(forTimeInterval: 0.3)
        let shot = try sway.screenshot("decorations-moved")
        guard let moved = shot.boundingBox(of: Self.background) else { return XCTFail("window not found") }
        XCTAssertEqual(moved.x - window.x, -120)
        XCTAssertEqual(moved.y - window.y, 70)
        XCTAssertEqual(hex(shot.pixel(x: moved.x + 10, y: moved.y - 16)), hex(Self.bar))
    }

    private func startDecoratedHello() throws -> (HeadlessCompositor, ChildProcess, PixelRectInScreen) {
        let sway = try HeadlessCompositor("sway")
        var env = sway.clientEnvironment
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

private func button(_ p: SeatVirtualPointer, _ pressed: Bool) throws {
    try p.frame { d, t in d.button(time: t, button: PointerButton.left, state: pressed ? .pressed : .released) }
}

private func click(_ p: SeatVirtualPointer, x: Int, y: Int) throws {
    try p.move(to: UInt32(max(0, x)), UInt32(max(0, y)))
    Thread.sleep(forTimeInterval: 0.1)
    try button(p, true)
    try button(p, false)
}

private func drag(_ p: SeatVirtualPointer, fromX x: Int, fromY y: Int, byX dx: Int, byY dy: Int) throws {
    try p.move(to: UInt32(max(0, x)), UInt32(max(0, y)))
    Thread.sleep(forTimeInterval: 0.1)
    try button(p, true)
    Thread.sleep(forTimeInterval: 0.2)  // the client answers the press with xdg_toplevel.move
    for step in 1...10 {
        try p.move(to: UInt32(max(0, x + dx * step / 10)), UInt32(max(0, y + dy * step / 10)))
    }
    try button(p, false)
}
