import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// 10 000-deep render trees on a thread with a 512 KiB stack (a render thread's may be that
/// small): built, flattened, painted, diffed and freed without stack overflow. Before
/// `_LayerChildren`, freeing such a tree overflowed a 1 MiB stack in debug and release builds
/// (Swift releases nested arrays recursively); flattening and painting were already iterative.
@Suite(.runLoopTurn) struct CompositorDeepTreeTests {
    typealias F = RenderFixture
    static let depth = 10_000
    static let stackBytes = 512 * 1024

    /// What the small-stack thread hands back.
    final class Outcome: @unchecked Sendable {
        // Unchecked: written by the worker before it signals, read after the wait.
        var pixels: [UInt32] = []
        var damage: [PixelRect] = []
        var depth = 0
    }

    /// Whether a sanitizer runs these tests (scripts/sanitize exports ASAN_OPTIONS / TSAN_OPTIONS).
    static var sanitized: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["ASAN_OPTIONS"] != nil || env["TSAN_OPTIONS"] != nil
    }

    /// Runs `body` on a new thread with a `stack`-byte stack and waits for it to finish. Under a
    /// sanitizer the stack is at least 4 MiB: its redzones make a `_FrameList.visit` frame ~90 KiB,
    /// so the bounded mask recursion (four deep) would measure the instrumentation; the
    /// unsanitized debug build (every CI run) keeps the exact sizes the tests ask for.
    static func onSmallStack(stack: Int = stackBytes, _ body: @escaping @Sendable (Outcome) -> Void) -> Outcome {
        let stack = sanitized ? max(stack, 4 << 20) : stack
        let outcome = Outcome(), done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body(outcome)
            done.signal()
        }
        thread.stackSize = stack
        thread.start()
        done.wait()
        return outcome
    }

    /// A chain of `depth` 10×10 layers at (0, 0), the innermost holding a red 4×4 leaf at
    /// (`leafX`, 3); the outermost sits in a white 10×10 root.
    static func chain(leafX: CGFloat) -> RenderLayer {
        var l = F.layer(100_000, leafX, 3, 4, 4, F.red)
        for i in 0..<depth {
            var p = F.layer(UInt64(10 + i), 0, 0, 10, 10)
            p.sublayers = [l]
            l = p
        }
        return F.root(10, 10, .white, [l])
    }

    /// Number of layers from `l` down its first sublayers, counted without recursion.
    static func chainLength(_ l: RenderLayer) -> Int {
        var n = 1, cur = l
        while let next = cur.sublayers.first { n += 1; cur = next }
        return n
    }

    @Test func deepTreeIsPaintedDiffedAndFreedOnASmallStack() {
        let o = Self.onSmallStack { o in
            let a = Self.chain(leafX: 3), b = Self.chain(leafX: 5)
            let c = Compositor()
            let bitmap = Bitmap(width: 10, height: 10)!
            c.render(a, into: bitmap, scale: 1)
            o.damage = c.damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 10, height: 10)).rects
            c.render(b, into: bitmap, scale: 1, region: Region(o.damage))
            o.pixels = (0..<10).map { bitmap.pixel(x: $0, y: 4) }
            // a, b and the compositor's cached copies are all released here, on this thread.
        }
        #expect(o.damage == [PixelRect(x: 3, y: 3, width: 6, height: 4)], "old ∪ new leaf: rows 3…6, columns 3…8")
        let red: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF
        #expect(o.pixels == [white, white, white, white, white, red, red, red, red, white])
    }

    @Test func deepMaskChainIsBoundedAndFreedOnASmallStack() {
        let o = Self.onSmallStack { o in
            // Each mask is masked by the next: opaque 6×6 squares, the deepest ones ignored
            // (`_FrameList.maximumMaskDepth`), so the layer shows through the first 6×6.
            var m = F.layer(500_000, 0, 0, 6, 6, F.blue)
            for i in 0..<Self.depth {
                var p = F.layer(UInt64(200_000 + i), 0, 0, 6, 6, F.blue)
                p.mask = m
                m = p
            }
            var l = F.layer(2, 2, 2, 8, 8, F.green)
            l.mask = m
            let b = F.render(F.root(10, 10, .white, [l]), 10, 10)
            o.pixels = [b.pixel(x: 2, y: 2), b.pixel(x: 7, y: 7), b.pixel(x: 8, y: 8)]
        }
        #expect(o.pixels == [0xFF00_FF00, 0xFF00_FF00, 0xFFFF_FFFF])
    }

    @Test func aSharedSubtreeOutlivesItsFreedAncestors() {
        let o = Self.onSmallStack { o in
            var tree: RenderLayer? = Self.chain(leafX: 3)
            var middle = tree!.sublayers[0]
            for _ in 0..<(Self.depth / 2) { middle = middle.sublayers[0] }
            tree = nil
            o.depth = Self.chainLength(middle)
        }
        // Chain levels below the root: depth parents + the leaf; half the parents are above.
        #expect(o.depth == Self.depth / 2 + 1)
    }

    @Test func sublayersAndMaskKeepValueSemantics() {
        var a = F.root(10, 10, .white, [F.layer(2, 0, 0, 5, 5, F.red)])
        a.mask = F.layer(3, 0, 0, 10, 10, F.blue)
        var b = a
        b.sublayers[0].backgroundColor = F.green
        b.sublayers.append(F.layer(4, 5, 5, 5, 5, F.blue))
        b.mask?.bounds.size.width = 4
        #expect(a.sublayers.count == 1 && a.sublayers[0].backgroundColor == F.red)
        #expect(a.mask?.bounds.width == 10)
        #expect(b.sublayers.map(\.id) == [2, 4] && b.sublayers[0].backgroundColor == F.green)
        #expect(b.mask?.bounds.width == 4)
        b.sublayers = []
        b.mask = nil
        #expect(b._children == nil, "no storage for a layer without sublayers or mask")
        #expect(a.sublayers.count == 1 && a.mask != nil)
    }
}

extension CompositorDeepTreeTests {
    /// The deepest nesting the painters recurse through — a content shadow whose caster holds
    /// a chain of masks — on the small stack.
    @Test func masksInsideAContentShadowStayWithinTheStack() {
        let o = Self.onSmallStack { o in
            var m = F.layer(500_000, 0, 0, 6, 6, F.blue)
            for i in 0..<20 {
                var p = F.layer(UInt64(200_000 + i), 0, 0, 6, 6, F.blue)
                p.mask = m
                m = p
            }
            var masked = F.layer(3, 0, 0, 8, 8, F.green)
            masked.mask = m
            var caster = F.layer(2, 1, 1, 8, 8)
            caster.sublayers = [masked]
            caster.properties["shadowOpacity"] = Float(1)
            caster.properties["shadowRadius"] = CGFloat(0)
            caster.properties["shadowOffset"] = CGSize(width: 2, height: 2)
            let b = F.render(F.root(12, 12, .white, [caster]), 12, 12)
            o.pixels = [b.pixel(x: 1, y: 1), b.pixel(x: 7, y: 7), b.pixel(x: 8, y: 8), b.pixel(x: 9, y: 2)]
        }
        // Green 6×6 at (1, 1); its black shadow at (3, 3)…(8, 8), visible below and right.
        #expect(o.pixels == [0xFF00_FF00, 0xFF00_0000, 0xFF00_0000, 0xFFFF_FFFF])
    }
}
