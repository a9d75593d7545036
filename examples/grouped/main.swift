// grouped — seed 000/001, `groupedAnimation()`: one transaction of 1.5 s with easeOut animates
// three layers' opacity, position and background colour implicitly, and prints once all are done.
//
// Port, the whole diff against the seed:
//   - import UIKit            + import Strata, StrataUI, ExampleSupport
//   - UIColor.systemRed       + Color.systemRed      (the three layers' set-up is this example's own)
import ExampleSupport
import Strata
import StrataUI

final class Grouped: ExampleScene {
    let title = "grouped", width = 400, height = 400
    let layer1 = CALayer(), layer2 = CALayer(), layer3 = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = Color.systemGray6.cgColor
        for (i, l) in [layer1, layer2, layer3].enumerated() {
            l.frame = CGRect(x: 40 + 120 * i, y: 60, width: 80, height: 80)
            l.backgroundColor = Color.systemBlue.cgColor
            root.addSublayer(l)
        }
    }

    func start(root: CALayer) { groupedAnimation() }

    // ---- seed code, unchanged but for the swap above ----
    func groupedAnimation() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.5)
        CATransaction.setAnimationTimingFunction(
            CAMediaTimingFunction(name: .easeOut)
        )
        CATransaction.setCompletionBlock {
            print("All animations completed")
        }

        // Every change inside the transaction animates for 1.5 s
        layer1.opacity = 0.3
        layer2.position = CGPoint(x: 200, y: 300)
        layer3.backgroundColor = Color.systemRed.cgColor

        CATransaction.commit()
    }
}

runExample(Grouped())
