import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// `CAAnimationGroup`s nested 10 000 deep on a 512 KiB stack: added to a layer (copied and
    /// normalized), compiled and evaluated by `presentation()` and by `RenderTree`, and freed —
    /// every walk iterative. Groups nested in themselves are cut where they repeat.
    @Suite struct NestedAnimationGroupTests {
        static let depth = 10_000

        final class Result: @unchecked Sendable {
            // Unchecked: written by the worker thread before it finishes, read after.
            var presented: [Float] = []
            var rendered: [Float] = []
            var copyDepth = 0
            var copyDuration = 0.0
            var compiledDepth = 0
            var freed: [Bool] = []
            var durations: [Double] = []
        }

        /// Groups 1…`depth`, each holding the next; the innermost holds an opacity animation from 0
        /// to 1 over 4 s. Every group lasts 100 s (the innermost `innermostDuration`); levels
        /// 1 250, 2 500, …, 10 000 begin 0.125 s into their parent, so the opacity animation
        /// starts 8 × 0.125 = 1 s after the outermost group.
        static func chain(innermostDuration: CFTimeInterval = 100) -> (top: CAAnimationGroup, innermost: CAAnimationGroup) {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 4
            var inner: CAAnimation = fade
            var innermost: CAAnimationGroup?
            for k in stride(from: depth, through: 1, by: -1) {
                let g = CAAnimationGroup()
                g.duration = k == depth ? innermostDuration : 100
                if k % 1_250 == 0 { g.beginTime = 0.125 }
                g.animations = [inner]
                innermost = innermost ?? g
                inner = g
            }
            return (inner as! CAAnimationGroup, innermost!)
        }

        /// Levels below `g` along first children, and the last group reached (without recursion).
        static func walk(_ g: CAAnimationGroup) -> (depth: Int, last: CAAnimationGroup) {
            var n = 1, cur = g
            while let next = cur.animations?.first as? CAAnimationGroup { n += 1; cur = next }
            return (n, cur)
        }

        @Test func tenThousandNestedGroupsOnA512KiBStack() {
            let r = Result()
            withManualClock(at: 100) { clock in
                _ = EngineTests.DeepLayerTreeTests.onThread(stack: EngineTests.DeepLayerTreeTests.rasterizeStackBytes) { _ in
                    let root = CALayer()
                    root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                    let layer = CALayer()
                    layer.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
                    layer.backgroundColor = .white
                    root.addSublayer(layer)
                    let tree = RenderTree(root: root)
                    CATransaction.flush()
                    weak var original: CAAnimationGroup?, copied: CAAnimationGroup?, compiledLeaf: _CompiledAnimation?
                    do {
                        let chain = Self.chain()
                        original = chain.innermost
                        layer.add(chain.top, forKey: "deep")
                        CATransaction.flush()
                    }
                    do {
                        let copy = Self.walk(layer.animation(forKey: "deep") as! CAAnimationGroup)
                        r.copyDepth = copy.depth
                        r.copyDuration = copy.last.duration
                        copied = copy.last
                    }
                    // Before the fade starts (model opacity 1), half-way, and after its end
                    // (removed: 1 again): layer times 0.5, 3 and 5.5.
                    for t in [100.5, 103, 105.5] {
                        clock.time = t
                        r.presented.append(layer.presentation()!.opacity)
                        r.rendered.append(tree.snapshot(at: t).sublayers[0].opacity)
                    }
                    do {
                        var node = layer.animation(forKey: "deep")!._compile(for: layer, nested: false)
                        var levels = 0
                        while case let .group(children) = node.body, let first = children.first { levels += 1; node = first }
                        r.compiledDepth = levels
                        compiledLeaf = node
                    }
                    layer.removeAllAnimations()
                    CATransaction.flush()
                    _ = tree.snapshot(at: 106)
                    r.freed = [original == nil, copied == nil, compiledLeaf == nil]
                }
            }
            #expect(r.copyDepth == Self.depth, "the layer's copy has every level")
            #expect(r.copyDuration == 100)
            #expect(r.presented == [1, 0.5, 1], "starts 1 s in, half-way 2 s later, removed at its end")
            #expect(r.rendered == r.presented)
            #expect(r.compiledDepth == Self.depth, "every group, down to the fade")
            #expect(r.freed == [true, true, true], "original, copy and compiled chains freed")
        }

        /// The innermost group's duration 0 becomes the transaction's 0.25 s in the layer's copy
        /// (normalized at every depth); the original keeps 0.
        @Test func nestedDurationsAreNormalizedAtEveryDepth() {
            let r = Result()
            withManualClock(at: 100) { _ in
                _ = EngineTests.DeepLayerTreeTests.onThread(stack: EngineTests.DeepLayerTreeTests.rasterizeStackBytes) { _ in
                    let (_, layer) = committedLayer()
                    let chain = Self.chain(innermostDuration: 0)
                    layer.add(chain.top, forKey: "deep")
                    r.durations = [Self.walk(layer.animation(forKey: "deep") as! CAAnimationGroup).last.duration, chain.innermost.duration]
                    CATransaction.flush()
                }
            }
            #expect(r.durations == [0.25, 0])
        }

        /// A group holding itself (and one holding its parent): the repeated occurrence is left
        /// out; the other animations run.
        @Test func groupsNestedInThemselvesAreCutWhereTheyRepeat() {
            var presented: Float = 0, kept: [Int] = []
            withManualClock(at: 100) { clock in
                let (_, layer) = committedLayer()
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 4
                let outer = CAAnimationGroup(), inner = CAAnimationGroup()
                outer.duration = 10
                inner.duration = 10
                outer.animations = [outer, inner]
                inner.animations = [fade, outer, inner]
                layer.add(outer, forKey: "cycle")
                CATransaction.flush()
                clock.time = 101
                presented = layer.presentation()!.opacity
                let copy = layer.animation(forKey: "cycle") as! CAAnimationGroup
                let innerCopy = copy.animations?.first as? CAAnimationGroup
                kept = [copy.animations?.count ?? -1, innerCopy?.animations?.count ?? -1]
                #expect(innerCopy?.animations?.first is CABasicAnimation)
                // Break the cycles (they would outlive the test).
                outer.animations = nil
                inner.animations = nil
            }
            #expect(kept == [1, 1], "outer keeps inner; inner keeps the fade")
            #expect(presented == 0.25)
        }
    }
}
