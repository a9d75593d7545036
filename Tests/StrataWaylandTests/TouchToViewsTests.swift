import Foundation
import Strata
import StrataUI
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Touch end to end without a touchscreen: recorded wl_touch sequences, in wire format from the
/// scripted compositor, go through the real `Seat` and an `InputRouter` (as `ViewHost` wires
/// them) into a view tree. Headless sway has no touch device, so this is where touch is
/// checked whole: per-view began/moved/ended/cancelled sequences, `up` at the last position,
/// and recognizers driven by the fingers.
@Suite(.runLoopTurn) struct TouchToViewsTests {
    /// Logs each touch call as "phase id (x, y)" in its own coordinates.
    final class TouchLogView: View {
        var log: [String] = []
        private func add(_ phase: String, _ touches: Set<Touch>) {
            for t in touches.sorted(by: { $0.id < $1.id }) {
                let p = t.location(in: self)
                log.append("\(phase) \(t.id) (\(Int(p.x)), \(Int(p.y)))")
            }
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { add("began", touches) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) { add("moved", touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { add("ended", touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { add("cancelled", touches) }
    }

    final class Fixture {
        let seat: SeatFixture
        let surface: WaylandSurface
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let left = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        /// Scaled 2× about its centre (300, 150): its 100×150 bounds cover x 200…400, y 0…300.
        let right = TouchLogView(frame: CGRect(x: 250, y: 75, width: 100, height: 150))
        let router: InputRouter

        init() throws {
            seat = try SeatFixture(capabilities: [.touch])
            surface = seat.makeSurface()
            right.transform = CGAffineTransform(scaleX: 2, y: 2)
            root.addSubview(left)
            root.addSubview(right)
            router = InputRouter(rootView: root, scheduler: StrataUI.ManualScheduler(now: 0))
            seat.seat.onEvent = { [router] in router.handle($0) }
        }

        func down(_ id: Int32, _ x: Double, _ y: Double, serial: UInt32 = 1, time: UInt32 = 10) {
            seat.touch(TouchOp.down, .u(serial), .u(time), .o(surface.surface.id), .i(id), .f(x), .f(y))
        }
        func motion(_ id: Int32, _ x: Double, _ y: Double, time: UInt32 = 20) {
            seat.touch(TouchOp.motion, .u(time), .i(id), .f(x), .f(y))
        }
        func up(_ id: Int32, serial: UInt32 = 2, time: UInt32 = 30) { seat.touch(TouchOp.up, .u(serial), .u(time), .i(id)) }
        func frame() throws {
            seat.touch(TouchOp.frame)
            try seat.pump()
        }
    }

    @Test func twoFingersOnTwoViewsGetTheirOwnSequencesAndUpAtTheLastPosition() throws {
        let f = try Fixture()
        f.down(0, 30, 40)
        f.down(1, 250, 60)
        try f.frame()
        f.motion(0, 35, 45)
        f.motion(1, 260, 70)
        try f.frame()
        f.up(0)                                    // wl_touch.up has no position
        try f.frame()
        f.motion(1, 270, 80)
        try f.frame()
        f.up(1)
        try f.frame()
        #expect(f.left.log == ["began 0 (30, 40)", "moved 0 (35, 45)", "ended 0 (35, 45)"])
        // In the scaled view's bounds: (x − 200) / 2, y / 2.
        #expect(f.right.log == ["began 1 (25, 30)", "moved 1 (30, 35)", "moved 1 (35, 40)", "ended 1 (35, 40)"])
    }

    @Test func cancelAndBadSequencesReachTheViewsAsDocumented() throws {
        let f = try Fixture()
        f.up(7)                                    // up without down
        f.motion(8, 10, 10)                        // motion of an id that never went down
        try f.frame()
        f.down(5, 20, 20)
        try f.frame()
        f.motion(5, 25, 20)
        f.seat.touch(TouchOp.cancel)               // the compositor takes every touch
        try f.frame()
        f.motion(5, 30, 20)                        // after the cancel: unknown again
        f.up(5)
        try f.frame()
        // The seat delivers the unframed motion before the cancel (see SeatTouchTests).
        #expect(f.left.log == ["began 5 (20, 20)", "moved 5 (25, 20)", "cancelled 5 (25, 20)"])
        #expect(f.right.log.isEmpty)
    }

    @Test func fingersFromTheWireDriveRotationAndPinchRecognizers() throws {
        let f = try Fixture()
        final class Together: GestureRecognizerDelegate {
            func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
        }
        let together = Together()
        let rotation = RotationGestureRecognizer(), pinch = PinchGestureRecognizer()
        rotation.delegate = together
        f.left.addGestureRecognizer(rotation)
        f.left.addGestureRecognizer(pinch)
        var seen: [String] = []
        rotation.addTarget { r in seen.append("rotation \(r.state) \(Int(((r as! RotationGestureRecognizer).rotation * 180 / .pi).rounded()))°") }
        pinch.addTarget { r in seen.append("pinch \(r.state) \((r as! PinchGestureRecognizer).scale)") }
        f.down(0, 100, 100)
        f.down(1, 150, 100)
        try f.frame()
        // Finger 1 swings a quarter turn clockwise (screen y down) and twice as far out.
        f.motion(1, 100, 200)
        try f.frame()
        f.up(1)
        try f.frame()
        f.up(0)
        try f.frame()
        // Recognizers hear the touches in the order they were added to the view.
        #expect(seen == ["rotation began 90°", "pinch began 2.0", "rotation ended 90°", "pinch ended 2.0"])
        // The recognizers took the touches (cancelsTouchesInView): the view saw them cancelled.
        #expect(f.left.log == ["began 0 (100, 100)", "began 1 (150, 100)", "cancelled 0 (100, 100)", "cancelled 1 (100, 200)"])
    }

    /// wl_touch.shape's major axis reaches the touch as UIKit's majorRadius (half of it, in
    /// points); a frame without a shape keeps the last one; a bad value is ignored.
    @Test func theContactShapeBecomesTheTouchsMajorRadius() throws {
        final class RadiusView: View {
            var radii: [CGFloat] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) { radii += touches.map(\.majorRadius) }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event) { radii += touches.map(\.majorRadius) }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) { radii += touches.map(\.majorRadius) }
        }
        let f = try Fixture()
        let v = RadiusView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        f.left.addSubview(v)
        f.down(0, 10, 10)
        f.seat.touch(TouchOp.shape, .i(0), .f(8), .f(6))
        try f.frame()
        f.motion(0, 12, 12)                        // no shape: the radius stays
        try f.frame()
        f.motion(0, 14, 14)
        f.seat.touch(TouchOp.shape, .i(0), .f(13), .f(6))
        try f.frame()
        f.motion(0, 16, 16)
        f.seat.touch(TouchOp.shape, .i(0), .f(-2), .f(6))   // negative: ignored
        try f.frame()
        f.up(0)
        try f.frame()
        #expect(v.radii == [4, 4, 6.5, 6.5, 6.5])
        // A finger on a device without shapes: 0.
        f.down(1, 20, 20)
        try f.frame()
        #expect(v.radii.last == 0 && v.radii.count == 6)
    }
}
