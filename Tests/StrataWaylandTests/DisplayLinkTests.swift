import Foundation
import Testing
@testable import StrataWayland
import Strata
import StrataTestSupport

/// `CADisplayLink`'s calls, fed committed frames with injected times (its window's part, the
/// frames themselves, is `DisplayLinkCompositorTests`, under sway and mutter).
@Suite(.runLoopTurn) struct DisplayLinkTests {
    /// A frame rendered for `time` on a compositor of period `interval`.
    static func frame(_ time: Double, interval: Double = 1.0 / 60) -> FrameInfo {
        var f = FrameInfo(time: time, bufferWidth: 1, bufferHeight: 1, damagedPixels: 0)
        f.frameInterval = interval
        return f
    }

    final class Calls {
        var log: [String] = []
    }

    static func makeLink(_ calls: Calls) -> CADisplayLink {
        CADisplayLink(host: nil) { link in
            calls.log.append(String(format: "%.4f %.4f %.4f", link.timestamp, link.targetTimestamp, link.duration))
        }
    }

    @Test func callsFollowFramesOnceAddedAndStopWhenPausedOrInvalidated() {
        let calls = Calls()
        let link = Self.makeLink(calls)
        link.frameCommitted(Self.frame(1.0))                       // not added yet
        #expect(calls.log.isEmpty && link.timestamp == 0 && link.targetTimestamp == 0)
        link.add(to: .main, forMode: .common)
        link.frameCommitted(Self.frame(1.0))
        link.frameCommitted(Self.frame(1.0 + 1.0 / 60))
        // timestamp: the frame's time; target: one period on; duration: the period.
        #expect(calls.log == ["1.0000 1.0167 0.0167", "1.0167 1.0333 0.0167"])
        link.isPaused = true
        link.frameCommitted(Self.frame(1.05))
        #expect(calls.log.count == 2)
        link.isPaused = false
        link.frameCommitted(Self.frame(1.1, interval: 0.025))      // a 40 Hz compositor
        #expect(calls.log.last == "1.1000 1.1250 0.0250")
        link.remove(from: .main, forMode: .default)
        link.frameCommitted(Self.frame(1.2))
        link.add(to: .current, forMode: .default)
        link.frameCommitted(Self.frame(1.3))
        #expect(calls.log.count == 4 && calls.log.last == "1.3000 1.3167 0.0167")
        link.invalidate()
        link.add(to: .main, forMode: .common)                       // an invalidated link stays stopped
        link.frameCommitted(Self.frame(1.4))
        #expect(calls.log.count == 4 && !link.isRunning)
    }

    /// At 30 frames per second on a 60 Hz compositor the handler runs every other frame (a
    /// frame late by a little still counts), and its target is two periods on.
    @Test func preferredRatesCallEveryNthFrame() {
        let calls = Calls()
        let link = Self.makeLink(calls)
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        let p = 1.0 / 60
        for (i, jitter) in [0.0, 0, 0.002, 0, -0.002, 0].enumerated() { link.frameCommitted(Self.frame(2 + Double(i) * p + jitter)) }
        // (Timestamps are the frames' own times, jitter included; the next call is due one
        // interval after the latest.)
        #expect(calls.log == ["2.0000 2.0333 0.0167", "2.0353 2.0687 0.0167", "2.0647 2.0980 0.0167"])
        // A range takes over from preferredFramesPerSecond: 20 of 10…30 → every third frame.
        calls.log = []
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 20)
        link.isPaused = true
        link.isPaused = false                                        // starts over
        for i in 0..<7 { link.frameCommitted(Self.frame(3 + Double(i) * p)) }
        #expect(calls.log == ["3.0000 3.0500 0.0167", "3.0500 3.1000 0.0167", "3.1000 3.1500 0.0167"])
        // No preferred rate: the maximum; a rate above the display's: every frame.
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: 120)
        calls.log = []
        for i in 0..<3 { link.frameCommitted(Self.frame(4 + Double(i) * p)) }
        #expect(calls.log.count == 3)
        #expect(CAFrameRateRange.default.isEqual(to: CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)))
    }

    /// invalidate() lets the handler go, and what it captured with it.
    @Test func invalidateReleasesTheHandler() {
        final class Target {}
        weak var gone: Target?
        let link: CADisplayLink
        do {
            let target = Target()
            gone = target
            link = CADisplayLink(host: nil) { _ in _ = target }
        }
        #expect(gone != nil)
        link.invalidate()
        #expect(gone == nil)
    }
}
