import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct RenderTreeTests {
        @Test func snapshotEvaluatesCommittedAnimationsWithoutTheModel() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
                let child = CALayer()
                child.backgroundColor = .white
                child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
                root.addSublayer(child)
                let tree = RenderTree(root: root)
                final class Counter: @unchecked Sendable { var n = 0 }
                let commits = Counter()
                tree.onCommit = { commits.n += 1 }
                CATransaction.flush()
                #expect(commits.n == 1)

                var s = tree.snapshot(at: 0)
                #expect(s.id == root._layerID)
                #expect(s.bounds.size == CGSize(width: 200, height: 100))
                #expect(s.sublayers.count == 1)
                #expect(s.sublayers[0].position == CGPoint(x: 20, y: 20))
                #expect(s.sublayers[0].backgroundColor == .white)
                #expect(tree.nextFrameTime(after: 0) == .infinity)

                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = 0; a.toValue = 100; a.duration = 2
                child.add(a, forKey: "slide")
                // Not committed yet: the render side does not know.
                #expect(tree.snapshot(at: 0.5).sublayers[0].position.x == 20)
                clock.time = 1
                CATransaction.flush()
                #expect(commits.n == 2)
                s = tree.snapshot(at: 1.5)
                #expect(s.sublayers[0].position == CGPoint(x: 25, y: 20))
                #expect(tree.nextFrameTime(after: 1.5) == 1.5)
                // After the end (removed on completion): model value, nothing to draw.
                #expect(tree.snapshot(at: 3).sublayers[0].position.x == 20)
                #expect(tree.nextFrameTime(after: 3) == .infinity)
            }
        }

        /// Core Animation's pause (speed 0 and timeOffset at the pause moment) freezes the picture:
        /// no frames are asked for while paused, and they are again once resumed.
        @Test func aPausedSubtreeAsksForNoFrames() {
            withManualClock(at: 0) { clock in
                let root = CALayer(), parent = CALayer(), child = CALayer()
                root.addSublayer(parent)
                parent.addSublayer(child)
                let tree = RenderTree(root: root)
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.fromValue = 0; spin.toValue = 2 * Double.pi; spin.duration = 1; spin.repeatCount = .infinity
                child.add(spin, forKey: "spin")
                CATransaction.flush()
                #expect(tree.nextFrameTime(after: 0.5) == 0.5)
                clock.time = 0.25
                parent.timeOffset = parent.convertTime(CACurrentMediaTime(), from: nil)
                parent.speed = 0
                CATransaction.flush()
                #expect(tree.nextFrameTime(after: 0.5) == .infinity)
                #expect(tree.snapshot(at: 0.5).sublayers[0].sublayers[0].transform == tree.snapshot(at: 9).sublayers[0].sublayers[0].transform)
                clock.time = 2
                let paused = parent.timeOffset
                parent.speed = 1
                parent.timeOffset = 0
                parent.beginTime = 0
                parent.beginTime = parent.convertTime(CACurrentMediaTime(), from: nil) - paused
                CATransaction.flush()
                #expect(tree.nextFrameTime(after: 2) == 2)
            }
        }

        /// A layer with a duration cycles its sublayers' time: repeating, ping-ponging when
        /// autoreversing, held at the ends outside its active interval, and waking up when it
        /// begins.
        @Test func aLayerWithADurationLoopsItsSublayersTime() {
            withManualClock(at: 0) { _ in
                let root = CALayer(), loop = CALayer(), dot = CALayer()
                root.addSublayer(loop)
                loop.addSublayer(dot)
                loop.duration = 1
                loop.repeatCount = .infinity
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
                fade.isRemovedOnCompletion = false; fade.fillMode = .forwards
                dot.add(fade, forKey: "fade")
                let tree = RenderTree(root: root)
                CATransaction.flush()
                func opacity(_ t: Double) -> Float { tree.snapshot(at: t).sublayers[0].sublayers[0].opacity }
                #expect(opacity(0.25) == 0.25 && opacity(1.25) == 0.25 && opacity(7.5) == 0.5)
                #expect(loop.convertTime(2.25, from: nil) == 0.25)
                #expect(tree.nextFrameTime(after: 5) == 5)                      // loops forever

                // Once, autoreversing: 0 → 1 → 0 over 2 s, then held at the end (time 0).
                loop.repeatCount = 1
                loop.autoreverses = true
                CATransaction.flush()
                #expect(opacity(0.5) == 0.5 && opacity(1.5) == 0.5 && opacity(1.75) == 0.25)
                #expect(opacity(3) == 0)
                #expect(tree.nextFrameTime(after: 3) == .infinity)

                // Beginning at 5: held at its start until then, and the next frame is at 5.
                loop.beginTime = 5
                CATransaction.flush()
                #expect(opacity(1) == 0)
                #expect(tree.nextFrameTime(after: 1) == 5)
                #expect(opacity(5.5) == 0.5)
            }
        }

        @Test func nextFrameTimeWaitsForDelayedStart() {
            withManualClock(at: 0) { _ in
                let root = CALayer()
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0; a.toValue = 1; a.duration = 1
                a.beginTime = 5
                root.add(a, forKey: "later")
                CATransaction.flush()
                #expect(tree.nextFrameTime(after: 1) == 5)
                #expect(tree.nextFrameTime(after: 5.5) == 5.5)
                #expect(tree.snapshot(at: 5.5).opacity == 0.5)
            }
        }

        @Test func removedLayersLeaveTheTree() {
            withManualClock { _ in
                let root = CALayer()
                let a = CALayer(), b = CALayer()
                root.addSublayer(a); a.addSublayer(b)
                let tree = RenderTree(root: root)
                #expect(tree.snapshot(at: 0).sublayers.first?.sublayers.count == 1)
                a.removeFromSuperlayer()
                CATransaction.flush()
                #expect(tree.snapshot(at: 0).sublayers.isEmpty)
                root.addSublayer(a)
                b.opacity = 0.5
                CATransaction.flush()
                #expect(tree.snapshot(at: 0).sublayers.first?.sublayers.first?.opacity == 0.5)
            }
        }

        @Test func snapshotOnAnotherThreadWhileCommitting() {
            withManualClock { clock in
                let root = CALayer()
                for _ in 0..<50 { root.addSublayer(CALayer()) }
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let done = DispatchSemaphore(value: 0)
                final class Box: @unchecked Sendable { var counts: [Int] = [] }
                let box = Box()
                let th = Thread {
                    for i in 0..<200 { box.counts.append(tree.snapshot(at: Double(i)).sublayers.count) }
                    done.signal()
                }
                th.start()
                for i in 0..<200 {
                    root.sublayers?[i % 50].opacity = Float(i % 7) / 7
                    clock.advance(by: 0.01)
                    CATransaction.flush()
                }
                done.wait()
                #expect(box.counts.allSatisfy { $0 == 50 })
            }
        }
    }
}
