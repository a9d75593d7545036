import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct ValueFunctions {
        @Test func rotateZBuildsTheTransformFromTheScalar() {
            let a = CABasicAnimation(keyPath: "transform")
            a.valueFunction = CAValueFunction(name: .rotateZ)
            a.fromValue = 0
            a.toValue = 2 * Double.pi
            a.duration = 1
            for (t, angle) in [(0.25, Double.pi / 2), (0.5, Double.pi), (0.75, 3 * Double.pi / 2)] {
                let m = AdditiveAndTransforms.sample(a, "transform", at: t) as! CATransform3D
                let e = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
                #expect(abs(m.m11 - e.m11) < 1e-9 && abs(m.m12 - e.m12) < 1e-9 && abs(m.m21 - e.m21) < 1e-9, "t=\(t)")
            }
            let s = CABasicAnimation(keyPath: "transform")
            s.valueFunction = CAValueFunction(name: .scaleX)
            s.fromValue = 1; s.toValue = 3; s.duration = 1
            #expect(AdditiveAndTransforms.sample(s, "transform", at: 0.5) as? CATransform3D == CATransform3DMakeScale(2, 1, 1))
        }

        @Test func perceptualSpringParameters() {
            let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
            #expect(s.mass == 1)
            #expect(abs(Double(s.stiffness) - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
            #expect(abs(Double(s.damping) - 4 * Double.pi * 0.8 / 0.5) < 1e-9)
            #expect(s.duration == s.settlingDuration)
        }
    }
}
