import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// Apple: animations are key-value coding compliant containers — their declared properties
    /// are set and read under their keys ("additive", "toValue", "calculationMode", …), names
    /// also as strings; other keys hold arbitrary values.
    @Suite struct AnimationKeyValueCoding {
        @Test func declaredPropertiesAreReachableByKey() {
            let b = CABasicAnimation()
            b.setValue("both", forKey: "fillMode")
            b.setValue(CAMediaTimingFunction(name: .easeOut), forKey: "timingFunction")
            b.setValue("position", forKey: "keyPath")
            b.setValue(0.3, forKey: "toValue")
            b.setValue(true, forKey: "additive")
            b.setValue(NSNumber(value: true), forKey: "cumulative")
            b.setValue(false, forKey: "removedOnCompletion")
            #expect(b.fillMode == .both && b.keyPath == "position" && b.isAdditive && b.isCumulative)
            #expect(b.timingFunction == CAMediaTimingFunction(name: .easeOut) && !b.isRemovedOnCompletion)
            #expect(b.toValue as? Double == 0.3)
            #expect(b.value(forKey: "fillMode") as? CAMediaTimingFillMode == .both)
            #expect(b.value(forKey: "keyPath") as? String == "position")
            #expect(b.value(forKey: "additive") as? Bool == true)
            #expect(b.value(forKey: "toValue") as? Double == 0.3 && b.value(forKey: "fromValue") == nil)
            b.setValue(nil, forKey: "timingFunction")
            b.setValue(42, forKey: "keyPath")                       // wrong kind: unchanged
            #expect(b.timingFunction == nil && b.keyPath == "position")
            b.setValue("mine", forKey: "custom")                    // not declared: stored
            #expect(b.value(forKey: "custom") as? String == "mine")
        }

        @Test func subclassesKeysAndAKeyedAnimationRuns() {
            let k = CAKeyframeAnimation()
            k.setValue("position.x", forKey: "keyPath")
            k.setValue([0, 100] as [Any], forKey: "values")
            k.setValue([0.0, 0.5], forKey: "keyTimes")
            k.setValue("discrete", forKey: "calculationMode")
            k.setValue("auto", forKey: "rotationMode")
            k.setValue(2.0, forKey: "duration")
            #expect(k.calculationMode == .discrete && k.rotationMode == .rotateAuto)
            #expect(k.keyTimes?.map(\.doubleValue) == [0, 0.5])
            #expect(k.value(forKey: "calculationMode") as? CAAnimationCalculationMode == .discrete)
            let v = Keyframes.sample(k, "position.x", at: [0.5, 1.5]).map { $0 as! CGFloat }
            #expect(v == [0, 100])
            let s = CASpringAnimation()
            s.setValue(4, forKey: "mass")
            s.setValue(Float(50), forKey: "damping")
            #expect(s.mass == 4 && s.damping == 50 && s.value(forKey: "stiffness") as? CGFloat == 100)
            #expect(s.value(forKey: "settlingDuration") as? CFTimeInterval == s.settlingDuration)
            let t = CATransition()
            t.setValue("push", forKey: "type")
            t.setValue("fromLeft", forKey: "subtype")
            t.setValue(0.25, forKey: "startProgress")
            #expect(t.type == .push && t.subtype == .fromLeft && t.startProgress == 0.25)
            let g = CAAnimationGroup()
            g.setValue([b0()], forKey: "animations")
            #expect(g.animations?.count == 1 && (g.value(forKey: "animations") as? [CAAnimation])?.count == 1)
        }

        func b0() -> CAAnimation { CABasicAnimation(keyPath: "opacity") }
    }
}
