import Foundation
import Testing
@testable import StrataWayland

/// `FramePresenter.retire()`: a surface going away (a popup closed) must leave nothing of its
/// presenter in the loop. Regression: a closed menu's stale-callback timer fired a second later
/// and read the freed presenter (`menu` crashed under sway, about one run in ten).
///
/// Against `SeatTestCompositor`, a scripted compositor double: it never answers frame callbacks,
/// which is exactly the state a popup is in when it closes right after a frame.
@Suite struct FramePresenterRetireTests {
    /// Paints every frame opaque red; never animates.
    final class Solid: FrameProducer {
        func renderFrame(at time: Double, into buffer: ShmBuffer, age: Int, scale: Double) -> [(Int32, Int32, Int32, Int32)] {
            [(0, 0, Int32(buffer.width), Int32(buffer.height))]
        }
        func isAnimating(after time: Double) -> Bool { false }
    }

    @Test func retiringCancelsTheTimerDropsCallbackAndBuffersAndRefusesToDraw() throws {
        let compositor = SeatTestCompositor()
        let display = try WaylandDisplay(name: compositor.path)
        let loop = EventLoop(display: display)
        let surface = WaylandSurface(display: display)
        let producer = Solid()
        var presenter: FramePresenter? = FramePresenter(surface: surface, producer: producer, clock: { 0 }, loop: loop)
        weak let weakPresenter = presenter
        presenter?.size = (4, 4)
        presenter?.canDraw = true                   // draws at once: one buffer, a callback, a timer
        #expect(presenter?.pool.count == 1)
        #expect(presenter?.isWaitingForFrame == true)
        #expect(loop.pendingTimerCount == 1)

        presenter?.retire()
        #expect(loop.pendingTimerCount == 0)
        #expect(presenter?.isWaitingForFrame == false)
        #expect(presenter?.pool.count == 0)
        presenter?.canDraw = true                   // a configure arriving late: ignored
        presenter?.setNeedsFrame()
        #expect(presenter?.pool.count == 0)
        #expect(loop.pendingTimerCount == 0)

        presenter = nil                             // nothing else holds it
        #expect(weakPresenter == nil)
        try display.connection.roundtrip()
    }
}
