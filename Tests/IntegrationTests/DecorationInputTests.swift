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
        let pointer = try VirtualPointer(sway)
        try pointer.click(x: window.x + window.width - 18, y: window.y - 16)
        XCTAssertEqual(hello.waitForExit(timeout: 5), .exited(0), hello.transcript)
    }

    func testDraggingTheTitleBarMovesTheWindow() throws {
        let (sway, hello, window) = try startDecoratedHello()
        defer { hello.kill() }
        let pointer = try VirtualPointer(sway)
        try pointer.drag(fromX: window.x + 60, fromY: window.y - 16, byX: -120, byY: 70)
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

/// A pointer device of our own in a wlroots compositor (zwlr_virtual_pointer_manager_v1).
final class VirtualPointer {
    private let display: WaylandDisplay
    private let device: ZwlrVirtualPointerV1
    private let extent = (width: UInt32(800), height: UInt32(600))
    private var time: UInt32 = 1

    init(_ compositor: HeadlessCompositor) throws {
        let env = compositor.environment
        let name = try XCTUnwrap(env["WAYLAND_DISPLAY"])
        display = try WaylandDisplay(name: name.hasPrefix("/") ? name : "\(env["XDG_RUNTIME_DIR"] ?? "")/\(name)")
        guard let global = display.globals.values.first(where: { $0.interface == "zwlr_virtual_pointer_manager_v1" }) else {
            throw HarnessError.missing("zwlr_virtual_pointer_manager_v1")
        }
        let manager = display.registry.bind(name: global.name, as: ZwlrVirtualPointerManagerV1.self, version: 1)
        device = manager.createVirtualPointer(seat: display.seat)
        try display.connection.roundtrip()
    }

    func move(x: Int, y: Int) throws {
        time += 10
        device.motionAbsolute(time: time, x: UInt32(max(0, x)), y: UInt32(max(0, y)), xExtent: extent.width, yExtent: extent.height)
        device.frame()
        try display.connection.roundtrip()
    }

    func button(_ pressed: Bool) throws {
        time += 10
        device.button(time: time, button: 0x110, state: pressed ? .pressed : .released)
        device.frame()
        try display.connection.roundtrip()
    }

    func click(x: Int, y: Int) throws {
        try move(x: x, y: y)
        Thread.sleep(forTimeInterval: 0.1)
        try button(true)
        try button(false)
    }

    func drag(fromX x: Int, fromY y: Int, byX dx: Int, byY dy: Int) throws {
        try move(x: x, y: y)
        Thread.sleep(forTimeInterval: 0.1)
        try button(true)
        Thread.sleep(forTimeInterval: 0.2)  // the client answers the press with xdg_toplevel.move
        for step in 1...10 {
            try move(x: x + dx * step / 10, y: y + dy * step / 10)
        }
        try button(false)
    }
}
