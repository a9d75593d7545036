import Foundation
@testable import StrataUI
import Strata

/// A root view 400×300 with a router on a manual scheduler; input helpers at `scheduler.now`.
final class InputHarness {
    let scheduler = ManualScheduler(now: 100)
    let root: View
    let router: InputRouter

    init() {
        root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        router = InputRouter(rootView: root, scheduler: scheduler)
    }

    func at(_ t: TimeInterval) { scheduler.advance(to: 100 + t) }
    func down(_ id: Int32, _ x: CGFloat, _ y: CGFloat) { router.touches([TouchInput(id: id, phase: .down, location: CGPoint(x: x, y: y))]) }
    func move(_ id: Int32, _ x: CGFloat, _ y: CGFloat) { router.touches([TouchInput(id: id, phase: .motion, location: CGPoint(x: x, y: y))]) }
    func up(_ id: Int32) { router.touches([TouchInput(id: id, phase: .up)]) }
    func click(_ x: CGFloat, _ y: CGFloat, button: UInt32 = ButtonEvent.left) {
        router.pointerMoved(to: CGPoint(x: x, y: y))
        router.pointerButton(button, isPressed: true)
        router.pointerButton(button, isPressed: false)
    }
}

/// Records a recognizer's state changes (with the scheduler time relative to 100).
final class StateLog {
    var states: [GestureRecognizer.State] = []
    var times: [TimeInterval] = []
    init(_ r: GestureRecognizer, _ h: InputHarness? = nil) {
        // The harness owns the view that owns `r`: capture it weakly, or the test leaks the tree.
        r.onStateChange = { [unowned self, weak h] s in
            self.states.append(s)
            if let h { self.times.append(((h.scheduler.now - 100) * 1e6).rounded() / 1e6) }   // µs, so 100.4 − 100 reads 0.4
        }
    }
}

/// A view that logs the responder calls it gets.
final class LogView: View {
    var log: [String] = []
    let label: String
    init(_ label: String, frame: CGRect) {
        self.label = label
        super.init(frame: frame)
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { log.append("began\(touches.count)") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { log.append("moved\(touches.count)") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { log.append("ended\(touches.count)") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { log.append("cancelled\(touches.count)") }
    override func pointerEntered(_ event: HoverEvent) { log.append("enter") }
    override func pointerExited(_ event: HoverEvent) { log.append("exit") }
    override func pointerMoved(_ event: HoverEvent) { log.append("hover") }
    override func buttonDown(_ event: ButtonEvent) { log.append("down\(event.button == ButtonEvent.left ? "L" : "R")x\(event.clickCount)") }
    override func buttonUp(_ event: ButtonEvent) { log.append("up\(event.button == ButtonEvent.left ? "L" : "R")") }
}
