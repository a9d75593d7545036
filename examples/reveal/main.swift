// reveal — seed 002, `revealContent(_:)`: a CAShapeLayer mask whose circular path grows from
// radius 0 at the view's centre to 1.5 × its width over 0.4 s with easeOut, revealing the view.
//
// Port, the whole diff against the seed:
//   - func revealContent(_ view: UIView) {   + func revealContent(_ view: View) {
//   - let initialPath = UIBezierPath(arcCenter: … + let initialPath = BezierPath(arcCenter: …
//   - let finalPath = UIBezierPath(arcCenter: …   + let finalPath = BezierPath(arcCenter: …
//   (+ import Strata, StrataUI, ExampleSupport)
//   + animation.fromValue = initialPath.cgPath   (one added line, see below)
// The added line: as written, the seed's animation has only a toValue, so it starts from the
// value the render tree holds when it begins — and the same transaction sets the model path to
// `finalPath`, so from and to are equal and the mask snaps open with no animation. That is
// Core Animation's documented behaviour (and Strata's); the seed's text promises a reveal, which
// needs the explicit fromValue.
// The content being revealed (a teal view with a white card and three coloured dots on a grey
// window) is this example's own.
import ExampleSupport
import Strata
import StrataUI

// ---- seed code, unchanged but for the swaps above ----
func revealContent(_ view: View) {
    let maskLayer = CAShapeLayer()
    let size = view.bounds.size.width * 1.5
    let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)

    let initialPath = BezierPath(arcCenter: center, radius: 0, startAngle: 0, endAngle: .pi * 2, clockwise: true)
    let finalPath = BezierPath(arcCenter: center, radius: size, startAngle: 0, endAngle: .pi * 2, clockwise: true)

    maskLayer.path = initialPath.cgPath
    view.layer.mask = maskLayer

    let animation = CABasicAnimation(keyPath: "path")
    animation.fromValue = initialPath.cgPath  // added (see the header)
    animation.toValue = finalPath.cgPath
    animation.duration = 0.4
    animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
    maskLayer.add(animation, forKey: "reveal")
    maskLayer.path = finalPath.cgPath
}
// ---- end of seed code ----

final class Reveal: ExampleScene {
    let title = "reveal", width = 320, height = 240
    let view = View(frame: CGRect(x: 0, y: 0, width: 320, height: 240))

    func build(root: CALayer) {
        root.backgroundColor = Color.systemGray6.cgColor
        view.layer.backgroundColor = Color.systemTeal.cgColor
        let card = CALayer()
        card.frame = CGRect(x: 40, y: 40, width: 240, height: 160)
        card.cornerRadius = 16
        card.backgroundColor = Color.white.cgColor
        view.layer.addSublayer(card)
        for (i, color) in [Color.systemRed, Color.systemOrange, Color.systemGreen].enumerated() {
            let dot = CALayer()
            dot.frame = CGRect(x: 40 + 70 * i, y: 60, width: 40, height: 40)
            dot.cornerRadius = 20
            dot.backgroundColor = color.cgColor
            card.addSublayer(dot)
        }
        root.addSublayer(view.layer)
    }

    func start(root: CALayer) { revealContent(view) }
}

runExample(Reveal())
