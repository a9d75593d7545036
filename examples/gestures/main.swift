// gestures: a gesture playground on StrataUI views, and the view tree the end-to-end input
// tests click through.
//
// An 800×600 window (#202830) holding:
// - "board": 300×200 (#3a6ea5), center (260, 260), rotated 30° and scaled 1.5; inside it
//   "red" (60×60 at 20,20) and "blue" (80×80 centred at 220,130 in the board, rotated 45°,
//   scaled 0.5). Every button press logs `gestures: click NAME X Y` in the view's coordinates,
//   every touch that begins `gestures: touch NAME X Y`.
// - "card": 120×80 (#e0a030) at center (640, 100): drag it (pan, logs `gestures: pan DX DY`
//   at the end), double-tap (`gestures: doubletap card`), long-press (`gestures: longpress
//   card`), swipe left/right on it (`gestures: swipe left|right`), pinch it with two fingers
//   (`gestures: pinch SCALE`, the card's scale, when the fingers lift).
// - "list": a 200×250 ScrollView at (560, 300) with 25 rows of 40 points ("row0"…"row24");
//   each wheel or drag that moves it logs `gestures: scroll Y` when it comes to rest.
// - "field": 300×40 at (40, 520): clicking it focuses it, typing logs `gestures: text SOFAR`.
import ExampleSupport
import Foundation
import Strata
import StrataUI
import StrataWayland

final class Gestures: ExampleScene, ScrollViewDelegate {
    let title = "gestures", width = 800, height = 600
    let rootView = Probe("root", frame: .zero, color: rgb(0x20 / 255, 0x28 / 255, 0x30 / 255))
    var host: ViewHost?
    let card = Probe("card", frame: CGRect(x: 580, y: 60, width: 120, height: 80), color: rgb(0.88, 0.63, 0.19))
    let list = ScrollView(frame: CGRect(x: 560, y: 300, width: 200, height: 250))
    private var lastLogged: CGFloat = 0

    func build(root: CALayer) {
        if rootView.layer.superlayer == nil {       // offscreen snapshot: no host
            root.addSublayer(rootView.layer)
            rootView.frame = root.bounds
        }
        let board = Probe("board", frame: CGRect(x: 110, y: 160, width: 300, height: 200), color: rgb(0.23, 0.43, 0.65))
        board.transform = CGAffineTransform(rotationAngle: .pi / 6).scaledBy(x: 1.5, y: 1.5)
        rootView.addSubview(board)
        board.addSubview(Probe("red", frame: CGRect(x: 20, y: 20, width: 60, height: 60), color: rgb(0.85, 0.2, 0.2)))
        let blue = Probe("blue", frame: CGRect(x: 180, y: 90, width: 80, height: 80), color: rgb(0.2, 0.3, 0.9))
        blue.transform = CGAffineTransform(rotationAngle: .pi / 4).scaledBy(x: 0.5, y: 0.5)
        board.addSubview(blue)

        rootView.addSubview(card)
        card.cursorName = "grab"
        let pan = PanGestureRecognizer { [unowned self] r in
            let pan = r as! PanGestureRecognizer
            let t = pan.translation(in: self.rootView)
            self.card.center = CGPoint(x: self.card.center.x + t.x, y: self.card.center.y + t.y)
            pan.setTranslation(.zero, in: self.rootView)
            if pan.state == .ended { emit("gestures: pan \(fmt(self.card.center.x)) \(fmt(self.card.center.y))") }
        }
        let doubleTap = TapGestureRecognizer { [unowned self] _ in
            emit("gestures: doubletap card")
            // .allowUserInteraction: the card stays draggable while it fades (as in UIKit,
            // animating views take no input otherwise).
            View.animate(withDuration: 0.3, delay: 0, options: [.allowUserInteraction], animations: {
                self.card.alpha = self.card.alpha < 1 ? 1 : 0.6
            })
        }
        doubleTap.numberOfTapsRequired = 2
        let longPress = LongPressGestureRecognizer { r in
            if r.state == .began { emit("gestures: longpress card") }
        }
        let pinch = PinchGestureRecognizer { [unowned self] r in
            let p = r as! PinchGestureRecognizer
            self.card.transform = self.card.transform.scaledBy(x: p.scale, y: p.scale)
            p.scale = 1
            if p.state == .ended { emit("gestures: pinch \(String(format: "%.2f", Double(self.card.transform.a)))") }
        }
        for (dir, label) in [(SwipeGestureRecognizer.Direction.left, "left"), (.right, "right")] {
            let swipe = SwipeGestureRecognizer { _ in emit("gestures: swipe \(label)") }
            swipe.direction = dir
            pan.require(toFail: swipe)
            card.addGestureRecognizer(swipe)
        }
        for r in [pan, doubleTap, longPress, pinch] as [GestureRecognizer] { card.addGestureRecognizer(r) }

        list.contentSize = CGSize(width: 200, height: 1000)
        list.backgroundColor = rgb(0.15, 0.17, 0.2)
        list.delegate = self
        for i in 0..<25 {
            let shade = i % 2 == 0 ? 0.3 : 0.36
            list.addSubview(Probe("row\(i)", frame: CGRect(x: 0, y: CGFloat(i) * 40, width: 200, height: 40),
                                  color: rgb(shade, shade, shade + 0.05)))
        }
        rootView.addSubview(list)

        let field = TextProbe("field", frame: CGRect(x: 40, y: 520, width: 300, height: 40), color: rgb(0.9, 0.9, 0.9))
        field.cursorName = "text"
        rootView.addSubview(field)
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        // Wheels move at once (no momentum): log each resting offset.
        if !scrollView.isDecelerating && !scrollView.isDragging { logOffset() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { logOffset() }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { logOffset() }
    }

    private func logOffset() {
        let y = list.contentOffset.y
        guard y != lastLogged else { return }
        lastLogged = y
        emit("gestures: scroll \(fmt(y))")
    }
}

let scene = Gestures()
runExample(scene, live: { app, window in
    guard let window else { return }
    scene.host = ViewHost(window: window, application: app, rootView: scene.rootView)
})
