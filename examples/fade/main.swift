// fade — seed 000/001, `animateLayer()`: a 100×100 blue layer whose opacity (1 → 0.2) and
// corner radius (0 → 50) animate over 2 s, autoreversing forever.
//
// Port, the whole diff against the seed:
//   - import UIKit            + import Strata, StrataUI, ExampleSupport
//   - UIColor.systemBlue      + Color.systemBlue
// `view` is a StrataUI View filling the window, as the seed's view controller's view.
import ExampleSupport
import Strata
import StrataUI

final class Fade: ExampleScene {
    let title = "fade", width = 200, height = 200
    let view = View()

    func build(root: CALayer) {
        view.frame = root.bounds
        root.addSublayer(view.layer)
        root.backgroundColor = Color.systemGray6.cgColor
    }

    func start(root: CALayer) { animateLayer() }

    // ---- seed code, unchanged but for the swaps above ----
    func animateLayer() {
        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        layer.backgroundColor = Color.systemBlue.cgColor
        view.layer.addSublayer(layer)

        // 1. Opacity
        let fadeAnim = CABasicAnimation(keyPath: "opacity")
        fadeAnim.fromValue = 1.0
        fadeAnim.toValue = 0.2
        fadeAnim.duration = 2.0
        fadeAnim.autoreverses = true
        fadeAnim.repeatCount = .infinity

        // 2. Corner radius
        let cornerAnim = CABasicAnimation(keyPath: "cornerRadius")
        cornerAnim.fromValue = 0
        cornerAnim.toValue = 50
        cornerAnim.duration = 2.0
        cornerAnim.autoreverses = true
        cornerAnim.repeatCount = .infinity

        layer.add(fadeAnim, forKey: "fade")
        layer.add(cornerAnim, forKey: "corner")
    }
}

runExample(Fade())
