import Foundation
import XCTest

/// CADisplayLink paced by a real compositor's frames: the `displaylink` example under sway
/// (60 Hz headless output, no presentation feedback) and mutter (60 Hz virtual monitor, with
/// presentation feedback) places a square for each call's targetTimestamp for 60 calls, changes
/// nothing for 30 more, then pauses the link.
final class DisplayLinkCompositorTests: XCTestCase {
    struct Tick {
        var timestamp, target, duration: Double
        var placed: Bool
        /// Where the square was placed (nil: not moved).
        var x: Double?
    }

    func testCallsFollowTheFramesAndStopWhenPaused() throws {
        try check(under: "sway")
    }

    /// mutter reports presentation times up to ±0.6 ms off its refresh grid, with frame
    /// callbacks arriving about at the boundary: frames rendered for the first boundary after
    /// "now" flipped between two boundaries (times 0.2 and 33 ms apart; 28 of 80 gaps regular),
    /// which the quarter-period margin of `FrameTiming.predictedPresentation` ends.
    func testCallsFollowTheFramesUnderMutterWithPresentationFeedback() throws {
        try check(under: "mutter")
    }

    /// At 30 calls a second (`preferredFramesPerSecond`) on a 60 Hz output the window draws
    /// only the frames the link is called at: every frame after the first few says one callback
    /// was left out before it (a commit with no buffer asked for the next callback, and the
    /// compositor answered it), calls come two periods apart, and what a call changes is drawn
    /// at its target, the next call's frame.
    func testAReducedRateDrawsOnlyTheLinksFramesUnderSway() throws {
        try check(under: "sway", fps: 30)
    }

    /// At 15 a second (every fourth refresh) the window rests between frames: a loop timer
    /// asks for the callback of the next frame, and the refreshes between get no callback.
    func testALowerRateRestsBetweenFramesUnderSway() throws {
        try check(under: "sway", fps: 15)
    }

    func testALowerRateRestsBetweenFramesUnderMutter() throws {
        try check(under: "mutter", fps: 15)
    }

    func testALowerRateRestsBetweenFramesUnderWeston() throws {
        try check(under: "weston", fps: 15)
    }

    func testAReducedRateDrawsOnlyTheLinksFramesUnderMutter() throws {
        try check(under: "mutter", fps: 30)
    }

    /// (Not kwin: its headless output sends no presentation feedback and answers frame
    /// callbacks unevenly, so the period measured between them — the link's `duration` — read
    /// 4 to 15 ms in different runs, in one CI run 4 ms throughout. The frames still came every
    /// 33 ms there: the cadence follows the frames' times.)
    func testAReducedRateDrawsOnlyTheLinksFramesUnderWeston() throws {
        try check(under: "weston", fps: 30)
    }

    /// Two links at rates that do not divide one another, 30 and 20 calls a second on a 60 Hz
    /// output: each is called at its own rate, the second every third frame (when the frames
    /// followed the faster link alone, it was called every fourth: 15 a second).
    func testLinksAtTwoRatesEachGetTheirOwnUnderSway() throws {
        let compositor = try HeadlessCompositor("sway")
        let app = try ChildProcess(executable: TestEnvironment.example("displaylink").path,
                                   arguments: ["--exit-after", "60", "--link-fps", "30", "--second-link-fps", "20"],
                                   environment: compositor.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("displaylink: idle", timeout: 30), app.transcript)
        var first: [(time: Double, duration: Double)] = []
        var second: [Double] = []
        for line in app.standardOutputLines {
            let f = line.split(separator: " ")
            if f.first == "tick", f.count == 5, let t = Double(f[1]), let d = Double(f[3]) {
                first.append((t, d))
            } else if f.first == "tick2", f.count == 2, let t = Double(f[1]) {
                second.append(t)
            }
        }
        XCTAssertEqual(first.count, 90)
        XCTAssertEqual(second.count, 40, "the second link stops itself after 40 calls")
        guard first.count > 20, second.count > 10 else { return }
        let duration = first.last!.duration
        XCTAssertGreaterThan(duration, 1.0 / 75)
        XCTAssertLessThan(duration, 1.0 / 50)
        // Gaps between calls while both run, past the first few (the links start on an idle
        // window): `n` refreshes for most. The refresh is the one sway kept in this run (half
        // the first link's median gap), not the link's `duration`: that is measured from the
        // latest callbacks, and on a loaded machine it read 10 % short of the cadence the
        // calls actually had (a CI run: every second-link gap about 3 refreshes, a third of
        // them judged off).
        func gaps(_ times: [Double]) -> [Double] { zip(times.dropFirst(6), times.dropFirst(5)).map { $0 - $1 } }
        let gaps1 = gaps(first.map(\.time).filter { $0 <= second.last! }), gaps2 = gaps(second)
        guard !gaps1.isEmpty else { return XCTFail("no first-link gaps while both run") }
        let refresh = gaps1.sorted()[gaps1.count / 2] / 2
        XCTAssertEqual(refresh, duration, accuracy: duration / 5, "the refresh the calls kept against the link's duration")
        func regular(_ gaps: [Double], every n: Double) -> Int { gaps.filter { abs($0 - n * refresh) < refresh / 2 }.count }
        XCTAssertGreaterThanOrEqual(regular(gaps2, every: 3), gaps2.count * 3 / 4, "second link's gaps (refresh \(refresh)): \(gaps2)")
        XCTAssertGreaterThanOrEqual(regular(gaps1, every: 2), gaps1.count * 3 / 4, "first link's gaps (refresh \(refresh)): \(gaps1)")
    }

    private func check(under name: String, fps: Int = 0) throws {
        let compositor = try HeadlessCompositor(name)
        let app = try ChildProcess(executable: TestEnvironment.example("displaylink").path,
                                   arguments: ["--exit-after", "60"] + (fps > 0 ? ["--link-fps", "\(fps)"] : []),
                                   environment: compositor.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("displaylink: idle", timeout: 30), app.transcript)
        // Resting means no frame at all: none for half a second more (the link is paused).
        let linesAtRest = app.standardOutputLines.count
        XCTAssertFalse(app.waitForLines(timeout: 0.5) { $0.count > linesAtRest }, app.transcript)

        let lines = app.standardOutputLines
        var ticks: [Tick] = []
        var frames: [(time: Double, damage: Int, skipped: Int, callbacks: Int)] = []
        for line in lines {
            let f = line.split(separator: " ")
            if f.first == "frame", f.count == 5, let t = Double(f[1]), let d = Int(f[2]), let s = Int(f[3]),
               let c = Int(f[4]) {
                frames.append((t, d, s, c))
            } else if f.first == "tick", f.count == 5, let t = Double(f[1]), let g = Double(f[2]), let d = Double(f[3]) {
                ticks.append(Tick(timestamp: t, target: g, duration: d, placed: f[4] != "-", x: Double(f[4])))
            }
        }
        // Each call follows a committed frame and carries that frame's time (frames are printed
        // by the render thread, calls by the main thread: matched by time, not line order).
        let frameOfTick = ticks.map { t in frames.firstIndex { $0.time == t.timestamp } ?? -1 }
        XCTAssertEqual(ticks.count, 90, "the link stops at the call that pauses it")
        XCTAssertEqual(ticks.filter(\.placed).count, 60)
        // Frames between two calls (60 Hz output): none at every frame, one at 30 a second.
        let every = fps > 0 ? Int((60 / Double(fps)).rounded()) : 1
        let paused = try XCTUnwrap(lines.firstIndex(of: "displaylink: paused"))
        XCTAssertFalse(lines[paused...].contains { $0.hasPrefix("tick ") })

        for (k, t) in ticks.enumerated() {
            XCTAssertGreaterThanOrEqual(frameOfTick[k], 0, "tick \(k) follows no frame")
            if k > 0 { XCTAssertEqual(frameOfTick[k], frameOfTick[k - 1] + 1, "one call per frame") }
            // One period on, or n at a reduced rate, n worked out from this call's period (it is
            // measured anew as frames come: kwin's first callbacks come early).
            let n = fps > 0 ? max(1, (1 / t.duration / Double(fps)).rounded()) : 1
            XCTAssertEqual(t.target - t.timestamp, n * t.duration, accuracy: 1e-9)
            if k > 0 { XCTAssertGreaterThan(t.timestamp, ticks[k - 1].timestamp) }
        }
        // All run their output at 60 Hz (sway's and weston's period measured between callbacks:
        // they send no presentation feedback Strata uses; mutter's the refresh its feedback
        // reports). Headless weston paces its callbacks by a repaint timer: 17.2 ms between them
        // here, 20.0 ms in a CI run.
        let period = ticks.last!.duration
        XCTAssertGreaterThan(period, 1.0 / 75)
        XCTAssertLessThan(period, name == "weston" ? 1.0 / 40 : 1.0 / 50)
        // What a call changes is drawn in the next frame, rendered for about its target: half
        // a period either side for most calls (a shared machine may delay a few).
        let offsets = (0..<59).compactMap { k -> Double? in
            guard frameOfTick[k] >= 0 else { return nil }
            let next = frameOfTick[k] + 1
            return next < frames.count ? frames[next].time - ticks[k].target : nil
        }
        let near = offsets.filter { abs($0) < period / 2 }.count
        XCTAssertGreaterThanOrEqual(near, 45, "frame time − target: \(offsets)")
        // The frames after calls that moved the square carry damage; once the handler changes
        // nothing, the window still draws every frame, with none. (Not the first few: the link
        // starting on an idle window draws at once, and a compositor answering that frame's
        // callback at once gets the next frame drawn before the first call's change reaches
        // the render thread — seen under kwin.)
        guard frameOfTick.allSatisfy({ $0 >= 0 }) else { return }
        // (At 30 calls a second the square leaves the 320-point window after about 45 calls.)
        for k in 3..<60 where ticks[k].x.map({ $0 < 300 }) ?? false {
            XCTAssertGreaterThan(frames[frameOfTick[k]].damage, 0, "tick \(k)")
        }
        for k in 61..<90 { XCTAssertEqual(frames[frameOfTick[k]].damage, 0, "tick \(k)") }
        // Consecutive calls `every` periods apart while the link runs (no frames missed on the
        // whole, whatever the first frames did), with `every` − 1 callbacks or more left out
        // before each frame.
        let gaps = zip(ticks.dropFirst(10), ticks.dropFirst(9)).map { $0.timestamp - $1.timestamp }
        let regular = gaps.filter { abs($0 - Double(every) * period) < period / 2 }.count
        XCTAssertGreaterThanOrEqual(regular, gaps.count * 3 / 4, "gaps: \(gaps)")
        // (At least: kwin answers some commits without a buffer before its next refresh.)
        let skips = frameOfTick.dropFirst(10).map { frames[$0].skipped }
        XCTAssertGreaterThanOrEqual(skips.filter { $0 >= every - 1 }.count, skips.count * 3 / 4, "skipped: \(skips)")
        // From 4 periods a frame on, the window rests between frames: two callbacks a frame (the
        // one after the last frame, which starts the rest, and the frame's own), not `every`.
        if every >= 4 {
            let woken = frameOfTick.dropFirst(10).map { frames[$0].callbacks }
            XCTAssertGreaterThanOrEqual(woken.filter { $0 == 2 }.count, woken.count * 3 / 4, "callbacks: \(woken)")
        }
    }
}
