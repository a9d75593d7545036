import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// `RotationGestureRecognizer` fed with touch sequences and touchpad pinches: exact angles
/// (radians, clockwise on screen), states, velocity, unwrapping past ±π, rebasing.
@Suite(.runLoopTurn) struct RotationGestures {
    /// Finger 2 placed `degrees` around finger 1 at (200, 150), 100 points away.
    static func around(_ degrees: Double) -> (CGFloat, CGFloat) {
        let r = degrees * .pi / 180
        return (200 + 100 * cos(r), 150 + 100 * sin(r))
    }

    func twoFingers(_ h: InputHarness, at degrees: Double) {
        let p = Self.around(degrees)
        h.router.touches([TouchInput(id: 1, phase: .down, location: CGPoint(x: 200, y: 150)),
                          TouchInput(id: 2, phase: .down, location: CGPoint(x: p.0, y: p.1))])
    }

    func turn(_ h: InputHarness, to degrees: Double) {
        let p = Self.around(degrees)
        h.move(2, p.0, p.1)
    }

    @Test func rotationBeginsPastTheHysteresisAndReportsTheWholeTurn() {
        let h = InputHarness()
        let rot = RotationGestureRecognizer()
        h.root.addGestureRecognizer(rot)
        let log = StateLog(rot)
        var angles: [CGFloat] = []
        rot.addTarget { r in angles.append((r as! RotationGestureRecognizer).rotation) }
        twoFingers(h, at: 0)
        h.at(0.1); turn(h, to: 4)                    // 4° < 5°: undecided
        #expect(log.states.isEmpty)
        h.at(0.2); turn(h, to: 30)                   // clockwise on screen (y down)
        h.at(0.3); turn(h, to: 90)
        h.at(0.4); turn(h, to: 60)                   // back counter-clockwise
        #expect(log.states == [.began, .changed, .changed])
        #expect(angles.count == 3)
        #expect(abs(angles[0] - .pi / 6) < 1e-12)
        #expect(abs(angles[1] - .pi / 2) < 1e-12)
        #expect(abs(angles[2] - .pi / 3) < 1e-12)
        #expect(abs(rot.velocity - (-.pi / 6) / 0.1) < 1e-9)
        h.up(2)
        #expect(log.states == [.began, .changed, .changed, .ended])
        h.up(1)
        #expect(rot.state == .possible && rot.rotation == 0 && rot.velocity == 0)
    }

    @Test func counterClockwiseIsNegativeAndTurnsAccumulatePastPi() {
        let h = InputHarness()
        let rot = RotationGestureRecognizer()
        h.root.addGestureRecognizer(rot)
        var angles: [CGFloat] = []
        rot.addTarget { r in angles.append((r as! RotationGestureRecognizer).rotation) }
        twoFingers(h, at: 170)
        // 170° → 190° crosses atan2's ±180° seam: +20°, not −340°.
        turn(h, to: 190)
        // Counter-clockwise three quarters from there, in steps: 190 → 100 → 10 → −80.
        turn(h, to: 100); turn(h, to: 10); turn(h, to: -80)
        let expected: [Double] = [20, -70, -160, -250]
        #expect(angles.count == 4)
        for (a, e) in zip(angles, expected) { #expect(abs(Double(a) - e * .pi / 180) < 1e-9) }
    }

    @Test func assigningRotationRebasesLikeUIKit() {
        let h = InputHarness()
        let rot = RotationGestureRecognizer()
        h.root.addGestureRecognizer(rot)
        var applied: [CGFloat] = []
        rot.addTarget { r in
            let r = r as! RotationGestureRecognizer
            applied.append(r.rotation)
            r.rotation = 0                           // apply the change, then rebase
        }
        twoFingers(h, at: 0)
        turn(h, to: 10); turn(h, to: 25); turn(h, to: 20)
        #expect(applied.count == 3)
        for (a, e) in zip(applied, [10.0, 15, -5]) { #expect(abs(Double(a) - e * .pi / 180) < 1e-9) }
        rot.rotation = .nan                          // ignored: the rotation stays finite
        #expect(rot.rotation == 0)
    }

    @Test func undecidedRotationFailsOnLiftOrAThirdFinger() {
        let h = InputHarness()
        let rot = RotationGestureRecognizer()
        h.root.addGestureRecognizer(rot)
        let log = StateLog(rot)
        twoFingers(h, at: 0)
        turn(h, to: 3)
        h.up(2); h.up(1)
        #expect(log.states == [.failed])
        twoFingers(h, at: 0)
        h.down(3, 10, 10)
        turn(h, to: 45)
        #expect(log.states == [.failed, .failed])
        h.up(1); h.up(2); h.up(3)
        // Two fingers at one point have no angle: fails at once.
        h.router.touches([TouchInput(id: 1, phase: .down, location: CGPoint(x: 50, y: 50)),
                          TouchInput(id: 2, phase: .down, location: CGPoint(x: 50, y: 50))])
        #expect(log.states == [.failed, .failed, .failed])
    }

    @Test func pinchAndRotationTogetherNeedTheSimultaneousDelegate() {
        final class Both: GestureRecognizerDelegate {
            func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
        }
        for simultaneous in [false, true] {
            let h = InputHarness()
            let rot = RotationGestureRecognizer(), pinch = PinchGestureRecognizer()
            let both = Both()
            if simultaneous { rot.delegate = both }
            h.root.addGestureRecognizer(pinch)
            h.root.addGestureRecognizer(rot)
            let r = StateLog(rot), p = StateLog(pinch)
            twoFingers(h, at: 0)
            // Apart (distance 100 → 150) and turned 30° in one move: both want to begin; the
            // pinch comes first (added first).
            let q = (200 + 150 * cos(Double.pi / 6), 150 + 150 * sin(Double.pi / 6))
            h.move(2, q.0, q.1)
            #expect(p.states == [.began])
            #expect(r.states == (simultaneous ? [.began] : [.failed]))
        }
    }

    @Test func touchpadPinchRotationDrivesRotationRecognizers() {
        let h = InputHarness()
        let v = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(v)
        let rot = RotationGestureRecognizer()
        v.addGestureRecognizer(rot)
        let log = StateLog(rot)
        var angles: [CGFloat] = []
        rot.addTarget { r in angles.append((r as! RotationGestureRecognizer).rotation) }
        h.router.pointerMoved(to: CGPoint(x: 50, y: 50))
        h.router.touchpadPinch(.began, scale: 1, rotation: 0, time: 1)
        h.router.touchpadPinch(.changed, scale: 1, rotation: 3, time: 1.1)      // 3°: undecided
        #expect(log.states.isEmpty)
        h.router.touchpadPinch(.changed, scale: 1.2, rotation: 4, time: 1.2)    // 7°
        h.router.touchpadPinch(.changed, scale: 1.2, rotation: -10, time: 1.4)  // −3°
        h.router.touchpadPinch(.ended, scale: 1.2, rotation: 0, time: 1.5)
        #expect(log.states == [.began, .changed, .ended])
        #expect(angles.count == 3)
        for (a, e) in zip(angles, [7.0, -3, -3]) { #expect(abs(Double(a) - e * .pi / 180) < 1e-9) }
        // A touchpad pinch that barely turns: the rotation recognizer fails at the end.
        h.router.touchpadPinch(.began, scale: 1, rotation: 1, time: 2)
        h.router.touchpadPinch(.changed, scale: 2, rotation: 1, time: 2.1)
        h.router.touchpadPinch(.ended, scale: 2, rotation: 0, time: 2.2)
        #expect(log.states == [.began, .changed, .ended, .failed])
    }
}
