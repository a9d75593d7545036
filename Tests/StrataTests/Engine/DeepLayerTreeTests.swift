import Foundation
import Testing
@testable import Strata

/// A 10 000-deep CALayer chain through the whole pipeline — built, committed, snapshotted by
/// `RenderTree`, composited (full frame, then only the damage of a change at the bottom),
/// encoded as PNG, its presentation layers made, and freed — in constant stack: on a thread
/// with Linux's default 8 MiB main-thread stack and on one with 512 KiB (a render thread's may
/// be that small; it proves the walks are iterative, not that 8 MiB has headroom).
extension EngineTests {
    @Suite struct DeepLayerTreeTests {
        static let depth = 10_000

        /// What the worker thread hands back.
        final class Outcome: @unchecked Sendable {
            // Unchecked: written by the worker before it signals, read after the wait.
            var pixels: [String: UInt32] = [:]
            var damage: [PixelRect] = []
            var partialEqualsFull = false
            var pngPixels: [UInt32?] = []
            var presentationColor: [CGFloat] = []
            var presentationDepth = 0
            var snapshotDepth = 0
            var nextFrame = 0.0
            var nextFrameAfterEnd = 0.0
            var hitDeepest = false
            var hitSecond = false
            var converted = CGPoint.zero
            var presentationConverted = CGPoint.zero
            var freed = false
        }

        /// Runs `body` on a new thread with a `stack`-byte stack and waits for it; the thread
        /// reads the caller's scoped media clock (threads don't inherit it).
        static func onThread(stack: Int, _ body: @escaping @Sendable (Outcome) -> Void) -> Outcome {
            let o = Outcome()
            let clock = CAMediaClock.scoped
            _ = CompositorDeepTreeTests.onSmallStack(stack: stack) { _ in
                CAMediaClock.$scoped.withValue(clock) { body(o) }
            }
            return o
        }

        /// Top-left corner of chain level `k` (1 = the root's sublayer) in its superlayer:
        /// (9, 9) for level 1, then (1, 1) except (−7, −7) at every 8th level, so level k sits
        /// at 8 + k mod 8 in the root. 16×16 each; the deepest red, the others blue at odd and
        /// green at even levels.
        static func origin(_ k: Int) -> CGFloat { k == 1 ? 9 : (k % 8 == 0 ? -7 : 1) }

        static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

        /// The whole scenario, on the calling thread.
        static func run(_ o: Outcome, clock: CAManualClock) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            root.backgroundColor = .white
            let tree = RenderTree(root: root)
            CATransaction.flush()
            // Built bottom-up, then attached at once (one subtree insertion 10 000 deep).
            var top: CALayer?
            var second: CALayer?, deepest: CALayer?
            for k in stride(from: depth, through: 1, by: -1) {
                let l = CALayer()
                l.anchorPoint = .zero
                l.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
                l.position = CGPoint(x: origin(k), y: origin(k))
                l.backgroundColor = k == depth ? red : (k % 2 == 1 ? blue : green)
                if let t = top { l.addSublayer(t) }
                if k == depth { deepest = l }
                if k == depth - 1 { second = l }
                top = l
            }
            root.addSublayer(top!)
            top = nil
            CATransaction.flush()
            // Level depth − 1 fades from blue to green over 1 s (linear), starting at 100.
            let fade = CABasicAnimation(keyPath: "backgroundColor")
            fade.fromValue = blue
            fade.toValue = green
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            second!.add(fade, forKey: "fade")
            CATransaction.flush()

            clock.time = 100.25
            let a = tree.snapshot(at: 100.25)
            var n = 0, cur = a
            while let next = cur.sublayers.first { n += 1; cur = next }
            o.snapshotDepth = n
            o.nextFrame = tree.nextFrameTime(after: 100.25)
            o.nextFrameAfterEnd = tree.nextFrameTime(after: 101.5)
            let c = Compositor()
            let bitmap = Bitmap(width: 40, height: 40)!
            c.render(a, into: bitmap, scale: 1)
            for (name, x, y) in [("deepest", 8, 8), ("deepestEnd", 23, 23), ("second", 30, 30), ("secondCorner", 24, 24),
                                 ("outside", 7, 7), ("right", 24, 8), ("below", 31, 31)] {
                o.pixels[name] = bitmap.pixel(x: x, y: y)
            }
            if let png = try? bitmap.pngData(), let image = try? PNGImage.decode(data: png) {
                o.pngPixels = [image.pixel(x: 8, y: 8), image.pixel(x: 30, y: 30), image.pixel(x: 7, y: 7)]
            }
            if let p = second!.presentation(), let bg = p.backgroundColor { o.presentationColor = bg.components ?? [] }
            if let p = root.presentation() {
                var m = 0, l: CALayer = p
                while let s = l.sublayers?.first { m += 1; l = s }
                o.presentationDepth = m
            }

            // A change at the bottom of the chain: the deepest layer moves by (3, 2).
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            deepest!.position = CGPoint(x: deepest!.position.x + 3, y: deepest!.position.y + 2)
            CATransaction.commit()
            let b = tree.snapshot(at: 100.25)
            let damage = c.damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 40, height: 40))
            o.damage = damage.rects
            c.render(b, into: bitmap, scale: 1, region: damage)
            let full = Bitmap(width: 40, height: 40)!
            Compositor().render(b, into: full, scale: 1)
            o.partialEqualsFull = bitmap.hasSamePixels(as: full)
            o.pixels["movedDeepest"] = bitmap.pixel(x: 26, y: 25)
            o.pixels["uncovered"] = bitmap.pixel(x: 8, y: 8)

            // Every level covers 15…24 (its origin is 8…15 in the root): a point there reaches the
            // deepest through all 10 000. (30, 30) is in level 9 999 but outside level 1, and a
            // point outside a layer's bounds hits nothing under it (Apple's hitTest): the root.
            o.hitDeepest = root.hitTest(CGPoint(x: 20, y: 20)) === deepest
            o.hitSecond = root.hitTest(CGPoint(x: 30, y: 30)) === root
            o.converted = deepest!.convert(CGPoint(x: 1, y: 1), to: root)
            o.presentationConverted = second!.presentation()?.convert(CGPoint(x: 1, y: 1), to: root) ?? .zero

            // Freed: nothing of the chain survives the last references.
            weak let weakDeepest = deepest
            deepest = nil
            second = nil
            _ = tree
            root.sublayers = nil
            o.freed = weakDeepest == nil
        }
    }
}

extension EngineTests.DeepLayerTreeTests {
    static func check(_ o: Outcome) {
        #expect(o.snapshotDepth == depth, "every level reaches the snapshot")
        #expect(o.presentationDepth == depth, "and the presentation tree")
        let red: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF, green: UInt32 = 0xFF00_FF00
        // Level depth − 1 a quarter of the way from blue to green: 0.25 × 255 = 63.75 → 0x40,
        // 0.75 × 255 = 191.25 → 0xBF.
        let fading: UInt32 = 0xFF00_40BF
        #expect(o.presentationColor == [0, 0.25, 0.75, 1])
        // The deepest layer (level 10 000 ≡ 0 mod 8) covers 8…23; level 9 999 (≡ 7) 15…30,
        // showing right of and below it; nothing reaches row/column 31 or 7, nor (24, 8).
        #expect(o.pixels["deepest"] == red && o.pixels["deepestEnd"] == red)
        #expect(o.pixels["second"] == fading && o.pixels["secondCorner"] == fading)
        #expect(o.pixels["outside"] == white && o.pixels["right"] == white && o.pixels["below"] == white)
        #expect(o.pngPixels == [red, fading, white], "the PNG holds the same pixels")
        #expect(o.nextFrame == 100.25, "the fade asks for frames while it runs")
        #expect(o.nextFrameAfterEnd == .infinity, "and none after its end")
        // Moved by (3, 2): old 8…23 × 8…23 ∪ new 11…26 × 10…25, in bands.
        #expect(o.damage == [PixelRect(x: 8, y: 8, width: 16, height: 2), PixelRect(x: 8, y: 10, width: 19, height: 14),
                             PixelRect(x: 11, y: 24, width: 16, height: 2)])
        #expect(o.partialEqualsFull, "repainting the damage only gives the full frame's pixels")
        #expect(o.pixels["movedDeepest"] == red)
        #expect(o.pixels["uncovered"] == green, "level 9 992 (≡ 0 mod 8, even) shows where the deepest was")
        #expect(o.hitDeepest && o.hitSecond)
        #expect(o.converted == CGPoint(x: 12, y: 11))
        #expect(o.presentationConverted == CGPoint(x: 16, y: 16), "level 9 999 at 15 + (1, 1), up through presentation values")
        #expect(o.freed)
    }

    @Test func aTenThousandDeepChainOnAnEightMiBStack() {
        withManualClock(at: 100) { clock in
            Self.check(Self.onThread(stack: 8 << 20) { Self.run($0, clock: clock) })
        }
    }

    @Test func aTenThousandDeepChainOnA512KiBStack() {
        withManualClock(at: 100) { clock in
            Self.check(Self.onThread(stack: 512 << 10) { Self.run($0, clock: clock) })
        }
    }
}
