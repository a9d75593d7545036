// progress — seed 000/001, `CircularProgressView`: a CAShapeLayer arc (radius 70, line width 8,
// round caps) whose strokeEnd goes from 0 to 0.8 inside a 0.6 s transaction with easeOut.
//
// Port, the whole diff against the seed:
//   - import UIKit                   + import Strata, StrataUI, ExampleSupport
//   - import QuartzCore
//   - class …: UIView {              + class …: View {
//   - let path = UIBezierPath(       + let path = BezierPath(
//   - UIColor.systemBlue.cgColor     + Color.systemBlue.cgColor
// The scene around it (a 160×160 view, `setProgress(0.8)` at time 0) is this example's own.
import ExampleSupport
import Strata
import StrataUI

// ---- seed code, unchanged but for the swaps above ----
class CircularProgressView: View {

    private let progressLayer = CAShapeLayer()

    override func layoutSubviews() {
        super.layoutSubviews()

        let path = BezierPath(
            arcCenter: CGPoint(x: bounds.midX, y: bounds.midY),
            radius: bounds.width / 2 - 10,
            startAngle: -.pi / 2,
            endAngle: 3 * .pi / 2,
            clockwise: true
        )

        progressLayer.path = path.cgPath
        progressLayer.strokeColor = Color.systemBlue.cgColor
        progressLayer.lineWidth = 8
        progressLayer.fillColor = nil
        progressLayer.strokeEnd = 0
        progressLayer.lineCap = .round
        layer.addSublayer(progressLayer)
    }

    func setProgress(_ value: CGFloat, animated: Bool = true) {
        if animated {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.6)
            CATransaction.setAnimationTimingFunction(
                CAMediaTimingFunction(name: .easeOut)
            )
            progressLayer.strokeEnd = min(max(value, 0), 1)
            CATransaction.commit()
        } else {
            progressLayer.strokeEnd = value
        }
    }
}
// ---- end of seed code ----

final class Progress: ExampleScene {
    let title = "progress", width = 200, height = 200
    let progressView = CircularProgressView(frame: CGRect(x: 20, y: 20, width: 160, height: 160))

    func build(root: CALayer) {
        root.backgroundColor = Color.systemGray6.cgColor
        root.addSublayer(progressView.layer)
        progressView.layoutIfNeeded()
    }

    func start(root: CALayer) { progressView.setProgress(0.8) }
}

runExample(Progress())
