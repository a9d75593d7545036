import Testing
@testable import StrataWayland
import StrataTestSupport

/// Recorded zwp_pointer_gestures_v1 sequences through the seat.
@Suite(.runLoopTurn) struct SeatPointerGestureTests {
    func focused() throws -> (SeatFixture, WaylandSurface) {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(1), .o(s.surface.id), .f(40), .f(50))
        f.pointer(PointerOp.frame)
        try f.pump()
        f.events = []
        return (f, s)
    }

    @Test func pinchReportsAbsoluteScaleAndRotationDeltas() throws {
        let (f, s) = try focused()
        let pinch = try #require(f.seat.gestureObjects?.pinch.id)
        f.compositor.send(to: pinch, opcode: 0, [.u(7), .u(100), .o(s.surface.id), .u(2)])
        f.compositor.send(to: pinch, opcode: 1, [.u(110), .f(1), .f(-2), .f(1.25), .f(5)])
        f.compositor.send(to: pinch, opcode: 1, [.u(120), .f(0), .f(0), .f(1.5), .f(-2.5)])
        f.compositor.send(to: pinch, opcode: 2, [.u(8), .u(130), .i(0)])
        #expect(f.take() == [
            "gesture pinch began fingers=2 (40.0, 50.0) scale=1.0",
            "gesture pinch changed fingers=2 (40.0, 50.0) dx=1.0 dy=-2.0 scale=1.25 rotation=5.0",
            "gesture pinch changed fingers=2 (40.0, 50.0) dx=0.0 dy=0.0 scale=1.5 rotation=-2.5",
            "gesture pinch ended fingers=2 (40.0, 50.0) scale=1.5",
        ])
    }

    @Test func swipeAndHoldWithCancellation() throws {
        let (f, s) = try focused()
        let objects = try #require(f.seat.gestureObjects)
        let hold = try #require(objects.hold?.id)
        f.compositor.send(to: objects.swipe.id, opcode: 0, [.u(1), .u(10), .o(s.surface.id), .u(3)])
        f.compositor.send(to: objects.swipe.id, opcode: 1, [.u(11), .f(12), .f(0)])
        f.compositor.send(to: objects.swipe.id, opcode: 2, [.u(2), .u(12), .i(1)])  // cancelled
        f.compositor.send(to: hold, opcode: 0, [.u(3), .u(20), .o(s.surface.id), .u(2)])
        f.compositor.send(to: hold, opcode: 1, [.u(4), .u(30), .i(0)])
        #expect(f.take() == [
            "gesture swipe began fingers=3 (40.0, 50.0)",
            "gesture swipe changed fingers=3 (40.0, 50.0) dx=12.0 dy=0.0",
            "gesture swipe cancelled fingers=3 (40.0, 50.0)",
            "gesture hold began fingers=2 (40.0, 50.0)",
            "gesture hold ended fingers=2 (40.0, 50.0)",
        ])
    }

    @Test func strayGestureEventsAreDroppedAndOverlapsCancel() throws {
        let (f, s) = try focused()
        // Ids only: holding the objects would keep them from being destroyed.
        let (swipe, pinch) = try #require(f.seat.gestureObjects.map { ($0.swipe.id, $0.pinch.id) })
        f.compositor.send(to: pinch, opcode: 1, [.u(1), .f(1), .f(1), .f(2), .f(0)])  // update without begin
        f.compositor.send(to: swipe, opcode: 2, [.u(1), .u(1), .i(0)])  // end without begin
        f.compositor.send(to: swipe, opcode: 0, [.u(2), .u(2), .o(s.surface.id), .u(3)])
        f.compositor.send(to: pinch, opcode: 1, [.u(3), .f(1), .f(1), .f(2), .f(0)])  // other kind: dropped
        f.compositor.send(to: pinch, opcode: 0, [.u(3), .u(3), .o(s.surface.id), .u(2)])  // cancels the swipe
        f.compositor.send(to: swipe, opcode: 2, [.u(4), .u(4), .i(0)])  // the swipe is over: dropped
        #expect(f.take() == [
            "gesture swipe began fingers=3 (40.0, 50.0)",
            "gesture swipe cancelled fingers=3 (40.0, 50.0)",
            "gesture pinch began fingers=2 (40.0, 50.0) scale=1.0",
        ])
        // The pointer going away cancels the pinch and destroys the gesture objects.
        try f.setCapabilities([.keyboard])
        #expect(f.take() == ["gesture pinch cancelled fingers=2 (40.0, 50.0) scale=1.0", "pointer (40.0, 50.0) leave"])
        #expect(f.seat.gestureObjects == nil)
        let destroyed = f.compositor.requests.filter {
            ($0.object == swipe || $0.object == pinch) && $0.opcode == 0
        }
        #expect(destroyed.count == 2)
    }
}
