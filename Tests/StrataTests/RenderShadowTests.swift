import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RenderShadowTests {
    typealias F = RenderFixture

    static func shadowed(radius: CGFloat, offset: CGSize, opacity: Float = 1) -> RenderLayer {
        var l = F.layer(2, 40, 40, 20, 20, .black)
        l.properties["shadowOpacity"] = opacity
        l.properties["shadowRadius"] = radius
        l.properties["shadowOffset"] = offset
        return l
    }

    @Test func sharpShadowIsTheShapeMoved() {
        let l = Self.shadowed(radius: 0, offset: CGSize(width: 5, height: 5), opacity: 0.5)
        let b = F.render(F.root(100, 100, .white, [l]), 100, 100)
        #expect(b.pixel(x: 63, y: 63) == 0xFF7F_7F7F, "50 % black over white")
        #expect(b.pixel(x: 45, y: 45) == 0xFF00_0000, "the layer covers its shadow")
        #expect(b.pixel(x: 65, y: 65) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 44, y: 44) == 0xFF00_0000)
    }

    @Test func defaultOffsetIsThreePointsUp() {
        var l = Self.shadowed(radius: 0, offset: .zero)
        l.properties["shadowOffset"] = nil
        let b = F.render(F.root(100, 100, .white, [l]), 100, 100)
        #expect(b.pixel(x: 50, y: 37) == 0xFF00_0000)
        #expect(b.pixel(x: 50, y: 36) == 0xFFFF_FFFF)
    }

    @Test func blurSpreadsAndConservesAlpha() {
        var l = Self.shadowed(radius: 4, offset: .zero)
        l.backgroundColor = nil
        l.properties["shadowPath"] = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let b = F.render(F.root(100, 100, nil, [l]), 100, 100)
        var total = 0
        for y in 0..<100 { for x in 0..<100 { total += Int(b.pixel(x: x, y: y) >> 24) } }
        #expect(abs(Double(total) / 255 - 400) < 8, "≈ 20×20 of full alpha: \(Double(total) / 255)")
        #expect(b.pixel(x: 50, y: 50) >> 24 > 230, "deep inside")
        let edge = Int(b.pixel(x: 40, y: 50) >> 24)
        #expect(abs(edge - 128) < 25, "half at the edge: \(edge)")
        #expect(b.pixel(x: 40 - 13, y: 50) == 0, "nothing beyond 3σ")
        #expect(b.pixel(x: 50, y: 50) & 0x00FF_FFFF == 0, "black")
    }

    @Test func masksToBoundsDrawsNoShadow() {
        var l = Self.shadowed(radius: 0, offset: CGSize(width: 5, height: 5))
        l.masksToBounds = true
        #expect(F.render(F.root(100, 100, .white, [l]), 100, 100).pixel(x: 63, y: 63) == 0xFFFF_FFFF)
    }

    /// Paints 100×100 frames with one painter, counting its shadow cache's misses.
    final class CacheProbe {
        let painter = _Painter(), list = _FrameList()
        let bitmap = Bitmap(width: 100, height: 100)!

        /// Paints `root` with its first sublayer at each x of `xs`; returns the misses so far.
        func paint(_ root: RenderLayer, xs: [CGFloat]) -> Int {
            var root = root
            for x in xs {
                root.sublayers[0].position.x = x
                list.build(root, scale: 1)
                painter.paint(list, into: bitmap, region: Region(x: 0, y: 0, width: 100, height: 100))
            }
            return painter.shadowCache.misses
        }
    }

    @Test func blurredMaskIsCachedWhileTheShadowOnlyMoves() {
        let probe = CacheProbe()
        let root = F.root(100, 100, .white, [Self.shadowed(radius: 3, offset: CGSize(width: 2, height: 2))])
        #expect(probe.paint(root, xs: [10, 11, 30, 31]) == 1)
        #expect(probe.paint(root, xs: [30.5]) == 2, "a new sub-pixel phase is a new mask")
    }

    @Test func shadowChangesAreDamage() {
        let a = F.root(100, 100, .white, [Self.shadowed(radius: 2, offset: .zero)])
        let b = F.root(100, 100, .white, [Self.shadowed(radius: 4, offset: .zero)])
        let d = Compositor().damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(d.extents == PixelRect(x: 27, y: 27, width: 46, height: 46), "3σ + 1 around the 20×20 layer")
    }

    @Test func nonFiniteShadowValuesAreIgnored() {
        var l = Self.shadowed(radius: .nan, offset: CGSize(width: CGFloat.infinity, height: 0))
        l.properties["shadowOpacity"] = Float.nan
        #expect(F.render(F.root(100, 100, .white, [l]), 100, 100).pixel(x: 39, y: 50) == 0xFFFF_FFFF)
        l.properties["shadowOpacity"] = Float(1)
        let b = F.render(F.root(100, 100, .white, [l]), 100, 100)
        #expect(b.pixel(x: 50, y: 50) == 0xFF00_0000)
    }
}
