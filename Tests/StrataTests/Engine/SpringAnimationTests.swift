import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct Spring {
        @Test func applesDocumentedSettlingDurations() {
            // Apple's example: position.x 0 → 640, damping 5 settles in about 2.85 s;
            // damping 15 in just over 1 s.
            let spring = CASpringAnimation()
            spring.keyPath = "position.x"
            spring.fromValue = 0
            spring.toValue = 640
            spring.damping = 5
            spring.duration = 2
            #expect(abs(spring.settlingDuration - 2.85) < 0.005)
            spring.damping = 15
            #expect(spring.settlingDuration > 1 && spring.settlingDuration < 1.05)
        }

        /// Presentation values follow m·x'' = −k(x − 1) − c·x', integrated here with RK4.
        @Test func followsTheSpringEquation() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                let spring = CASpringAnimation(keyPath: "position.x")
                spring.fromValue = 0; spring.toValue = 640
                spring.mass = 2; spring.stiffness = 150; spring.damping = 7; spring.initialVelocity = 3
                spring.duration = spring.settlingDuration
                layer.add(spring, forKey: "s")
                CATransaction.flush()
                var x = 0.0, v = 3.0
                let m = 2.0, k = 150.0, c = 7.0, h = 1e-4
                var t = 0.0
                for sample in [0.1, 0.35, 0.8, 1.7] {
                    while t < sample - h / 2 {
                        func a(_ x: Double, _ v: Double) -> Double { (-k * (x - 1) - c * v) / m }
                        let k1x = v, k1v = a(x, v)
                        let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                        let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                        let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                        t += h
                    }
                    clock.time = sample
                    let px = Double(layer.presentation()!.position.x)
                    #expect(abs(px - 640 * x) < 1e-6, "t=\(sample): \(px) vs \(640 * x)")
                }
            }
        }

        @Test func badParametersFallBackToDefaults() {
            let s = CASpringAnimation(keyPath: "opacity")
            s.mass = .nan; s.stiffness = -1; s.damping = .infinity
            let d = CASpringAnimation(keyPath: "opacity")
            #expect(s.settlingDuration == d.settlingDuration)
            let p = CASpringAnimation(perceptualDuration: .nan, bounce: 9)
            #expect(p.settlingDuration.isFinite)
        }
    }
}
