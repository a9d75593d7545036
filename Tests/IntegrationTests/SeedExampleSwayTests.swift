import Foundation
import Strata
import XCTest

/// Every seed example under headless sway: it maps, its animation is driven by frame callbacks
/// (frames keep being committed while it runs), and — for those that come to rest — the window
/// on screen equals the offscreen `--snapshot` of the resting picture, pixel for pixel.
final class SeedExampleSwayTests: XCTestCase {
    static let swayBackground: UInt32 = 0xFF20_3040

    func testSeedExamplesMapAndAnimateUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        // name, frames at least (a still window commits one or two)
        let resting: [(String, Int)] = [("movelayer", 4), ("grouped", 4), ("position", 4), ("keyframes", 4),
                                        ("progress", 4), ("indicator", 4), ("reveal", 3)]
        for (example, minimum) in resting {
            let app = try ChildProcess(executable: TestEnvironment.example(example).path,
                                       arguments: ["--report", "--exit-after", "60"], environment: sway.clientEnvironment)
            defer { app.kill(); _ = app.waitForExit(timeout: 10) }
            guard app.waitForLine("strata: resting", timeout: 30) else {
                XCTFail("\(example): no `strata: resting`:\n\(app.transcript)\n\(sway.logTail)")
                continue
            }
            XCTAssertTrue(app.standardOutputLines.contains("strata: shown"), "\(example): \(app.transcript)")
            XCTAssertGreaterThanOrEqual(frames(app), minimum, "\(example) animated through frame callbacks: \(app.transcript)")
            let shot = try sway.screenshot("seed-\(example)")
            try checkWindow(in: shot, equals: ExampleRun.snapshot(example, at: 30), example)
        }
        // These animate forever: over 2 s they keep committing frames.
        for example in ["fade", "morph"] {
            let app = try ChildProcess(executable: TestEnvironment.example(example).path,
                                       arguments: ["--report", "--exit-after", "2"], environment: sway.clientEnvironment)
            defer { app.kill() }
            XCTAssertEqual(app.waitForExit(timeout: 30), .exited(0), "\(example): \(app.transcript)")
            XCTAssertTrue(app.standardOutputLines.contains("strata: shown"), "\(example): \(app.transcript)")
            XCTAssertGreaterThanOrEqual(frames(app), 10, "\(example) kept animating: \(app.transcript)")
        }
    }

    /// N from the last `strata: frames N buffer WxH` line (-1 without one).
    private func frames(_ app: ChildProcess) -> Int {
        guard let line = app.standardOutputLines.last(where: { $0.hasPrefix("strata: frames ") }) else { return -1 }
        return Int(line.split(separator: " ")[2]) ?? -1
    }

    /// The window is where the screenshot is not sway's background (floating, no border).
    private func checkWindow(in shot: PNGImage, equals expected: PNGImage, _ example: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot.pixels[y * shot.width + x] != Self.swayBackground {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0, maxX - minX + 1 == expected.width, maxY - minY + 1 == expected.height else {
            return XCTFail("\(example): window at x \(minX)…\(maxX), y \(minY)…\(maxY); expected \(expected.width)×\(expected.height)",
                           file: file, line: line)
        }
        var window = PNGImage(width: expected.width, height: expected.height, pixels: [])
        for y in minY...maxY { window.pixels += shot.pixels[(y * shot.width + minX)...(y * shot.width + maxX)] }
        let (off, worst) = ExampleGolden.difference(window, expected, tolerance: 1)
        XCTAssertEqual(off, 0, "\(example): \(off) pixels differ from the offscreen snapshot (worst \(worst))", file: file, line: line)
    }
}
