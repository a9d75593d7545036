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

        /// `scale` and `translate` take [x, y, z] arrays (here `[Int]` and `[Any]`, as ported
        /// code writes them); the arrays interpolate element by element.
        @Test func threeValueFunctionsTakeArrays() {
            let s = CABasicAnimation(keyPath: "transform")
            s.valueFunction = CAValueFunction(name: .scale)
            s.fromValue = [1, 1, 1]; s.toValue = [3, 5, 1]; s.duration = 1
            #expect(AdditiveAndTransforms.sample(s, "transform", at: 0.5) as? CATransform3D == CATransform3DMakeScale(2, 3, 1))
            let t = CABasicAnimation(keyPath: "transform")
            t.valueFunction = CAValueFunction(name: .translate)
            t.fromValue = [0.0, 0, 0] as [Any]; t.toValue = [NSNumber(value: 10), 20.0, CGFloat(30)] as [Any]; t.duration = 1
            #expect(AdditiveAndTransforms.sample(t, "transform", at: 0.5) as? CATransform3D == CATransform3DMakeTranslation(5, 10, 15))
            let r = CABasicAnimation(keyPath: "transform")
            r.valueFunction = CAValueFunction(name: .rotateZ)
            r.fromValue = [0]; r.toValue = [Double.pi]; r.duration = 1        // one-value functions read element 0
            let m = AdditiveAndTransforms.sample(r, "transform", at: 0.5) as! CATransform3D
            #expect(abs(m.m11) < 1e-12 && abs(m.m12 - 1) < 1e-12)
        }

        /// Arrays typed `[Any]` interpolate like typed ones (colours and numbers).
        @Test func untypedArraysInterpolate() {
            let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let a = CABasicAnimation(keyPath: "stops")
            a.fromValue = [red, blue] as [Any]; a.toValue = [blue, red] as [Any]; a.duration = 1
            let c = AdditiveAndTransforms.sample(a, setup: { $0.setValue([red, blue] as [Any], forKey: "stops") }, "stops", at: 0.5) as? [CGColor]
            let purple = CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
            #expect(c == [purple, purple])
            let n = CABasicAnimation(keyPath: "weights")
            n.fromValue = [0, 1]; n.toValue = [1, 3]; n.duration = 1
            let w = AdditiveAndTransforms.sample(n, setup: { $0.setValue([0, 1], forKey: "weights") }, "weights", at: 0.25) as? [NSNumber]
            #expect(w?.map(\.doubleValue) == [0.25, 1.5])
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
