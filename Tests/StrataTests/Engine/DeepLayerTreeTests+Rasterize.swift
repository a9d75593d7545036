import Foundation
import Testing
@testable import Strata

extension EngineTests.DeepLayerTreeTests {
    /// Rasterized layers nested 10 000 deep (every chain level rasterized, the outermost eight
    /// — those drawn by nested compositors — each masked by a chain of masks): drawn on a
    /// 512 KiB stack — nested rasterization past
    /// `_RasterCache.maximumNesting` draws directly — with exactly the pixels of the same tree
    /// drawn without rasterizing.
    ///
    /// Under a sanitizer (scripts/sanitize exports ASAN_OPTIONS / TSAN_OPTIONS) the stack is
    /// 4 MiB: the nested compositors are bounded recursion (four levels, masks four deep), and
    /// AddressSanitizer's redzones make each of those frames several times larger, so 512 KiB
    /// measures the instrumentation, not the bound. The unsanitized debug build keeps 512 KiB.
    static var rasterizeStackBytes: Int {
        let env = ProcessInfo.processInfo.environment
        return env["ASAN_OPTIONS"] != nil || env["TSAN_OPTIONS"] != nil ? 4 << 20 : 512 << 10
    }

    @Test func nestedRasterizedLayersOnA512KiBStack() {
        final class Result: @unchecked Sendable {
            var same = false
            var pixels: [UInt32] = []
        }
        let r = Result()
        withManualClock(at: 100) { _ in
            _ = Self.onThread(stack: Self.rasterizeStackBytes) { _ in
                func tree(rasterized: Bool) -> RenderLayer {
                    let root = CALayer()
                    root.frame = CGRect(x: 0, y: 0, width: 12, height: 12)
                    root.backgroundColor = .white
                    let leaf = CALayer()
                    leaf.frame = CGRect(x: 2, y: 3, width: 4, height: 4)
                    leaf.backgroundColor = Self.red
                    var k = 0
                    root.addSublayer(Self.nest(leaf, levels: Self.depth) {
                        let l = CALayer()
                        l.shouldRasterize = rasterized
                        k += 1
                        if k % 2 == 0 { l.backgroundColor = Self.blue }
                        guard k > Self.depth - 8 else { return l }
                        // 8×8 of each 10×10 level shows through three masks of masks.
                        var m = CALayer()
                        m.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
                        m.backgroundColor = Self.green
                        for _ in 0..<3 {
                            let outer = CALayer()
                            outer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                            outer.backgroundColor = Self.green
                            outer.mask = m
                            m = outer
                        }
                        l.mask = m
                        return l
                    })
                    let t = RenderTree(root: root)
                    CATransaction.flush()
                    return t.snapshot(at: 100)
                }
                let a = Snapshot.render(tree(rasterized: true), width: 12, height: 12)!
                let b = Snapshot.render(tree(rasterized: false), width: 12, height: 12)!
                r.same = a.hasSamePixels(as: b)
                r.pixels = [a.pixel(x: 2, y: 3), a.pixel(x: 5, y: 6), a.pixel(x: 7, y: 7), a.pixel(x: 8, y: 8)]
            }
        }
        #expect(r.same)
        // The red leaf, the outermost (even: blue) level around it, white outside the 8×8.
        #expect(r.pixels == [0xFFFF_0000, 0xFFFF_0000, 0xFF00_00FF, 0xFFFF_FFFF])
    }
}
