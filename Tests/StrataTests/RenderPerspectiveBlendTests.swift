import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RenderPerspectiveBlendTests {
    typealias F = RenderFixture

    @Test func multiplyBlendMode() {
        var l = F.layer(2, 0, 0, 10, 10, F.red)
        l.properties["compositingFilter"] = "multiplyBlendMode"
        let b = F.render(F.root(10, 10, CGColor(gray: 128.0 / 255, alpha: 1), [l]), 10, 10)
        #expect(b.pixel(x: 5, y: 5) == 0xFF80_0000)
        l.properties["compositingFilter"] = "noSuchMode"
        #expect(F.render(F.root(10, 10, .white, [l]), 10, 10).pixel(x: 5, y: 5) == 0xFFFF_0000, "unknown: OVER")
    }

    @Test func backFacingLayersHideWhenNotDoubleSided() {
        var l = F.centered(2, 10, 10, at: 10, 10, CATransform3DMakeRotation(.pi, 0, 1, 0), F.red)
        #expect(F.render(F.root(20, 20, .white, [l]), 20, 20).pixel(x: 10, y: 10) == 0xFFFF_0000)
        l.isDoubleSided = false
        #expect(F.render(F.root(20, 20, .white, [l]), 20, 20).pixel(x: 10, y: 10) == 0xFFFF_FFFF)
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        #expect(F.render(F.root(20, 20, .white, [l]), 20, 20).pixel(x: 10, y: 10) == 0xFFFF_0000, "front-facing")
    }

    @Test func perspectiveMakesTheNearEdgeTaller() {
        var parent = F.layer(2, 0, 0, 100, 100)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 200
        parent.sublayerTransform = p
        parent.sublayers = [F.centered(3, 60, 60, at: 50, 50, CATransform3DMakeRotation(.pi / 4, 0, 1, 0), .black)]
        let b = F.render(F.root(100, 100, .white, [parent]), 100, 100)
        func column(_ x: Int) -> Int { (0..<100).filter { b.pixel(x: x, y: $0) == 0xFF00_0000 }.count }
        let xs = (0..<100).filter { column($0) > 0 }
        guard let left = xs.first, let right = xs.last else { Issue.record("nothing drawn"); return }
        #expect(abs(column(left + 1) - column(right - 1)) > 8, "left \(column(left + 1)) vs right \(column(right - 1))")
        #expect(right - left < 60, "foreshortened: \(right - left)")
        #expect(b.pixel(x: 50, y: 50) == 0xFF00_0000)
    }

    @Test func behindTheEyeIsCut() {
        var parent = F.layer(2, 0, 0, 100, 100)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 50
        parent.sublayerTransform = p
        // Rotated almost edge-on and large: part of it crosses W ≤ 0.
        parent.sublayers = [F.centered(3, 400, 60, at: 50, 50, CATransform3DMakeRotation(1.4, 0, 1, 0), .black)]
        let b = F.render(F.root(100, 100, .white, [parent]), 100, 100)
        #expect(b.pixel(x: 50, y: 50) == 0xFF00_0000)
        let d = Compositor().damage(from: F.root(100, 100, .white, []), to: F.root(100, 100, .white, [parent]), scale: 1,
                                    bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(d.contains(x: 50, y: 50))
    }

    @Test func sublayersOfABlendedLayerDoNotHideWhatIsBelowIt() {
        // An opaque green sublayer of a multiply layer covers a red layer: it multiplies onto
        // the red (black), it does not occlude it.
        var blend = F.layer(3, 0, 0, 40, 40, nil)
        blend.properties["compositingFilter"] = "multiplyBlendMode"
        blend.sublayers = [F.layer(4, 0, 0, 40, 40, F.green)]
        let b = F.render(F.root(40, 40, .white, [F.layer(2, 0, 0, 40, 40, F.red), blend]), 40, 40)
        #expect(F.hex(b.pixel(x: 20, y: 20)) == F.hex(0xFF00_0000))
    }

    @Test func aMaskedGroupUnderNonGroupOpacityAppliesTheOpacityOnce() {
        // Parent at opacity 0.5 without group opacity; its masked child is a group: the child's
        // own sublayer must not carry the 0.5 as well (blue at 128 over white, not at 64).
        var parent = F.layer(2, 0, 0, 40, 40, nil)
        parent.opacity = 0.5
        parent.allowsGroupOpacity = false
        var masked = F.layer(3, 0, 0, 40, 40, nil)
        masked.mask = F.layer(5, 0, 0, 40, 40, .black)
        masked.sublayers = [F.layer(4, 0, 0, 40, 40, F.blue)]
        parent.sublayers = [masked]
        let b = F.render(F.root(40, 40, .white, [parent]), 40, 40)
        #expect(F.hex(b.pixel(x: 20, y: 20)) == F.hex(0xFF7F_7FFF))
    }
}
