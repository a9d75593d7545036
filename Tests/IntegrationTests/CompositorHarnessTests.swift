import Foundation
import Strata
import XCTest

/// The harness itself, checked against each compositor with nothing mapped: start waits for a
/// real roundtrip, the screenshot path returns the output's exact background pixels, stop ends
/// the process by PID and removes the runtime folder.
final class CompositorHarnessTests: XCTestCase {
    /// Background colours the script configures (weston.ini, sway.conf); kwin's empty output is black.
    private func checkEmptyScreenshot(_ name: String, background: UInt32) throws {
        let compositor = try HeadlessCompositor(name)
        let image = try compositor.screenshot("empty")
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 600)
        XCTAssertEqual(image.count(of: background), 800 * 600,
                       "\(name): expected every pixel \(hex(background)); (0,0) is \(hex(image.pixel(x: 0, y: 0)))")
        let pid = compositor.pid
        let directory = compositor.directory
        compositor.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path), "stop removes \(directory.path)")
        XCTAssertFalse(Self.isRunning(pid), "\(name) (PID \(pid)) still runs after stop")
    }

    func testWestonEmptyOutputScreenshotIsExactBackground() throws {
        try checkEmptyScreenshot("weston", background: 0xFF10_2040)
    }

    func testSwayEmptyOutputScreenshotIsExactBackground() throws {
        try checkEmptyScreenshot("sway", background: 0xFF20_3040)
    }

    func testKWinEmptyOutputScreenshotIsBlack() throws {
        try checkEmptyScreenshot("kwin", background: 0xFF00_0000)
    }

    func testMutterStartsAndSaysScreenshotsAreUnsupported() throws {
        let compositor = try HeadlessCompositor("mutter")
        XCTAssertNotNil(compositor.environment["DBUS_SESSION_BUS_ADDRESS"], "mutter runs with its own session bus")
        let shot = try ChildProcess(executable: "/bin/bash", arguments: [
            HeadlessCompositor.script, "screenshot", compositor.directory.path, "/tmp/strata-unused.png",
        ])
        XCTAssertEqual(shot.waitForExit(timeout: 10), .exited(3))
        XCTAssertTrue(shot.standardError.contains("not supported under mutter"), shot.transcript)
    }

    func testSecondStartInABusyFolderIsRefused() throws {
        let compositor = try HeadlessCompositor("weston")
        let again = try ChildProcess(executable: "/bin/bash", arguments: [
            HeadlessCompositor.script, "start", "weston", compositor.directory.path,
        ])
        XCTAssertEqual(again.waitForExit(timeout: 30), .exited(1))
        XCTAssertTrue(again.standardError.contains("already running"), again.transcript)
        XCTAssertTrue(Self.isRunning(compositor.pid), "the first compositor must survive the refused start")
    }

    func testUnknownCompositorIsAUsageError() throws {
        let bad = try ChildProcess(executable: "/bin/bash", arguments: [HeadlessCompositor.script, "start", "xorg", "/tmp/strata-never"])
        XCTAssertEqual(bad.waitForExit(timeout: 10), .exited(1))
        XCTAssertTrue(bad.standardError.contains("unknown compositor 'xorg'"), bad.transcript)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/strata-never"))
    }

    /// Alive and not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(paren, offsetBy: 2)]
        return state != "Z" && state != "X"
    }
}
