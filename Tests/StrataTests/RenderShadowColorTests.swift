import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// `shadowColor` tints every kind of shadow (the background's shape, a `shadowPath`, a layer's
/// content), its alpha multiplied by `shadowOpacity`; a clear colour casts nothing.
@Suite(.runLoopTurn) struct RenderShadowColorTests {
    typealias F = RenderFixture
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 20×20 layer at (40, 40) casting a sharp shadow 5 points down and right.
    static func caster(_ color: CGColor?, opacity: Float, background: CGColor? = .black) -> RenderLayer {
        var l = F.layer(2, 40, 40, 20, 20, background)
        l.properties["shadowOpacity"] = opacity
        l.properties["shadowRadius"] = CGFloat(0)
        l.properties["shadowOffset"] = CGSize(width: 5, height: 5)
        if let color { l.properties["shadowColor"] = color }
        return l
    }

    static func shadowPixel(_ l: RenderLayer) -> UInt32 {
        F.render(F.root(100, 100, .white, [l]), 100, 100).pixel(x: 63, y: 63)
    }

    @Test func shapeShadowTakesTheColourTimesTheOpacity() {
        #expect(Self.shadowPixel(Self.caster(Self.blue, opacity: 0.5)) == 0xFF7F_7FFF, "50 % blue over white")
        #expect(Self.shadowPixel(Self.caster(Self.blue.copy(alpha: 0.5)!, opacity: 1)) == 0xFF7F_7FFF,
                "the colour's own alpha counts like the opacity")
        #expect(Self.shadowPixel(Self.caster(.clear, opacity: 1)) == 0xFFFF_FFFF, "a clear colour casts nothing")
    }

    @Test func pathAndContentShadowsTakeTheColour() {
        var path = Self.caster(Self.blue, opacity: 1, background: nil)
        path.properties["shadowPath"] = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        #expect(Self.shadowPixel(path) == 0xFF00_00FF)
        var content = Self.caster(F.red, opacity: 1, background: nil)
        content.sublayers = [F.layer(3, 0, 0, 20, 20, F.green)]
        #expect(Self.shadowPixel(content) == 0xFFFF_0000, "the green sublayer's shadow is red")
    }
}
