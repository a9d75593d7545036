import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct MediaTiming {
        /// Adds a linear opacity animation 0 → 1 at t0 and returns a sampler of presentation
        /// opacity at offsets from t0.
        static func opacity(_ configure: (CABasicAnimation) -> Void, model: Float = 0.5,
                            _ check: (_ at: (Double) -> Float) -> Void) {
            withManualClock(at: 10) { clock in
                let (root, layer) = committedLayer()
                _ = root
                CATransaction.setDisableActions(true)
                layer.opacity = model
                CATransaction.flush()
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 1
                configure(a)
                layer.add(a, forKey: "a")
                CATransaction.flush()
                check { dt in clock.time = 10 + dt; return layer.presentation()!.opacity }
            }
        }

        @Test func autoreverseAndRepeatCount() {
            Self.opacity({ $0.autoreverses = true; $0.repeatCount = 2 }) { at in
                #expect(at(0.25) == 0.25)
                #expect(at(1.25) == 0.75)       // on the way back
                #expect(at(2.5) == 0.5)          // second cycle
                #expect(at(3.75) == 0.25)
                #expect(at(4) == 0.5)            // active duration 2 × 2 × 1 s is over: model
            }
        }

        @Test func fractionalRepeatEndsMidCycle() {
            Self.opacity({ $0.duration = 2; $0.repeatCount = 1.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }) { at in
                #expect(at(2.5) == 0.25)
                #expect(at(2.999) > 0.49)
                #expect(at(10) == 0.5)           // frozen at the end of the half cycle
            }
        }

        @Test func infiniteRepeatNeverEnds() {
            Self.opacity({ $0.repeatCount = .infinity }) { at in
                #expect(at(1_000_000.25) == 0.25)
            }
        }

        @Test func repeatDurationBoundsTheActiveTime() {
            Self.opacity({ $0.repeatDuration = 2.5 }) { at in
                #expect(at(2.25) == 0.25)
                #expect(at(2.5) == 0.5)          // over
            }
        }

        /// fillMode × isRemovedOnCompletion, before the start and after the end.
        @Test func fillModeMatrix() {
            let modes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
            for mode in modes {
                for removed in [true, false] {
                    Self.opacity({
                        $0.beginTime = CACurrentMediaTime() + 1   // starts one second late
                        $0.fillMode = mode; $0.isRemovedOnCompletion = removed
                        $0.fromValue = 0.2; $0.toValue = 0.8
                    }) { at in
                        let before = at(0.5), after = at(5)
                        let fillsBack = mode == .backwards || mode == .both
                        let fillsForward = (mode == .forwards || mode == .both) && !removed
                        #expect(before == (fillsBack ? 0.2 : 0.5), "\(mode.rawValue) removed=\(removed)")
                        #expect(after == (fillsForward ? 0.8 : 0.5), "\(mode.rawValue) removed=\(removed)")
                        #expect(approx(Double(at(1.5)), 0.5, 1e-6))
                    }
                }
            }
        }

        @Test func speedOnParentHalvesChildDuration() {
            withManualClock(at: 10) { clock in
                let (root, layer) = committedLayer()
                root.speed = 2
                CATransaction.flush()
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 1
                layer.add(a, forKey: "a")
                CATransaction.flush()
                clock.time = 10.25
                #expect(layer.presentation()!.opacity == 0.5)
                clock.time = 10.5
                #expect(layer.presentation()!.opacity == 1)   // over after half a second
                // The render tree agrees.
                let tree = RenderTree(root: root)
                #expect(tree.snapshot(at: 10.25).sublayers[0].opacity == 0.5)
            }
        }

        @Test func animationSpeedAndTimeOffset() {
            Self.opacity({ $0.speed = 0.5; $0.timeOffset = 0.25 }) { at in
                #expect(at(0) == 0.25)
                #expect(at(1) == 0.75)
            }
        }

        /// `timeOffset` is in "active local time" (Apple's t = (tp − begin) × speed + offset):
        /// the active interval still starts at the begin time and lasts the active duration,
        /// and the offset time wraps round the cycle — 0.75 → 1, then 0 → 0.75.
        @Test func timeOffsetWrapsWithinTheActiveInterval() {
            Self.opacity({ $0.timeOffset = 0.75 }) { at in
                #expect(at(0) == 0.75)
                #expect(at(0.125) == 0.875)
                #expect(at(0.5) == 0.25)         // wrapped round
                #expect(at(0.875) == 0.625)
                #expect(at(1) == 0.5)            // the active second is over: model
            }
            Self.opacity({ $0.timeOffset = 0.5; $0.beginTime = CACurrentMediaTime() + 1; $0.fillMode = .backwards }) { at in
                #expect(at(0.5) == 0.5)          // before its begin time: the offset frame
                #expect(at(1.75) == 0.25)
            }
            Self.opacity({ $0.timeOffset = 0.5; $0.repeatCount = 2; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }) { at in
                #expect(at(1.25) == 0.75)        // second cycle, offset
                #expect(at(5) == 0.5)            // holds the frame where it ended: 2 + 0.5 wraps to 0.5
            }
        }

        /// Apple's Technical Q&A pause/resume recipe round-trips exactly.
        @Test func pauseAndResumeRoundTrip() {
            withManualClock(at: 100) { clock in
                let (root, layer) = committedLayer()
                _ = root
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 4
                layer.add(a, forKey: "a")
                CATransaction.flush()
                clock.time = 101
                // pause
                let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
                layer.speed = 0.0
                layer.timeOffset = pausedTime
                CATransaction.flush()
                #expect(layer.presentation()!.opacity == 0.25)
                clock.time = 105
                #expect(layer.presentation()!.opacity == 0.25)
                // resume
                clock.time = 110
                let paused = layer.timeOffset
                layer.speed = 1.0
                layer.timeOffset = 0.0
                layer.beginTime = 0.0
                let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
                layer.beginTime = timeSincePause
                CATransaction.flush()
                #expect(layer.presentation()!.opacity == 0.25)
                clock.time = 111
                #expect(layer.presentation()!.opacity == 0.5)
                clock.time = 113
                #expect(layer.presentation()!.opacity == 1)   // model value: the animation is over
            }
        }

        @Test func convertTimeThroughHierarchy() {
            withManualClock { _ in
                let root = CALayer(), child = CALayer()
                root.addSublayer(child)
                root.beginTime = 2; root.speed = 3; root.timeOffset = 1
                child.speed = 0.5
                #expect(root.convertTime(10, from: nil) == (10 - 2) * 3 + 1)
                #expect(child.convertTime(10, from: nil) == 12.5)
                #expect(child.convertTime(12.5, to: nil) == 10)
                #expect(child.convertTime(25, from: root) == 12.5)
                #expect(root.convertTime(12.5, from: child) == 25)
            }
        }
    }
}
