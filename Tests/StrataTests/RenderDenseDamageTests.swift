import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Dense damage (many moving layers): the compositor rounds it out to 16-pixel tiles instead of
/// computing the exact union. The tiled region must still hold every changed pixel, leave out
/// tiles nothing touched, and repainting it must give the same pixels as a full render.
@Suite(.runLoopTurn) struct RenderDenseDamageTests {
    typealias F = RenderFixture
    typealias LCG = DamageRandomSceneTests.LCG

    /// `n` opaque and translucent squares of 10 points at fractional positions in the left
    /// `spread` × 150 points of a 200 × 150 root; some rounded.
    static func scene(_ rng: inout LCG, n: Int, spread: Double) -> RenderLayer {
        var layers: [RenderLayer] = []
        for i in 0..<n {
            var l = F.layer(UInt64(i + 2), rng.next() * (spread - 10), rng.next() * 140, 10, 10,
                            CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: rng.chance(0.8) ? 1 : 0.5))
            if rng.chance(0.3) { l.cornerRadius = rng.next() * 5 }
            layers.append(l)
        }
        return F.root(200, 150, .white, layers)
    }

    /// Moves every layer by a random fraction of a few points.
    static func step(_ tree: RenderLayer, _ rng: inout LCG) -> RenderLayer {
        var t = tree
        for i in t.sublayers.indices {
            // Kept within x ∈ [0, 110] (the layers' tiles end at x = 128).
            t.sublayers[i].position.x = min(max(t.sublayers[i].position.x + (rng.next() - 0.5) * 6, 0), 110)
            t.sublayers[i].position.y += (rng.next() - 0.5) * 6
        }
        return t
    }

    @Test(arguments: [1 as UInt32, 99, 4321])
    func tiledDamageHoldsTheExactUnionAndRepaintsIdentically(seed: UInt32) {
        var rng = LCG(s: seed)
        // 150 layers of 100 px² each in 120 × 150: far more than a quarter of the surface.
        var tree = Self.scene(&rng, n: 150, spread: 120)
        let compositor = Compositor()
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        let incremental = F.render(tree, 200, 150)
        for frame in 0..<8 {
            let next = Self.step(tree, &rng)
            let damage = compositor.damage(from: tree, to: next, scale: 1, bounds: bounds)
            let exact = Self.footprints(tree, next)
            #expect(damage.subtracting(exact).area > 0, "frame \(frame): dense damage is rounded out to tiles")
            #expect(exact.subtracting(damage).isEmpty, "frame \(frame): a changed pixel is missing")
            // Whole tiles, clipped to the surface; nothing right of the layers' tiles.
            for r in damage.rects {
                #expect(r.x % _TileDamage.tile == 0 && r.y % _TileDamage.tile == 0, "\(r)")
                #expect(r.maxX <= 128, "\(r) lies right of every layer's tiles")
            }
            compositor.render(next, into: incremental, scale: 1, region: damage)
            #expect(incremental.hasSamePixels(as: F.render(next, 200, 150)), "seed \(seed) frame \(frame)")
            tree = next
        }
    }

    /// The exact damage of a frame where every sublayer moved: each one's old and new footprint.
    static func footprints(_ a: RenderLayer, _ b: RenderLayer) -> Region {
        let old = _FrameList(), new = _FrameList()
        old.build(a, scale: 1)
        new.build(b, scale: 1)
        return Region((old.nodes + new.nodes).compactMap { $0.id == 1 ? nil : $0.footprint })
            .intersection(Region(x: 0, y: 0, width: 200, height: 150))
    }

    @Test func sparseDamageStaysExact() {
        var rng = LCG(s: 7)
        // 80 moving layers of 9 px², far under a quarter of the surface: the exact union.
        var layers: [RenderLayer] = []
        for i in 0..<80 { layers.append(F.layer(UInt64(i + 2), rng.next() * 190, rng.next() * 140, 3, 3, F.red)) }
        let tree = F.root(200, 150, .white, layers)
        var moved = tree
        for i in moved.sublayers.indices { moved.sublayers[i].position.x += 0.5 }
        let damage = Compositor().damage(from: tree, to: moved, scale: 1, bounds: CGRect(x: 0, y: 0, width: 200, height: 150))
        #expect(damage == Self.footprints(tree, moved))
    }

    @Test func tilesOfTheBoundsOnly() {
        // Boxes partly outside the bounds, bounds not at the origin.
        let bounds = PixelRect(x: 5, y: 3, width: 40, height: 20)
        let boxes = [pixman_box32_t(x1: -10, y1: -10, x2: 6, y2: 4), pixman_box32_t(x1: 30, y1: 20, x2: 90, y2: 90)]
        let r = _TileDamage.region(boxes, bounds: bounds)
        #expect(r == Region([PixelRect(x: 5, y: 3, width: 16, height: 16), PixelRect(x: 21, y: 19, width: 24, height: 4)]))
        #expect(_TileDamage.region([], bounds: bounds).isEmpty)
    }
}
