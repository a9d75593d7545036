import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// UIKit's content-touch rules of a scroll view: `delaysContentTouches` (a finger reaches the
/// content after 150 ms still, or at its lift; a drag that begins first keeps it from the
/// content), `canCancelContentTouches` and `touchesShouldCancel(in:)` (whether a drag may take
/// a touch the content already has). Times are the manual scheduler's.
@Suite(.runLoopTurn) struct ScrollContentTouchesTests {
    /// A 200×200 scroll view at the origin, 200×1000 content, a 200×40 row at content y 80.
    func fixture(_ h: InputHarness, _ s: ScrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))) -> (ScrollView, LogView) {
        s.contentSize = CGSize(width: 200, height: 1000)
        h.root.addSubview(s)
        let row = LogView("row", frame: CGRect(x: 0, y: 80, width: 200, height: 40))
        s.addSubview(row)
        return (s, row)
    }

    @Test func aStillFingerReachesTheContentAfterTheDelay() {
        let h = InputHarness()
        let (s, row) = fixture(h)
        h.down(1, 100, 100)
        h.scheduler.advance(by: ScrollView.contentTouchDelay - 0.001)
        #expect(row.log.isEmpty)
        h.scheduler.advance(by: 0.001)
        #expect(row.log == ["began1"])
        h.move(1, 100, 105)                               // within the slop: the row's
        h.up(1)
        #expect(row.log == ["began1", "moved1", "ended1"])
        #expect(s.contentOffset == .zero)
    }

    @Test func aQuickTapReachesTheContentAtItsLift() {
        let h = InputHarness()
        let (_, row) = fixture(h)
        h.down(1, 100, 100)
        h.at(0.05); h.move(1, 100, 103)
        #expect(row.log.isEmpty)
        h.at(0.08); h.up(1)
        // began, the one move made while held, and the end, all at the lift.
        #expect(row.log == ["began1", "moved1", "ended1"])
        h.scheduler.advance(by: 1)
        #expect(row.log == ["began1", "moved1", "ended1"], "the expired delay delivers nothing more")
    }

    @Test func aDragThatBeginsFirstKeepsTheTouchFromTheContent() {
        let h = InputHarness()
        let (s, row) = fixture(h)
        h.down(1, 100, 100)
        h.at(0.02); h.move(1, 100, 80)                    // 20 points: the drag begins here
        h.at(0.04); h.move(1, 100, 50)
        h.scheduler.advance(by: 0.5)                      // past the delay: nothing released
        h.up(1)
        #expect(row.log.isEmpty)
        #expect(s.contentOffset.y == 30)
    }

    @Test func aDragAfterTheDelayCancelsTheContentsTouch() {
        let h = InputHarness()
        let (s, row) = fixture(h)
        h.down(1, 100, 100)
        h.at(0.2); h.move(1, 100, 80)
        h.at(0.3); h.move(1, 100, 60)
        h.up(1)
        #expect(row.log == ["began1", "cancelled1"])
        #expect(s.contentOffset.y == 20)
    }

    @Test func withoutCancellingTheContentKeepsItsTouchAndNothingScrolls() {
        let h = InputHarness()
        let (s, row) = fixture(h)
        s.canCancelContentTouches = false
        h.down(1, 100, 100)
        h.at(0.2); h.move(1, 100, 80)
        h.at(0.3); h.move(1, 100, 60)
        h.up(1)
        #expect(row.log == ["began1", "moved1", "moved1", "ended1"])
        #expect(s.contentOffset == .zero)
        // A drag that begins before the content has the touch still scrolls.
        h.at(1); h.down(2, 100, 100)
        h.at(1.02); h.move(2, 100, 80)
        h.at(1.04); h.move(2, 100, 60)
        h.up(2)
        #expect(row.log.count == 4)
        #expect(s.contentOffset.y == 20)
    }

    @Test func touchesShouldCancelDecidesPerView() {
        final class Picky: ScrollView {
            var asked: [String] = []
            override func touchesShouldCancel(in view: View) -> Bool {
                asked.append((view as? LogView)?.label ?? "?")
                return (view as? LogView)?.label != "row"
            }
        }
        let h = InputHarness()
        let (s, row) = fixture(h, Picky(frame: CGRect(x: 0, y: 0, width: 200, height: 200)))
        let other = LogView("other", frame: CGRect(x: 0, y: 160, width: 200, height: 40))
        s.addSubview(other)
        h.down(1, 100, 100)                               // on the row: kept
        h.at(0.2); h.move(1, 100, 70)
        h.up(1)
        #expect(row.log == ["began1", "moved1", "ended1"])
        #expect(s.contentOffset == .zero)
        h.at(1); h.down(2, 100, 180)                      // on the other view: taken
        h.at(1.2); h.move(2, 100, 150)                   // begins here
        h.at(1.3); h.move(2, 100, 120)
        h.up(2)
        #expect(other.log == ["began1", "cancelled1"])
        #expect(s.contentOffset.y == 30)
        #expect((s as! Picky).asked == ["row", "other"])
    }

    @Test func withoutTheDelayTheContentHasTheTouchAtOnce() {
        let h = InputHarness()
        let (s, row) = fixture(h)
        s.delaysContentTouches = false
        h.down(1, 100, 100)
        #expect(row.log == ["began1"])
        h.at(0.02); h.move(1, 100, 80)
        h.up(1)
        #expect(row.log == ["began1", "cancelled1"])
        #expect(s.contentOffset.y == 0, "began at 20 points: no distance dragged yet")
    }

    @Test func aPointerPressReachesTheContentAtOnce() {
        let h = InputHarness()
        let (_, row) = fixture(h)
        h.router.pointerMoved(to: CGPoint(x: 100, y: 100))
        h.router.pointerButton(ButtonEvent.left, isPressed: true)
        let input = { row.log.filter { !["enter", "hover"].contains($0) } }
        #expect(input() == ["downLx1", "began1"])
        h.router.pointerButton(ButtonEvent.left, isPressed: false)
        #expect(input() == ["downLx1", "began1", "upL", "ended1"])
    }

    @Test func touchesShouldBeginKeepsTouchesFromAView() {
        final class Gate: ScrollView {
            var asked: [String] = []
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
                let name = (view as? LogView)?.label ?? "?"
                asked.append(name)
                return name != "row"
            }
        }
        let h = InputHarness()
        let gate = Gate(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let (s, row) = fixture(h, gate)
        let other = LogView("other", frame: CGRect(x: 0, y: 160, width: 200, height: 40))
        s.addSubview(other)
        // A still finger on the row: refused when the delay ends; the row hears nothing of it.
        h.down(1, 100, 100)
        h.scheduler.advance(by: 0.2)
        h.move(1, 100, 104)
        h.up(1)
        #expect(row.log.isEmpty)
        // The scroll view still drags with a refused touch (refused when the delay ended, at
        // 1.15); the finger rests before it lifts, so no momentum moves the content on.
        h.at(1); h.down(2, 100, 100)
        h.at(1.2); h.move(2, 100, 80)
        h.at(1.3); h.move(2, 100, 60)
        h.at(1.6); h.move(2, 100, 60)
        h.up(2)
        #expect(row.log.isEmpty)
        #expect(s.contentOffset.y == 20)
        // Another view is asked too, and gets its tap (content y 170: the other view).
        h.at(3); h.down(3, 100, 150)
        h.at(3.05); h.up(3)
        #expect(other.log == ["began1", "ended1"])
        // Without the delay the row is refused at once.
        s.delaysContentTouches = false
        h.at(5); h.down(4, 100, 70)
        h.up(4)
        #expect(row.log.isEmpty)
        #expect(gate.asked == ["row", "row", "other", "row"])
    }
}
