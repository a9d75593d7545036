import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// Found by the view-input fuzz target: two downs of one touch id in one frame left the first
/// touch attached to the recognizers for ever (a Touch ↔ recognizer retain cycle, the whole view
/// tree leaked). The first touch now begins and is cancelled before the second begins.
@Suite(.runLoopTurn) struct DuplicateTouchDownTests {
    /// A harness whose root holds one 200×200 logging view carrying `recognizer`.
    func scene(_ recognizer: GestureRecognizer) -> (InputHarness, LogView) {
        let h = InputHarness()
        let v = LogView("v", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        h.root.addSubview(v)
        v.addGestureRecognizer(recognizer)
        return (h, v)
    }

    @Test func secondDownInOneFrameCancelsTheFirstTouch() {
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        let (h, v) = scene(pan)
        h.router.touches([TouchInput(id: 1, phase: .down, location: CGPoint(x: 10, y: 10)),
                          TouchInput(id: 1, phase: .down, location: CGPoint(x: 20, y: 20))])
        #expect(v.log == ["began1", "cancelled1", "began1"])
        h.up(1)
        #expect(v.log == ["began1", "cancelled1", "began1", "ended1"])
        #expect(pan.numberOfTouches == 0)
        #expect(h.router._touches.isEmpty)
    }

    @Test func theFirstTouchIsReleased() {
        let tap = TapGestureRecognizer()
        let (h, _) = scene(tap)
        weak var first: Touch?
        h.router.touches([TouchInput(id: 3, phase: .down, location: CGPoint(x: 10, y: 10))])
        first = h.router._touches[3]
        // Another down of id 3 in the same frame as a move of it.
        h.router.touches([TouchInput(id: 3, phase: .motion, location: CGPoint(x: 12, y: 10)),
                          TouchInput(id: 3, phase: .down, location: CGPoint(x: 30, y: 30))])
        h.up(3)
        h.at(5)
        #expect(tap.numberOfTouches == 0)
        #expect(first == nil, "the replaced touch is still referenced")
    }
}
