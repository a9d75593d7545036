import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// shouldRasterize keeps only what can show: the bitmap of a huge rasterized layer is bounded
/// by the surface (plus `_RasterCache.margin`), and the pixels are those of direct drawing.
@Suite(.runLoopTurn) struct RenderRasterizeClipTests {
    typealias F = RenderFixture

    /// A 10⁶ × 10⁶ red layer at (x, −500 000 + 40) with a green child near the surface and a
    /// blue one far away.
    static func huge(rasterize: Bool, x: CGFloat) -> RenderLayer {
        var l = F.layer(2, x, -500_000 + 40, 1_000_000, 1_000_000, F.red)
        if rasterize { l.properties["shouldRasterize"] = true }
        l.sublayers = [F.layer(3, 500_010, 499_970, 20, 15, F.green), F.layer(4, 900_000, 900_000, 50, 50, F.blue)]
        return F.root(100, 80, .white, [l])
    }

    static func render(_ c: Compositor, _ tree: RenderLayer) -> Bitmap {
        let b = Bitmap(width: 100, height: 80)!
        c.render(tree, into: b, scale: 1)
        return b
    }

    @Test func aHugeRasterizedLayerAllocatesForTheSurfaceOnly() {
        let c = Compositor()
        let m = _RasterCache.margin
        for x in [CGFloat(-500_000), -499_950, -499_000] {
            let b = Self.render(c, Self.huge(rasterize: true, x: x))
            #expect(!c.rasterCache.bitmapSizes.isEmpty)
            for s in c.rasterCache.bitmapSizes {
                #expect(s.width <= 100 + 2 * m && s.height <= 80 + 2 * m, "bitmap \(s.width)×\(s.height)")
            }
            #expect(b.hasSamePixels(as: Snapshot.render(Self.huge(rasterize: false, x: x))!), "x \(x)")
        }
        #expect(Self.render(c, Self.huge(rasterize: true, x: -500_000)).pixel(x: 15, y: 12) == 0xFF00_FF00)
    }

    @Test func movesWithinTheMarginKeepTheBitmapAndFartherOnesRedrawIt() {
        let c = Compositor()
        _ = Self.render(c, Self.huge(rasterize: true, x: -500_000))
        #expect(c.rasterCache.renders == 1)
        // 10 points: still inside the bitmap's margin.
        let near = Self.render(c, Self.huge(rasterize: true, x: -500_010))
        #expect(c.rasterCache.renders == 1)
        #expect(near.hasSamePixels(as: Snapshot.render(Self.huge(rasterize: false, x: -500_010))!))
        // 500 points: new pixels come into view, drawn into a new bitmap.
        let far = Self.render(c, Self.huge(rasterize: true, x: -500_500))
        #expect(c.rasterCache.renders == 2)
        #expect(far.hasSamePixels(as: Snapshot.render(Self.huge(rasterize: false, x: -500_500))!))
    }

    /// Turned 30° about its centre, a 20 000-point layer covering the surface: the bitmap is
    /// the surface mapped back into the layer (its bounding box), plus the margin.
    @Test func aTurnedHugeLayerIsClippedToTheSurfaceMappedBack() {
        var l = F.centered(2, 20_000, 20_000, at: 50, 40, CATransform3DMakeRotation(.pi / 6, 0, 0, 1), F.red)
        l.properties["shouldRasterize"] = true
        l.sublayers = [F.layer(3, 10_000 - 10, 10_000 - 10, 20, 20, F.blue)]
        let c = Compositor()
        let b = Self.render(c, F.root(100, 80, .white, [l]))
        // The surface's bounding box turned by 30°: 100·cos + 80·sin by 100·sin + 80·cos.
        let w = 100 * cos(Double.pi / 6) + 80 * sin(Double.pi / 6), h = 100 * sin(Double.pi / 6) + 80 * cos(Double.pi / 6)
        let m = _RasterCache.margin
        for s in c.rasterCache.bitmapSizes {
            #expect(Double(s.width) <= w + 2 + Double(2 * m) && Double(s.height) <= h + 2 + Double(2 * m), "\(s.width)×\(s.height)")
        }
        #expect(b.pixel(x: 50, y: 40) == 0xFF00_00FF && b.pixel(x: 5, y: 5) == 0xFFFF_0000)
    }
}
