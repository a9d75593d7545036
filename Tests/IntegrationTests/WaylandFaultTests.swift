import Foundation
import StrataWayland
import XCTest

/// Faults on the Wayland side, provoked against real compositors in this process.
final class WaylandFaultTests: XCTestCase {
    /// A second xdg_surface for a surface that already has one is a protocol error: it comes
    /// back as a Swift error naming the interface, the object id and the code.
    func testProtocolErrorNamesInterfaceObjectAndCode() throws {
        let weston = try HeadlessCompositor("weston")
        let display = try connect(to: weston)
        let window = try Toplevel(display: display, title: "bad", appID: "strata.test", width: 100, height: 100)
        try display.connection.roundtrip()
        let wmBase = try XCTUnwrap(display.wmBase)
        _ = wmBase.getXdgSurface(surface: window.surface.surface)
        XCTAssertThrowsError(try display.connection.roundtrip()) { error in
            guard case let WaylandError.protocolError(interface, objectID, code) = error else {
                return XCTFail("expected a protocol error, got \(error)")
            }
            XCTAssertEqual(interface, "xdg_wm_base")
            XCTAssertEqual(objectID, wmBase.id)
            // xdg_wm_base.error: role (0) — weston reports the surface as already having a role.
            XCTAssertEqual(code, 0)
            XCTAssertEqual("\(error)", "protocol error: interface xdg_wm_base, object id \(wmBase.id), code 0")
        }
    }

    /// Buffers the compositor holds are never reused and never multiplied: with all three held,
    /// `acquire` answers nil (the frame waits) and warns once; the pool stays at three.
    func testPoolNeverGrowsWhileTheCompositorHoldsEveryBuffer() throws {
        let sway = try HeadlessCompositor("sway")
        let display = try connect(to: sway)
        let pool = BufferPool(shm: display.shm)
        var warnings: [String] = []
        pool.log = { warnings.append($0) }
        var held: [ShmBuffer] = []
        for _ in 0..<3 {
            let b = try XCTUnwrap(try pool.acquire(width: 64, height: 48))
            XCTAssertFalse(held.contains { $0 === b }, "a busy buffer was handed out again")
            pool.didPaint(b)  // now busy: as if attached; this compositor never releases it
            held.append(b)
        }
        for _ in 0..<100 {
            XCTAssertNil(try pool.acquire(width: 64, height: 48))
        }
        try display.connection.roundtrip()
        XCTAssertEqual(pool.count, 3)
        XCTAssertEqual(warnings, ["strata: the compositor holds all 3 buffers; waiting for a release"])
        // Ages: the newest frame is in the last buffer.
        XCTAssertEqual(held.map { pool.age(of: $0) }, [3, 2, 1])
    }

    /// Absurd sizes are refused before any memory is made.
    func testAbsurdBufferSizeIsAnError() throws {
        let weston = try HeadlessCompositor("weston")
        let display = try connect(to: weston)
        let pool = BufferPool(shm: display.shm)
        XCTAssertThrowsError(try pool.acquire(width: 1 << 20, height: 1 << 20)) { error in
            guard case WaylandError.sharedMemory = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try pool.acquire(width: 0, height: 10))
        XCTAssertEqual(pool.count, 0)
    }

    /// The compositor dies and a new one takes its place on the same socket: the connection to
    /// the old one reports the loss (the loop ends with `connectionLost` at once), nothing
    /// reconnects behind the app's back, and a new connection reaches the new compositor.
    func testCompositorRestartedOnTheSameSocketIsALostConnection() throws {
        let weston = try HeadlessCompositor("weston")
        let display = try connect(to: weston)
        let loop = EventLoop(display: display)
        try display.connection.roundtrip()
        XCTAssertEqual(kill(weston.pid, SIGKILL), 0)
        let restarted = try restart(weston)
        XCTAssertEqual(restarted["WAYLAND_DISPLAY"], weston.environment["WAYLAND_DISPLAY"], "the same socket name")
        let start = MonotonicClock.now()
        // A loop that missed the loss would run until this timer and return without an error.
        loop.addTimer(at: start + 5) { loop.stop() }
        XCTAssertThrowsError(try loop.run()) { error in
            guard case WaylandError.connectionLost = error else { return XCTFail("expected a lost connection, got \(error)") }
            XCTAssertTrue("\(error)".hasPrefix("lost the connection to the compositor ("), "\(error)")
        }
        XCTAssertLessThan(MonotonicClock.now() - start, 1, "the loss took a second or more to surface")
        // Still lost: the old connection does not reach the new compositor.
        XCTAssertThrowsError(try display.connection.roundtrip())
        let fresh = try connect(environment: restarted)
        try fresh.connection.roundtrip()
        XCTAssertNotNil(fresh.wmBase)
    }

    /// The same under sway, from outside: `hello` (resting) exits within 1 s of its compositor
    /// being killed and replaced, with exit code 1 and one line saying the connection was lost;
    /// a `hello` started afterwards runs on the new compositor.
    func testHelloReportsACompositorRestartAndExits() throws {
        let sway = try HeadlessCompositor("sway")
        let hello = try ChildProcess(executable: try TestEnvironment.example("hello").path,
                                     arguments: ["--exit-after", "60"], environment: sway.clientEnvironment)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        XCTAssertEqual(kill(sway.pid, SIGKILL), 0)
        let restarting = try startAgain(sway)
        defer { restarting.kill() }
        let outcome = hello.waitForExit(timeout: 1.0)
        XCTAssertEqual(outcome, .exited(1), "hello: \(outcome.map { "\($0)" } ?? "still running 1 s after the kill")\n\(hello.transcript)")
        let lines = hello.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, hello.transcript)
        XCTAssertTrue(lines.first?.hasPrefix("hello: lost the connection to the compositor (") == true, hello.transcript)

        XCTAssertEqual(restarting.waitForExit(timeout: 60), .exited(0), restarting.transcript)
        let restarted = try HeadlessCompositor.environment(in: sway.directory)
        XCTAssertEqual(restarted["WAYLAND_DISPLAY"], sway.environment["WAYLAND_DISPLAY"], "the same socket name")
        let again = try ChildProcess(executable: try TestEnvironment.example("hello").path, arguments: ["--exit-after", "60"],
                                     environment: ProcessInfo.processInfo.environment.merging(restarted) { _, new in new })
        defer { again.kill() }
        XCTAssertTrue(again.waitForLine("strata: resting", timeout: 30), again.transcript)
    }

    /// Starts `compositor`'s kind again in its runtime folder (its process must be gone): the
    /// same folder, so the same socket path. `HeadlessCompositor.stop` then stops the new one.
    /// Waits (at most 5 s) until the killed compositor's process is gone — SIGKILL is delivered
    /// asynchronously, and `scripts/compositor start` refuses to start over a live one — then
    /// starts it again.
    private func startAgain(_ compositor: HeadlessCompositor) throws -> ChildProcess {
        let deadline = Date().addingTimeInterval(5)
        while Self.isAlive(compositor.pid) && Date() < deadline { usleep(10_000) }
        return try ChildProcess(executable: "/bin/bash", arguments: [
            HeadlessCompositor.script, "start", compositor.name, compositor.directory.path, "--watch", String(getpid()),
        ])
    }

    /// Whether `pid` is a process that has not exited (a zombie or a dying one has).
    private static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    /// `startAgain`, waited for; returns the new compositor's client variables.
    private func restart(_ compositor: HeadlessCompositor) throws -> [String: String] {
        let start = try startAgain(compositor)
        guard start.waitForExit(timeout: 60) == .exited(0) else {
            start.kill()
            XCTFail("restarting \(compositor.name) failed:\n\(start.transcript)")
            throw HarnessError.failed("\(compositor.name) did not restart")
        }
        return try HeadlessCompositor.environment(in: compositor.directory)
    }

    private func connect(to compositor: HeadlessCompositor) throws -> WaylandDisplay {
        try connect(environment: compositor.environment)
    }

    private func connect(environment env: [String: String]) throws -> WaylandDisplay {
        // An absolute socket path: no change to this process's environment.
        let name = try XCTUnwrap(env["WAYLAND_DISPLAY"])
        return try WaylandDisplay(name: name.hasPrefix("/") ? name : "\(env["XDG_RUNTIME_DIR"] ?? "")/\(name)")
    }
}
