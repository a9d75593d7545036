import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// `delaysTouchesBegan` / `delaysTouchesEnded`: what a view hears, and when, while recognizers
/// on it decide. Times are the harness scheduler's (relative to 100).
@Suite(.runLoopTurn) struct DelayedTouches {
    /// A view logging its touch calls with the time they arrived.
    final class TimedView: View {
        var log: [String] = []
        weak var harness: InputHarness?
        private func add(_ what: String, _ touches: Set<Touch>) {
            let t = ((harness?.scheduler.now ?? 100) - 100) * 1000
            log.append("\(what)\(touches.count)@\(Int(t.rounded()))")
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { add("began", touches) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) { add("moved", touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { add("ended", touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { add("cancelled", touches) }
    }

    func setUp(_ recognizer: GestureRecognizer) -> (InputHarness, TimedView) {
        let h = InputHarness()
        let v = TimedView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        v.harness = h
        h.root.addSubview(v)
        v.addGestureRecognizer(recognizer)
        return (h, v)
    }

    @Test func aDoubleTapHoldsTheFirstEndUntilItFails() {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (h, v) = setUp(double)
        h.down(1, 50, 50); h.at(0.05); h.up(1)
        #expect(v.log == ["began1@0"])            // the end waits for the second tap
        h.at(1)                                    // 0.35 s after the lift: the double tap fails
        #expect(v.log == ["began1@0", "ended1@400"])
    }

    @Test func aRecognizedDoubleTapCancelsBothTapsInTheView() {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (h, v) = setUp(double)
        let log = StateLog(double)
        h.down(1, 50, 50); h.at(0.05); h.up(1)
        h.at(0.2); h.down(1, 52, 50); h.at(0.25); h.up(1)
        #expect(log.states == [.ended])
        // The second tap's touch is taken (cancelsTouchesInView); the first one's held end
        // becomes a cancel.
        #expect(v.log == ["began1@0", "began1@200", "cancelled1@250", "cancelled1@250"])
    }

    @Test func withoutDelaysTouchesEndedTheViewHearsTheEndAtOnce() {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        let (h, v) = setUp(double)
        h.down(1, 50, 50); h.at(0.05); h.up(1)
        #expect(v.log == ["began1@0", "ended1@50"])
    }

    @Test func delaysTouchesBeganHidesARecognizedLongPressFromTheView() {
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        let (h, v) = setUp(press)
        let log = StateLog(press)
        h.down(1, 50, 50)
        h.at(0.6)
        h.move(1, 55, 50); h.up(1)
        #expect(log.states == [.began, .changed, .ended])
        #expect(v.log.isEmpty)
        // A short press: the long press fails at the lift and the view gets the whole touch then.
        h.at(1); h.down(1, 50, 50); h.at(1.1); h.up(1)
        #expect(v.log == ["began1@1100", "ended1@1100"])
    }

    @Test func delayedBeganIsReleasedWithOneMoveWhenTheRecognizerFails() {
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        let (h, v) = setUp(tap)
        h.down(1, 50, 50)
        h.at(0.1); h.move(1, 54, 50)               // within allowableMovement: still undecided
        #expect(v.log.isEmpty)
        h.at(0.2); h.move(1, 70, 50)               // 20 > 10: the tap fails
        h.at(0.3); h.move(1, 80, 50)
        h.at(0.4); h.up(1)
        #expect(v.log == ["began1@200", "moved1@200", "moved1@300", "ended1@400"])
    }

    @Test func aPlatformCancelOfAHeldTouchReachesOnlyViewsThatSawItBegin() {
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        let (h, v) = setUp(press)
        h.down(1, 50, 50)
        h.router.cancelAllTouches()
        #expect(v.log.isEmpty)

        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (h2, v2) = setUp(double)
        h2.down(1, 50, 50); h2.up(1)               // the end is held
        h2.down(2, 60, 60)
        h2.router.cancelAllTouches()
        // Touch 2 is cancelled in the view, which saw it begin; the cancel also fails the
        // double tap, so touch 1's held end is delivered in the same turn.
        #expect(v2.log == ["began1@0", "began1@0", "cancelled1@0", "ended1@0"])
        h2.at(1)
        #expect(v2.log.count == 4)
    }

    @Test func aRecognizerThatNeverDecidesCannotHoldMoreThanTheLimit() {
        final class Undecided: GestureRecognizer {}
        let (h, v) = setUp(Undecided())
        for i in 0...InputRouter.maximumHeldTouches {
            h.down(Int32(i % 4), 50, 50); h.up(Int32(i % 4))
        }
        #expect(v.log.filter { $0.hasPrefix("began") }.count == InputRouter.maximumHeldTouches + 1)
        #expect(v.log.filter { $0.hasPrefix("ended") } == ["ended1@0"])
        #expect(h.router._heldTouches.count == InputRouter.maximumHeldTouches)
    }
}
