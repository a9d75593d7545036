import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// A frame painted in cache-sized bands, and cut between threads by pixel count, must give the
/// same pixels as one pass over the whole region.
@Suite(.runLoopTurn) struct RenderBandingTests {
    typealias F = RenderFixture
    typealias LCG = DamageRandomSceneTests.LCG

    @Test(arguments: [1, 2])
    func bandedFramesEqualOnePass(threads: Int) {
        var rng = LCG(s: 2468)
        var tree = RenderDenseDamageTests.scene(&rng, n: 150, spread: 190)
        let compositor = Compositor(threads: threads)
        compositor.minimumParallelWork = 0
        // 16-row bands of the 200-pixel-wide surface (the default would paint it in one band).
        compositor.bandBytes = 200 * 4 * 16
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        let banded = F.render(tree, 200, 150)
        for frame in 0..<6 {
            let next = RenderDenseDamageTests.step(tree, &rng)
            let damage = compositor.damage(from: tree, to: next, scale: 1, bounds: bounds)
            compositor.render(next, into: banded, scale: 1, region: damage)
            #expect(banded.hasSamePixels(as: F.render(next, 200, 150)), "frame \(frame)")
            tree = next
        }
        compositor.render(tree, into: banded, scale: 1)
        #expect(banded.hasSamePixels(as: F.render(tree, 200, 150)))
    }

    @Test func smallFramesStayOnOneThreadUpToTheThreshold() {
        // A 100 × 100 opaque square under a 200 × 100 region of a surface without background:
        // 20 000 pixels of region + 10 000 of the square = 30 000 pixels of work.
        let tree = F.root(256, 256, nil, [F.layer(2, 0, 0, 100, 100, F.red), F.layer(3, 150, 20, 40, 200, F.blue)])
        let list = _FrameList()
        list.build(tree, scale: 1)
        // The blue layer adds 40 × 80 within the region: 33 200 pixels.
        let region = Region(x: 0, y: 0, width: 200, height: 100)
        #expect(Compositor.work(list, region, atLeast: 33_200))
        #expect(!Compositor.work(list, region, atLeast: 33_201))
        // Two boxes far apart: the layers' pixels count at the region's share of its extents.
        let sparse = Region(x: 0, y: 0, width: 10, height: 10).union(Region(x: 190, y: 90, width: 10, height: 10))
        // 200 pixels of region; layers 10 000 + 40 × 80 = 13 200 of the 20 000-pixel extents,
        // at 1/100: 132.
        #expect(Compositor.work(list, sparse, atLeast: 332))
        #expect(!Compositor.work(list, sparse, atLeast: 333))
        let serial = F.render(tree, 256, 256)
        for (limit, bands) in [(33_200, 2), (33_201, 1), (0, 2), (Int.max, 1)] {
            let compositor = Compositor(threads: 2)
            compositor.minimumParallelWork = limit
            let bitmap = F.render(tree, 256, 256)
            bitmap.fill(0xFF00_FF00)
            compositor.render(tree, into: bitmap, scale: 1, region: region)
            #expect(compositor.lastBandCount == bands, "limit \(limit)")
            for y in [0, 49, 50, 99] {
                for x in [0, 99, 100, 160, 199] {
                    #expect(bitmap.pixel(x: x, y: y) == serial.pixel(x: x, y: y), "limit \(limit) at (\(x), \(y))")
                }
            }
            #expect(bitmap.pixel(x: 200, y: 0) == 0xFF00_FF00 && bitmap.pixel(x: 0, y: 100) == 0xFF00_FF00, "outside the region")
        }
        // The default threshold keeps a small frame on one thread, and negative limits are 0.
        let c = Compositor(threads: 2)
        #expect(c.minimumParallelWork == Compositor.defaultMinimumParallelWork)
        c.render(tree, into: F.render(tree, 256, 256), scale: 1, region: region)
        #expect(c.lastBandCount == 1)
        c.minimumParallelWork = -5
        #expect(c.minimumParallelWork == 0)
    }

    @Test func threadsSplitTheRegionByPixelsNotByRows() {
        // 100 × 10 pixels on top, a 10-pixel-wide column of 90 rows below: 1900 pixels, half of
        // them reached after row 9.
        let clip = Region(x: 0, y: 0, width: 100, height: 10).union(Region(x: 0, y: 10, width: 10, height: 90))
        let parts = Compositor.split(clip, into: 2)
        #expect(parts == [Region(x: 0, y: 0, width: 100, height: 10), Region(x: 0, y: 10, width: 10, height: 90)])
        // Even rows: equal heights. Every pixel lands in exactly one part.
        let even = Compositor.split(Region(x: 5, y: 3, width: 40, height: 30), into: 3)
        #expect(even == [Region(x: 5, y: 3, width: 40, height: 10), Region(x: 5, y: 13, width: 40, height: 10),
                         Region(x: 5, y: 23, width: 40, height: 10)])
        #expect(Compositor.split(Region(), into: 2) == [Region()])
        #expect(Compositor.split(clip, into: 1) == [clip])
    }
}
