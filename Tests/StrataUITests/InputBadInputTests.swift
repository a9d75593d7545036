import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct InputBadInput {
    @Test func touchIDsThatNeverWentDown() {
        let h = InputHarness()
        let v = LogView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(v)
        h.move(7, 10, 10)
        h.up(7)
        h.router.cancelAllTouches()
        #expect(v.log.isEmpty)
        h.down(1, 10, 10)
        h.up(1)
        h.up(1)                                   // second up: ignored
        #expect(v.log == ["began1", "ended1"])
    }

    @Test func secondDownForActiveIDCancelsTheOldTouch() {
        let h = InputHarness()
        let v = LogView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(v)
        h.down(1, 10, 10)
        h.down(1, 20, 20)
        h.up(1)
        #expect(v.log == ["began1", "cancelled1", "began1", "ended1"])
    }

    @Test func downAndUpInOneFrameAndNonFinitePositions() {
        let h = InputHarness()
        let v = LogView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(v)
        h.router.touches([TouchInput(id: 1, phase: .down, location: CGPoint(x: 5, y: 5)), TouchInput(id: 1, phase: .up)])
        h.router.touches([TouchInput(id: 2, phase: .down, location: CGPoint(x: CGFloat.nan, y: 5))])
        h.router.pointerMoved(to: CGPoint(x: CGFloat.infinity, y: 0))
        h.router.pointerButton(ButtonEvent.left, isPressed: true)        // no pointer position yet
        #expect(v.log == ["began1", "ended1"])
        #expect(h.router._touches.isEmpty)
    }

    @Test func releaseWithoutPressAndDoublePress() {
        let h = InputHarness()
        let v = LogView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.root.addSubview(v)
        h.router.pointerMoved(to: CGPoint(x: 5, y: 5))
        h.router.pointerButton(ButtonEvent.right, isPressed: false)
        h.router.pointerButton(ButtonEvent.right, isPressed: true)
        h.router.pointerButton(ButtonEvent.right, isPressed: true)
        h.router.pointerButton(ButtonEvent.right, isPressed: false)
        #expect(v.log == ["enter", "hover", "downRx1", "upR"])
    }

    @Test func eventsForViewsRemovedAndDestroyedMidTouch() {
        let h = InputHarness()
        var v: LogView? = LogView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        weak let weakV = v
        h.root.addSubview(v!)
        let pan = PanGestureRecognizer()
        v!.addGestureRecognizer(pan)
        h.down(1, 10, 10)
        h.move(1, 40, 10)
        #expect(pan.state == .began)
        v!.removeFromSuperview()
        h.move(1, 50, 10)                          // the touch stays with its view
        #expect(pan.state == .changed)
        v = nil                                    // only the touch keeps the view alive now
        #expect(weakV != nil)
        h.up(1)
        #expect(pan.state == .possible)
        // After the sequence the view is gone; new input hits the root.
        h.down(2, 10, 10)
        h.up(2)
        #expect(weakV == nil || weakV?.superview == nil)
    }

    @Test func recognizerRemovedMidGesture() {
        let h = InputHarness()
        let pan = PanGestureRecognizer()
        h.root.addGestureRecognizer(pan)
        let log = StateLog(pan)
        h.down(1, 10, 10); h.move(1, 40, 10)
        h.root.removeGestureRecognizer(pan)
        h.move(1, 60, 10); h.up(1)
        #expect(log.states == [.began, .cancelled])
        #expect(pan.view == nil && pan.state == .possible)
    }

    @Test func eventsInsideAnOpenTransaction() {
        let h = InputHarness()
        let tree = RenderTree(root: h.root.layer)
        final class Mover: View {
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) { center = CGPoint(x: 77, y: 77) }
        }
        let m = Mover(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        h.root.addSubview(m)
        CATransaction.flush()
        CATransaction.begin()
        h.down(1, 10, 10)
        h.up(1)
        #expect(m.center == CGPoint(x: 77, y: 77))
        #expect(tree.snapshot(at: 0).sublayers[0].position == CGPoint(x: 25, y: 25))   // not committed yet
        CATransaction.commit()
        #expect(tree.snapshot(at: 0).sublayers[0].position == CGPoint(x: 77, y: 77))
        #expect(m.layer.animationKeys() == nil)
    }

    @Test func tenThousandEventsInOneFrame() {
        let h = InputHarness()
        let pan = PanGestureRecognizer()
        h.root.addGestureRecognizer(pan)
        var changes = 0
        pan.addTarget { _ in changes += 1 }
        h.down(1, 0, 0)
        var batch: [TouchInput] = []
        for i in 1...10_000 { batch.append(TouchInput(id: 1, phase: .motion, location: CGPoint(x: Double(i) * 0.01, y: 0))) }
        h.router.touches(batch)                             // one frame: merged into one move
        #expect(pan.translation(in: nil) == CGPoint(x: 100, y: 0))
        #expect(changes == 1)
        for i in 1...10_000 { h.router.pointerMoved(to: CGPoint(x: Double(i % 400), y: 10)) }
        for i in 1...10_000 { h.move(1, 100 + Double(i) * 0.01, 0) }
        #expect(pan.translation(in: nil) == CGPoint(x: 200, y: 0))
        #expect(pan.sampleCount <= PanGestureRecognizer.maximumSamples)
        #expect(changes == 10_001)
        h.up(1)
        #expect(h.router._activeRecognizers.isEmpty)
        for id in 0..<100 { h.down(Int32(id), 1, 1) }      // more than the touch limit
        #expect(h.router._touches.count == InputRouter.maximumTouches)
        h.router.cancelAllTouches()
        #expect(h.router._touches.isEmpty)
    }
}
