import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// UIKit behaviours ported code relies on: finger tap counts, labels letting touches through,
/// a pan's velocity after `setTranslation`, `willRemoveSubview` when a view changes superview,
/// and keys not reaching disabled or hidden views.
@Suite(.runLoopTurn) struct UIKitPortingTests {
    final class Taps: View {
        var counts: [Int] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { counts += touches.map(\.tapCount) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { counts += touches.map(\.tapCount) }
    }

    /// UITouch.tapCount: quick taps at one place count up (1, 2, 3), a slow one starts again,
    /// and so does one far away or one while another finger is down.
    @Test func fingerTapsCountUp() {
        let h = InputHarness()
        let v = Taps(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        h.root.addSubview(v)
        func tap(_ t: TimeInterval, _ x: CGFloat, _ y: CGFloat) { h.at(t); h.down(1, x, y); h.at(t + 0.05); h.up(1) }
        tap(0, 50, 50)
        tap(0.2, 60, 55)          // within 0.4 s of the last down and 40 points
        tap(0.4, 55, 50)
        #expect(v.counts == [1, 1, 2, 2, 3, 3])
        v.counts = []
        tap(1.5, 55, 50)          // too late
        tap(1.7, 150, 50)         // too far
        #expect(v.counts == [1, 1, 1, 1])
        v.counts = []
        h.at(1.8); h.down(1, 150, 50)
        h.at(1.85); h.down(2, 150, 50)   // a second finger: not a second tap
        h.at(1.9); h.up(1); h.up(2)
        #expect(v.counts == [2, 1, 2, 1])
    }

    /// UILabel's isUserInteractionEnabled defaults to false: a tap on a label reaches the view
    /// under it.
    @Test func labelsLetTouchesThrough() {
        let h = InputHarness()
        let under = LogView("under", frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let label = Label(frame: CGRect(x: 10, y: 10, width: 100, height: 30))
        label.text = "Title"
        h.root.addSubview(under)
        h.root.addSubview(label)
        #expect(!label.isUserInteractionEnabled)
        h.down(1, 20, 20); h.up(1)
        #expect(under.log == ["began1", "ended1"])
        label.isUserInteractionEnabled = true
        #expect(h.root.hitTest(CGPoint(x: 20, y: 20), with: nil) === label)
    }

    /// "Changing the translation value resets the velocity of the pan."
    @Test func setTranslationResetsVelocity() {
        let h = InputHarness()
        let v = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        h.root.addSubview(v)
        var velocities: [CGPoint] = []
        let pan = PanGestureRecognizer { r in
            let p = r as! PanGestureRecognizer
            if p.state == .changed {
                velocities.append(p.velocity(in: nil))
                p.setTranslation(.zero, in: nil)
                velocities.append(p.velocity(in: nil))
            }
        }
        v.addGestureRecognizer(pan)
        h.at(0); h.down(1, 10, 10)
        for i in 1...5 { h.at(0.01 * Double(i)); h.move(1, 10 + 20 * CGFloat(i), 10) }
        h.at(0.06); h.up(1)
        // Moving 2000 points a second; each reset leaves no motion to measure until the next move.
        #expect(velocities.count >= 4)
        #expect(velocities.enumerated().allSatisfy { $0.offset % 2 == 1 ? $0.element == .zero : true })
        #expect(velocities.dropFirst(2).enumerated().contains { $0.offset % 2 == 0 && abs($0.element.x - 2000) < 1e-6 })
    }

    /// UIKit calls willRemoveSubview on the old superview when a view moves to another one.
    @Test func movingAViewTellsItsOldSuperview() {
        final class Parent: View {
            var removed: [View] = []
            override func willRemoveSubview(_ subview: View) { removed.append(subview) }
        }
        let a = Parent(), b = Parent(), c = View()
        a.addSubview(c)
        b.addSubview(c)
        #expect(a.removed.count == 1 && a.removed[0] === c && b.removed.isEmpty)
        b.addSubview(c)                   // already there: reordered, not removed
        #expect(b.removed.isEmpty)
    }

    /// isUserInteractionEnabled false: "keyboard … events intended for the view are ignored";
    /// hidden views receive no input; Tab skips both.
    @Test func keysSkipDisabledAndHiddenViews() {
        final class Field: View {
            var keys: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func keyDown(_ event: KeyPress) { keys.append(event.text) }
        }
        let h = InputHarness()
        let f1 = Field(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let f2 = Field(frame: CGRect(x: 20, y: 0, width: 10, height: 10))
        h.root.addSubview(f1)
        h.root.addSubview(f2)
        #expect(f1.becomeFirstResponder())
        h.router.key(KeyPress(keycode: 30, keysym: 0x61, text: "a"))
        f1.isUserInteractionEnabled = false
        h.router.key(KeyPress(keycode: 30, keysym: 0x61, text: "b"))
        f1.isUserInteractionEnabled = true
        f1.isHidden = true
        h.router.key(KeyPress(keycode: 30, keysym: 0x61, text: "c"))
        #expect(f1.keys == ["a"])
        // Tab from the hidden field: focus moves to f2; with f2 disabled, nowhere else to go.
        h.router.key(KeyPress(keycode: 15, keysym: KeyPress.tabKeysym, text: "\t"))
        #expect(f2.isFirstResponder)
        // Shown and enabled again, f1 takes focus back; a disabled f2 is passed over.
        f2.isUserInteractionEnabled = false
        f1.isHidden = false
        #expect(h.router.moveFocus() === f1)
        #expect(h.router.moveFocus() === f1)
    }
}
