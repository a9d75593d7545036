import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// A `compositingFilter` composites the layer's whole subtree with the content behind it, so
/// setting, changing or removing it damages every descendant — also those drawn outside the
/// layer's bounds, and the cached bitmap of a rasterized layer.
@Suite(.runLoopTurn) struct RenderBlendDamageTests {
    typealias F = RenderFixture
    static let bounds = CGRect(x: 0, y: 0, width: 40, height: 20)

    /// A 10×10 group at (2, 2) with a 5×5 sublayer at (20, 3) of it: outside its bounds.
    static func scene(_ filter: String?, rasterized: Bool = false) -> RenderLayer {
        var g = F.layer(2, 2, 2, 10, 10, F.blue)
        g.sublayers = [F.layer(3, 20, 3, 5, 5, F.red)]
        if let filter { g.properties["compositingFilter"] = filter }
        if rasterized { g.properties["shouldRasterize"] = true }
        return F.root(40, 20, .white, [g])
    }

    @Test func changingTheFilterDamagesTheLayerAndItsSublayers() {
        let c = Compositor()
        let both = Region([PixelRect(x: 2, y: 2, width: 10, height: 10), PixelRect(x: 22, y: 5, width: 5, height: 5)])
        #expect(c.damage(from: Self.scene(nil), to: Self.scene("multiplyBlendMode"), scale: 1, bounds: Self.bounds) == both)
        #expect(c.damage(from: Self.scene("multiplyBlendMode"), to: Self.scene("screenBlendMode"), scale: 1, bounds: Self.bounds) == both)
        #expect(c.damage(from: Self.scene("screenBlendMode"), to: Self.scene(nil), scale: 1, bounds: Self.bounds) == both)
        #expect(c.damage(from: Self.scene("screenBlendMode"), to: Self.scene("screenBlendMode"), scale: 1, bounds: Self.bounds).isEmpty)
    }

    @Test func changingTheFilterOfARasterizedLayerDamagesItsBitmap() {
        let c = Compositor()
        let before = Self.scene(nil, rasterized: true), after = Self.scene("differenceBlendMode", rasterized: true)
        let out = Snapshot.render(before, width: 40, height: 20)!
        c.render(before, into: out, scale: 1)
        let d = c.damage(from: before, to: after, scale: 1, bounds: Self.bounds)
        #expect(Region(x: 22, y: 5, width: 5, height: 5).subtracting(d).isEmpty, "\(d)")
        c.render(after, into: out, scale: 1, region: d)
        #expect(out.hasSamePixels(as: Snapshot.render(after, width: 40, height: 20)!))
        // Difference of red over white is cyan: the sublayer shows the filter.
        #expect(out.pixel(x: 24, y: 7) == 0xFF00_FFFF, "\(F.hex(out.pixel(x: 24, y: 7)))")
    }
}
