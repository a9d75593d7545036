// morph — seed 002, the circle ↔ square morph: a purple CAShapeLayer whose path animates from
// a circle (a rounded rectangle with cornerRadius = width / 2) to a square (cornerRadius 0)
// over 0.6 s, autoreversing forever.
//
// Port, the whole diff against the seed:
//   - UIColor.systemPurple.cgColor              + Color.systemPurple.cgColor
//   - let circlePath = UIBezierPath(roundedRect: + let circlePath = BezierPath(roundedRect:
//   - let squarePath = UIBezierPath(roundedRect: + let squarePath = BezierPath(roundedRect:
//   (+ import Strata, StrataUI, ExampleSupport)
// The seed leaves `rect` and the layer's superlayer to the reader: here `rect` is 120×120 at
// the origin of a view centred in a 240×240 window, and the layer is added to that view.
import ExampleSupport
import Strata
import StrataUI

final class Morph: ExampleScene {
    let title = "morph", width = 240, height = 240
    let view = View(frame: CGRect(x: 60, y: 60, width: 120, height: 120))
    let rect = CGRect(x: 0, y: 0, width: 120, height: 120)

    func build(root: CALayer) {
        root.backgroundColor = Color.systemGray6.cgColor
        root.addSublayer(view.layer)
    }

    func start(root: CALayer) {
        // ---- seed code, unchanged but for the swaps above ----
        let morphLayer = CAShapeLayer()
        morphLayer.fillColor = Color.systemPurple.cgColor
        morphLayer.frame = rect

        let circlePath = BezierPath(roundedRect: rect, cornerRadius: rect.width / 2)
        let squarePath = BezierPath(roundedRect: rect, cornerRadius: 0)
        morphLayer.path = circlePath.cgPath

        let morphAnimation = CABasicAnimation(keyPath: "path")
        morphAnimation.toValue = squarePath.cgPath
        morphAnimation.duration = 0.6
        morphAnimation.autoreverses = true
        morphAnimation.repeatCount = .infinity
        morphLayer.add(morphAnimation, forKey: "morph")
        // ---- end of seed code ----
        view.layer.addSublayer(morphLayer)
    }
}

runExample(Morph())
