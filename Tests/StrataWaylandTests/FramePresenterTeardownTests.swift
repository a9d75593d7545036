import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

/// A presenter can be dropped while its frame callback is outstanding (a popup closed right after
/// its last frame: the compositor never answers a destroyed surface's callback). The stale-callback
/// timer it left on the render loop must then do nothing — it read the freed presenter, and the
/// `menu` example crashed on its render thread about a second after a popup closed.
@Suite(.runLoopTurn) struct FramePresenterTeardownTests {
    /// Counts the frames it is asked for; always a full-buffer damage, never animating.
    final class CountingProducer: FrameProducer {
        var frames = 0
        func renderFrame(at time: Double, into buffer: ShmBuffer, age: Int, scale: Double) -> [(Int32, Int32, Int32, Int32)] {
            frames += 1
            return [(0, 0, Int32(buffer.width), Int32(buffer.height))]
        }
        func isAnimating(after time: Double) -> Bool { false }
    }

    @Test func aPresenterDroppedWithACallbackOutstandingLeavesAHarmlessTimer() throws {
        // The scripted double answers no request: the frame callback never comes.
        let compositor = SeatTestCompositor()
        let display = try WaylandDisplay(name: compositor.path)
        let loop = EventLoop(display: display)
        let surface = WaylandSurface(display: display)
        let producer = CountingProducer()
        var presenter: FramePresenter? = FramePresenter(surface: surface, producer: producer, clock: { 0 }, loop: loop)
        weak let dropped = presenter
        presenter?.pool.log = { _ in }
        presenter?.staleCallbackTimeout = 0.01
        presenter?.size = (8, 8)
        presenter?.canDraw = true
        #expect(producer.frames == 1)
        #expect(presenter?.isWaitingForFrame == true)
        presenter = nil
        #expect(dropped == nil)
        // Past the stale deadline: the timer left behind fires into nothing (no frame, no trap).
        loop.addTimer(at: MonotonicClock.now() + 0.05) { loop.stop() }
        try loop.run()
        #expect(producer.frames == 1)
        withExtendedLifetime(surface) {}
    }

    /// `retire()` (what closing a popup or layer surface runs on the render thread) leaves nothing
    /// of the presenter in its loop and refuses later draws.
    @Test func retiringCancelsTheTimerDropsCallbackAndBuffersAndRefusesToDraw() throws {
        let compositor = SeatTestCompositor()
        let display = try WaylandDisplay(name: compositor.path)
        let loop = EventLoop(display: display)
        let surface = WaylandSurface(display: display)
        let producer = CountingProducer()
        var presenter: FramePresenter? = FramePresenter(surface: surface, producer: producer, clock: { 0 }, loop: loop)
        weak let weakPresenter = presenter
        presenter?.size = (4, 4)
        presenter?.canDraw = true                   // draws at once: one buffer, a callback, a timer
        #expect(producer.frames == 1)
        #expect(presenter?.pool.count == 1)
        #expect(presenter?.isWaitingForFrame == true)
        #expect(loop.pendingTimerCount == 1)

        presenter?.retire()
        #expect(loop.pendingTimerCount == 0)
        #expect(presenter?.isWaitingForFrame == false)
        #expect(presenter?.pool.count == 0)
        presenter?.canDraw = true                   // a configure arriving late: ignored
        presenter?.setNeedsFrame()
        #expect(producer.frames == 1)
        #expect(presenter?.pool.count == 0)
        #expect(loop.pendingTimerCount == 0)

        presenter = nil                             // nothing else holds it
        #expect(weakPresenter == nil)
        try display.connection.roundtrip()
    }
}
