import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// The seeds' code samples, ported by swapping only UIKit types
    /// (`UIColor.systemBlue.cgColor` → a `CGColor`, `view.layer` → a root layer).
    @Suite struct SeedPorts {
        static let systemBlue = CGColor(red: 0, green: 0.478, blue: 1, alpha: 1)

        /// Seed 000/001 `animateLayer()`: opacity and corner radius, autoreversing forever.
        @Test func animateLayer() {
            withManualClock(at: 0) { clock in
                let view = (layer: CALayer(), ())
                CATransaction.flush()
                func animateLayer() -> CALayer {
                    let layer = CALayer()
                    layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
                    layer.backgroundColor = Self.systemBlue
                    view.layer.addSublayer(layer)

                    let fadeAnim = CABasicAnimation(keyPath: "opacity")
                    fadeAnim.fromValue = 1.0
                    fadeAnim.toValue = 0.2
                    fadeAnim.duration = 2.0
                    fadeAnim.autoreverses = true
                    fadeAnim.repeatCount = .infinity

                    let cornerAnim = CABasicAnimation(keyPath: "cornerRadius")
                    cornerAnim.fromValue = 0
                    cornerAnim.toValue = 50
                    cornerAnim.duration = 2.0
                    cornerAnim.autoreverses = true
                    cornerAnim.repeatCount = .infinity

                    layer.add(fadeAnim, forKey: "fade")
                    layer.add(cornerAnim, forKey: "corner")
                    return layer
                }
                let layer = animateLayer()
                CATransaction.flush()
                let tree = RenderTree(root: view.layer)
                for (t, o, r) in [(1.0, 0.6, 25.0), (2.0, 0.2, 50.0), (3.0, 0.6, 25.0), (4.0, 1.0, 0.0), (1001.0, 0.6, 25.0)] {
                    clock.time = t
                    let p = layer.presentation()!
                    #expect(abs(Double(p.opacity) - o) < 1e-6 && abs(Double(p.cornerRadius) - r) < 1e-9, "t=\(t)")
                    let s = tree.snapshot(at: t).sublayers[0]
                    #expect(abs(Double(s.opacity) - o) < 1e-6 && abs(Double(s.cornerRadius) - r) < 1e-9)
                }
                #expect(tree.nextFrameTime(after: 5000) == 5000)
            }
        }

        /// Seed 000/001 `moveLayer(_:to:)`: ease-in-ease-out, kept at the end with fillMode.
        @Test func moveLayer() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                func moveLayer(_ layer: CALayer, to point: CGPoint) {
                    let anim = CABasicAnimation(keyPath: "position")
                    anim.fromValue = NSValue(cgPoint: layer.position)
                    anim.toValue = NSValue(cgPoint: point)
                    anim.duration = 0.6
                    anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                    anim.isRemovedOnCompletion = false
                    anim.fillMode = .forwards
                    layer.add(anim, forKey: "move")
                    layer.position = point
                }
                moveLayer(layer, to: CGPoint(x: 300, y: 200))
                CATransaction.flush()
                // The explicit animation replaced the implicit one under "position"? No: keys differ.
                #expect(layer.animationKeys() == ["move", "position"])
                clock.time = 0.3
                let e = referenceBezier(0.42, 0, 0.58, 1, at: 0.5)
                #expect(approx(layer.presentation()!.position, CGPoint(x: 300 * e, y: 200 * e)))
                clock.time = 5
                CATransaction.deliverAnimationEvents(at: 5)
                #expect(layer.animationKeys() == ["move"])          // kept: not removed on completion
                #expect(layer.presentation()!.position == CGPoint(x: 300, y: 200))
            }
        }

        /// Seed 000/001 `animateProgress(percentage:)` and seed 000's `setProgress(_:animated:)`.
        @Test func progressTransactions() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                let progressLayer = CAShapeLayer()
                progressLayer.strokeEnd = 0
                root.addSublayer(progressLayer)
                let tree = RenderTree(root: root)
                CATransaction.flush()
                var printed: [String] = []
                func print(_ s: String) { printed.append(s) }

                func animateProgress(percentage: CGFloat) {
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(0.8)
                    CATransaction.setCompletionBlock {
                        print("Progress updated to (percentage)%")
                    }
                    progressLayer.strokeEnd = percentage / 100.0
                    CATransaction.commit()
                }
                animateProgress(percentage: 50)
                clock.time = 0.4
                let e = referenceBezier(0.25, 0.1, 0.25, 1, at: 0.5)
                #expect(abs(Double(progressLayer.presentation()!.strokeEnd) - 0.5 * e) < 1e-9)
                #expect(abs(Double(tree.snapshot(at: 0.4).sublayers[0].properties["strokeEnd"] as! CGFloat) - 0.5 * e) < 1e-9)
                CATransaction.deliverAnimationEvents(at: 0.4)
                #expect(printed.isEmpty)
                clock.time = 0.8
                CATransaction.deliverAnimationEvents(at: 0.8)
                #expect(printed == ["Progress updated to (percentage)%"])

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
                setProgress(2)                                       // clamped to 1
                // Delivering events opened the implicit transaction (finished animations were
                // removed), so the explicit one above nests in it: the event loop's flush commits.
                CATransaction.flush()
                clock.time = 1.1
                let f = referenceBezier(0, 0, 0.58, 1, at: 0.5)
                #expect(abs(Double(progressLayer.presentation()!.strokeEnd) - (0.5 + 0.5 * f)) < 1e-9)
                #expect(progressLayer.strokeEnd == 1)
            }
        }

        @Test func nestedCompletionBlocksWaitForTheirOwnAnimations() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                var log: [String] = []
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("outer") }
                CATransaction.setAnimationDuration(2)
                layer.opacity = 0
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("inner") }
                CATransaction.setAnimationDuration(1)
                layer.cornerRadius = 5
                CATransaction.commit()
                CATransaction.commit()
                clock.time = 1
                CATransaction.deliverAnimationEvents(at: 1)
                #expect(log == ["inner"])
                clock.time = 2
                CATransaction.deliverAnimationEvents(at: 2)
                #expect(log == ["inner", "outer"])
            }
        }

        @Test func customKeysOnTransactionsAndAnimations() {
            CATransaction.begin()
            CATransaction.setValue("outer", forKey: "myKey")
            CATransaction.begin()
            #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
            CATransaction.setValue("inner", forKey: "myKey")
            #expect(CATransaction.value(forKey: "myKey") as? String == "inner")
            CATransaction.commit()
            #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
            CATransaction.commit()
            let a = CABasicAnimation(keyPath: "opacity")
            a.setValue("tag", forKey: "name")
            a.setValue(3, forKey: "duration")
            #expect(a.value(forKey: "name") as? String == "tag" && a.duration == 3)
            #expect((a.copy() as? CABasicAnimation)?.value(forKey: "name") as? String == "tag")
        }

        @Test func badTimingValuesAreSanitised() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 1
                a.speed = .nan; a.timeOffset = .infinity; a.repeatCount = -3; a.repeatDuration = .nan
                layer.add(a, forKey: "a")
                layer.speed = .nan                                   // ignored: not finite
                CATransaction.flush()
                clock.time = 0.5
                #expect(layer.presentation()!.opacity == 0.5)
                #expect(layer.speed == 1)
            }
        }
    }
}
