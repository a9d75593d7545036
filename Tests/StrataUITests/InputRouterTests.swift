import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct InputRouting {
    /// root ⊃ a (0,0 200×200) ⊃ b (50,50 50×50); c (250,0 100×100) beside a.
    func tree(_ h: InputHarness) -> (LogView, LogView, LogView) {
        let a = LogView("a", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let b = LogView("b", frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        let c = LogView("c", frame: CGRect(x: 250, y: 0, width: 100, height: 100))
        h.root.addSubview(a)
        a.addSubview(b)
        h.root.addSubview(c)
        return (a, b, c)
    }

    @Test func hoverEnterExitPerView() {
        let h = InputHarness()
        let (a, b, c) = tree(h)
        h.router.pointerMoved(to: CGPoint(x: 10, y: 10))
        h.router.pointerMoved(to: CGPoint(x: 60, y: 60))
        h.router.pointerMoved(to: CGPoint(x: 61, y: 60))
        h.router.pointerMoved(to: CGPoint(x: 260, y: 10))
        h.router.pointerLeft()
        #expect(a.log == ["enter", "hover", "exit"])
        #expect(b.log == ["enter", "hover", "hover", "exit"])
        #expect(c.log == ["enter", "hover", "exit"])
    }

    @Test func moveGoesUpTheChainWhenNotOverridden() {
        final class Plain: View {}
        let h = InputHarness()
        let (a, _, _) = tree(h)
        let p = Plain(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        a.addSubview(p)
        h.router.pointerMoved(to: CGPoint(x: 5, y: 5))
        #expect(a.log == ["enter", "hover"])
    }

    @Test func removingHoveredViewSendsExit() {
        let h = InputHarness()
        let (a, b, _) = tree(h)
        h.router.pointerMoved(to: CGPoint(x: 60, y: 60))
        b.removeFromSuperview()
        #expect(b.log == ["enter", "hover", "exit"])
        h.router.pointerMoved(to: CGPoint(x: 61, y: 60))
        #expect(a.log == ["enter", "hover"])   // already hovered: no second enter
    }

    @Test func buttonsClickCountsAndReleaseTarget() {
        let h = InputHarness()
        let (a, b, c) = tree(h)
        h.router.pointerMoved(to: CGPoint(x: 60, y: 60))
        h.router.pointerButton(ButtonEvent.right, isPressed: true)
        h.router.pointerMoved(to: CGPoint(x: 260, y: 10))           // release over c: goes to b
        h.router.pointerButton(ButtonEvent.right, isPressed: false)
        #expect(b.log.filter { $0.hasPrefix("down") || $0.hasPrefix("up") } == ["downRx1", "upR"])
        #expect(!c.log.contains("upR"))
        // Triple click within the interval; the fourth after a pause restarts at 1.
        c.log = []
        h.click(260, 10); h.at(0.1); h.click(261, 10); h.at(0.2); h.click(261, 11); h.at(1); h.click(261, 11)
        #expect(c.log.filter { $0.hasPrefix("down") } == ["downLx1", "downLx2", "downLx3", "downLx1"])
        // Too far apart: not a double click.
        c.log = []
        h.at(2); h.click(260, 10); h.at(2.1); h.click(300, 10)
        #expect(c.log.filter { $0.hasPrefix("down") } == ["downLx1", "downLx1"])
        _ = a
    }

    @Test func primaryButtonIsATouch() {
        let h = InputHarness()
        let (_, b, _) = tree(h)
        var kinds: [Touch.Kind] = []
        final class T: View {
            var onBegan: ((Touch) -> Void)?
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) { touches.forEach { onBegan?($0) } }
        }
        let t = T(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        b.addSubview(t)
        t.onBegan = { kinds.append($0.kind) }
        h.router.pointerMoved(to: CGPoint(x: 55, y: 55))
        h.router.pointerButton(ButtonEvent.left, isPressed: true)
        h.router.pointerMoved(to: CGPoint(x: 58, y: 55))
        h.router.pointerLeft()                                 // leave with the button down: cancelled
        h.router.pointerButton(ButtonEvent.left, isPressed: false)   // release without press now: ignored
        #expect(kinds == [.pointer])
        // t overrides only touchesBegan: hover, moves and the cancellation travel up to b.
        #expect(b.log == ["enter", "hover", "downLx1", "hover", "moved1", "exit", "cancelled1"])
    }

    @Test func wheelAndTouchpadScrolling() {
        final class S: View {
            var events: [ScrollEvent] = []
            override func scrollWheel(_ event: ScrollEvent) { events.append(event) }
        }
        let h = InputHarness()
        let s = S(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let other = S(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        h.root.addSubview(s)
        h.root.addSubview(other)
        h.router.pointerMoved(to: CGPoint(x: 50, y: 50))
        h.router.scroll(source: .wheel, deltaY: 15, value120Y: 240)
        #expect(s.events.map(\.wheelStepsY) == [2] && s.events[0].phase == .none)
        h.router.scroll(source: .wheel, deltaY: 1.25, value120Y: 10)          // hi-res wheel: 1/12 step
        #expect(abs(s.events[1].wheelStepsY - 1.0 / 12) < 1e-12)
        h.router.scroll(source: .touchpad, deltaY: 3)
        h.router.pointerMoved(to: CGPoint(x: 150, y: 50))                      // sequence stays on s
        h.router.scroll(source: .touchpad, deltaY: 4)
        h.router.scroll(source: .touchpad, stopped: true)
        h.router.scroll(source: .touchpad, stopped: true)                      // stop without scrolling: dropped
        #expect(s.events.suffix(3).map(\.phase) == [.began, .changed, .ended])
        #expect(s.events.suffix(3).map(\.deltaY) == [3, 4, 0])
        #expect(other.events.isEmpty)
        h.router.scroll(source: .touchpad, deltaY: 1)
        #expect(other.events.map(\.phase) == [.began])
    }

    @Test func keyboardFirstResponderChainAndTabFocus() {
        final class Field: View {
            var keys: [String] = []
            var consumes = true
            override var canBecomeFirstResponder: Bool { true }
            override func keyDown(_ event: KeyPress) {
                keys.append(event.text)
                if !consumes { super.keyDown(event) }
            }
        }
        final class Container: View {
            var keys: [String] = []
            override func keyDown(_ event: KeyPress) { keys.append(event.text); super.keyDown(event) }
        }
        let h = InputHarness()
        let box = Container(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let f1 = Field(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let f2 = Field(frame: CGRect(x: 20, y: 0, width: 10, height: 10))
        h.root.addSubview(box)
        box.addSubview(f1)
        box.addSubview(f2)
        h.router.key(KeyPress(keycode: 30, keysym: 0x61, text: "a"))       // no first responder: root, chain
        #expect(box.keys.isEmpty && f1.keys.isEmpty)
        #expect(f1.becomeFirstResponder() && f1.isFirstResponder)
        h.router.key(KeyPress(keycode: 30, keysym: 0x61, text: "a"))
        f1.consumes = false
        h.router.key(KeyPress(keycode: 48, keysym: 0x62, text: "b"))
        #expect(f1.keys == ["a", "b"] && box.keys == ["b"])
        h.router.key(KeyPress(keycode: 15, keysym: KeyPress.tabKeysym, text: "\t"))   // f1 passes Tab up: focus → f2
        #expect(f2.isFirstResponder)
        let shiftTab = KeyPress(keycode: 15, keysym: KeyPress.leftTabKeysym, modifiers: .shift)
        h.router.key(shiftTab)                              // f2 consumes it: focus stays
        #expect(f2.keys == [""] && f2.isFirstResponder)
        f2.consumes = false
        h.router.key(shiftTab)
        #expect(f1.isFirstResponder)
        #expect(h.root.becomeFirstResponder() == false)     // plain views cannot
        f1.removeFromSuperview()                            // focus inside a removed subtree resigns
        #expect(h.router.firstResponder == nil && !f1.isFirstResponder)
        #expect(View().becomeFirstResponder() == false)     // not attached to a router
    }

    @Test func cursorFollowsTheHoveredViews() {
        let h = InputHarness()
        let (a, b, c) = tree(h)
        a.cursorName = "grab"
        c.cursorName = "text"
        var changes: [String] = []
        h.router.onCursorChange = { changes.append($0) }
        h.router.pointerMoved(to: CGPoint(x: 60, y: 60))      // b (nil) inside a: a's
        h.router.pointerMoved(to: CGPoint(x: 61, y: 60))      // unchanged: not reported again
        b.cursorName = "pointer"
        h.router.pointerMoved(to: CGPoint(x: 62, y: 60))
        h.router.pointerMoved(to: CGPoint(x: 260, y: 10))
        h.router.pointerMoved(to: CGPoint(x: 390, y: 290))    // the root: default
        #expect(changes == ["grab", "pointer", "text", "default"])
    }
}
