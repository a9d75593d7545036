import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Documented outcomes for hostile trees: nothing crashes, hangs, or allocates by nominal size.
@Suite(.runLoopTurn) struct CompositorBadInputTests {
    typealias F = RenderFixture

    @Test func nonFiniteTransformSkipsTheLayerAndItsSublayers() {
        var bad = F.layer(2, 0, 0, 10, 10, F.red)
        bad.transform.m11 = .nan
        bad.sublayers = [F.layer(3, 0, 0, 5, 5, F.blue)]
        var inf = F.layer(4, 0, 0, 10, 10, F.red)
        inf.position.x = .infinity
        let good = F.layer(5, 10, 0, 10, 10, F.green)
        let b = F.render(F.root(20, 10, .white, [bad, inf, good]), 20, 10)
        #expect(b.pixel(x: 2, y: 2) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 12, y: 2) == 0xFF00_FF00)
        let c = Compositor()
        #expect(c.damage(from: F.root(20, 10, .white, [good]), to: F.root(20, 10, .white, [bad, good]), scale: 1,
                         bounds: CGRect(x: 0, y: 0, width: 20, height: 10)).isEmpty)
    }

    @Test func singularTransformDrawsNothing() {
        var flat = F.layer(2, 0, 0, 10, 10, F.red)
        flat.transform = CATransform3DMakeScale(0, 1, 1)
        flat.sublayers = [F.layer(3, 0, 0, 5, 5, F.blue)]
        let b = F.render(F.root(10, 10, .white, [flat]), 10, 10)
        #expect(b.pixel(x: 5, y: 5) == 0xFFFF_FFFF)
    }

    @Test func hugeLayerIsClippedToTheSurface() {
        var huge = RenderLayer(id: 2)
        huge.bounds = CGRect(x: 0, y: 0, width: 1e6, height: 1e6)
        huge.position = CGPoint(x: 10, y: 10)
        huge.cornerRadius = 1e5
        huge.backgroundColor = F.red
        huge.borderWidth = 3
        huge.opacity = 0.5 // with a border: an offscreen group, which must stay surface-sized
        huge.masksToBounds = true
        huge.sublayers = [F.layer(3, 0, 0, 1e6, 1e6, F.blue)]
        let b = F.render(F.root(20, 20, .white, [huge]), 20, 20)
        #expect(b.pixel(x: 10, y: 10) == 0xFF7F_7FFF)
        let d = Compositor().damage(from: F.root(20, 20, .white, []), to: F.root(20, 20, .white, [huge]), scale: 1,
                                    bounds: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(d.rects == [PixelRect(x: 0, y: 0, width: 20, height: 20)])
    }

    @Test func oversizedBitmapsAreRefused() {
        #expect(Bitmap(width: 1_000_000, height: 10) == nil)
        #expect(Bitmap(width: -1, height: 10) == nil)
        #expect(Snapshot.render(F.root(1e6, 1e6, .white, [])) == nil)
        #expect(Snapshot.render(F.root(.nan, 10, .white, [])) == nil)
        let empty = Bitmap(width: 0, height: 0)!
        Compositor().render(F.root(10, 10, .white, []), into: empty, scale: 1)
        #expect(empty.pixel(x: 0, y: 0) == 0)
    }

    @Test func zeroSizedAndNaNPropertiesAreIgnored() {
        var zero = F.layer(2, 5, 5, 0, 0, F.red)
        zero.borderWidth = 4
        var nanRadius = F.layer(3, 0, 0, 10, 10, F.blue)
        nanRadius.cornerRadius = .nan
        nanRadius.borderWidth = .infinity
        let b = F.render(F.root(10, 10, .white, [nanRadius, zero]), 10, 10)
        #expect(b.pixel(x: 0, y: 0) == 0xFF00_00FF)
        #expect(b.pixel(x: 5, y: 5) == 0xFF00_00FF)
        #expect(F.render(F.root(10, 10, .white, []), 10, 10, scale: .nan).pixel(x: 0, y: 0) == 0)
    }

    @Test func tenThousandDeepNestingRendersWithoutRecursion() {
        // Built iteratively; each level offsets by 0 so the leaf lands at (3, 3).
        var l = F.layer(100_000, 0, 0, 4, 4, F.red)
        for i in 0..<10_000 {
            var p = F.layer(UInt64(10 + i), 0, 0, 10, 10)
            p.sublayers = [l]
            l = p
        }
        l.position = CGPoint(x: 3, y: 3)
        let tree = F.root(10, 10, .white, [l])
        let b = F.render(tree, 10, 10)
        #expect(b.pixel(x: 3, y: 3) == 0xFFFF_0000)
        #expect(b.pixel(x: 7, y: 7) == 0xFFFF_FFFF)
        #expect(Compositor().damage(from: tree, to: tree, scale: 1, bounds: CGRect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
    }

    /// 100 000 one-pixel siblings over a 100×100 surface, 10 on each pixel (10 000, one on each,
    /// under a sanitizer: `TestScale`); moving the last one damages its two pixels only.
    @Test func hundredThousandSiblings() {
        let count = TestScale.count(100_000, sanitized: 10_000), perRow = count / 100
        var kids: [RenderLayer] = []
        kids.reserveCapacity(count)
        for i in 0..<count {
            let x = CGFloat(i % 100), y = CGFloat(i / perRow)
            kids.append(F.layer(UInt64(2 + i), x, y, 1, 1, F.red))
        }
        let tree = F.root(100, 100, .white, kids)
        let b = F.render(tree, 100, 100)
        #expect(b.pixel(x: 99, y: 99) == 0xFFFF_0000)
        #expect(b.pixel(x: 50, y: 99) == 0xFFFF_0000)
        var moved = tree
        moved.sublayers[count - 1].position = CGPoint(x: 0, y: 0)
        let d = Compositor().damage(from: tree, to: moved, scale: 1, bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(d.rects == [PixelRect(x: 0, y: 0, width: 1, height: 1), PixelRect(x: 99, y: 99, width: 1, height: 1)])
    }
}
