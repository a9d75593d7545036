import Testing
@testable import StrataWayland
import StrataTestSupport

/// Recorded wl_touch sequences through the seat. Headless sway has no touch device of its own,
/// so touch is only checked against recordings.
@Suite(.runLoopTurn) struct SeatTouchTests {
    @Test func touchesAreTrackedByIDAndUpCarriesTheLastPosition() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.touch(TouchOp.down, .u(1), .u(10), .o(s.surface.id), .i(0), .f(10), .f(20))
        f.touch(TouchOp.down, .u(2), .u(10), .o(s.surface.id), .i(1), .f(100), .f(200))
        f.touch(TouchOp.shape, .i(1), .f(8), .f(6))
        f.touch(TouchOp.frame)
        f.touch(TouchOp.motion, .u(20), .i(0), .f(11), .f(21))
        f.touch(TouchOp.motion, .u(21), .i(0), .f(12.5), .f(22.5))
        f.touch(TouchOp.motion, .u(21), .i(1), .f(101), .f(201))
        f.touch(TouchOp.frame)
        f.touch(TouchOp.up, .u(3), .u(30), .i(0))
        f.touch(TouchOp.frame)
        #expect(f.take() == [
            "touch began 0 (10.0, 20.0), began 1 (100.0, 200.0) active=[0, 1]",
            "touch moved 0 (12.5, 22.5), moved 1 (101.0, 201.0) active=[0, 1]",
            "touch ended 0 (12.5, 22.5) active=[1]",
        ])
        f.touch(TouchOp.up, .u(4), .u(40), .i(1))
        f.touch(TouchOp.frame)
        try f.pump()
        guard case let .touch(t)? = f.events.last, let p = t.touches.first else { Issue.record("no touch"); return }
        #expect(p.surface === s && p.phase == .ended && p.time == 40 && p.serial == 4)
        #expect(p.position == SurfacePoint(x: 101, y: 201))
    }

    @Test func shapeAndOrientationAttachToTheirPoint() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.touch(TouchOp.down, .u(1), .u(10), .o(s.surface.id), .i(3), .f(1), .f(2))
        f.touch(TouchOp.shape, .i(3), .f(8), .f(6))
        f.touch(TouchOp.orientation, .i(3), .f(45))
        f.touch(TouchOp.frame)
        try f.pump()
        guard case let .touch(t)? = f.events.last, let p = t.touches.first else { Issue.record("no touch"); return }
        #expect(p.major == 8 && p.minor == 6 && p.orientation == 45)
    }

    @Test func cancelEndsEveryTouch() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.touch(TouchOp.down, .u(1), .u(10), .o(s.surface.id), .i(0), .f(10), .f(20))
        f.touch(TouchOp.down, .u(2), .u(10), .o(s.surface.id), .i(1), .f(30), .f(40))
        f.touch(TouchOp.frame)
        f.touch(TouchOp.motion, .u(20), .i(1), .f(31), .f(41))
        f.touch(TouchOp.down, .u(3), .u(20), .o(s.surface.id), .i(2), .f(50), .f(60))  // not framed yet
        f.touch(TouchOp.cancel)
        f.touch(TouchOp.motion, .u(30), .i(0), .f(1), .f(1))  // after cancel: unknown id
        f.touch(TouchOp.frame)
        #expect(f.take() == [
            "touch began 0 (10.0, 20.0), began 1 (30.0, 40.0) active=[0, 1]",
            "touch moved 1 (31.0, 41.0) active=[]",
            "touch cancelled 0 (10.0, 20.0), cancelled 1 (31.0, 41.0) active=[]",
        ])
    }

    @Test func strayTouchEventsAreDropped() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.touch(TouchOp.up, .u(1), .u(1), .i(7))  // up without down
        f.touch(TouchOp.motion, .u(1), .i(8), .f(1), .f(1))  // motion for an id never down
        f.touch(TouchOp.shape, .i(9), .f(1), .f(1))
        f.touch(TouchOp.frame)
        f.touch(TouchOp.down, .u(2), .u(2), .o(s.surface.id), .i(0), .f(5), .f(5))
        f.touch(TouchOp.frame)
        f.touch(TouchOp.down, .u(3), .u(3), .o(s.surface.id), .i(0), .f(6), .f(6))  // id 0 again
        f.touch(TouchOp.frame)
        f.touch(TouchOp.cancel)
        f.touch(TouchOp.cancel)  // nothing left to cancel
        #expect(f.take() == [
            "touch began 0 (5.0, 5.0) active=[0]",
            "touch cancelled 0 (5.0, 5.0) active=[]",
            "touch began 0 (6.0, 6.0) active=[0]",
            "touch cancelled 0 (6.0, 6.0) active=[]",
        ])
    }

    @Test func tenThousandEventsInOneFrameStayBounded() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        for i in 0..<5000 {
            f.touch(TouchOp.down, .u(UInt32(i)), .u(1), .o(s.surface.id), .i(Int32(i)), .f(1), .f(1))
        }
        for i in 0..<5000 {
            f.touch(TouchOp.motion, .u(2), .i(0), .f(Double(i % 500)), .f(2))
        }
        f.touch(TouchOp.frame)
        try f.pump()
        let events: [TouchEvent] = f.events.compactMap { if case let .touch(t) = $0 { t } else { nil } }
        #expect(events.count == 1)
        #expect(events.first?.touches.count == TouchEvent.maximumActiveTouches)
        #expect(events.first?.touches.first?.position == SurfacePoint(x: 499, y: 2))
        #expect(events.first?.activeIDs == Array(0..<32))
    }

    @Test func losingTheTouchCapabilityCancelsActiveTouches() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.touch(TouchOp.down, .u(1), .u(10), .o(s.surface.id), .i(4), .f(10), .f(20))
        f.touch(TouchOp.frame)
        try f.pump()
        try f.setCapabilities([.pointer, .keyboard])
        #expect(f.take() == ["touch began 4 (10.0, 20.0) active=[4]", "touch cancelled 4 (10.0, 20.0) active=[]"])
        #expect(f.seat.wlTouch == nil)
    }
}
