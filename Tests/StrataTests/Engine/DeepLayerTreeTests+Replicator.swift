import Foundation
import Testing
@testable import Strata

extension EngineTests.DeepLayerTreeTests {
    /// `leaf` inside `levels` layers from `make`, each 10×10 at the origin of the next.
    static func nest(_ leaf: CALayer, levels: Int, _ make: () -> CALayer) -> CALayer {
        var top = leaf
        for _ in 0..<levels {
            let l = make()
            l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            l.addSublayer(top)
            top = l
        }
        return top
    }

    /// A replicator's instances of a 10 000-deep chain (the copies renumbered to the bottom)
    /// and 10 000 replicators nested in each other, snapshotted and drawn on a 512 KiB stack.
    @Test func deepReplicatedAndNestedReplicatorsOnA512KiBStack() {
        final class Result: @unchecked Sendable {
            var pixels: [UInt32] = []
            var copyID: UInt64 = 0
            var expectedCopyID: UInt64 = 0
            var nested: [UInt32] = []
            var nestedDepth = 0
        }
        let r = Result()
        withManualClock(at: 100) { _ in
            _ = Self.onThread(stack: 512 << 10) { _ in
                // Two instances 20 points apart of a chain whose deepest layer is a red 4×4
                // square at (2, 2).
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 40, height: 10)
                root.backgroundColor = .white
                let replicator = CAReplicatorLayer()
                replicator.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                replicator.instanceCount = 2
                replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
                root.addSublayer(replicator)
                let deepest = CALayer()
                deepest.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
                deepest.backgroundColor = Self.red
                let deepestID = deepest._layerID
                replicator.addSublayer(Self.nest(deepest, levels: Self.depth - 1) { CALayer() })
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let s = tree.snapshot(at: 100)
                var copy = s.sublayers[0].sublayers[1]
                while let next = copy.sublayers.first { copy = next }
                r.copyID = copy.id
                r.expectedCopyID = _Replication.copyID(deepestID, 1)
                let b = Snapshot.render(s, width: 40, height: 10)!
                r.pixels = [b.pixel(x: 2, y: 2), b.pixel(x: 5, y: 5), b.pixel(x: 6, y: 6), b.pixel(x: 22, y: 2), b.pixel(x: 25, y: 5),
                            b.pixel(x: 26, y: 6)]

                // Replicators nested 10 000 deep, one instance each, tinted (0, 1, 1, 1):
                // the green leaf stays green through every tint.
                let root2 = CALayer()
                root2.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                let leaf = CALayer()
                leaf.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
                leaf.backgroundColor = Self.green
                root2.addSublayer(Self.nest(leaf, levels: Self.depth) {
                    let rep = CAReplicatorLayer()
                    rep.instanceColor = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
                    return rep
                })
                let tree2 = RenderTree(root: root2)
                CATransaction.flush()
                let s2 = tree2.snapshot(at: 100)
                var n = 0, node = s2
                while let next = node.sublayers.first { n += 1; node = next }
                r.nestedDepth = n
                let b2 = Snapshot.render(s2, width: 10, height: 10)!
                r.nested = [b2.pixel(x: 0, y: 0), b2.pixel(x: 3, y: 3), b2.pixel(x: 4, y: 4)]
            }
        }
        let red: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF
        #expect(r.pixels == [red, red, white, red, red, white])
        #expect(r.copyID == r.expectedCopyID, "instance 1's deepest layer carries instance 1's id")
        // Each replicator and its instance container, then the leaf.
        #expect(r.nestedDepth == 2 * Self.depth + 1)
        #expect(r.nested == [0xFF00_FF00, 0xFF00_FF00, 0])
    }
}
