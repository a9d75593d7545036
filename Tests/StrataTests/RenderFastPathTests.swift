import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// The compositor's fast paths against the reference paths they replace, on seeded random
/// input: pixel for pixel, region for region.
@Suite(.runLoopTurn) struct RenderFastPathTests {
    typealias F = RenderFixture
    typealias LCG = DamageRandomSceneTests.LCG

    /// `_PixelBlend` against pixman's own OVER of a solid colour through an A8 mask.
    @Test func pixelBlendMatchesPixman() {
        var rng = LCG(s: 99)
        let n = 4096
        let dest = Bitmap(width: n, height: 1)!, expected = Bitmap(width: n, height: 1)!
        var colors: [UInt32] = [], masks: [UInt8] = []
        for x in 0..<n {
            let a = UInt32(rng.int(256))
            let c = (a << 24) | UInt32(rng.int(Int(a) + 1)) << 16 | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1))
            let da = UInt32(rng.int(256))
            let d = (da << 24) | UInt32(rng.int(Int(da) + 1)) << 16 | UInt32(rng.int(Int(da) + 1)) << 8 | UInt32(rng.int(Int(da) + 1))
            colors.append(c)
            masks.append(x % 7 == 0 ? 255 : UInt8(rng.int(256)))
            dest.setPixel(x: x, y: 0, d)
            expected.setPixel(x: x, y: 0, d)
        }
        for x in 0..<n {
            var pc = _Painter.pixmanColor(colors[x])
            let solid = pixman_image_create_solid_fill(&pc)!
            var m = UInt32(masks[x])
            let mask = pixman_image_create_bits(PIXMAN_a8, 1, 1, &m, 4)!
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, expected.image, 0, 0, 0, 0, Int32(x), 0, 1, 1)
            pixman_image_unref(mask)
            pixman_image_unref(solid)
            let d = dest.pixel(x: x, y: 0)
            dest.setPixel(x: x, y: 0, _PixelBlend.over(_PixelBlend.multiply(colors[x], by: UInt32(masks[x])), d))
        }
        for x in 0..<n where dest.pixel(x: x, y: 0) != expected.pixel(x: x, y: 0) {
            Issue.record("colour \(F.hex(colors[x])) mask \(masks[x]): \(F.hex(dest.pixel(x: x, y: 0))) ≠ pixman \(F.hex(expected.pixel(x: x, y: 0)))")
            return
        }
    }

    /// Random translucent and opaque rectangles at fractional positions (and random scenes from
    /// the damage tests) over random pixels: the direct fill equals the pixman path.
    @Test(arguments: [3 as UInt32, 17, 256, 9001])
    func directFillMatchesPixmanPath(seed: UInt32) {
        var rng = LCG(s: seed)
        var layers: [RenderLayer] = []
        for i in 0..<60 {
            let alpha = rng.chance(0.5) ? 1 : rng.next()
            var l = F.layer(UInt64(i + 2), rng.next() * 110 - 10, rng.next() * 80 - 10, rng.next() * 40, rng.next() * 30,
                            CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: alpha))
            if rng.chance(0.1) { l.bounds.size.width = rng.next() * 0.8 }
            if rng.chance(0.2) { l.opacity = Float(rng.next()) }
            layers.append(l)
        }
        let random = DamageRandomSceneTests.Scene(seed: seed)
        for tree in [F.root(120, 90, nil, layers), random.root] {
            for _ in 0..<3 {
                let x = rng.int(60), y = rng.int(45)
                let region = Region(x: x, y: y, width: 1 + rng.int(120 - x), height: 1 + rng.int(90 - y))
                let fast = Bitmap(width: 120, height: 90)!, reference = Bitmap(width: 120, height: 90)!
                for py in 0..<90 { for px in 0..<120 {
                    let v = UInt32(truncatingIfNeeded: (px * 2_654_435_761) ^ (py * 40_503)) | 0xFF00_0000
                    fast.setPixel(x: px, y: py, v); reference.setPixel(x: px, y: py, v)
                } }
                let list = _FrameList()
                list.build(tree, scale: 1)
                let direct = _Painter(), pixman = _Painter()
                pixman.directDrawing = false
                direct.paint(list, into: fast, region: region)
                pixman.paint(list, into: reference, region: region)
                #expect(fast.hasSamePixels(as: reference), "seed \(seed), region \(region)")
            }
        }
    }

    /// The occlusion grid's answer against a `Region` union of the same rectangles.
    @Test func occlusionGridMatchesRegionUnion() {
        var rng = LCG(s: 4242)
        for round in 0..<40 {
            let extents = PixelRect(x: rng.int(50), y: rng.int(50), width: 100 + rng.int(400), height: 100 + rng.int(300))
            var grid = _OcclusionGrid()
            grid.reset(extents: extents)
            var rects: [PixelRect] = []
            let big = rng.chance(0.5)
            for _ in 0..<(1 + rng.int(120)) {
                let w = 1 + rng.int(big ? 150 : 40), h = 1 + rng.int(big ? 150 : 40)
                let r = PixelRect(x: extents.x + rng.int(extents.width - 1), y: extents.y + rng.int(extents.height - 1), width: w, height: h)
                guard let c = _FrameList.intersect(r, extents) else { continue }
                rects.append(c)
                grid.add(c)
            }
            for _ in 0..<60 {
                let limit = rng.int(rects.count + 1)
                let q = PixelRect(x: extents.x + rng.int(extents.width - 1), y: extents.y + rng.int(extents.height - 1),
                                  width: 1 + rng.int(30), height: 1 + rng.int(30))
                guard let qc = _FrameList.intersect(q, extents) else { continue }
                let reference = Region(Array(rects.prefix(limit))).contains(qc)
                #expect(grid.covers(qc, limit: limit) == reference, "round \(round): \(qc) among \(limit)")
            }
        }
    }

    /// Damage from a compositor that reuses flattened trees across calls equals the damage of a
    /// fresh compositor for every pair of frames (including repeated and reverted trees).
    @Test(arguments: [11 as UInt32, 23, 808])
    func cachedFlatteningGivesTheSameDamage(seed: UInt32) {
        let scene = DamageRandomSceneTests.Scene(seed: seed)
        let reused = Compositor()
        let bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        var frames = [scene.root]
        for frame in 0..<40 {
            scene.step()
            frames.append(scene.root)
            let old = frame % 5 == 4 ? frames[frames.count - 3] : frames[frames.count - 2]
            let fresh = Compositor().damage(from: old, to: scene.root, scale: 1, bounds: bounds)
            #expect(reused.damage(from: old, to: scene.root, scale: 1, bounds: bounds) == fresh, "seed \(seed) frame \(frame)")
            // The reverse direction reuses both flattened trees.
            #expect(reused.damage(from: scene.root, to: old, scale: 1, bounds: bounds)
                    == Compositor().damage(from: scene.root, to: old, scale: 1, bounds: bounds))
        }
    }

    /// A tree changed in place through a copy is flattened again, not taken from the cache.
    @Test func aCopyChangedInPlaceIsNotReused() {
        var tree = F.root(20, 20, .white, [F.layer(2, 0, 0, 10, 10, CGColor(red: 1, green: 0, blue: 0, alpha: 1))])
        let compositor = Compositor()
        let b = Bitmap(width: 20, height: 20)!
        compositor.render(tree, into: b, scale: 1)
        tree.sublayers[0].backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        compositor.render(tree, into: b, scale: 1)
        #expect(b.pixel(x: 5, y: 5) == 0xFF00_00FF)
    }
}
