import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct AdditiveAndTransforms {
        static func sample(_ anim: CAAnimation, setup: (CALayer) -> Void = { _ in }, _ keyPath: String, at t: Double) -> Any? {
            var out: Any?
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                CATransaction.setDisableActions(true)
                setup(layer)
                CATransaction.flush()
                layer.add(anim, forKey: "k")
                CATransaction.flush()
                clock.time = t
                out = layer.presentation()!.value(forKeyPath: keyPath)
            }
            return out
        }

        @Test func additivePositionAdds() {
            let a = CABasicAnimation(keyPath: "position")
            a.fromValue = NSValue(cgPoint: .zero)
            a.toValue = NSValue(cgPoint: CGPoint(x: 10, y: -20))
            a.isAdditive = true
            a.duration = 1
            let p = Self.sample(a, setup: { $0.position = CGPoint(x: 50, y: 60) }, "position", at: 0.5) as! CGPoint
            #expect(p == CGPoint(x: 55, y: 50))
        }

        @Test func additiveAnimationsStack() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                for (k, dx) in [("a", 10.0), ("b", 100.0)] {
                    let a = CABasicAnimation(keyPath: "position.x")
                    a.fromValue = 0; a.toValue = dx; a.isAdditive = true; a.duration = 1
                    layer.add(a, forKey: k)
                }
                CATransaction.flush()
                clock.time = 0.5
                #expect(layer.presentation()!.position.x == 55)
            }
        }

        @Test func cumulativeBasicRepeats() {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0; a.toValue = 10; a.isCumulative = true; a.repeatCount = 3; a.duration = 1
            #expect(Self.sample(a, "position.x", at: 2.5) as! CGFloat == 25)
        }

        @Test func rotationFieldTurnsAFullCircle() {
            let a = CABasicAnimation(keyPath: "transform.rotation.z")
            a.fromValue = 0; a.toValue = 2 * Double.pi; a.duration = 1
            for (t, angle) in [(0.25, Double.pi / 2), (0.5, Double.pi), (0.75, 3 * Double.pi / 2)] {
                let m = Self.sample(a, "transform", at: t) as! CATransform3D
                #expect(abs(Double(m.m11) - cos(angle)) < 1e-9 && abs(Double(m.m12) - sin(angle)) < 1e-9, "t=\(t)")
            }
        }

        @Test func scaleAndTranslationFieldsKeepOtherParts() {
            let a = CABasicAnimation(keyPath: "transform.scale")
            a.fromValue = 1; a.toValue = 3; a.duration = 1
            let m = Self.sample(a, setup: { $0.transform = CATransform3DMakeTranslation(5, 6, 0) }, "transform", at: 0.5) as! CATransform3D
            #expect(m.m11 == 2 && m.m22 == 2 && m.m33 == 2 && m.m41 == 5 && m.m42 == 6)
            let b = CABasicAnimation(keyPath: "transform.translation.x")
            b.toValue = 100; b.duration = 1
            let n = Self.sample(b, setup: { $0.transform = CATransform3DMakeScale(2, 2, 1) }, "transform", at: 0.25) as! CATransform3D
            #expect(n.m41 == 25 && n.m11 == 2)
        }

        @Test func wholeTransformInterpolatesByDecomposition() {
            let a = CABasicAnimation(keyPath: "transform")
            a.fromValue = CATransform3DIdentity
            a.toValue = CATransform3DConcat(CATransform3DMakeScale(3, 3, 1), CATransform3DConcat(
                CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeTranslation(100, 0, 0)))
            a.duration = 1
            let m = Self.sample(a, "transform", at: 0.5) as! CATransform3D
            // Halfway: scale 2, rotation π/4 (slerp), translation 50 — not the matrix average.
            let e = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DConcat(
                CATransform3DMakeRotation(.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(50, 0, 0)))
            for (x, y) in [(m.m11, e.m11), (m.m12, e.m12), (m.m21, e.m21), (m.m22, e.m22), (m.m41, e.m41), (m.m42, e.m42)] {
                #expect(abs(x - y) < 1e-9)
            }
        }

        @Test func decompositionRoundTripsWithPerspective() {
            var t = CATransform3DMakeRotation(0.7, 1, 2, 3)
            t = CATransform3DScale(t, 2, 0.5, 1.5)
            t = CATransform3DTranslate(t, 3, -4, 5)
            t.m34 = -1.0 / 500
            let d = CATransform3DDecomposition(t)!
            let r = d.transform
            let a = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
            let b = [r.m11, r.m12, r.m13, r.m14, r.m21, r.m22, r.m23, r.m24, r.m31, r.m32, r.m33, r.m34, r.m41, r.m42, r.m43, r.m44]
            #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 })
            #expect(CATransform3DDecomposition(CATransform3DMakeScale(0, 1, 1)) == nil)
        }

        @Test func colorsInterpolateComponentwiseAndNilFades() {
            let a = CABasicAnimation(keyPath: "backgroundColor")
            a.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            a.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            a.duration = 1
            let c = Self.sample(a, "backgroundColor", at: 0.5) as! CGColor
            #expect(c == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 0.75))
            let b = CABasicAnimation(keyPath: "backgroundColor")
            b.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)   // from nil
            b.duration = 1
            let d = Self.sample(b, "backgroundColor", at: 0.5) as! CGColor
            #expect(d == CGColor(red: 0, green: 1, blue: 0, alpha: 0.5))
        }

        @Test func nonFiniteAnimationValuesAreDropped() {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = Double.nan; a.toValue = 10; a.duration = 1
            #expect(Self.sample(a, setup: { $0.position.x = 7 }, "position.x", at: 0.5) as! CGFloat == 7)
        }

        @Test func groupChildrenRunInGroupTime() {
            let g = CAAnimationGroup()
            let x = CABasicAnimation(keyPath: "position.x")
            x.fromValue = 0; x.toValue = 100; x.duration = 2
            let o = CABasicAnimation(keyPath: "opacity")
            o.fromValue = 0; o.toValue = 1; o.duration = 1; o.beginTime = 1
            g.animations = [x, o]
            g.duration = 1.5          // clips both
            #expect(Self.sample(g, "position.x", at: 1) as! CGFloat == 50)
            #expect(Self.sample(g, "opacity", at: 0.5) as! Float == 1)      // o not started: model
            #expect(Self.sample(g, "opacity", at: 1.25) as! Float == 0.25)
            #expect(Self.sample(g, "position.x", at: 1.5) as! CGFloat == 0)  // group over
            g.speed = 2
            #expect(Self.sample(g, "position.x", at: 0.5) as! CGFloat == 50)
        }
    }
}
