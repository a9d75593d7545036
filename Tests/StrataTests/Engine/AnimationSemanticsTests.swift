import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// Rules of the checklist not covered elsewhere: the all-nil basic animation after
    /// an un-animated change, completion blocks and removal, flush inside explicit
    /// transactions, cubicPaced and Kochanek–Bartels continuity/bias, spring perceptual
    /// parameters, and interpolation of the remaining value types.
    @Suite struct AnimationSemantics {
        /// Apple: with fromValue, toValue and byValue all nil the animation runs from the
        /// previous presentation value to the current one — also when the change itself ran no
        /// action (actions disabled, as UIKit does before adding its own animation).
        @Test func allNilAnimatesFromThePreviousPresentationValue() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.2
                let a = CABasicAnimation(keyPath: "opacity")
                a.duration = 1
                layer.add(a, forKey: "fade")
                CATransaction.commit()
                #expect(layer.animationKeys() == ["fade"])
                clock.time = 0.25
                #expect(abs(Double(layer.presentation()!.opacity) - 0.8) < 1e-6)   // 1 → 0.2, linear
                // Field paths capture the field.
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.position = CGPoint(x: 40, y: 10)
                let b = CABasicAnimation(keyPath: "position.x")
                b.duration = 1
                layer.add(b, forKey: "x")
                CATransaction.commit()
                clock.time = 0.75
                #expect(layer.presentation()!.position == CGPoint(x: 20, y: 10))   // 0 → 40 halfway; y is the model's
            }
        }

        /// A completion block also counts animations removed before they finish (Apple: "have
        /// completed or been removed"), and runs once.
        @Test func completionBlockRunsWhenItsAnimationsAreRemoved() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                var runs = 0
                CATransaction.begin()
                CATransaction.setCompletionBlock { runs += 1 }
                layer.opacity = 0
                layer.cornerRadius = 3
                CATransaction.commit()
                clock.time = 0.1
                CATransaction.deliverAnimationEvents(at: 0.1)
                #expect(runs == 0)
                layer.removeAnimation(forKey: "opacity")
                CATransaction.deliverAnimationEvents(at: 0.1)
                #expect(runs == 0)                              // cornerRadius still runs
                layer.removeAllAnimations()
                CATransaction.deliverAnimationEvents(at: 0.1)
                #expect(runs == 1)
                CATransaction.deliverAnimationEvents(at: 5)
                #expect(runs == 1)
            }
        }

        /// `flush()` inside an explicit transaction waits for the outermost commit.
        @Test func flushInsideAnExplicitTransactionWaitsForItsCommit() {
            withManualClock { _ in
                let (root, layer) = committedLayer()
                let tree = RenderTree(root: root)
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.5
                CATransaction.flush()
                #expect(tree.snapshot(at: 100).sublayers[0].opacity == 1)
                CATransaction.commit()
                #expect(tree.snapshot(at: 100).sublayers[0].opacity == 0.5)
                // commit() with nothing open does nothing; with only the implicit transaction
                // open it commits it.
                CATransaction.commit()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.25
                CATransaction.commit()
                #expect(tree.snapshot(at: 100).sublayers[0].opacity == 0.25)
            }
        }

        /// cubicPaced: keyTimes are ignored and replaced by the spline's arc length.
        /// Values 0, 10, 40: Catmull–Rom tangents 5, 20, 15; both segments are monotonic, so
        /// their lengths are 10 and 30 and the middle key falls at a quarter of the duration.
        /// Its tangents are then rescaled for the uneven spacing (20 → 10 in, 30 out).
        @Test func cubicPacedSpacesKeysByArcLength() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 10, 40]
            k.keyTimes = [0, 0.9, 1]                           // ignored
            k.calculationMode = .cubicPaced
            k.duration = 4
            let v = Keyframes.sample(k, "position.x", at: [0.5, 1, 2.5, 4]).map { Double($0 as! CGFloat) }
            #expect(abs(v[0] - hermite(0, 5, 10, 10, 0.5)) < 1e-9)    // 4.375
            #expect(abs(v[1] - 10) < 1e-9)
            #expect(abs(v[2] - hermite(10, 30, 40, 15, 0.5)) < 1e-9)  // 26.875
            #expect(v[3] == 0)                                          // over: model value
        }

        /// Kochanek–Bartels continuity and bias at an inner key (tension 0): outgoing
        /// (1+b)(1+c)/2·Δ₀ + (1−b)(1−c)/2·Δ₁, incoming (1+b)(1−c)/2·Δ₀ + (1−b)(1+c)/2·Δ₁, with
        /// c the negated `continuityValues` entry (Apple: positive values give "sharper
        /// corners", negative ones "inverted corners"; the paper's c has the opposite sign).
        @Test func continuityAndBiasShapeTheTangents() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 100, 0, 100]
            k.calculationMode = .cubic
            k.continuityValues = [0, 0.5, 0, 0]
            k.biasValues = [0, 0.25, 0, 0]
            k.duration = 3
            // Key 1 (a peak), c = −0.5: Δ₀ = 100, Δ₁ = −100 → out 31.25 − 56.25 = −25 (already
            // heading down), in 93.75 − 18.75 = 75 (still rising): a sharper peak.
            // Key 0: out 50 (its one chord halved); key 2: Δ₀ = −100, Δ₁ = 100 → 0 both ways.
            let v = Keyframes.sample(k, "position.x", at: [0.5, 1.5]).map { Double($0 as! CGFloat) }
            #expect(abs(v[0] - (0.125 * 50 + 0.5 * 100 - 0.125 * 75)) < 1e-9)    // 46.875
            #expect(abs(v[1] - (0.5 * 100 + 0.125 * -25)) < 1e-9)                // 46.875
            // Negative continuity inverts the corner: the peak is rounded past the key.
            k.continuityValues = [0, -0.5, 0, 0]
            let w = Keyframes.sample(k, "position.x", at: [0.5, 1.5]).map { Double($0 as! CGFloat) }
            #expect(abs(w[0] - 59.375) < 1e-9 && abs(w[1] - 59.375) < 1e-9)
        }

        @Test func springPerceptualParametersRoundTrip() {
            for (d, b) in [(0.5, 0.2), (1.2, 0.0), (0.8, -0.5)] {
                let s = CASpringAnimation(perceptualDuration: d, bounce: CGFloat(b))
                #expect(abs(s.perceptualDuration - d) < 1e-12, "\(d) \(b)")
                #expect(abs(Double(s.bounce) - b) < 1e-12, "\(d) \(b)")
                #expect(s.allowsOverdamping == (b < 0))
            }
            // Apple's defaults: mass 1, stiffness 100, damping 10 → period 2π/10, ζ = 0.5.
            let plain = CASpringAnimation()
            #expect(abs(plain.perceptualDuration - 2 * Double.pi / 10) < 1e-12 && abs(plain.bounce - 0.5) < 1e-12)
            // Damping above critical without allowsOverdamping is clamped: bounce 0.
            plain.damping = 50
            #expect(plain.bounce == 0)
            plain.allowsOverdamping = true
            #expect(abs(Double(plain.bounce) - (20.0 / 50.0 - 1)) < 1e-12)
        }

        /// Doubles keep their type, affine transforms interpolate by decomposition (rotation
        /// and translation halfway, not the matrix average), Bools switch at the end.
        @Test func remainingValueTypesInterpolate() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                layer.setValue(0.0, forKey: "level")
                layer.setValue(CGAffineTransform.identity, forKey: "affine")
                layer.setValue(false, forKey: "flag")
                CATransaction.flush()
                let level = CABasicAnimation(keyPath: "level")
                level.fromValue = 1.0; level.toValue = 2.0; level.duration = 1
                let turn = CGAffineTransform(rotationAngle: .pi / 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
                let affine = CABasicAnimation(keyPath: "affine")
                affine.toValue = turn; affine.duration = 1
                let flag = CABasicAnimation(keyPath: "flag")
                flag.fromValue = false; flag.toValue = true; flag.duration = 1
                flag.fillMode = .forwards; flag.isRemovedOnCompletion = false
                for (k, a) in [("l", level), ("a", affine), ("f", flag)] as [(String, CAAnimation)] { layer.add(a, forKey: k) }
                CATransaction.flush()
                clock.time = 0.5
                let p = layer.presentation()!
                #expect(p.value(forKey: "level") as? Double == 1.5)
                let m = p.value(forKey: "affine") as! CGAffineTransform
                let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
                for (x, e) in [(m.a, c), (m.b, s), (m.c, -s), (m.d, c), (m.tx, 5), (m.ty, 0)] { #expect(abs(Double(x) - e) < 1e-9) }
                #expect(p.value(forKey: "flag") as? Bool == false)
                clock.time = 1
                #expect(layer.presentation()!.value(forKey: "flag") as? Bool == true)
            }
        }
    }
}
