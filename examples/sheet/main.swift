// sheet: an interruptible bottom sheet — UIKit's view animations on StrataUI: a
// ViewPropertyAnimator scrubbed by a drag, a keyframe wiggle, a cross-dissolve of the title.
//
// An 800×600 window (#1c2430) holding a title label at (220, 40), 360×40 ("Closed" or
// "Open"), and the "sheet": 360×440 (#eef0f5) whose top is at y = 480 when closed and at
// y = 160 when open (320 points of travel).
// - Drag the sheet: a ViewPropertyAnimator (0.5 s, critically damped spring) opening or
//   closing it is paused and follows the pointer, 320 points = the whole way
//   (`fractionComplete`). Let go: past half way (or flung) it runs on, otherwise it runs back
//   (`isReversed`): `sheet: released FRACTION on|back`. When it finishes: `sheet: finished
//   end|start`, and the title changes with a 0.3 s cross-dissolve (`View.transition(with:)`).
//   Grabbing it while it runs pauses it where it is and carries on from there.
// - Click the sheet without dragging: it wiggles (`View.animateKeyframes`: four keyframes of
//   its rotation) and logs `sheet: wiggled` at the end.
import ExampleSupport
import Foundation
import Strata
import StrataUI
import StrataWayland

func rgb(_ r: Double, _ g: Double, _ b: Double) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

final class SheetScene: ExampleScene {
    let title = "sheet", width = 800, height = 600
    let rootView = View()
    let sheet = View(frame: CGRect(x: 220, y: 480, width: 360, height: 440))
    let titleLabel = Label(frame: CGRect(x: 220, y: 40, width: 360, height: 40))
    var host: ViewHost?
    static let closedY: CGFloat = 480, openY: CGFloat = 160

    private var isOpen = false
    private var animator: ViewPropertyAnimator?
    /// The fraction when the drag began, and whether the running animator opens the sheet.
    private var dragStart: CGFloat = 0
    private var opening = true

    func build(root: CALayer) {
        if rootView.layer.superlayer == nil {       // offscreen snapshot: no host
            root.addSublayer(rootView.layer)
            rootView.frame = root.bounds
        }
        rootView.backgroundColor = rgb(0.11, 0.14, 0.19)
        titleLabel.text = "Closed"
        titleLabel.textColor = rgb(0.95, 0.95, 0.97)
        titleLabel.textLayer.alignmentMode = .center
        rootView.addSubview(titleLabel)
        sheet.backgroundColor = rgb(0.93, 0.94, 0.96)
        sheet.layer.cornerRadius = 16
        sheet.cursorName = "grab"
        let handle = View(frame: CGRect(x: 160, y: 10, width: 40, height: 6))
        handle.backgroundColor = rgb(0.7, 0.72, 0.78)
        handle.layer.cornerRadius = 3
        handle.isUserInteractionEnabled = false
        sheet.addSubview(handle)
        rootView.addSubview(sheet)

        let pan = PanGestureRecognizer { [unowned self] r in self.dragged(r as! PanGestureRecognizer) }
        let tap = TapGestureRecognizer { [unowned self] _ in self.wiggle() }
        sheet.addGestureRecognizer(pan)
        sheet.addGestureRecognizer(tap)
    }

    private func dragged(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            if let a = animator, a.state == .active {
                a.pauseAnimation()      // caught mid-run: carry on from where it is
            } else {
                opening = !isOpen
                let target = opening ? Self.openY : Self.closedY
                let a = ViewPropertyAnimator(duration: 0.5, dampingRatio: 1) { self.sheet.frame.origin.y = target }
                a.addCompletion { [unowned self] position in self.finished(position) }
                a.pauseAnimation()
                animator = a
            }
            // A reversed animator counts its fraction from the same start.
            dragStart = animator?.fractionComplete ?? 0
        case .changed:
            let dy = pan.translation(in: rootView).y
            let moved = (opening ? -dy : dy) / (Self.closedY - Self.openY)
            animator?.fractionComplete = min(1, max(0, dragStart + moved))
        case .ended, .cancelled:
            guard let a = animator else { return }
            let f = a.fractionComplete
            let v = pan.velocity(in: rootView).y * (opening ? -1 : 1)
            let on = pan.state == .ended && (v > 500 || (v > -500 && f >= 0.5))
            a.isReversed = !on
            emit("sheet: released \(String(format: "%.2f", Double(f))) \(on ? "on" : "back")")
            a.startAnimation()
        default:
            break
        }
    }

    private func finished(_ position: ViewAnimatingPosition) {
        emit("sheet: finished \(position == .end ? "end" : position == .start ? "start" : "current")")
        animator = nil
        guard position == .end else { return }
        isOpen = opening
        View.transition(with: titleLabel, duration: 0.3, options: .transitionCrossDissolve, animations: {
            self.titleLabel.text = self.isOpen ? "Open" : "Closed"
        })
    }

    private func wiggle() {
        guard animator == nil else { return }
        let turns: [CGFloat] = [0.06, -0.06, 0.03, 0]
        View.animateKeyframes(withDuration: 0.4, options: .allowUserInteraction, animations: {
            for (i, a) in turns.enumerated() {
                View.addKeyframe(withRelativeStartTime: Double(i) / 4, relativeDuration: 0.25) {
                    self.sheet.transform = CGAffineTransform(rotationAngle: a)
                }
            }
        }, completion: { _ in emit("sheet: wiggled") })
    }
}

let scene = SheetScene()
runExample(scene, live: { app, window in
    guard let window else { return }
    scene.host = ViewHost(window: window, application: app, rootView: scene.rootView)
})
