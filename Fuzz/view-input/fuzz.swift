// Fuzz target: random seat-event sequences into a random view tree through StrataUI's
// InputRouter — pointer motion/leave/buttons, wheel/touchpad/continuous scrolling, multi-touch
// (ids, duplicate downs, ups without downs), touchpad pinch/rotate/hold, keys, focus and
// modifiers, clock steps that fire gesture timers, and tree edits (views removed, hidden,
// transformed, re-parented) in the middle of gestures. Positions include NaN, ±∞ and huge values.
//
// Properties: nothing traps, hangs or grows without bound; the router never tracks more than
// `maximumTouches` touches; after every touch is lifted and all touches cancelled, nothing is
// tracked; LeakSanitizer (per input) finds no view, recognizer or touch kept alive, whether the
// input ends with every finger lifted or with the router dropped while touches are down.
import Foundation
import FuzzSupport
import Strata
@testable import StrataUI

/// A view that counts what it receives (responder overrides run for every delivery).
final class Probe: View {
    var deliveries = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { deliveries += touches.count }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { deliveries += touches.count }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { deliveries += touches.count }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { deliveries += touches.count }
    override func buttonDown(_ event: ButtonEvent) { deliveries += 1 }
    override func buttonUp(_ event: ButtonEvent) { deliveries += 1 }
    override func scrollWheel(_ event: ScrollEvent) { deliveries += 1 }
}

func point(_ r: inout FuzzInput) -> CGPoint {
    CGPoint(x: r.number(in: -50...450), y: r.number(in: -50...350))
}

func rect(_ r: inout FuzzInput) -> CGRect {
    CGRect(x: r.number(in: -40...400), y: r.number(in: -40...300), width: r.number(in: 0...300), height: r.number(in: 0...300))
}

func recognizer(_ r: inout FuzzInput) -> GestureRecognizer {
    switch r.byte() % 7 {
    case 0: let t = TapGestureRecognizer(); t.numberOfTapsRequired = 1 + Int(r.byte() % 3); return t
    case 1: return PanGestureRecognizer()
    case 2: return LongPressGestureRecognizer()
    case 3: return PinchGestureRecognizer()
    case 4: return SwipeGestureRecognizer()
    case 5: return RotationGestureRecognizer()
    default: return TapGestureRecognizer()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViewInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = FuzzInput(data, size)
    let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    let scheduler = ManualScheduler(now: 100)
    let router = InputRouter(rootView: root, scheduler: scheduler)
    var views: [View] = [root]
    var recognizers: [GestureRecognizer] = []
    // Tree: up to 24 views, each under a random earlier one.
    for _ in 0..<Int(r.byte() % 24) {
        let v: View = r.chance(5) ? ScrollView(frame: rect(&r)) : Probe(frame: rect(&r))
        if let s = v as? ScrollView { s.contentSize = CGSize(width: r.number(in: 0...2000), height: r.number(in: 0...2000)) }
        views[Int(r.byte()) % views.count].addSubview(v)
        views.append(v)
        if r.chance(3) {
            let g = recognizer(&r)
            if let other = recognizers.last, r.chance(4) { g.require(toFail: other) }
            v.addGestureRecognizer(g)
            recognizers.append(g)
        }
    }
    var down: Set<Int32> = []
    for _ in 0..<400 where !r.isAtEnd {
        let t: TimeInterval? = r.chance(16) ? r.number(in: -1...1e6) : nil
        switch r.byte() % 16 {
        case 0, 1: router.pointerMoved(to: point(&r), time: t)
        case 2: router.pointerLeft(time: t)
        case 3: router.pointerButton(r.chance(8) ? r.uint32() : 0x110 + UInt32(r.byte() % 3), isPressed: r.byte() & 1 == 0, time: t)
        case 4:
            let source: ScrollEvent.Source = [.wheel, .touchpad, .continuous][Int(r.byte() % 3)]
            router.scroll(source: source, deltaX: r.number(in: -100...100), deltaY: r.number(in: -100...100),
                          value120X: Int32(Int8(bitPattern: r.byte())) * 8, value120Y: Int32(Int8(bitPattern: r.byte())) * 8,
                          stopped: r.chance(4), time: t)
        case 5, 6, 7:
            var changes: [TouchInput] = []
            for _ in 0..<(1 + Int(r.byte() % 3)) {
                let id = r.chance(16) ? Int32(bitPattern: r.uint32()) : Int32(r.byte() % 6)
                let phase: TouchInput.Phase = [.down, .motion, .up][Int(r.byte() % 3)]
                changes.append(TouchInput(id: id, phase: phase, location: point(&r)))
                if phase == .down { down.insert(id) } else if phase == .up { down.remove(id) }
            }
            router.touches(changes, time: t)
        case 8:
            let phase: InputRouter.TouchpadPhase = [.began, .changed, .ended, .cancelled][Int(r.byte() % 4)]
            router.touchpadPinch(phase, scale: r.number(in: 0...4), rotation: r.number(in: -90...90), time: t)
        case 9: router.touchpadHold(time: t)
        case 10:
            router.key(KeyPress(keycode: UInt32(r.byte()), keysym: r.uint32(), text: r.chance(2) ? "a" : "",
                                isPressed: r.byte() & 1 == 0, isRepeat: r.chance(4), modifiers: [], timestamp: t ?? scheduler.now))
            if r.chance(4) { _ = router.moveFocus(backwards: r.chance(2)) }
        case 11: router.keyboardFocusChanged(r.byte() & 1 == 0)
        case 12: scheduler.advance(by: r.number(in: 0...2))   // NaN and ±∞ included: ignored
        case 13:
            // Tree edits in the middle of whatever is going on.
            let v = views[Int(r.byte()) % views.count]
            switch r.byte() % 6 {
            case 0 where v !== root: v.removeFromSuperview()
            case 1: v.isHidden.toggle()
            case 2: v.transform = CGAffineTransform(rotationAngle: r.number(in: -4...4)).scaledBy(x: r.number(in: -2...2), y: r.number(in: -2...2))
            case 3: v.alpha = r.number(in: 0...1)
            case 4 where v !== root: views[Int(r.byte()) % views.count].addSubview(v)  // cycles are refused
            default: v.frame = rect(&r)
            }
        case 14 where !recognizers.isEmpty: recognizers[Int(r.byte()) % recognizers.count].isEnabled = r.byte() & 1 == 0
        default: router.cancelAllTouches(time: t)
        }
        precondition(router._touches.count <= InputRouter.maximumTouches, "tracking \(router._touches.count) touches")
    }
    // Lift everything (the router must forget every touch), or drop the router with fingers
    // still down as a closing window does (LeakSanitizer: nothing may outlive it).
    if r.byte() & 1 == 0 {
        router.touches(down.map { TouchInput(id: $0, phase: .up) })
        router.cancelAllTouches()
        precondition(router._touches.isEmpty, "touches left after every finger lifted: \(router._touches.keys)")
    }
    scheduler.advance(by: 10)
    // What a run loop would do at the end of the turn: commit the implicit transaction.
    CATransaction.flush()
    return 0
}
