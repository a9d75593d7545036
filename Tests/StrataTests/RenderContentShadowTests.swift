import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Shadows cast by a layer's content (no shadowPath, and contents or sublayers): the alpha of
/// everything the layer draws, moved by shadowOffset, blurred by shadowRadius, tinted by
/// shadowColor × shadowOpacity, below the layer.
@Suite(.runLoopTurn) struct RenderContentShadowTests {
    typealias F = RenderFixture

    /// A 20×20 layer at (40, 40) without background holding a red 10×10 sublayer at its
    /// top-left, casting a shadow.
    static func caster(radius: CGFloat, offset: CGSize, opacity: Float = 0.5) -> RenderLayer {
        var l = F.layer(2, 40, 40, 20, 20)
        l.sublayers = [F.layer(3, 0, 0, 10, 10, F.red)]
        l.properties["shadowOpacity"] = opacity
        l.properties["shadowRadius"] = radius
        l.properties["shadowOffset"] = offset
        return l
    }

    @Test func sublayersCastASharpShadow() {
        let b = F.render(F.root(100, 100, .white, [Self.caster(radius: 0, offset: CGSize(width: 5, height: 5))]), 100, 100)
        #expect(b.pixel(x: 52, y: 52) == 0xFF7F_7F7F, "50 % black over white, under the sublayer moved by (5, 5)")
        #expect(b.pixel(x: 54, y: 54) == 0xFF7F_7F7F)
        #expect(b.pixel(x: 47, y: 47) == 0xFFFF_0000, "the sublayer covers the shadow")
        #expect(b.pixel(x: 55, y: 55) == 0xFFFF_FFFF, "the empty rest of the layer casts nothing")
        #expect(b.pixel(x: 44, y: 52) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 52, y: 44) == 0xFFFF_FFFF)
    }

    @Test func contentsCastTheirAlpha() {
        // Left column opaque green, right column transparent: only the left half casts.
        let img = CGImage(width: 2, height: 1, pixels: [0xFF00_FF00, 0])!
        var l = F.layer(2, 10, 10, 20, 10)
        l.contents = img
        l.properties["magnificationFilter"] = "nearest"
        l.properties["shadowOpacity"] = Float(1)
        l.properties["shadowRadius"] = CGFloat(0)
        l.properties["shadowOffset"] = CGSize(width: 0, height: 10)
        let b = F.render(F.root(40, 40, .white, [l]), 40, 40)
        #expect(b.pixel(x: 12, y: 12) == 0xFF00_FF00)
        #expect(b.pixel(x: 25, y: 12) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 12, y: 22) == 0xFF00_0000, "opaque half's shadow")
        #expect(b.pixel(x: 25, y: 22) == 0xFFFF_FFFF, "transparent half casts nothing")
    }

    @Test func blurredContentShadowConservesAlpha() {
        var l = Self.caster(radius: 3, offset: CGSize(width: 30, height: 30), opacity: 1)
        l.sublayers[0].bounds.size = CGSize(width: 20, height: 20)
        let b = F.render(F.root(120, 120, nil, [l]), 120, 120)
        var total = 0
        for y in 60..<120 { for x in 60..<120 { total += Int(b.pixel(x: x, y: y) >> 24) } }
        #expect(abs(Double(total) / 255 - 400) < 8, "≈ 20×20 of full alpha: \(Double(total) / 255)")
        #expect(b.pixel(x: 80, y: 80) >> 24 > 250 && b.pixel(x: 80, y: 80) & 0x00FF_FFFF == 0, "deep inside: black, about opaque")
        #expect(b.pixel(x: 70 - 10, y: 80) == 0, "nothing beyond 3σ")
    }

    @Test func theShadowTakesTheLayersOpacity() {
        var l = Self.caster(radius: 0, offset: CGSize(width: 5, height: 5), opacity: 1)
        l.opacity = 0.5
        let b = F.render(F.root(100, 100, .white, [l]), 100, 100)
        #expect(b.pixel(x: 52, y: 52) == 0xFF7F_7F7F, "opaque black shadow at half the layer's opacity")
        #expect(b.pixel(x: 47, y: 47) == 0xFFFF_7F7F, "the group: red at half over white, shadow hidden below it")
    }

    @Test func changingASublayerDamagesTheShadow() {
        let a = F.root(100, 100, .white, [Self.caster(radius: 0, offset: CGSize(width: 5, height: 5))])
        var b = a
        b.sublayers[0].sublayers[0].backgroundColor = F.blue
        let d = Compositor().damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        // The sublayer (40…49) and the shadow box (45…54 grown by one pixel: 44…55).
        #expect(d.rects == [PixelRect(x: 40, y: 40, width: 10, height: 4), PixelRect(x: 40, y: 44, width: 16, height: 6),
                            PixelRect(x: 44, y: 50, width: 12, height: 6)])
    }

    @Test func theBlurredMaskIsCachedWhileTheLayerMovesByWholePixels() {
        let probe = RenderShadowTests.CacheProbe()
        var root = F.root(100, 100, .white, [Self.caster(radius: 2, offset: CGSize(width: 3, height: 3))])
        #expect(probe.paint(root, xs: [10, 11, 30, 31]) == 1)
        root.sublayers[0].sublayers[0].bounds.size.width = 12
        #expect(probe.paint(root, xs: [31]) == 2, "a new drawing is a new mask")
    }

    @Test func damageRepaintsAndBandsMatchAFullSerialRender() {
        var scene: [RenderLayer] = []
        for i in 0..<20 {
            var l = Self.caster(radius: CGFloat(i % 4), offset: CGSize(width: 4 - i % 9, height: i % 5 - 2))
            l.id = UInt64(10 + 2 * i)
            l.sublayers[0].id = UInt64(11 + 2 * i)
            l.position = CGPoint(x: CGFloat(i * 9 % 150), y: CGFloat(i * 23 % 110))
            l.sublayers[0].cornerRadius = 3
            scene.append(l)
        }
        let a = F.root(160, 120, .white, scene)
        var b = a
        b.sublayers[7].position.x += 6.5
        b.sublayers[12].sublayers[0].bounds.size.height = 17
        let serial = F.render(b, 160, 120)
        let c = Compositor()
        let incremental = Bitmap(width: 160, height: 120)!
        c.render(a, into: incremental, scale: 1)
        c.render(b, into: incremental, scale: 1, region: c.damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 160, height: 120)))
        #expect(incremental.hasSamePixels(as: serial), "damage-only repaint equals a full render")
        let banded = Bitmap(width: 160, height: 120)!
        let two = Compositor(threads: 2)
        two.minimumParallelWork = 0
        two.render(b, into: banded, scale: 1)
        #expect(banded.hasSamePixels(as: serial), "two bands equal one")
    }

    @Test func hugeAndNestedCastersAreBounded() {
        // A 1e6-point sublayer's shadow: the offscreen is cut to the surface's reach.
        var huge = Self.caster(radius: 2, offset: CGSize(width: 3, height: 3), opacity: 1)
        huge.sublayers[0].bounds.size = CGSize(width: 1e6, height: 1e6)
        huge.position = CGPoint(x: 50, y: 50)
        let b = F.render(F.root(100, 100, .white, [huge]), 100, 100)
        #expect(b.pixel(x: 52, y: 52) == 0xFFFF_0000)
        #expect(b.pixel(x: 40, y: 60) == 0xFFFF_FFFF, "beyond 3σ of the shadow's left edge (x = 53)")
        let edge = b.pixel(x: 49, y: 60), grey = (edge >> 16) & 0xFF
        #expect(edge >> 24 == 0xFF && grey == (edge >> 8) & 0xFF && grey == edge & 0xFF && grey > 0 && grey < 255,
                "blurred edge of the shadow: \(F.hex(edge))")

        // A chain of 400 casters: the outermost redraw the most layers, and casting stops
        // once the frame's budget is spent.
        let casters = 400
        var l = F.layer(100_000, 0, 0, 4, 4, F.red)
        for i in 0..<casters {
            var p = F.layer(UInt64(2000 + i), 0, 0, 4, 4)
            p.sublayers = [l]
            p.properties["shadowOpacity"] = Float(0.1)
            p.properties["shadowRadius"] = CGFloat(0)
            p.properties["shadowOffset"] = CGSize(width: 1, height: 0)
            l = p
        }
        l.position = CGPoint(x: 2, y: 2)
        let tree = F.root(10, 10, .white, [l])
        var expected = 0, spent = 0
        for j in 0..<casters where spent < _FrameList.maximumContentShadowLayers {
            expected += 1
            spent += casters - j + 1 // the caster, the casters inside it and the leaf
        }
        let list = _FrameList()
        list.build(tree, scale: 1)
        #expect(list.nodes.filter { $0.shadow != nil }.count == expected)
        #expect(expected == 44)
        #expect(F.render(tree, 10, 10).pixel(x: 3, y: 3) == 0xFFFF_0000)
    }
}
