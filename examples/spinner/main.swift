// spinner: the activity indicator of iOS apps, built with a CAReplicatorLayer.
//
// A 200×200 window (#1c1c1e) holding a 120×120 replicator at its centre. Its one sublayer is
// a white 8×24 capsule at the top centre; 12 instances turn 30° apart about the replicator's
// centre, and each copy's fade (opacity 1 → 0.15 over 1 s, repeating) starts 1/12 s after the
// previous one's, so the bright capsule runs round clockwise.
//
// Ported from the usual UIKit code by swapping the import; nothing else changes.
import ExampleSupport
import Strata

final class Spinner: ExampleScene {
    let title = "spinner", width = 200, height = 200
    let replicator = CAReplicatorLayer()
    let capsule = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = CGColor(red: 0x1c / 255, green: 0x1c / 255, blue: 0x1e / 255, alpha: 1)
        replicator.frame = CGRect(x: 40, y: 40, width: 120, height: 120)
        capsule.frame = CGRect(x: 56, y: 0, width: 8, height: 24)
        capsule.cornerRadius = 4
        capsule.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.addSublayer(capsule)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        root.addSublayer(replicator)
    }

    func start(root: CALayer) {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        capsule.add(fade, forKey: "fade")
    }
}

runExample(Spinner())
