import Foundation
import Strata
import XCTest

/// Every example in `examples/` under one headless sway, one after the other: it maps (prints
/// its "shown" line once its first frame has reached sway), and — run `--paused`, so that its
/// animations hold their first frame — the window sway shows equals the example's offscreen
/// `--snapshot 0` pixel for pixel (composited over sway's background where it is transparent).
///
/// The list of examples is read from the folder, so a new example is covered from the start;
/// one that needs arguments or sits elsewhere on screen gets an entry in ``ExampleSwayTests/specs``.
final class ExampleSwayTests: XCTestCase {
    static let background: UInt32 = 0xFF20_3040
    static let outputWidth = 1280, outputHeight = 720

    enum Placement {
        /// A toplevel: sway floats it centred on the output.
        case centred
        /// A layer surface anchored top, left and right: the output's width, at the top.
        case topBar
        /// A layer surface anchored top-right with `margin` on both sides.
        case topRight(margin: Int)
    }

    struct Spec {
        var arguments: [String] = []
        var shown = "strata: shown"
        var placement = Placement.centred
        /// Added to the example's environment.
        var environment: [String: String] = [:]
        /// False where the first frame depends on threads (tiles drawn in the background).
        var comparesPixels = true
    }

    static let specs: [String: Spec] = [
        "toast": Spec(placement: .topRight(margin: 16)),
        "panel": Spec(placement: .topBar),
        "outputbars": Spec(shown: "strata: bar HEADLESS-1 shown 1280x24", placement: .topBar),
        "inputprobe": Spec(arguments: ["--size", "400x300"], shown: "inputprobe: mapped"),
        // Without its live frame-rate overlay, which no snapshot has.
        "stress": Spec(arguments: ["--layers", "200"], environment: ["STRATA_DEBUG": ""]),
        "viewer": Spec(arguments: ["--generated", "4096"], comparesPixels: false),
    ]

    /// The example folders (those with a `main.swift`), sorted.
    static var exampleNames: [String] {
        let dir = TestEnvironment.packageRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: dir.appendingPathComponent("\($0)/main.swift").path) }.sorted()
    }

    func testEveryExampleShowsItsFirstFrameUnderSway() throws {
        let names = Self.exampleNames
        XCTAssertGreaterThanOrEqual(names.count, 19, "examples/ listed: \(names)")
        let sway = try HeadlessCompositor("sway", size: "\(Self.outputWidth)x\(Self.outputHeight)")
        for name in names {
            let spec = Self.specs[name] ?? Spec()
            let app = try ChildProcess(executable: TestEnvironment.example(name).path,
                                       arguments: spec.arguments + ["--paused", "--exit-after", "60"],
                                       environment: sway.clientEnvironment.merging(spec.environment) { $1 })
            defer { app.kill(); _ = app.waitForExit(timeout: 10) }
            guard app.waitForLine(spec.shown, timeout: 30) else {
                XCTFail("\(name): no `\(spec.shown)`:\n\(app.transcript)\n\(sway.logTail)")
                continue
            }
            guard spec.comparesPixels else { continue }
            let expected = try ExampleRun.snapshot(name, at: 0, arguments: spec.arguments)
            let shot = try sway.screenshot("example-\(name)")
            check(shot, shows: expected, placed: spec.placement, name)
        }
    }

    /// `stress --measure` (what `strata-bench --wayland` runs) prints its eight figures in order,
    /// counts every frame it committed, and — animations removed — finds no thread waking up,
    /// its frame-rate overlay included. The timing figures belong to the benchmark, not here.
    func testStressMeasurementReportsEveryFigureAndAnIdleAppUnderSway() throws {
        let sway = try HeadlessCompositor("sway", size: "\(Self.outputWidth)x\(Self.outputHeight)")
        let app = try ChildProcess(executable: TestEnvironment.example("stress").path,
                                   arguments: ["--layers", "10", "--measure", "1", "--exit-after", "60"],
                                   environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertEqual(app.waitForExit(timeout: 60), .exited(0), app.transcript)
        let lines = app.standardOutputLines.filter { $0.hasPrefix("stress: ") }
        XCTAssertEqual(lines.map { $0.split(separator: " ")[1] },
                       ["layers", "frame-gap-ms", "gaps-in-refresh-periods", "worst-gap-while-main-blocked-ms",
                        "presentation-feedback", "cpu-ms-per-second", "render-wakeups-per-second",
                        "idle-wakeups-per-second"], app.transcript)
        guard lines.count == 8 else { return }
        let first = lines[0].split(separator: " ")
        XCTAssertEqual(first[2], "10")
        let frames = Int(first[6]) ?? 0
        XCTAssertGreaterThan(frames, 1, lines[0])
        // Every gap between two frames is in exactly one bin.
        let bins = lines[2].split(separator: " ").dropFirst(2).prefix(4).compactMap { Int($0.split(separator: ":").last ?? "") }
        XCTAssertEqual(bins.reduce(0, +), frames - 1, lines[2])
        XCTAssertTrue(lines[7].hasPrefix("stress: idle-wakeups-per-second 0.0 "), lines[7])
    }

    /// At 10 frames a second (six refreshes a frame) the window rests between frames: about two
    /// frame callbacks a frame (the one that starts the rest and the frame's own), 20 a second
    /// instead of sway's 60.
    func testStressAnimationsAtTenFramesASecondRestBetweenFramesUnderSway() throws {
        guard let run = try stressAtRate(10, seconds: 3) else { return }
        // About 30 gaps of six periods in 3 s.
        XCTAssertGreaterThanOrEqual(run.bins[3], 24, run.gaps)
        XCTAssertLessThanOrEqual(run.bins[0] + run.bins[1] + run.bins[2], 4, run.gaps)
        let wakeups = run.lines.first { $0.hasPrefix("stress: render-wakeups-per-second ") } ?? ""
        let callbacks = Double(wakeups.split(separator: " ").last ?? "") ?? -1
        XCTAssertGreaterThanOrEqual(callbacks, 15, wakeups)
        XCTAssertLessThanOrEqual(callbacks, 25, wakeups)
    }

    /// The same with every animation asking for 30 frames a second (`preferredFrameRateRange`)
    /// on sway's 60 Hz output: the frames come two refresh periods apart (one callback left out
    /// between them), not one.
    func testStressAnimationsAtThirtyFramesASecondUnderSway() throws {
        guard let run = try stressAtRate(30, seconds: 2) else { return }
        // About 60 gaps in 2 s; the block of the main thread is no gap (frames come from the
        // render thread); a shared machine may delay a few.
        XCTAssertGreaterThanOrEqual(run.bins[1], 45, run.gaps)
        XCTAssertLessThanOrEqual(run.bins[0], 5, run.gaps)
    }

    /// `stress` with 10 layers whose animations ask for `rate` frames a second, measured for
    /// `seconds` under sway: its output, its `gaps-in-refresh-periods` line and that line's four
    /// bins (nil, with a failure recorded, when the run gave none).
    private func stressAtRate(_ rate: Int, seconds: Int) throws -> (lines: [String], gaps: String, bins: [Int])? {
        let sway = try HeadlessCompositor("sway", size: "\(Self.outputWidth)x\(Self.outputHeight)")
        let app = try ChildProcess(executable: TestEnvironment.example("stress").path,
                                   arguments: ["--layers", "10", "--frame-rate", "\(rate)", "--measure", "\(seconds)",
                                               "--exit-after", "60"],
                                   environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertEqual(app.waitForExit(timeout: 60), .exited(0), app.transcript)
        let lines = app.standardOutputLines
        let gaps = lines.first { $0.hasPrefix("stress: gaps-in-refresh-periods ") } ?? ""
        let bins = gaps.split(separator: " ").dropFirst(2).prefix(4).compactMap { Int($0.split(separator: ":").last ?? "") }
        guard bins.count == 4 else {
            XCTFail("no gaps-in-refresh-periods line: \(app.transcript)")
            return nil
        }
        return (lines, gaps, bins)
    }

    /// Where the surface's top-left corner is and how wide it is on the output.
    private func frame(of expected: PNGImage, _ placement: Placement) -> (x: Int, y: Int, width: Int) {
        switch placement {
        case .centred:
            return ((Self.outputWidth - expected.width) / 2, (Self.outputHeight - expected.height) / 2, expected.width)
        case .topBar:
            return (0, 0, Self.outputWidth)
        case let .topRight(margin):
            return (Self.outputWidth - margin - expected.width, margin, expected.width)
        }
    }

    /// The screenshot's rectangle where the surface is, compared with `expected` over sway's
    /// background. A bar wider than the offscreen render (which has no output to take its width
    /// from) repeats the render's last column across the rest of the output.
    private func check(_ shot: PNGImage, shows expected: PNGImage, placed placement: Placement, _ name: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        let (x0, y0, width) = frame(of: expected, placement)
        guard x0 >= 0, y0 >= 0, x0 + width <= shot.width, y0 + expected.height <= shot.height else {
            return XCTFail("\(name): \(width)×\(expected.height) at (\(x0), \(y0)) is not on the output", file: file, line: line)
        }
        var off = 0, worst = 0, first: (Int, Int, UInt32, UInt32)?
        for y in 0..<expected.height {
            for x in 0..<width {
                let want = Self.over(expected.pixels[y * expected.width + min(x, expected.width - 1)], Self.background)
                let got = shot.pixels[(y0 + y) * shot.width + x0 + x]
                let d = Self.channelDifference(want, got)
                worst = max(worst, d)
                if d > 1 {
                    off += 1
                    if first == nil { first = (x, y, want, got) }
                }
            }
        }
        if let first {
            XCTFail("\(name): \(off) pixels differ from the offscreen first frame (worst \(worst)); first at (\(first.0), \(first.1)): "
                    + "\(hex(first.2)) expected, \(hex(first.3)) on screen", file: file, line: line)
        }
    }

    /// Premultiplied `top` over the opaque `bottom`.
    static func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let a = top >> 24
        guard a < 255 else { return top }
        var out: UInt32 = 0xFF00_0000
        for shift: UInt32 in [0, 8, 16] {
            let c = (top >> shift & 0xFF) + ((bottom >> shift & 0xFF) * (255 - a) + 127) / 255
            out |= min(c, 255) << shift
        }
        return out
    }

    static func channelDifference(_ p: UInt32, _ q: UInt32) -> Int {
        var d = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let a = Int(p >> shift & 0xFF), b = Int(q >> shift & 0xFF)
            d = max(d, abs(a - b))
        }
        return d
    }
}
