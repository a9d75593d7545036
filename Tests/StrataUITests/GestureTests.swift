import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct Gestures {
    @Test func tapRecognizedAtLift() {
        let h = InputHarness()
        let tap = TapGestureRecognizer()
        var fired = 0
        tap.addTarget { _ in fired += 1 }
        h.root.addGestureRecognizer(tap)
        let log = StateLog(tap)
        h.down(1, 50, 50)
        h.at(0.1)
        h.move(1, 55, 50)
        h.up(1)
        #expect(log.states == [.ended])
        #expect(fired == 1)
        #expect(tap.state == .possible)   // reset after the dispatch
        #expect(tap.location(in: nil) == CGPoint(x: 55, y: 50))
    }

    @Test func tapFailsOnMovementAndLongHold() {
        let h = InputHarness()
        let tap = TapGestureRecognizer()
        h.root.addGestureRecognizer(tap)
        let log = StateLog(tap)
        h.down(1, 50, 50)
        h.move(1, 61, 50)          // 11 > allowableMovement 10
        h.up(1)
        h.at(1)
        h.down(1, 50, 50)
        h.at(1.8)                  // held 0.8 s > 0.75 s
        h.up(1)
        #expect(log.states == [.failed, .failed])
    }

    @Test func doubleTapAndSingleTapWithFailureRequirement() {
        let h = InputHarness()
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        h.root.addGestureRecognizer(single)
        h.root.addGestureRecognizer(double)
        let s = StateLog(single, h), d = StateLog(double, h)
        // One tap: single waits for double to time out (0.35 s after the lift).
        h.down(1, 50, 50); h.at(0.05); h.up(1)
        #expect(s.states.isEmpty && d.states.isEmpty)
        h.at(1)
        #expect(d.states == [.failed] && d.times == [0.4])
        #expect(s.states == [.ended] && s.times == [0.4])
        // Two taps: double recognizes, single fails.
        h.down(1, 50, 50); h.at(1.05); h.up(1)
        h.at(1.2); h.down(1, 52, 50); h.at(1.25); h.up(1)
        #expect(d.states == [.failed, .ended])
        #expect(s.states == [.ended, .failed])
        #expect(h.scheduler.pendingCount == 0 || single.state == .possible)
    }

    @Test func longPressWithInjectedTimer() {
        let h = InputHarness()
        let lp = LongPressGestureRecognizer()
        h.root.addGestureRecognizer(lp)
        let log = StateLog(lp, h)
        h.down(1, 50, 50)
        h.at(0.49)
        #expect(log.states.isEmpty)
        h.at(0.6)
        #expect(log.states == [.began] && log.times == [0.5])
        h.move(1, 80, 50)
        h.up(1)
        #expect(log.states == [.began, .changed, .ended])
        // Lifting early fails; moving too far early fails.
        h.at(1); h.down(1, 50, 50); h.at(1.2); h.up(1)
        h.at(2); h.down(1, 50, 50); h.move(1, 50, 61); h.at(3); h.up(1)
        #expect(log.states == [.began, .changed, .ended, .failed, .failed])
        #expect(h.scheduler.pendingCount == 0)
    }

    @Test func panTranslationAndVelocity() {
        let h = InputHarness()
        let pan = PanGestureRecognizer()
        h.root.addGestureRecognizer(pan)
        let log = StateLog(pan)
        var translations: [CGPoint] = []
        pan.addTarget { r in translations.append((r as! PanGestureRecognizer).translation(in: nil)) }
        h.down(1, 100, 100)
        h.at(0.01); h.move(1, 105, 100)      // 5 ≤ hysteresis
        #expect(log.states.isEmpty)
        h.at(0.02); h.move(1, 112, 100)
        h.at(0.03); h.move(1, 120, 104)
        #expect(log.states == [.began, .changed])
        #expect(translations == [CGPoint(x: 12, y: 0), CGPoint(x: 20, y: 4)])
        // Samples at 0, 0.01, 0.02, 0.03 (window 0.1 s): (20 − 0) / 0.03, (4 − 0) / 0.03.
        let v = pan.velocity(in: nil)
        #expect(abs(v.x - 20 / 0.03) < 1e-6 && abs(v.y - 4 / 0.03) < 1e-6)
        // After 0.2 s with samples only at 0.2 and 0.25 the older ones fall out of the window.
        h.at(0.2); h.move(1, 130, 104)
        h.at(0.25); h.move(1, 140, 104)
        let v2 = pan.velocity(in: nil)
        #expect(abs(v2.x - 10 / 0.05) < 1e-6 && v2.y == 0)
        h.up(1)
        #expect(log.states == [.began, .changed, .changed, .changed, .ended])
    }

    /// The lift counts as a sample: lifting right after moving keeps the motion's velocity
    /// (over the window, the lift's moment included); after a rest as long as the window it is
    /// zero, as UIKit reports for a finger that stopped before lifting.
    @Test func panVelocityAtTheEndCountsTheRest() {
        for (lift, expected) in [(0.06, 20 / 0.06), (0.3, 0.0)] {
            let h = InputHarness()
            let pan = PanGestureRecognizer()
            h.root.addGestureRecognizer(pan)
            var ended: CGPoint?
            pan.addTarget { r in if r.state == .ended { ended = (r as! PanGestureRecognizer).velocity(in: nil) } }
            h.down(1, 100, 100)
            h.at(0.02); h.move(1, 112, 100)
            h.at(0.04); h.move(1, 120, 100)
            h.at(lift); h.up(1)
            // Samples at 0, 0.02, 0.04 and the lift: 20 points over 0.06 s; or the lift alone.
            #expect(abs((ended?.x ?? .nan) - expected) < 1e-6, "lift at \(lift)")
        }
    }

    @Test func panTranslationInRotatedView() {
        let h = InputHarness()
        let v = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        h.root.addSubview(v)
        let pan = PanGestureRecognizer()
        v.addGestureRecognizer(pan)
        h.down(1, 150, 150)
        h.move(1, 170, 150)
        // Moving right on screen is moving toward −y in a view rotated 90° clockwise.
        let t = pan.translation(in: v)
        #expect(abs(t.x) < 1e-9 && abs(t.y + 20) < 1e-9)
        pan.setTranslation(.zero, in: v)
        h.move(1, 175, 150)
        #expect(abs(pan.translation(in: nil).x - 5) < 1e-9)
        h.up(1)
    }

    @Test func fingerJoiningDoesNotJumpTranslation() {
        let h = InputHarness()
        let pan = PanGestureRecognizer()
        h.root.addGestureRecognizer(pan)
        h.down(1, 100, 100)
        h.move(1, 120, 100)
        h.down(2, 200, 100)                  // centroid jumps to (160, 100)
        #expect(pan.translation(in: nil) == CGPoint(x: 20, y: 0))
        h.move(2, 210, 100)                  // centroid +5
        #expect(pan.translation(in: nil) == CGPoint(x: 25, y: 0))
        h.up(2)
        #expect(pan.translation(in: nil) == CGPoint(x: 25, y: 0))
        h.up(1)
    }

    @Test func panBeatsTapAndCancelsTouchesInView() {
        let h = InputHarness()
        let v = LogView("v", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        h.root.addSubview(v)
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        v.addGestureRecognizer(tap)
        v.addGestureRecognizer(pan)
        let t = StateLog(tap), p = StateLog(pan)
        h.down(1, 50, 50)
        h.move(1, 52, 50)
        h.move(1, 70, 50)
        h.move(1, 80, 50)
        h.up(1)
        #expect(t.states == [.failed])   // moved > 10 before the pan began
        #expect(p.states == [.began, .changed, .ended])
        #expect(v.log == ["began1", "moved1", "cancelled1"])
        // Without cancelsTouchesInView the view keeps getting the touch.
        pan.cancelsTouchesInView = false
        v.log = []
        h.down(1, 50, 50); h.move(1, 70, 50); h.up(1)
        #expect(v.log == ["began1", "moved1", "ended1"])
    }

    @Test func exclusivityAndSimultaneousDelegate() {
        final class Both: GestureRecognizerDelegate {
            func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
        }
        let h = InputHarness()
        let inner = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        h.root.addSubview(inner)
        let a = PanGestureRecognizer(), b = PanGestureRecognizer()
        inner.addGestureRecognizer(a)
        h.root.addGestureRecognizer(b)
        let la = StateLog(a), lb = StateLog(b)
        h.down(1, 50, 50); h.move(1, 70, 50); h.move(1, 80, 50); h.up(1)
        // The deeper view's recognizer gets the touch first and wins; the other fails.
        #expect(la.states == [.began, .changed, .ended])
        #expect(lb.states == [.failed])
        let both = Both()
        a.delegate = both
        h.down(1, 50, 50); h.move(1, 70, 50); h.up(1)
        #expect(la.states.suffix(2) == [.began, .ended])
        #expect(lb.states.suffix(2) == [.began, .ended])
    }

    @Test func delegateShouldBeginAndShouldReceive() {
        final class No: GestureRecognizerDelegate {
            var receive = true
            func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { false }
            func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
        }
        let h = InputHarness()
        let pan = PanGestureRecognizer()
        let d = No()
        pan.delegate = d
        h.root.addGestureRecognizer(pan)
        let log = StateLog(pan)
        h.down(1, 50, 50); h.move(1, 80, 50); h.move(1, 90, 50); h.up(1)
        #expect(log.states == [.failed])
        d.receive = false
        h.down(1, 50, 50); h.move(1, 80, 50); h.up(1)
        #expect(log.states == [.failed])
    }

    @Test func pinchScaleAndVelocity() {
        let h = InputHarness()
        let pinch = PinchGestureRecognizer()
        h.root.addGestureRecognizer(pinch)
        let log = StateLog(pinch)
        var scales: [CGFloat] = []
        pinch.addTarget { r in scales.append((r as! PinchGestureRecognizer).scale) }
        h.router.touches([TouchInput(id: 1, phase: .down, location: CGPoint(x: 100, y: 100)),
                          TouchInput(id: 2, phase: .down, location: CGPoint(x: 200, y: 100))])
        h.at(0.1); h.move(2, 202, 100)                        // 102: within hysteresis
        #expect(log.states.isEmpty)
        h.at(0.2); h.move(2, 250, 100)                        // 150 → 1.5
        h.at(0.3); h.move(1, 50, 100)                         // 200 → 2
        #expect(log.states == [.began, .changed])
        #expect(scales == [1.5, 2])
        #expect(abs(pinch.velocity - 0.5 / 0.1) < 1e-9)
        h.up(1)
        #expect(log.states == [.began, .changed, .ended])
        h.up(2)
        #expect(pinch.state == .possible && pinch.scale == 1)
    }

    @Test func swipeDirectionsAndTimeout() {
        let h = InputHarness()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.right, .up]
        h.root.addGestureRecognizer(swipe)
        let log = StateLog(swipe)
        h.down(1, 100, 200); h.at(0.1); h.move(1, 130, 205); h.at(0.2); h.move(1, 151, 210); h.up(1)
        #expect(log.states == [.ended])
        h.at(1); h.down(1, 100, 200); h.move(1, 100, 140); h.up(1)       // up: 60
        #expect(log.states == [.ended, .ended])
        h.at(2); h.down(1, 100, 100); h.move(1, 40, 100); h.up(1)        // left: not allowed
        h.at(3); h.down(1, 100, 100); h.at(3.6); h.move(1, 200, 100); h.up(1)   // too slow
        #expect(log.states == [.ended, .ended, .failed, .failed])
    }

    @Test func pointerClicksDriveTapsWithClickCount() {
        let h = InputHarness()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        h.root.addGestureRecognizer(double)
        let log = StateLog(double)
        let v = LogView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(v)
        double.cancelsTouchesInView = false
        h.click(10, 10)
        h.at(0.2)
        h.click(11, 10)
        #expect(log.states == [.ended])
        #expect(v.log.filter { $0.hasPrefix("down") } == ["downLx1", "downLx2"])
        h.at(1.0); h.click(11, 10)
        #expect(v.log.last(where: { $0.hasPrefix("down") }) == "downLx1")
    }
}

@Suite(.runLoopTurn) struct TouchpadGestures {
    @Test func touchpadPinchDrivesPinchRecognizers() {
        let h = InputHarness()
        let v = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(v)
        let pinch = PinchGestureRecognizer()
        v.addGestureRecognizer(pinch)
        let log = StateLog(pinch)
        var scales: [CGFloat] = []
        pinch.addTarget { r in scales.append((r as! PinchGestureRecognizer).scale) }
        h.router.touchpadPinch(.changed, scale: 2)            // no begin: ignored
        h.router.touchpadPinch(.began, scale: 1)              // no pointer position yet: nothing
        #expect(log.states.isEmpty)
        h.router.pointerMoved(to: CGPoint(x: 50, y: 50))
        h.router.touchpadPinch(.began, scale: 1, time: 1)
        h.router.touchpadPinch(.changed, scale: 1.5, time: 1.1)
        #expect(abs(pinch.velocity - 5) < 1e-9)
        pinch.scale = 1                                        // reset between changes, as apps do
        h.router.touchpadPinch(.changed, scale: 3, time: 1.2)
        h.router.touchpadPinch(.ended, scale: 3, time: 1.3)
        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(scales == [1, 1.5, 2, 2])
        #expect(pinch.state == .possible)
        h.router.pointerMoved(to: CGPoint(x: 150, y: 50))     // elsewhere: no recognizer
        h.router.touchpadPinch(.began, scale: 1)
        h.router.touchpadPinch(.cancelled, scale: 1)
        #expect(log.states.count == 4)
    }

    @Test func touchpadHoldStopsMomentum() {
        let h = InputHarness()
        let s = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        s.contentSize = CGSize(width: 200, height: 2000)
        h.root.addSubview(s)
        h.router.pointerMoved(to: CGPoint(x: 100, y: 100))
        h.at(0); h.router.scroll(source: .touchpad, deltaY: 10)
        h.at(0.01); h.router.scroll(source: .touchpad, deltaY: 10)
        h.at(0.02); h.router.scroll(source: .touchpad, stopped: true)
        h.scheduler.advance(by: 0.1)
        #expect(s.isDecelerating)
        let y = s.contentOffset.y
        h.router.touchpadHold()
        h.scheduler.advance(by: 1)
        #expect(!s.isDecelerating && s.contentOffset.y == y)
    }
}
