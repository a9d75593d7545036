import Foundation
import Testing
@testable import Strata

/// A shadow's blurred mask is cut to the surface grown by the blur's reach: exact (a small
/// surface shows the same pixels as the same place of a large one) and bounded by the surface
/// (a wide blur costs the surface's area plus one reach each side, not two).
@Suite(.runLoopTurn) struct RenderShadowReachTests {
    typealias F = RenderFixture

    @Test func theThreeBoxesReachNoFurtherThanTheMargin() {
        var sigma = 0.01
        while sigma <= 200 {
            let radii = _Blur.boxes(sigma: sigma).reduce(0) { $0 + $1 / 2 }
            #expect(radii <= _Blur.margin(sigma: sigma), "σ = \(sigma): boxes \(_Blur.boxes(sigma: sigma))")
            sigma += 0.01
        }
        #expect(_Blur.margin(sigma: 30) == 90)
    }

    /// Three casters hanging off every side of a 60×40 surface, with wide blurs: a content
    /// caster (a sublayer, no background), a rounded background and a shadowPath.
    static func casters() -> [RenderLayer] {
        var content = F.layer(2, -30, -25, 70, 50)
        content.sublayers = [F.layer(3, 0, 0, 70, 50, F.red)]
        content.properties["shadowOpacity"] = Float(0.8)
        content.properties["shadowRadius"] = CGFloat(30)
        content.properties["shadowOffset"] = CGSize(width: 40, height: 30)
        var rounded = F.layer(4, 35, 20, 60, 45, F.blue)
        rounded.cornerRadius = 12
        rounded.properties["shadowOpacity"] = Float(1)
        rounded.properties["shadowRadius"] = CGFloat(25)
        rounded.properties["shadowOffset"] = CGSize(width: -50, height: -35)
        var path = F.layer(5, 45, -20, 30, 30, F.green)
        path.properties["shadowOpacity"] = Float(0.6)
        path.properties["shadowRadius"] = CGFloat(20)
        path.properties["shadowOffset"] = CGSize(width: -20, height: 45)
        path.properties["shadowPath"] = CGPath(ellipseIn: CGRect(x: -10, y: 0, width: 50, height: 30), transform: nil)
        return [content, rounded, path]
    }

    @Test func aSmallSurfaceShowsWhatALargeOneShowsThere() {
        let w = 60, h = 40, pad = 300
        var near = F.layer(10, 0, 0, CGFloat(w), CGFloat(h))
        near.sublayers = Self.casters()
        let small = F.render(F.root(CGFloat(w), CGFloat(h), .white, [near]), w, h)
        var far = near
        far.position = CGPoint(x: pad, y: pad)
        let large = F.render(F.root(CGFloat(w + 2 * pad), CGFloat(h + 2 * pad), .white, [far]), w + 2 * pad, h + 2 * pad)
        var differing: [String] = [], shaded = 0
        for y in 0..<h {
            for x in 0..<w {
                let p = small.pixel(x: x, y: y)
                if p != large.pixel(x: x + pad, y: y + pad) { differing.append("(\(x), \(y))") }
                let gray = p & 0xFF
                if p == (0xFF00_0000 | gray * 0x01_0101) && gray > 0 && gray < 255 { shaded += 1 }
            }
        }
        #expect(differing.isEmpty, "pixels unlike the large surface's: \(differing.prefix(8))")
        #expect(shaded > 300, "the blurred shadows reach the surface in grey: \(shaded) pixels")
    }

    @Test func aWideContentBlurCostsTheSurfaceAndOneReach() {
        let painter = _Painter(), list = _FrameList()
        let bitmap = Bitmap(width: 60, height: 40)!
        list.build(F.root(60, 40, .white, [Self.casters()[0]]), scale: 1)
        painter.paint(list, into: bitmap, region: Region(x: 0, y: 0, width: 60, height: 40))
        // σ = 30 reaches 90 px. The shadow of the sublayer, (10, 5)–(80, 55), grown by 90 and
        // cut to the surface grown by 90: (−80, −85)–(150, 130). (Cut to two reaches it was
        // 250 × 230.)
        #expect(painter.shadowCache.count == 1)
        #expect(painter.shadowCache.bytes == 230 * 215, "\(painter.shadowCache.bytes) bytes of mask")
    }
}
