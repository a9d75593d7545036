import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct Transaction {
        @Test func implicitOpacityAnimationUsesDefaultCurveAndDuration() {
            withManualClock(at: 100) { clock in
                let (_, layer) = committedLayer()
                layer.opacity = 0
                #expect(layer.opacity == 0)                      // the model changes at once
                CATransaction.flush()
                let anim = layer.animation(forKey: "opacity") as? CABasicAnimation
                #expect(anim?.duration == 0.25)
                #expect(anim?.beginTime == 100)
                #expect(anim?.timingFunction == CAMediaTimingFunction(name: .default))
                let f = CAMediaTimingFunction(name: .default)
                for dt in [0.0, 0.05, 0.125, 0.2] {
                    clock.time = 100 + dt
                    let expected = 1 - referenceBezier(0.25, 0.1, 0.25, 1, at: dt / 0.25)
                    let v = Double(layer.presentation()!.opacity)
                    #expect(approx(v, expected, 1e-6), "t=\(dt): \(v) vs \(expected)")
                    _ = f
                }
                clock.time = 100.25
                #expect(layer.presentation()!.opacity == 0)
            }
        }

        @Test func uncommittedLayersDoNotAnimate() {
            withManualClock { _ in
                let layer = CALayer()
                layer.opacity = 0.5
                #expect(layer.animationKeys() == nil)
                #expect(layer.presentation() == nil)          // nil before the first commit
                CATransaction.flush()
                #expect(layer.presentation()?.opacity == 0.5)
            }
        }

        /// Seed 000/001 `updateWithoutAnimation()` (unchanged; `newFrame` spelled out).
        @Test func disableActionsSuppressesImplicitAnimations() {
            withManualClock { _ in
                let (_, layer) = committedLayer()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
                CATransaction.commit()
                #expect(layer.animationKeys() == nil)
                #expect(layer.presentation()?.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
                // Outside that transaction actions are back.
                layer.opacity = 0.2
                #expect(layer.animationKeys() == ["opacity"])
            }
        }

        @Test func nestedTransactionsInnermostWins() {
            withManualClock { _ in
                let (_, layer) = committedLayer()
                #expect(CATransaction.animationDuration() == 0.25)
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                layer.opacity = 0.5
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
                #expect(CATransaction.animationDuration() == 2)
                layer.position = CGPoint(x: 5, y: 5)
                CATransaction.commit()
                #expect(CATransaction.animationDuration() == 1)
                #expect(CATransaction.animationTimingFunction() == nil)
                layer.cornerRadius = 4
                CATransaction.commit()
                #expect(CATransaction.animationDuration() == 0.25)
                #expect(layer.animation(forKey: "opacity")?.duration == 1)
                #expect(layer.animation(forKey: "position")?.duration == 2)
                #expect(layer.animation(forKey: "position")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
                #expect(layer.animation(forKey: "cornerRadius")?.duration == 1)
                #expect(layer.animation(forKey: "cornerRadius")?.timingFunction == CAMediaTimingFunction(name: .default))
            }
        }

        @Test func explicitCommitStampsBeginTime() {
            withManualClock(at: 50) { clock in
                let (_, layer) = committedLayer()
                CATransaction.begin()
                layer.opacity = 0
                clock.time = 51
                CATransaction.commit()
                #expect(layer.animation(forKey: "opacity")?.beginTime == 51)
            }
        }

        @Test func completionBlockRunsWhenAnimationsFinish() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                var log: [String] = []
                // Seed 000's groupedAnimation(), platform types swapped (UIColor → CGColor).
                let layer1 = layer, layer2 = CALayer(), layer3 = CALayer()
                root.addSublayer(layer2); root.addSublayer(layer3)
                CATransaction.flush()
                CATransaction.begin()
                CATransaction.setAnimationDuration(1.5)
                CATransaction.setAnimationTimingFunction(
                    CAMediaTimingFunction(name: .easeOut)
                )
                CATransaction.setCompletionBlock {
                    log.append("All animations completed")
                }
                layer1.opacity = 0.3
                layer2.position = CGPoint(x: 200, y: 300)
                layer3.backgroundColor = CGColor(red: 1, green: 0.23, blue: 0.19, alpha: 1)
                CATransaction.commit()

                for k in ["opacity"] { #expect(layer1.animation(forKey: k)?.duration == 1.5) }
                #expect(layer2.animation(forKey: "position")?.duration == 1.5)
                #expect(layer3.animation(forKey: "backgroundColor")?.duration == 1.5)
                clock.time = 1.0
                CATransaction.deliverAnimationEvents(at: clock.time)
                #expect(log.isEmpty)
                clock.time = 1.5
                CATransaction.deliverAnimationEvents(at: clock.time)
                #expect(log == ["All animations completed"])
                #expect(layer1.animationKeys() == nil)    // removed on completion
                CATransaction.deliverAnimationEvents(at: 2)
                #expect(log.count == 1)                   // once
            }
        }

        @Test func completionBlockWithoutAnimationsRunsAtCommit() {
            withManualClock { _ in
                var ran = 0
                CATransaction.begin()
                CATransaction.setCompletionBlock { ran += 1 }
                CATransaction.commit()
                #expect(ran == 1)
            }
        }

        /// Apple: a block replaced by another ("set to a different value") is still invoked:
        /// right away when no animation was added while it was set, else when those finish.
        @Test func aReplacedCompletionBlockStillRuns() {
            withManualClock(at: 0) { clock in
                let (_, layer) = committedLayer()
                var log: [String] = []
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("A") }
                CATransaction.setCompletionBlock { log.append("B") }
                CATransaction.commit()
                #expect(log.sorted() == ["A", "B"])

                log = []
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("A") }
                CATransaction.setCompletionBlock(nil)
                CATransaction.commit()
                #expect(log == ["A"])

                // A waits for the animation added while it was set; B, with none, runs at commit.
                log = []
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("A") }
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 1
                layer.add(a, forKey: "a")
                CATransaction.setCompletionBlock { log.append("B") }
                CATransaction.commit()
                #expect(log == ["B"])
                clock.time = 1
                CATransaction.deliverAnimationEvents(at: 1)
                #expect(log == ["B", "A"])
            }
        }

        /// Apple's animatable-properties table: `doubleSided` has "no default implied animation"
        /// (an explicit one still runs).
        @Test func doubleSidedChangesWithoutAnImplicitAnimation() {
            withManualClock(at: 0) { clock in
                let (_, layer) = committedLayer()
                layer.isDoubleSided = false
                #expect(layer.animationKeys() == nil)
                CATransaction.flush()
                #expect(layer.presentation()?.isDoubleSided == false)
                layer.opacity = 0.5                          // an animatable neighbour still animates
                #expect(layer.animationKeys() == ["opacity"])
                CATransaction.flush()
            }
        }

        /// Apple: a value is looked up "first [in] the innermost scope, then the enclosing
        /// transactions" — the completion block too.
        @Test func completionBlockIsFoundInEnclosingTransactions() {
            var ran: [String] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran.append("outer") }
            CATransaction.begin()
            #expect(CATransaction.completionBlock() != nil)
            (CATransaction.value(forKey: kCATransactionCompletionBlock) as? () -> Void)?()
            #expect(ran == ["outer"])
            CATransaction.setCompletionBlock { ran.append("inner") }
            CATransaction.completionBlock()?()
            #expect(ran == ["outer", "inner"])
            CATransaction.commit()
            ran.removeAll()
            CATransaction.completionBlock()?()                  // the outer level's own again
            #expect(ran.last == "outer")
            CATransaction.commit()
            CATransaction.flush()
        }

        @Test func lockIsRecursive() {
            CATransaction.lock()
            CATransaction.lock()
            CATransaction.unlock()
            CATransaction.unlock()
            // Free again: another thread can take it.
            let taken = DispatchSemaphore(value: 0)
            Thread { CATransaction.lock(); CATransaction.unlock(); taken.signal() }.start()
            #expect(taken.wait(timeout: .now() + 10) == .success)
        }

        @Test func delegateSeesStartAndStop() {
            final class D: CAAnimationDelegate {
                var events: [String] = []
                func animationDidStart(_ anim: CAAnimation) { events.append("start") }
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
            }
            withManualClock(at: 0) { clock in
                let (_, layer) = committedLayer()
                let d = D()
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 1; a.delegate = d
                layer.add(a, forKey: "a")
                CATransaction.flush()
                CATransaction.deliverAnimationEvents(at: 0)
                #expect(d.events == ["start"])
                clock.time = 2
                CATransaction.deliverAnimationEvents(at: 2)
                #expect(d.events == ["start", "stop true"])
                // Replaced before finishing → stop(false).
                let b = CABasicAnimation(keyPath: "opacity")
                b.duration = 5; b.delegate = d
                layer.add(b, forKey: "b")
                CATransaction.flush()
                layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "b")
                CATransaction.flush()
                CATransaction.deliverAnimationEvents(at: 2)
                #expect(d.events == ["start", "stop true", "stop false"])
            }
        }

        @Test func transactionsArePerThread() {
            final class Box: @unchecked Sendable { var d = 0.0 }
            let box = Box()
            CATransaction.begin()
            CATransaction.setAnimationDuration(7)
            let done = DispatchSemaphore(value: 0)
            let th = Thread { box.d = CATransaction.animationDuration(); done.signal() }
            th.start()
            done.wait()
            #expect(CATransaction.animationDuration() == 7)
            CATransaction.commit()
            #expect(box.d == 0.25)
        }
    }
}
