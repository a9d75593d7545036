import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RenderContentsTests {
    typealias F = RenderFixture

    /// A w×h image whose pixel (x, y) is opaque with red = 16x + 1, green = 16y + 1.
    static func ramp(_ w: Int, _ h: Int) -> CGImage {
        CGImage(width: w, height: h) { p in
            for y in 0..<h { for x in 0..<w { p[y * w + x] = 0xFF00_0000 | UInt32(16 * x + 1) << 16 | UInt32(16 * y + 1) << 8 } }
        }!
    }

    static func layer(_ image: CGImage, _ w: CGFloat, _ h: CGFloat, gravity: String, nearest: Bool = true) -> RenderLayer {
        var l = F.layer(2, 0, 0, w, h)
        l.contents = image
        l.contentsGravityName = gravity
        if nearest { l.properties["magnificationFilter"] = "nearest"; l.properties["minificationFilter"] = "nearest" }
        return l
    }

    func render(_ l: RenderLayer, _ w: Int = 10, _ h: Int = 10) -> Bitmap { F.render(F.root(CGFloat(w), CGFloat(h), nil, [l]), w, h) }

    @Test func naturalSizeGravitiesPlaceTheImageExactly() {
        let img = Self.ramp(4, 2)
        let cases: [(String, Int, Int)] = [("center", 3, 4), ("top", 3, 0), ("bottom", 3, 8), ("left", 0, 4), ("right", 6, 4),
                                           ("topLeft", 0, 0), ("topRight", 6, 0), ("bottomLeft", 0, 8), ("bottomRight", 6, 8)]
        for (g, x, y) in cases {
            let b = render(Self.layer(img, 10, 10, gravity: g))
            #expect(b.pixel(x: x, y: y) == img.pixel(x: 0, y: 0), "\(g) first pixel")
            #expect(b.pixel(x: x + 3, y: y + 1) == img.pixel(x: 3, y: 1), "\(g) last pixel")
            #expect(b.pixel(x: x - 1, y: y) == 0 && b.pixel(x: x + 4, y: y + 1) == 0, "\(g) outside")
        }
    }

    @Test func resizeStretchesToBounds() {
        let img = Self.ramp(2, 2)
        let b = render(Self.layer(img, 8, 4, gravity: "resize"))
        #expect(b.pixel(x: 0, y: 0) == img.pixel(x: 0, y: 0))
        #expect(b.pixel(x: 3, y: 1) == img.pixel(x: 0, y: 0))
        #expect(b.pixel(x: 4, y: 2) == img.pixel(x: 1, y: 1))
        #expect(b.pixel(x: 7, y: 3) == img.pixel(x: 1, y: 1))
        #expect(b.pixel(x: 8, y: 0) == 0)
    }

    @Test func aspectGravitiesFitAndFill() {
        let img = Self.ramp(2, 1)
        let fit = render(Self.layer(img, 8, 8, gravity: "resizeAspect"))
        // 2×1 fitted into 8×8 → 8×4 at y = 2.
        #expect(fit.pixel(x: 0, y: 2) == img.pixel(x: 0, y: 0))
        #expect(fit.pixel(x: 7, y: 5) == img.pixel(x: 1, y: 0))
        #expect(fit.pixel(x: 0, y: 1) == 0 && fit.pixel(x: 0, y: 6) == 0)
        // Filling 8×8 → 16×8 at x = -4 (overflows the bounds; no masksToBounds).
        let fill = render(Self.layer(img, 8, 8, gravity: "resizeAspectFill"), 16, 8)
        #expect(fill.pixel(x: 0, y: 0) == img.pixel(x: 0, y: 0))
        #expect(fill.pixel(x: 3, y: 7) == img.pixel(x: 0, y: 0))
        #expect(fill.pixel(x: 4, y: 7) == img.pixel(x: 1, y: 0))
        #expect(fill.pixel(x: 11, y: 0) == img.pixel(x: 1, y: 0))
        var clipped = Self.layer(img, 8, 8, gravity: "resizeAspectFill")
        clipped.masksToBounds = true
        #expect(render(clipped, 16, 8).pixel(x: 11, y: 0) == 0)
    }

    @Test func contentsScaleHalvesThePointSize() {
        let img = Self.ramp(4, 4)
        var l = Self.layer(img, 10, 10, gravity: "topLeft")
        l.contentsScale = 2
        let b = F.render(F.root(10, 10, nil, [l]), 20, 20, scale: 2)
        #expect(b.pixel(x: 3, y: 3) == img.pixel(x: 3, y: 3), "4 image pixels = 2 points = 4 device pixels at scale 2")
        #expect(b.pixel(x: 4, y: 0) == 0)
    }

    @Test func contentsRectShowsPartOfTheImage() {
        let img = Self.ramp(4, 4)
        var l = Self.layer(img, 2, 2, gravity: "resize")
        l.contentsRect = CGRect(x: 0.5, y: 0.25, width: 0.5, height: 0.5)
        let b = render(l)
        #expect(b.pixel(x: 0, y: 0) == img.pixel(x: 2, y: 1))
        #expect(b.pixel(x: 1, y: 1) == img.pixel(x: 3, y: 2))
        #expect(b.pixel(x: 2, y: 0) == 0)
    }

    @Test func nineSliceKeepsCornersAndStretchesTheMiddle() {
        let img = Self.ramp(3, 3)
        var l = Self.layer(img, 9, 6, gravity: "resize")
        l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let b = render(l)
        #expect(b.pixel(x: 0, y: 0) == img.pixel(x: 0, y: 0))
        #expect(b.pixel(x: 8, y: 0) == img.pixel(x: 2, y: 0))
        #expect(b.pixel(x: 8, y: 5) == img.pixel(x: 2, y: 2))
        #expect(b.pixel(x: 4, y: 0) == img.pixel(x: 1, y: 0), "top edge stretched horizontally")
        #expect(b.pixel(x: 0, y: 3) == img.pixel(x: 0, y: 1), "left edge stretched vertically")
        #expect(b.pixel(x: 5, y: 2) == img.pixel(x: 1, y: 1), "middle")
    }

    @Test func opacityAndBilinearTranslation() {
        let img = CGImage(width: 4, height: 4, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 16))!
        var l = Self.layer(img, 4, 4, gravity: "resize", nearest: false)
        l.opacity = 0.5
        let b = render(l)
        #expect(b.pixel(x: 1, y: 1) == 0x8080_8080)
        l.opacity = 1
        l.position.x = 0.5
        let shifted = render(l)
        #expect(shifted.pixel(x: 2, y: 1) == 0xFFFF_FFFF)
        let edge = shifted.pixel(x: 0, y: 1) >> 24
        #expect(edge > 100 && edge < 156, "half a pixel of coverage: \(edge)")
        #expect(shifted.pixel(x: 4, y: 1) >> 24 > 100)
        #expect(shifted.pixel(x: 5, y: 1) == 0)
    }

    @Test func contentsSitBetweenBackgroundAndSublayers() {
        let img = CGImage(width: 1, height: 1, pixels: [0xFF00_FF00])!
        var l = Self.layer(img, 10, 10, gravity: "resize")
        l.backgroundColor = F.red
        l.sublayers = [F.layer(3, 0, 0, 5, 5, F.blue)]
        let b = render(l)
        #expect(b.pixel(x: 7, y: 7) == 0xFF00_FF00)
        #expect(b.pixel(x: 2, y: 2) == 0xFF00_00FF)
    }

    @Test func emptyAndStrangeContentsDrawNothing() {
        var l = Self.layer(CGImage(width: 0, height: 0, pixels: [])!, 10, 10, gravity: "resize")
        l.backgroundColor = F.red
        #expect(render(l).pixel(x: 5, y: 5) == 0xFFFF_0000)
        l.contents = Self.ramp(2, 2)
        l.contentsScale = .nan
        l.contentsRect = CGRect(x: 2, y: 2, width: 1, height: 1)
        #expect(render(l).pixel(x: 5, y: 5) == 0xFFFF_0000, "contentsRect outside the image shows nothing")
        #expect(CGImage(width: 40_000, height: 1, pixels: []) == nil)
        l.properties["contents"] = "not an image"
        #expect(render(l).pixel(x: 5, y: 5) == 0xFFFF_0000)
    }

    @Test func changingContentsIsDamage() {
        let a = F.root(20, 20, nil, [Self.layer(Self.ramp(2, 2), 4, 4, gravity: "resize")])
        var b = a
        b.sublayers[0].contents = Self.ramp(2, 2)
        let d = Compositor().damage(from: a, to: b, scale: 1, bounds: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(d.rects == [PixelRect(x: 0, y: 0, width: 5, height: 5)], "the destination grown by the filter margin")
    }
}

@Suite(.runLoopTurn) struct RenderRoundedContentsTests {
    typealias F = RenderFixture

    @Test func roundedClipOfContentsMatchesTheGroupPath() {
        var l = F.layer(2, 3, 3, 20, 20)
        l.contents = RenderContentsTests.ramp(4, 4)
        l.cornerRadius = 8
        l.masksToBounds = true
        let direct = F.render(F.root(26, 26, .black, [l]), 26, 26)
        var grouped = l
        grouped.sublayers = [F.layer(3, 0, 0, 1, 1, CGColor(gray: 0, alpha: 0.001))] // forces the offscreen clip group
        let viaGroup = F.render(F.root(26, 26, .black, [grouped]), 26, 26)
        #expect(direct.pixel(x: 3, y: 3) == 0xFF00_0000, "outside the rounded corner")
        #expect(direct.pixel(x: 13, y: 13) == viaGroup.pixel(x: 13, y: 13))
        var worst: UInt32 = 0
        for y in 0..<26 { for x in 5..<26 {
            let a = direct.pixel(x: x, y: y), b = viaGroup.pixel(x: x, y: y)
            for s in stride(from: 0, to: 32, by: 8) {
                let d = Int((a >> UInt32(s)) & 0xFF) - Int((b >> UInt32(s)) & 0xFF)
                worst = max(worst, UInt32(abs(d)))
            }
        } }
        #expect(worst <= 2, "worst channel difference \(worst)")
    }
}
