import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// shouldRasterize: cached subtree bitmaps, reused while the subtree does not change.
@Suite(.runLoopTurn) struct RenderRasterizeTests {
    typealias F = RenderFixture

    /// A red 40×30 layer at (10, 20) with a green child at (5, 5) and a blue grandchild
    /// reaching outside it (and outside the layer's bounds).
    static func scene(rasterize: Bool, scale: CGFloat = 1, x: CGFloat = 10, childColor: CGColor = F.green) -> RenderLayer {
        var l = F.layer(2, x, 20, 40, 30, F.red)
        if rasterize {
            l.properties["shouldRasterize"] = true
            if scale != 1 { l.properties["rasterizationScale"] = scale }
        }
        var child = F.layer(3, 5, 5, 10, 10, childColor)
        child.sublayers = [F.layer(4, 8, 8, 30, 30, F.blue)]
        l.sublayers = [child]
        return F.root(100, 80, .white, [l])
    }

    @Test func rasterizedPixelsEqualDirectDrawing() {
        for scale in [CGFloat(1), 2] {
            let direct = Snapshot.render(Self.scene(rasterize: false), scale: scale)!
            let cached = Snapshot.render(Self.scene(rasterize: true, scale: scale), scale: scale)!
            #expect(cached.hasSamePixels(as: direct))
        }
        // The grandchild outside the layer's bounds is part of the bitmap.
        let b = Snapshot.render(Self.scene(rasterize: true))!
        #expect(b.pixel(x: 50, y: 60) == 0xFF00_00FF && b.pixel(x: 15, y: 25) == 0xFF00_FF00)
    }

    @Test func theBitmapIsReusedUntilTheSubtreeChanges() {
        let c = Compositor()
        let bitmap = Bitmap(width: 100, height: 80)!
        func frame(_ tree: RenderLayer) -> Bitmap {
            c.render(tree, into: bitmap, scale: 1)
            return bitmap
        }
        _ = frame(Self.scene(rasterize: true))
        #expect(c.rasterCache.renders == 1)
        _ = frame(Self.scene(rasterize: true))
        #expect(c.rasterCache.renders == 1)                                  // nothing changed
        // Moving, fading and rotating the layer reuse the bitmap.
        var moved = Self.scene(rasterize: true, x: 30)
        #expect(frame(moved).hasSamePixels(as: Snapshot.render(Self.scene(rasterize: false, x: 30))!))
        moved.sublayers[0].opacity = 0.5
        moved.sublayers[0].transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        _ = frame(moved)
        #expect(c.rasterCache.renders == 1)
        // A change inside the subtree draws a new bitmap, with the new pixels.
        let changed = Self.scene(rasterize: true, childColor: F.blue)
        #expect(frame(changed).hasSamePixels(as: Snapshot.render(Self.scene(rasterize: false, childColor: F.blue))!))
        #expect(c.rasterCache.renders == 2)
    }

    @Test func unchangedRasterizedSubtreeHasNoDamage() {
        let c = Compositor()
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        let a = Self.scene(rasterize: true)
        _ = c.damage(from: nil, to: a, scale: 1, bounds: bounds)
        #expect(c.damage(from: a, to: Self.scene(rasterize: true), scale: 1, bounds: bounds).isEmpty)
        let d = c.damage(from: a, to: Self.scene(rasterize: true, childColor: F.blue), scale: 1, bounds: bounds)
        #expect(d.extents == PixelRect(x: 9, y: 19, width: 45, height: 45))     // the bitmap (10…53 × 20…63) and a filter pixel
        #expect(c.rasterCache.renders == 2)
    }

    @Test func nestedAndBadInput() {
        // A rasterized layer inside a rasterized layer: same pixels.
        var nested = Self.scene(rasterize: true)
        nested.sublayers[0].sublayers[0].properties["shouldRasterize"] = true
        #expect(Snapshot.render(nested)!.hasSamePixels(as: Snapshot.render(Self.scene(rasterize: false))!))
        // Invalid scales count as 1.
        var bad = Self.scene(rasterize: true)
        bad.sublayers[0].properties["rasterizationScale"] = CGFloat.nan
        #expect(Snapshot.render(bad)!.hasSamePixels(as: Snapshot.render(Self.scene(rasterize: false))!))
        // Huge: only the visible part is kept (RenderRasterizeClipTests), nothing allocated
        // in proportion to its size.
        var huge = F.root(100, 80, .white, [F.layer(2, 0, 0, 1e6, 1e6, F.red)])
        huge.sublayers[0].properties["shouldRasterize"] = true
        let c = Compositor()
        let out = Bitmap(width: 100, height: 80)!
        c.render(huge, into: out, scale: 1)
        #expect(c.rasterCache.renders == 1 && out.pixel(x: 50, y: 50) == 0xFFFF_0000)
        #expect(c.rasterCache.bitmapSizes.allSatisfy { $0.width <= 100 + _RasterCache.margin && $0.height <= 80 + _RasterCache.margin })
    }

    @Test func deepTreesAreWalkedWithoutRecursion() {
        var leaf = F.layer(20_000, 1, 1, 2, 2, F.red)
        leaf.properties["shouldRasterize"] = true
        var node = leaf
        for k in 0..<10_000 {
            var p = F.layer(UInt64(10_000 + k), 0, 0, 50, 50)
            p.sublayers = [node]
            node = p
        }
        let paths = _RasterCache.rasterizedPaths(F.root(50, 50, nil, [node]))
        #expect(paths.count == 1 && paths[0].count == 10_001 && paths[0].allSatisfy { $0 == 0 })
    }

    @Test func modelLayersReachTheCache() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        l.backgroundColor = F.red
        l.cornerRadius = 8
        l.shouldRasterize = true
        l.rasterizationScale = 2
        root.addSublayer(l)
        let tree = RenderTree(root: root).snapshot(at: 0)
        #expect(tree.sublayers[0].properties["shouldRasterize"] as? Bool == true)
        let c = Compositor()
        let out = Bitmap(width: 120, height: 120)!
        c.render(tree, into: out, scale: 2)
        #expect(c.rasterCache.renders == 1)
        l.shouldRasterize = false
        let plain = RenderTree(root: root).snapshot(at: 0)
        #expect(out.hasSamePixels(as: Snapshot.render(plain, scale: 2)!))
        CATransaction.flush()
    }
}
