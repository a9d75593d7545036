import Foundation
import Testing
@testable import Strata

/// A frame painted in cache-sized bands, and cut between threads by pixel count, must give the
/// same pixels as one pass over the whole region.
@Suite struct RenderBandingTests {
    typealias F = RenderFixture
    typealias LCG = DamageRandomSceneTests.LCG

    @Test(arguments: [1, 2])
    func bandedFramesEqualOnePass(threads: Int) {
        var rng = LCG(s: 2468)
        var tree = RenderDenseDamageTests.scene(&rng, n: 150, spread: 190)
        let compositor = Compositor(threads: threads)
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
