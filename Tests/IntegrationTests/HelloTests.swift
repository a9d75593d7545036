import Foundation
import Strata
import XCTest

/// `examples/hello` against its contract (issue 2): a 400×300 toplevel filled with #202830 whose
/// 100×100 red layer (anchor 0.5, 0.5) moves from position (80,150) at opacity 0.3 to (300,150)
/// at opacity 1.0 in an implicit 1 s animation with the default timing (0.25, 0.1, 0.25, 1),
/// then prints `strata: resting`.
final class HelloTests: XCTestCase {
    static let background: UInt32 = 0xFF20_2830
    static let red: UInt32 = 0xFFFF_0000

    // MARK: - On real compositors

    func testRestingFrameUnderWeston() throws { try checkRestingFrame(under: "weston") }
    func testRestingFrameUnderSway() throws { try checkRestingFrame(under: "sway") }

    func testKilledWestonEndsHelloWithinOneSecond() throws { try checkCompositorKilled("weston") }
    func testKilledSwayEndsHelloWithinOneSecond() throws { try checkCompositorKilled("sway") }

    func testExitAfterEndsCleanly() throws {
        let compositor = try HeadlessCompositor("weston")
        let hello = try launchHello(["--exit-after", "1.5"], environment: compositor.clientEnvironment)
        XCTAssertEqual(hello.waitForExit(timeout: 15), .exited(0), hello.transcript)
    }

    func testMissingSocketNamesThePathTried() throws {
        let runtime = try TestEnvironment.temporaryDirectory("nosocket")
        defer { try? FileManager.default.removeItem(at: runtime) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["WAYLAND_DISPLAY"] = "wayland-strata-missing"
        let hello = try launchHello([], environment: environment)
        let outcome = hello.waitForExit(timeout: 10)
        XCTAssertNotNil(outcome, "hello must give up at once without a compositor")
        XCTAssertNotEqual(outcome, .exited(0))
        XCTAssertFalse(outcome.map { if case .signalled = $0 { true } else { false } } ?? false, "crashed: \(hello.transcript)")
        XCTAssertTrue(hello.standardError.contains("cannot connect"), hello.transcript)
        XCTAssertTrue(hello.standardError.contains(runtime.path + "/wayland-strata-missing"), hello.transcript)
    }

    // MARK: - Offscreen snapshots (no compositor)

    func testSnapshotAtRestIsExact() throws {
        let image = try snapshot(at: 1.0)
        XCTAssertEqual(image.boundingBox(of: Self.red), PixelRect(x: 250, y: 100, width: 100, height: 100))
        XCTAssertEqual(image.count(of: Self.red), 100 * 100)
        XCTAssertEqual(image.count(of: Self.background), 400 * 300 - 100 * 100)
        // Past the end the animation has been removed: the model value shows, unchanged.
        XCTAssertEqual(try snapshot(at: 5.0), image)
    }

    func testSnapshotAtStartShowsTranslucentSquareAtInitialPosition() throws {
        let image = try snapshot(at: 0)
        try checkSquare(in: image, left: 30, opacity: 0.3)
    }

    func testSnapshotMidwayFollowsDefaultTimingCurve() throws {
        let image = try snapshot(at: 0.5)
        let progress = CubicBezier(0.25, 0.1, 0.25, 1).value(at: 0.5)
        // position.x = 80 + 220·p, the square's left edge 50 px before it.
        try checkSquare(in: image, left: 30 + 220 * progress, opacity: 0.3 + 0.7 * progress)
    }

    // MARK: - Helpers

    /// Starts `name` and hello in it, and waits for `strata: resting`; nil (after a failure) if
    /// it never comes.
    private func restingHello(under name: String) throws -> (HeadlessCompositor, ChildProcess)? {
        let compositor = try HeadlessCompositor(name)
        let hello = try launchHello(["--exit-after", "60"], environment: compositor.clientEnvironment)
        guard hello.waitForLine("strata: resting", timeout: 30) else {
            XCTFail("no `strata: resting` under \(name):\n\(hello.transcript)\n[\(name) log]\n\(compositor.logTail)")
            return nil
        }
        return (compositor, hello)
    }

    private func checkRestingFrame(under name: String) throws {
        guard let (compositor, hello) = try restingHello(under: name) else { return }
        defer { hello.kill() }
        let shot = try compositor.screenshot("hello-resting")
        // weston places a new window at a random spot, sway (floating) centres it: find it.
        guard let window = shot.boundingBox(of: Self.background) else {
            return XCTFail("no #202830 pixel in the \(name) screenshot (kept in .build/integration-artifacts)")
        }
        XCTAssertEqual(window.width, 400, "window \(window)")
        XCTAssertEqual(window.height, 300, "window \(window)")
        func at(_ x: Int, _ y: Int) -> String { hex(shot.pixel(x: window.x + x, y: window.y + y)) }
        XCTAssertEqual(at(300, 150), hex(Self.red), "the layer rests at position (300,150)")
        XCTAssertEqual(at(30, 30), hex(Self.background))
        XCTAssertEqual(at(80, 150), hex(Self.background), "the layer has left its start position")
        XCTAssertEqual(shot.boundingBox(of: Self.red), PixelRect(x: window.x + 250, y: window.y + 100, width: 100, height: 100))
    }

    private func checkCompositorKilled(_ name: String) throws {
        guard let (compositor, hello) = try restingHello(under: name) else { return }
        defer { hello.kill() }
        XCTAssertEqual(kill(compositor.pid, SIGKILL), 0)
        let outcome = hello.waitForExit(timeout: 1.0)
        XCTAssertNotNil(outcome, "hello still runs 1 s after \(name) was killed")
        XCTAssertNotEqual(outcome, .exited(0), "losing the compositor is an error")
        if case let .signalled(signal) = outcome { XCTFail("hello crashed (signal \(signal)):\n\(hello.transcript)") }
        XCTAssertFalse(hello.standardError.isEmpty, "hello says why it stopped")
    }

    private func launchHello(_ arguments: [String], environment: [String: String]) throws -> ChildProcess {
        try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: arguments, environment: environment)
    }

    private func snapshot(at time: Double) throws -> PNGImage {
        let out = TestEnvironment.artifact("hello-snapshot-\(time).png")
        try? FileManager.default.removeItem(at: out)
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = "wayland-strata-must-not-be-used"
        let hello = try launchHello(["--snapshot", String(time), out.path], environment: environment)
        XCTAssertEqual(hello.waitForExit(timeout: 30), .exited(0), hello.transcript)
        let image = try PNGImage.decode(path: out.path)
        XCTAssertEqual(image.width, 400)
        XCTAssertEqual(image.height, 300)
        return image
    }

    /// The 100×100 square at `left` (x; y spans 100..<200) with `opacity` over the background:
    /// fully covered columns hold exactly red at that opacity (8-bit alpha rounded to nearest,
    /// composited with exact rounding), uncovered ones the background.
    private func checkSquare(in image: PNGImage, left: Double, opacity: Double,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let firstFull = Int(left.rounded(.up)), lastFull = Int((left + 100).rounded(.down)) - 1
        let expected = Self.redOver(alpha: UInt32((opacity * 255).rounded()))
        for x in [firstFull, (firstFull + lastFull) / 2, lastFull] {
            for y in [100, 150, 199] {
                let pixel = image.pixel(x: x, y: y) ?? 0
                XCTAssertEqual(hex(pixel), hex(expected), "(\(x),\(y)) inside the square", file: file, line: line)
            }
        }
        for (x, y) in [(Int(left.rounded(.down)) - 1, 150), (lastFull + 2, 150), (firstFull + 10, 99), (firstFull + 10, 200)] {
            XCTAssertEqual(hex(image.pixel(x: x, y: y)), hex(Self.background), "(\(x),\(y)) outside the square", file: file, line: line)
        }
    }

    /// Premultiplied red with 8-bit alpha `a` OVER the opaque background, rounded exactly.
    static func redOver(alpha a: UInt32) -> UInt32 {
        func scaled(_ c: UInt32) -> UInt32 { (c * (255 - a) * 2 + 255) / 510 }
        return 0xFF00_0000 | (a + scaled(0x20)) << 16 | scaled(0x28) << 8 | scaled(0x30)
    }
}
