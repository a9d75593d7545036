import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct BasicAnimation {
        /// Seed 004, Listing 1 — ported from Objective-C by swapping only the platform types:
        /// `[NSValue valueWithPoint:NSMakePoint(74.0,74.0)]` → `NSValue(cgPoint: CGPoint(x: 74, y: 74))`.
        @Test func seed004PositionAnimationSampled() {
            withManualClock(at: 10) { clock in
                let (_, layer) = committedLayer()
                let theAnimation = CABasicAnimation(keyPath: "position")
                theAnimation.fromValue = NSValue(cgPoint: CGPoint(x: 74.0, y: 74.0))
                theAnimation.toValue = NSValue(cgPoint: CGPoint(x: 566.0, y: 406.0))
                theAnimation.duration = 3.0
                theAnimation.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1.0)
                layer.add(theAnimation, forKey: "position")
                CATransaction.flush()
                #expect(layer.animation(forKey: "position")?.beginTime == 10)

                let f = CAMediaTimingFunction(controlPoints: Float(0.25), Float(0.1), Float(0.25), Float(1.0))
                for dt in [0.0, 0.3, 0.75, 1.5, 2.25, 2.9] {
                    clock.time = 10 + dt
                    let e = referenceBezier(f.c1x, f.c1y, f.c2x, f.c2y, at: dt / 3)
                    let expected = CGPoint(x: 74 + (566 - 74) * e, y: 74 + (406 - 74) * e)
                    let p = layer.presentation()!.position
                    #expect(approx(p, expected, 1e-9), "t=\(dt): \(p) vs \(expected)")
                }
                // At and after the end the animation is over: the model value shows.
                clock.time = 13
                #expect(layer.presentation()!.position == .zero)
            }
        }

        @Test func fromToByTable() {
            withManualClock { clock in
                let (_, layer) = committedLayer()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.5
                CATransaction.flush()
                func run(_ from: Double?, _ to: Double?, _ by: Double?) -> Float {
                    let a = CABasicAnimation(keyPath: "opacity")
                    a.fromValue = from; a.toValue = to; a.byValue = by
                    a.duration = 1
                    layer.add(a, forKey: "o")
                    CATransaction.flush()
                    clock.advance(by: 0.25)
                    let v = layer.presentation()!.opacity
                    layer.removeAnimation(forKey: "o")
                    CATransaction.flush()
                    clock.advance(by: 10)
                    return v
                }
                // model 0.5, linear, a quarter of the way.
                #expect(run(0, 1, nil) == 0.25)
                #expect(approx(Double(run(0, nil, 0.4)), 0.1, 1e-6))   // 0 → 0.4
                #expect(approx(Double(run(nil, 1, 0.4)), 0.7, 1e-6))   // 0.6 → 1
                #expect(approx(Double(run(0.1, nil, nil)), 0.2, 1e-6))   // 0.1 → model 0.5
                #expect(approx(Double(run(nil, 0.9, nil)), 0.6, 1e-6))   // model 0.5 → 0.9
                #expect(approx(Double(run(nil, nil, 0.2)), 0.55, 1e-6))   // 0.5 → 0.7
                #expect(run(0, 1, 5) == 0.25)              // by ignored when from and to are set
            }
        }

        @Test func durationZeroGetsTransactionDefault() {
            withManualClock { clock in
                let (_, layer) = committedLayer()
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1
                layer.add(a, forKey: "o")
                #expect(layer.animation(forKey: "o")?.duration == 0.25)
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                let b = CABasicAnimation(keyPath: "opacity")
                b.duration = -1
                layer.add(b, forKey: "p")
                let c = CABasicAnimation(keyPath: "opacity")
                c.duration = .nan
                layer.add(c, forKey: "q")
                CATransaction.commit()
                #expect(layer.animation(forKey: "p")?.duration == 2)
                #expect(layer.animation(forKey: "q")?.duration == 2)
                _ = clock
            }
        }

        @Test func animationsAreCopiedWhenAdded() {
            withManualClock { clock in
                let (_, layer) = committedLayer()
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 1
                layer.add(a, forKey: "o")
                a.toValue = 0
                CATransaction.flush()
                clock.advance(by: 0.5)
                #expect(layer.presentation()!.opacity == 0.5)
                #expect(layer.animation(forKey: "o") !== a)
                #expect(a.beginTime == 0)   // the caller's object is not stamped
            }
        }

        @Test func animationKeysInOrderAndReplacement() {
            withManualClock { _ in
                let (_, layer) = committedLayer()
                for k in ["b", "a", "c"] { layer.add(CABasicAnimation(keyPath: "opacity"), forKey: k) }
                layer.add(CABasicAnimation(keyPath: "position"), forKey: "a")
                layer.add(CABasicAnimation(keyPath: "position"), forKey: nil)
                #expect(layer.animationKeys() == ["b", "c", "a"])
                #expect((layer.animation(forKey: "a") as? CABasicAnimation)?.keyPath == "position")
                layer.removeAllAnimations()
                #expect(layer.animationKeys() == nil)
            }
        }
    }
}
