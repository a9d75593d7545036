// position — seed 004, listing 1: a layer in a 640×480 parent moves from (74, 74) to
// (566, 406) over 3 s with the timing curve (0.25, 0.1, 0.25, 1).
//
// Port of the Objective-C listing to Swift (the names are QuartzCore's):
//   [CABasicAnimation animationWithKeyPath:@"position"]   → CABasicAnimation(keyPath: "position")
//   [NSValue valueWithPoint:NSMakePoint(74.0, 74.0)]       → NSValue(cgPoint: CGPoint(x: 74, y: 74))
//   [CAMediaTimingFunction functionWithControlPoints:…]    → CAMediaTimingFunction(controlPoints: …)
import ExampleSupport
import Strata
import StrataUI

final class Position: ExampleScene {
    let title = "position", width = 640, height = 480
    let layer = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = Color.systemGray6.cgColor
        layer.bounds = CGRect(x: 0, y: 0, width: 48, height: 48)
        layer.position = CGPoint(x: 566, y: 406)  // the model value the animation ends at
        layer.cornerRadius = 8
        layer.backgroundColor = Color.systemIndigo.cgColor
        root.addSublayer(layer)
    }

    func start(root: CALayer) {
        let theAnimation = CABasicAnimation(keyPath: "position")
        theAnimation.fromValue = NSValue(cgPoint: CGPoint(x: 74.0, y: 74.0))
        theAnimation.toValue = NSValue(cgPoint: CGPoint(x: 566.0, y: 406.0))
        theAnimation.duration = 3.0
        theAnimation.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1.0)
        layer.add(theAnimation, forKey: "position")
    }
}

runExample(Position())
