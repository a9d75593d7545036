// panel: a 32-point bar along the top edge of the output (wlr-layer-shell, top layer) that
// reserves its height as an exclusive zone, so tiled and centred windows move out of its way.
// Its status dot pulses forever (opacity, autoreverses, repeatCount = .infinity).
import ExampleSupport
import Strata
import StrataWayland

final class Panel: ExampleScene {
    let title = "panel", width = 800, height = 32
    let dot = CALayer()
    var layerShell: LayerSurface.Configuration? {
        var c = LayerSurface.Configuration()
        c.layer = .top
        c.anchor = [.top, .left, .right]
        c.width = 0  // stretch between the left and right anchors
        c.height = height
        c.exclusiveZone = height
        c.namespace = "panel"
        return c
    }

    func build(root: CALayer) {
        root.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.11, alpha: 1)
        dot.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
        dot.position = CGPoint(x: 16, y: 16)
        dot.cornerRadius = 6
        dot.backgroundColor = CGColor(red: 0.95, green: 0.75, blue: 0.2, alpha: 1)
        root.addSublayer(dot)
    }

    func start(root: CALayer) {
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1.0
        pulse.toValue = 0.3
        pulse.duration = 0.8
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")
    }
}

runExample(Panel())
