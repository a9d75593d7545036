import Testing
@testable import StrataWayland
import StrataTestSupport

/// Recorded wl_pointer sequences, decoded by the generated bindings, through the seat.
@Suite(.runLoopTurn) struct SeatPointerTests {
    @Test func framesGroupEventsIntoOneValue() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(10), .o(s.surface.id), .f(10.5), .f(20.25))
        f.pointer(PointerOp.frame)
        f.pointer(PointerOp.motion, .u(100), .f(30), .f(40))
        f.pointer(PointerOp.motion, .u(101), .f(31), .f(41.5))
        f.pointer(PointerOp.button, .u(11), .u(102), .u(PointerButton.left), .u(1))
        f.pointer(PointerOp.frame)
        #expect(f.take() == [
            "pointer enter (10.5, 20.25)",
            "pointer motion (31.0, 41.5) press 272 held=[272]",
        ])
        f.pointer(PointerOp.button, .u(12), .u(180), .u(PointerButton.left), .u(0))
        f.pointer(PointerOp.frame)
        try f.pump()
        guard case let .pointer(e)? = f.events.last else { Issue.record("no pointer event"); return }
        #expect(e.surface === s)
        #expect(e.time == 180)
        #expect(e.serial == 12)
        #expect(e.buttons == [PointerButtonChange(button: 272, isPressed: false, serial: 12, time: 180)])
        #expect(e.pressedButtons.isEmpty)
        #expect(f.seat.pointerFocus === s)
        #expect(f.seat.pointerPosition == SurfacePoint(x: 31, y: 41.5))
    }

    @Test func enterSetsTheThemeCursorWithTheEnterSerial() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(77), .o(s.surface.id), .f(1), .f(1))
        f.pointer(PointerOp.frame)
        try f.pump()
        try f.pump()  // the cursor requests are flushed by the first roundtrip's events
        let pointerID = f.seat.wlPointer!.id
        let setCursor = f.compositor.requests.filter { $0.object == pointerID && $0.opcode == 0 }
        #expect(setCursor.count == 1)
        guard let r = setCursor.first else { return }
        #expect(r.words[0] == 77)  // the enter serial
        #expect(r.words[1] != 0)  // a cursor surface
        #expect(r.words[1] != s.surface.id)
        // Changing the cursor while over the surface sets the new image with the same serial.
        f.seat.cursorName = "text"
        try f.pump()
        let after = f.compositor.requests.filter { $0.object == pointerID && $0.opcode == 0 }
        #expect(after.count == 2)
        #expect(after.last?.words[0] == 77)
        // nil hides it: set_cursor with a null surface.
        f.seat.cursorName = nil
        try f.pump()
        #expect(f.compositor.requests.filter { $0.object == pointerID && $0.opcode == 0 }.last?.words[1] == 0)
    }

    @Test func theCursorFollowsTheSurfaceScale() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        let output = try #require(f.compositor.boundID(ofGlobal: 4))
        f.compositor.send(to: output, opcode: 3, [.i(2)])  // wl_output.scale 2
        f.compositor.send(to: output, opcode: 2, [])  // done
        f.compositor.send(to: s.surface.id, opcode: 0, [.o(output)])  // wl_surface.enter
        try f.pump()
        #expect(s.preferredScale == 2)
        f.pointer(PointerOp.enter, .u(5), .o(s.surface.id), .f(1), .f(1))
        f.pointer(PointerOp.frame)
        try f.pump()
        try f.pump()
        let pointerID = f.seat.wlPointer!.id
        let setCursor = try #require(f.compositor.requests.last { $0.object == pointerID && $0.opcode == 0 })
        let cursorSurface = setCursor.words[1]
        let scales = f.compositor.requests.filter { $0.object == cursorSurface && $0.opcode == 8 }.map { $0.words[0] }
        #expect(scales == [2])  // wl_surface.set_buffer_scale
        // The hotspot is the theme image's (loaded at twice the size), in surface units.
        let image = try #require(CursorTheme(shm: f.display.shm, scale: 2)?.image(named: "default"))
        #expect(image.width % 2 == 0)
        #expect(setCursor.words[2] == UInt32(image.hotspotX / 2) && setCursor.words[3] == UInt32(image.hotspotY / 2))
        // Back on a scale-1 output: the next frame sets the scale-1 image.
        f.compositor.send(to: output, opcode: 3, [.i(1)])
        f.compositor.send(to: output, opcode: 2, [])
        f.pointer(PointerOp.motion, .u(9), .f(2), .f(2))
        f.pointer(PointerOp.frame)
        try f.pump()
        try f.pump()
        #expect(f.compositor.requests.filter { $0.object == cursorSurface && $0.opcode == 8 }.map { $0.words[0] } == [2, 1])
    }

    @Test func leaveAndEnterInOneFrameAreTwoValuesForTheirSurfaces() throws {
        let f = try SeatFixture()
        let a = f.makeSurface()
        let b = f.makeSurface()
        f.pointer(PointerOp.enter, .u(1), .o(a.surface.id), .f(5), .f(5))
        f.pointer(PointerOp.frame)
        f.pointer(PointerOp.leave, .u(2), .o(a.surface.id))
        f.pointer(PointerOp.enter, .u(3), .o(b.surface.id), .f(7), .f(8))
        f.pointer(PointerOp.frame)
        try f.pump()
        let surfaces: [WaylandSurface] = f.events.compactMap { if case let .pointer(p) = $0 { p.surface } else { nil } }
        #expect(surfaces.count == 3)
        #expect(surfaces[0] === a && surfaces[1] === a && surfaces[2] === b)
        #expect(f.take() == ["pointer enter (5.0, 5.0)", "pointer (5.0, 5.0) leave", "pointer enter (7.0, 8.0)"])
    }

    @Test func wheelScrollCarriesValue120() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(1), .o(s.surface.id), .f(0), .f(0))
        f.pointer(PointerOp.frame)
        f.pointer(PointerOp.axisSource, .u(0))
        f.pointer(PointerOp.axisValue120, .u(0), .i(120))
        f.pointer(PointerOp.axis, .u(50), .u(0), .f(15))
        f.pointer(PointerOp.frame)
        // A high-resolution wheel: a third of a detent, horizontally.
        f.pointer(PointerOp.axisSource, .u(0))
        f.pointer(PointerOp.axisValue120, .u(1), .i(-40))
        f.pointer(PointerOp.axis, .u(51), .u(1), .f(-5))
        f.pointer(PointerOp.frame)
        #expect(f.take() == [
            "pointer enter (0.0, 0.0)",
            "pointer (0.0, 0.0) scroll(wheel) dx=0.0 dy=15.0 v120=0,120",
            "pointer (0.0, 0.0) scroll(wheel) dx=-5.0 dy=0.0 v120=-40,0",
        ])
    }

    @Test func discreteStepsOfVersion7BecomeValue120() throws {
        let f = try SeatFixture(seatVersion: 7)
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(1), .o(s.surface.id), .f(0), .f(0))
        f.pointer(PointerOp.axisSource, .u(0))
        f.pointer(PointerOp.axisDiscrete, .u(0), .i(-2))
        f.pointer(PointerOp.axis, .u(50), .u(0), .f(-30))
        f.pointer(PointerOp.frame)
        #expect(f.take() == ["pointer enter (0.0, 0.0) scroll(wheel) dx=0.0 dy=-30.0 v120=0,-240"])
    }

    @Test func touchpadScrollEndsWithAxisStop() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(1), .o(s.surface.id), .f(0), .f(0))
        f.pointer(PointerOp.frame)
        for (t, v) in [(10, 1.5), (20, 2.25)] {
            f.pointer(PointerOp.axisSource, .u(1))
            f.pointer(PointerOp.axis, .u(UInt32(t)), .u(0), .f(v))
            f.pointer(PointerOp.axis, .u(UInt32(t)), .u(1), .f(-v))
            f.pointer(PointerOp.frame)
        }
        f.pointer(PointerOp.axisSource, .u(1))
        f.pointer(PointerOp.axisStop, .u(30), .u(0))
        f.pointer(PointerOp.axisStop, .u(30), .u(1))
        f.pointer(PointerOp.frame)
        #expect(f.take() == [
            "pointer enter (0.0, 0.0)",
            "pointer (0.0, 0.0) scroll(finger) dx=-1.5 dy=1.5",
            "pointer (0.0, 0.0) scroll(finger) dx=-2.25 dy=2.25",
            "pointer (0.0, 0.0) scroll(finger) dx=0.0 dy=0.0 stopX stopY",
        ])
    }

    @Test func pointersWithoutFramesDeliverEachEvent() throws {
        let f = try SeatFixture(seatVersion: 4)
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(1), .o(s.surface.id), .f(1), .f(2))
        f.pointer(PointerOp.motion, .u(5), .f(3), .f(4))
        f.pointer(PointerOp.button, .u(2), .u(6), .u(PointerButton.right), .u(1))
        #expect(f.take() == ["pointer enter (1.0, 2.0)", "pointer motion (3.0, 4.0)", "pointer (3.0, 4.0) press 273 held=[273]"])
    }

    @Test func strayEventsAreDropped() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        // Before any enter: motion, button, axis and leave say nothing.
        f.pointer(PointerOp.motion, .u(1), .f(3), .f(4))
        f.pointer(PointerOp.button, .u(2), .u(1), .u(PointerButton.left), .u(1))
        f.pointer(PointerOp.axis, .u(1), .u(0), .f(3))
        f.pointer(PointerOp.leave, .u(3), .o(s.surface.id))
        f.pointer(PointerOp.frame)
        f.pointer(PointerOp.enter, .u(4), .o(s.surface.id), .f(0), .f(0))
        // A release without a press, then a press twice: one press survives.
        f.pointer(PointerOp.button, .u(5), .u(2), .u(PointerButton.middle), .u(0))
        f.pointer(PointerOp.button, .u(6), .u(3), .u(PointerButton.left), .u(1))
        f.pointer(PointerOp.button, .u(7), .u(4), .u(PointerButton.left), .u(1))
        f.pointer(PointerOp.frame)
        // Leaving with the button held forgets it; its late release is dropped.
        f.pointer(PointerOp.leave, .u(8), .o(s.surface.id))
        f.pointer(PointerOp.frame)
        f.pointer(PointerOp.button, .u(9), .u(5), .u(PointerButton.left), .u(0))
        f.pointer(PointerOp.frame)
        #expect(f.take() == ["pointer enter (0.0, 0.0) press 272 held=[272]", "pointer (0.0, 0.0) leave"])
    }

    @Test func eventsForSurfacesWeDoNotKnowAreNotDelivered() throws {
        let f = try SeatFixture()
        var s: WaylandSurface? = WaylandSurface(display: f.display)
        let id = s!.surface.id
        s = nil  // the app dropped the surface; the compositor still names it
        f.pointer(PointerOp.enter, .u(1), .o(id), .f(0), .f(0))
        f.pointer(PointerOp.motion, .u(1), .f(3), .f(4))
        f.pointer(PointerOp.frame)
        f.pointer(PointerOp.leave, .u(2), .o(id))
        f.pointer(PointerOp.frame)
        #expect(f.take() == [])
        #expect(f.seat.pointerFocus == nil)
    }

    @Test func tenThousandEventsInOneFrameStayBounded() throws {
        let f = try SeatFixture()
        let s = f.makeSurface()
        f.pointer(PointerOp.enter, .u(1), .o(s.surface.id), .f(0), .f(0))
        f.pointer(PointerOp.frame)
        try f.pump()
        f.events = []
        for i in 0..<10_000 {
            switch i % 4 {
            case 0: f.pointer(PointerOp.motion, .u(UInt32(i)), .f(Double(i % 800)), .f(1))
            case 1: f.pointer(PointerOp.button, .u(UInt32(i)), .u(UInt32(i)), .u(PointerButton.left), .u(1))
            case 2: f.pointer(PointerOp.axisValue120, .u(0), .i(120))
            default: f.pointer(PointerOp.button, .u(UInt32(i)), .u(UInt32(i)), .u(PointerButton.left), .u(0))
            }
        }
        f.pointer(PointerOp.frame)
        try f.pump()
        let pointerEvents: [PointerEvent] = f.events.compactMap { if case let .pointer(p) = $0 { p } else { nil } }
        let changes = pointerEvents.flatMap(\.buttons)
        #expect(changes.count == 5000)
        #expect(pointerEvents.allSatisfy { $0.buttons.count <= PointerEvent.maximumButtonChanges })
        #expect(pointerEvents.count == (5000 + 63) / 64)
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.isPressed != $1.isPressed })
        #expect(changes.last == PointerButtonChange(button: 272, isPressed: false, serial: 9999, time: 9999))
        #expect(pointerEvents.last?.position == SurfacePoint(x: Double(9996 % 800), y: 1))
        let steps = pointerEvents.compactMap(\.scroll).map { Int($0.value120Y) }.reduce(0, +)
        #expect(steps == 2500 * 120)
    }
}
