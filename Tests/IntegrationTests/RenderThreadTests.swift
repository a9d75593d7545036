import Foundation
import XCTest

/// Core Animation's render-server property, measured: `busymain` blocks its main thread for
/// 500 ms in the middle of a 2 s animation; frames come from the render thread all the same.
final class RenderThreadTests: XCTestCase {
    func testBlockedMainThreadLeavesNoGapBeyondTwoFramesUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let app = try ChildProcess(executable: TestEnvironment.example("busymain").path, arguments: ["--exit-after", "60"],
                                   environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: resting", timeout: 30), app.transcript)
        let times = app.standardOutputLines.compactMap { line -> Double? in
            line.hasPrefix("frame ") ? Double(line.dropFirst(6)) : nil
        }
        // 2 s at sway's 60 Hz is ~120 frames; a stalled render side would show ~90.
        XCTAssertGreaterThan(times.count, 100, app.transcript)
        let blocked = try XCTUnwrap(app.standardOutputLines.first { $0.hasPrefix("strata: blocked ") })
            .split(separator: " ").dropFirst(2).compactMap { Double($0) }
        XCTAssertEqual(blocked.count, 2)
        XCTAssertGreaterThanOrEqual(blocked[1] - blocked[0], 0.5)
        let period = 1.0 / 60
        // Frames committed while the main thread was blocked, and the gaps around them.
        let during = zip(times, times.dropFirst()).filter { $0.1 >= blocked[0] && $0.0 <= blocked[1] }
        XCTAssertGreaterThanOrEqual(during.count, 20, "frames kept coming while main was blocked")
        let worst = during.map { $0.1 - $0.0 }.max() ?? .infinity
        // "No gap beyond 2 frames": at most one refresh skipped while main is blocked.
        XCTAssertLessThanOrEqual((worst / period).rounded(), 2, "largest gap \(worst * 1000) ms")
    }
}
