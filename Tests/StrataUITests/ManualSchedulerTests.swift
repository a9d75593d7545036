import Foundation
import Testing
import StrataUI
import StrataTestSupport

/// Found by the view-input fuzz target in a 10-minute run: advancing the manual clock by ∞ made
/// a scroll view's deceleration tick (which reschedules itself at `now` + 1/60) due for ever.
@Suite(.runLoopTurn) struct ManualSchedulerTests {
    @Test func nonFiniteTimesAreIgnored() {
        let scheduler = ManualScheduler(now: 100)
        var ticks: [TimeInterval] = []
        var pending = 0
        func tick() {
            ticks.append(scheduler.now)
            pending = scheduler.schedule(at: scheduler.now + 0.25) { tick() }
        }
        pending = scheduler.schedule(at: 100.25) { tick() }
        for t in [TimeInterval.infinity, .nan, -.infinity] {
            scheduler.advance(to: t)
            scheduler.advance(by: t)
        }
        #expect(ticks == [])
        #expect(scheduler.now == 100)
        #expect(scheduler.pendingCount == 1)
        scheduler.advance(by: 1)
        #expect(ticks == [100.25, 100.5, 100.75, 101])
        #expect(scheduler.now == 101)
        // The pending tick holds `tick`, which holds the scheduler: cancel it to end the cycle
        // (LeakSanitizer would report it).
        scheduler.cancel(pending)
        #expect(scheduler.pendingCount == 0)
    }
}
