import Foundation
import Testing
@testable import Strata

extension EngineTests.DeepLayerTreeTests {
    /// Records the order in which layers are laid out (by chain level).
    final class LayoutRecorder: CALayerDelegate {
        var levels: [ObjectIdentifier: Int] = [:]
        var order: [Int] = []
        /// Level whose layout turns its sublayer red.
        var reddens = 0

        func layoutSublayers(of layer: CALayer) {
            let k = levels[ObjectIdentifier(layer)] ?? 0
            order.append(k)
            if k == reddens { layer.sublayers?.first?.backgroundColor = EngineTests.DeepLayerTreeTests.red }
        }
    }

    /// A chain built top-down under a committed root (each layer added to the previous one
    /// while that is already in the tree), every layer needing layout: one commit lays out
    /// 10 000 levels top-down and copies them all, including what layout changed.
    @Test func aChainBuiltTopDownIsLaidOutTopDownOnA512KiBStack() {
        final class Result: @unchecked Sendable {
            var order: [Int] = []
            var colors: [CGColor?] = []
            var depth = 0
        }
        let r = Result()
        withManualClock(at: 100) { _ in
            _ = Self.onThread(stack: 512 << 10) { _ in
                let root = CALayer()
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let recorder = LayoutRecorder()
                recorder.reddens = 5_000
                var parent = root
                for k in 1...Self.depth {
                    let l = CALayer()
                    l.delegate = recorder
                    recorder.levels[ObjectIdentifier(l)] = k
                    parent.addSublayer(l)
                    l.setNeedsLayout()
                    parent = l
                }
                CATransaction.flush()
                r.order = recorder.order
                var node = tree.snapshot(at: 100)
                var levels: [CGColor?] = [nil]
                while let next = node.sublayers.first { node = next; levels.append(node.backgroundColor) }
                r.depth = levels.count - 1
                r.colors = [levels[5_000], levels[5_001], levels[5_002]]
            }
        }
        #expect(r.order == Array(1...Self.depth), "each layer before its sublayers")
        #expect(r.depth == Self.depth)
        #expect(r.colors == [nil, Self.red, nil], "layout's change to level 5 001 is in the same commit")
    }

    /// 100 000 sublayers of one layer (10 000 under a sanitizer: `TestScale`), one pixel each in
    /// rows of 400, red/green/blue by index: committed, snapshotted, drawn, hit-tested, one changed
    /// (damage: its pixel), presented, removed.
    @Test func aHundredThousandSiblings() {
        final class Result: @unchecked Sendable {
            var pixels: [UInt32] = []
            var hit = false
            var damage: [PixelRect] = []
            var changed: UInt32 = 0
            var snapshotCount = 0
            var presentationCount = 0
            var removed = -1
        }
        let r = Result()
        let count = TestScale.count(100_000, sanitized: 10_000), rows = count / 400
        withManualClock(at: 100) { _ in
            _ = Self.onThread(stack: 512 << 10) { _ in
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 400, height: rows)
                root.backgroundColor = .white
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let colors = [Self.red, Self.green, Self.blue]
                root.sublayers = (0..<count).map { i in
                    let l = CALayer()
                    l.anchorPoint = .zero
                    l.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
                    l.position = CGPoint(x: i % 400, y: i / 400)
                    l.backgroundColor = colors[i % 3]
                    return l
                }
                CATransaction.flush()
                let a = tree.snapshot(at: 100)
                r.snapshotCount = a.sublayers.count
                let c = Compositor()
                let bitmap = Bitmap(width: 400, height: rows)!
                c.render(a, into: bitmap, scale: 1)
                r.pixels = [(0, 0), (1, 0), (2, 0), (123, 20), (124, 20), (399, rows - 1)].map { bitmap.pixel(x: $0.0, y: $0.1) }
                let target = root.sublayers![20 * 400 + 124]
                r.hit = root.hitTest(CGPoint(x: 124.5, y: 20.5)) === target
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                target.backgroundColor = Self.blue
                CATransaction.commit()
                let b = tree.snapshot(at: 100)
                let damage = c.damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 400, height: rows))
                r.damage = damage.rects
                c.render(b, into: bitmap, scale: 1, region: damage)
                r.changed = bitmap.pixel(x: 124, y: 20)
                r.presentationCount = root.presentation()?.sublayers?.count ?? 0
                root.sublayers = nil
                CATransaction.flush()
                r.removed = tree.snapshot(at: 100).sublayers.count
            }
        }
        #expect(r.snapshotCount == count && r.presentationCount == count)
        // Index y × 400 + x: 0, 1, 2 → red, green, blue; 8 123 ≡ 2, 8 124 ≡ 0, and the last,
        // 99 999 or 9 999, ≡ 0 (mod 3).
        #expect(r.pixels == [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF00_00FF, 0xFFFF_0000, 0xFFFF_0000])
        #expect(r.hit)
        #expect(r.damage == [PixelRect(x: 124, y: 20, width: 1, height: 1)])
        #expect(r.changed == 0xFF00_00FF)
        #expect(r.removed == 0, "all removed at once")
    }
}
