import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RenderMaskTests {
    typealias F = RenderFixture

    static func masked(_ mask: RenderLayer) -> RenderLayer {
        var l = F.layer(2, 10, 10, 20, 20, F.red)
        l.sublayers = [F.layer(3, 10, 10, 20, 20, F.blue)] // reaches beyond the layer's bounds
        l.mask = mask
        return l
    }

    @Test func maskAlphaCutsTheLayerAndItsSublayers() {
        let l = Self.masked(F.layer(100, 0, 0, 15, 15, .black))
        let b = F.render(F.root(50, 50, .white, [l]), 50, 50)
        #expect(b.pixel(x: 10, y: 10) == 0xFFFF_0000)
        #expect(b.pixel(x: 24, y: 24) == 0xFF00_00FF, "sublayer inside the mask")
        #expect(b.pixel(x: 25, y: 20) == 0xFFFF_FFFF, "outside the mask")
        #expect(b.pixel(x: 35, y: 35) == 0xFFFF_FFFF, "sublayer outside the mask")
    }

    @Test func maskAlphaIsPartial() {
        var l = F.layer(2, 0, 0, 10, 10, F.red)
        l.mask = F.layer(100, 0, 0, 10, 10, CGColor(gray: 0, alpha: 0.5))
        let b = F.render(F.root(10, 10, .white, [l]), 10, 10)
        #expect(b.pixel(x: 5, y: 5) == 0xFFFF_7F7F)
    }

    @Test func maskOfAMaskIntersects() {
        var m = F.layer(100, 0, 0, 15, 15, .black)
        m.mask = F.layer(101, 5, 5, 20, 20, .black)
        let b = F.render(F.root(50, 50, .white, [Self.masked(m)]), 50, 50)
        #expect(b.pixel(x: 12, y: 12) == 0xFFFF_FFFF, "cut by the inner mask")
        #expect(b.pixel(x: 17, y: 17) == 0xFFFF_0000)
        #expect(b.pixel(x: 26, y: 26) == 0xFFFF_FFFF, "cut by the outer mask")
    }

    @Test func deeplyNestedMasksAreBounded() {
        var m = F.layer(1000, 0, 0, 20, 20, .black)
        for i in 0..<30 {
            var outer = F.layer(UInt64(1001 + i), 0, 0, 20, 20, .black)
            outer.mask = m
            m = outer
        }
        let b = F.render(F.root(50, 50, .white, [Self.masked(m)]), 50, 50)
        #expect(b.pixel(x: 12, y: 12) == 0xFFFF_0000)
    }

    @Test func movingTheMaskIsDamage() {
        let a = F.root(50, 50, .white, [Self.masked(F.layer(100, 0, 0, 15, 15, .black))])
        var b = a
        b.sublayers[0].mask?.position.x = 2
        let d = Compositor().damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(d.contains(x: 10, y: 10) && d.contains(x: 39, y: 39), "the masked layer and its sublayer")
        let c = Compositor()
        let inc = F.render(a, 50, 50)
        c.render(b, into: inc, scale: 1, region: d)
        #expect(inc.hasSamePixels(as: F.render(b, 50, 50)))
    }
}
