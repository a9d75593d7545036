// movelayer — seed 000/001, `moveLayer(_:to:)`: a position animation over 0.6 s with
// easeInEaseOut that stays at its end (isRemovedOnCompletion = false, fillMode = .forwards) and
// updates the model layer.
//
// Port, the whole diff against the seed:
//   - import UIKit            + import Strata, StrataUI, ExampleSupport
//   - UIColor.systemOrange    + Color.systemOrange   (the layer set-up is this example's own)
import ExampleSupport
import Strata
import StrataUI

final class MoveLayer: ExampleScene {
    let title = "movelayer", width = 320, height = 200
    let box = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = Color.systemGray6.cgColor
        box.frame = CGRect(x: 20, y: 70, width: 60, height: 60)
        box.backgroundColor = Color.systemOrange.cgColor
        root.addSublayer(box)
    }

    func start(root: CALayer) { moveLayer(box, to: CGPoint(x: 270, y: 100)) }

    // ---- seed code, unchanged ----
    func moveLayer(_ layer: CALayer, to point: CGPoint) {
        let anim = CABasicAnimation(keyPath: "position")
        anim.fromValue = NSValue(cgPoint: layer.position)
        anim.toValue = NSValue(cgPoint: point)
        anim.duration = 0.6
        anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        anim.isRemovedOnCompletion = false
        anim.fillMode = .forwards
        layer.add(anim, forKey: "move")
        layer.position = point // update the model layer
    }
}

runExample(MoveLayer())
