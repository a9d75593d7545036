// keyframes — seed 004, listing 2: a layer follows a path of two arcs (two bounces) from
// (74, 74) to (566, 74) over 5 s with the timing curve (0.25, 0.1, 0.25, 1).
//
// Port of the Objective-C listing to Swift (the names are Core Graphics' and QuartzCore's):
//   CGPathCreateMutable() / CGPathMoveToPoint / CGPathAddCurveToPoint
//       → CGMutablePath() / move(to:) / addCurve(to:control1:control2:)
//   [CAKeyframeAnimation animationWithKeyPath:@"position"] → CAKeyframeAnimation(keyPath: "position")
import ExampleSupport
import Strata
import StrataUI

final class Keyframes: ExampleScene {
    let title = "keyframes", width = 640, height = 480
    let layer = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = Color.systemGray6.cgColor
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 566, y: 74)
        layer.cornerRadius = 20
        layer.backgroundColor = Color.systemGreen.cgColor
        root.addSublayer(layer)
    }

    func start(root: CALayer) {
        // A path of two arcs (a bounce)
        let thePath = CGMutablePath()
        thePath.move(to: CGPoint(x: 74.0, y: 74.0))
        thePath.addCurve(to: CGPoint(x: 320.0, y: 74.0),
                         control1: CGPoint(x: 74.0, y: 500.0), control2: CGPoint(x: 320.0, y: 500.0))
        thePath.addCurve(to: CGPoint(x: 566.0, y: 74.0),
                         control1: CGPoint(x: 320.0, y: 500.0), control2: CGPoint(x: 566.0, y: 500.0))

        let theAnimation = CAKeyframeAnimation(keyPath: "position")
        theAnimation.path = thePath
        theAnimation.duration = 5.0
        theAnimation.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1.0)
        layer.add(theAnimation, forKey: "bounce")
    }
}

runExample(Keyframes())
