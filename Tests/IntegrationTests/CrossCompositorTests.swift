import Foundation
import Strata
import XCTest

/// The same client under the four compositor families: it maps, its frames are paced by frame
/// callbacks, it follows a compositor-driven resize (fullscreen), and it survives the compositor
/// dying. Pixels are checked where the compositor can take a screenshot (weston, sway, kwin).
final class CrossCompositorTests: XCTestCase {
    static let background: UInt32 = 0xFF20_2830
    static let red: UInt32 = 0xFFFF_0000

    func testWeston() throws { try checkMapsPacesAndResizes(under: "weston") }
    func testSway() throws { try checkMapsPacesAndResizes(under: "sway") }
    func testMutter() throws { try checkMapsPacesAndResizes(under: "mutter") }
    func testKWin() throws { try checkMapsPacesAndResizes(under: "kwin") }

    func testKilledMutterEndsHelloWithinOneSecond() throws { try checkKilled("mutter") }
    func testKilledKWinEndsHelloWithinOneSecond() throws { try checkKilled("kwin") }

    /// kwin at 1.5×: the buffer is round(400 × 1.5) × round(300 × 1.5) and drawn at that size
    /// (crisp: the red square covers exactly 150 × 150 device pixels, no blended edge).
    func testFractionalScaleUnderKWinIsCrisp() throws {
        let kwin = try HeadlessCompositor("kwin", scale: "1.5")
        let hello = try launch(["--report", "--exit-after", "60"], kwin)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        XCTAssertTrue(hello.standardOutputLines.contains { $0.hasPrefix("strata: frames") && $0.hasSuffix("buffer 600x450") },
                      hello.transcript)
        let shot = try kwin.screenshot("hello-scale-1.5")
        guard let window = shot.boundingBox(of: Self.background) else { return XCTFail("window not found") }
        XCTAssertEqual(window.width, 600)
        XCTAssertEqual(window.height, 450)
        XCTAssertEqual(shot.boundingBox(of: Self.red), PixelRect(x: window.x + 375, y: window.y + 150, width: 150, height: 150))
        XCTAssertEqual(shot.count(of: Self.red), 150 * 150)
    }

    /// sway asks the window to close (`swaymsg kill`): the app ends cleanly.
    func testCloseRequestEndsTheAppUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let hello = try launch(["--exit-after", "60"], sway)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: shown", timeout: 30), hello.transcript)
        let kill = try ChildProcess(executable: "/usr/bin/swaymsg", arguments: ["[app_id=strata.hello]", "kill"],
                                    environment: sway.clientEnvironment)
        XCTAssertEqual(kill.waitForExit(timeout: 10), .exited(0), kill.transcript)
        XCTAssertEqual(hello.waitForExit(timeout: 5), .exited(0), hello.transcript)
    }

    /// Without xdg-decoration (weston) the window draws a 32 px title bar above its 400×300
    /// content; with it (sway) there is none.
    func testTitleBarOnlyWithoutServerSideDecorations() throws {
        let bar: UInt32 = 0xFF30_3036  // ClientDecorations.barColor (0.19, 0.19, 0.21)
        for name in ["weston", "sway"] {
            let compositor = try HeadlessCompositor(name)
            let hello = try launch(["--exit-after", "60"], compositor)
            defer { hello.kill() }
            XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
            let shot = try compositor.screenshot("hello-decorations")
            guard let window = shot.boundingBox(of: Self.background) else { return XCTFail("window not found") }
            XCTAssertEqual(window.width, 400)
            XCTAssertEqual(window.height, 300)
            if name == "weston" {
                XCTAssertEqual(hex(shot.pixel(x: window.x + 10, y: window.y - 16)), hex(bar))
                XCTAssertEqual(hex(shot.pixel(x: window.x + 10, y: window.y - 32)), hex(bar))
                XCTAssertNotEqual(hex(shot.pixel(x: window.x + 10, y: window.y - 33)), hex(bar))
            } else {
                XCTAssertEqual(shot.count(of: bar), 0, "sway decorates; no client title bar")
            }
        }
    }

    private func checkMapsPacesAndResizes(under name: String) throws {
        let compositor = try HeadlessCompositor(name)
        let hello = try launch(["--report", "--fullscreen-after", "0.3", "--exit-after", "60"], compositor)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), "\(hello.transcript)\n\(compositor.logTail)")
        let lines = hello.standardOutputLines
        XCTAssertTrue(lines.contains("strata: shown"), hello.transcript)
        XCTAssertTrue(lines.contains("strata: configure 800 600 fullscreen"), hello.transcript)
        guard let report = lines.first(where: { $0.hasPrefix("strata: frames ") }) else {
            return XCTFail("no frame report: \(hello.transcript)")
        }
        let parts = report.split(separator: " ")
        let frames = Int(parts[2]) ?? -1
        // Paced: one frame per callback over the 1 s animation (these compositors run at
        // 40–60 Hz on a quiet machine; a loaded one gets fewer callbacks): never more frames
        // than refreshes, and the animation did run through callbacks rather than stall.
        XCTAssertGreaterThanOrEqual(frames, 10, report)
        XCTAssertLessThanOrEqual(frames, 75, report)
        XCTAssertEqual(parts.last, "800x600", "the last frame was drawn at the fullscreen size: \(report)")
        guard name != "mutter" else { return }  // mutter offers no screenshot without pipewire
        let shot = try compositor.screenshot("hello-fullscreen")
        XCTAssertEqual(shot.width, 800)
        XCTAssertEqual(shot.count(of: Self.background), 800 * 600 - 100 * 100)
        XCTAssertEqual(shot.boundingBox(of: Self.red), PixelRect(x: 250, y: 100, width: 100, height: 100))
    }

    private func checkKilled(_ name: String) throws {
        let compositor = try HeadlessCompositor(name)
        let hello = try launch(["--exit-after", "60"], compositor)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        XCTAssertEqual(kill(compositor.pid, SIGKILL), 0)
        let outcome = hello.waitForExit(timeout: 1.0)
        XCTAssertNotNil(outcome, "hello still runs 1 s after \(name) was killed")
        XCTAssertNotEqual(outcome, .exited(0))
        if case let .signalled(signal) = outcome { XCTFail("hello crashed (signal \(signal)):\n\(hello.transcript)") }
        XCTAssertTrue(hello.standardError.contains("lost the connection"), hello.transcript)
    }

    private func launch(_ arguments: [String], _ compositor: HeadlessCompositor) throws -> ChildProcess {
        try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: arguments,
                         environment: compositor.clientEnvironment)
    }
}
