// indicator — seed 002, `createProgressIndicator(in:)`: a grey track circle (radius 40, line
// width 8) under a blue progress arc with round caps, animated to 75 %.
//
// Port, the whole diff against the seed:
//   - func …(in view: UIView) -> …   + func …(in view: View) -> …
//   - let circlePath = UIBezierPath( + let circlePath = BezierPath(
//   - UIColor.systemGray5.cgColor    + Color.systemGray5.cgColor
//   - UIColor.systemBlue.cgColor     + Color.systemBlue.cgColor
//   (+ import Strata, StrataUI, ExampleSupport)
// The seed calls `progressLayer.animateStrokeEnd(to: 0.75, duration: 1.5)` without defining
// it; the extension below is this example's own (a strokeEnd CABasicAnimation with
// easeInEaseOut from the current value, the model updated to the end value), as is the scene:
// a 100×100 view in the middle of a 200×200 window.
import ExampleSupport
import Strata
import StrataUI

// ---- seed code, unchanged but for the swaps above ----
func createProgressIndicator(in view: View) -> CAShapeLayer {
    let circlePath = BezierPath(
        arcCenter: CGPoint(x: 50, y: 50),
        radius: 40,
        startAngle: -.pi / 2,
        endAngle: 3 * .pi / 2,
        clockwise: true
    )

    let trackLayer = CAShapeLayer()
    trackLayer.path = circlePath.cgPath
    trackLayer.strokeColor = Color.systemGray5.cgColor
    trackLayer.fillColor = nil
    trackLayer.lineWidth = 8
    view.layer.addSublayer(trackLayer)

    let progressLayer = CAShapeLayer()
    progressLayer.path = circlePath.cgPath
    progressLayer.strokeColor = Color.systemBlue.cgColor
    progressLayer.fillColor = nil
    progressLayer.lineWidth = 8
    progressLayer.lineCap = .round
    progressLayer.strokeEnd = 0
    view.layer.addSublayer(progressLayer)

    return progressLayer
}
// ---- end of seed code ----

extension CAShapeLayer {
    /// Animates `strokeEnd` from its current value to `value` and keeps `value` as the model.
    func animateStrokeEnd(to value: CGFloat, duration: CFTimeInterval) {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = strokeEnd
        animation.toValue = value
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        strokeEnd = value
        CATransaction.commit()
        add(animation, forKey: "strokeEnd")
    }
}

final class Indicator: ExampleScene {
    let title = "indicator", width = 200, height = 200
    let view = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    var progressLayer: CAShapeLayer?

    func build(root: CALayer) {
        root.backgroundColor = Color.white.cgColor
        root.addSublayer(view.layer)
        progressLayer = createProgressIndicator(in: view)
    }

    func start(root: CALayer) {
        // Animasi hingga 75% (seed: "animate to 75 %")
        progressLayer?.animateStrokeEnd(to: 0.75, duration: 1.5)
    }
}

runExample(Indicator())
