// toast: a notification card on the overlay layer (wlr-layer-shell), anchored to the top-right
// corner, that slides in from the right edge with a spring (CASpringAnimation) and rests.
// Needs a compositor with layer shell (sway, KDE); elsewhere it exits with an error naming the
// missing global.
import ExampleSupport
import Strata
import StrataWayland

final class Toast: ExampleScene {
    let title = "toast", width = 360, height = 96
    let card = CALayer()
    let accent = CALayer()
    var layerShell: LayerSurface.Configuration? {
        var c = LayerSurface.Configuration()
        c.layer = .overlay
        c.anchor = [.top, .right]
        c.width = width
        c.height = height
        c.margins = (top: 16, right: 16, bottom: 0, left: 0)
        c.namespace = "notification"
        return c
    }

    func build(root: CALayer) {
        card.bounds = CGRect(x: 0, y: 0, width: 344, height: 80)
        card.position = CGPoint(x: 180 + 360, y: 48)  // off the right edge at first
        card.backgroundColor = CGColor(red: 0.17, green: 0.20, blue: 0.25, alpha: 1)
        card.cornerRadius = 12
        card.borderWidth = 1
        card.borderColor = CGColor(red: 0.35, green: 0.40, blue: 0.48, alpha: 1)
        accent.bounds = CGRect(x: 0, y: 0, width: 8, height: 56)
        accent.position = CGPoint(x: 20, y: 40)
        accent.cornerRadius = 4
        accent.backgroundColor = CGColor(red: 0.30, green: 0.75, blue: 0.45, alpha: 1)
        card.addSublayer(accent)
        root.addSublayer(card)
    }

    func start(root: CALayer) {
        let spring = CASpringAnimation()
        spring.keyPath = "position.x"
        spring.fromValue = 180 + 360
        spring.toValue = 180
        spring.damping = 14
        spring.stiffness = 180
        spring.duration = spring.settlingDuration
        card.position.x = 180
        card.add(spring, forKey: "slide-in")
    }
}

runExample(Toast())
