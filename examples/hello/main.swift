// hello: one layer slides and fades in once, then rests.
//
// A 400×300 window filled with #202830; a 100×100 red layer moves from (80, 150) to (300, 150)
// while its opacity goes from 0.3 to 1, in one implicit animation of 1 s (CATransaction), with
// Core Animation's default timing curve (0.25, 0.1, 0.25, 1).
import ExampleSupport
import Strata

final class Hello: ExampleScene {
    let title = "hello", width = 400, height = 300
    let box = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = CGColor(red: 0x20 / 255, green: 0x28 / 255, blue: 0x30 / 255, alpha: 1)
        box.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        box.position = CGPoint(x: 80, y: 150)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        box.opacity = 0.3
        root.addSublayer(box)
    }

    func start(root: CALayer) {
        CATransaction.setAnimationDuration(1.0)
        box.position = CGPoint(x: 300, y: 150)
        box.opacity = 1
    }
}

runExample(Hello())
