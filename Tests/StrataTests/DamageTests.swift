import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct DamageTests {
    typealias F = RenderFixture
    let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    func r(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    func damage(_ a: RenderLayer?, _ b: RenderLayer, scale: CGFloat = 1) -> [PixelRect] {
        Compositor().damage(from: a, to: b, scale: scale, bounds: CGRect(x: 0, y: 0, width: 100 * scale, height: 100 * scale)).rects
    }

    @Test func noChangeNoDamage() {
        let t = F.root(100, 100, .white, [F.layer(2, 10, 10, 10, 10, F.red)])
        #expect(damage(t, t).isEmpty)
    }

    @Test func firstFrameIsEverything() {
        let t = F.root(100, 100, .white, [])
        #expect(damage(nil, t) == [r(0, 0, 100, 100)])
    }

    @Test func movedLayerDamagesOldAndNewPlacesNotTheirBoundingBox() {
        let a = F.root(100, 100, nil, [F.layer(2, 0, 0, 10, 10, F.red)])
        let b = F.root(100, 100, nil, [F.layer(2, 30, 0, 10, 10, F.red)])
        #expect(damage(a, b) == [r(0, 0, 10, 10), r(30, 0, 10, 10)])
    }

    @Test func colourChangeDamagesTheLayerOnly() {
        let a = F.root(100, 100, .white, [F.layer(2, 20, 30, 10, 5, F.red), F.layer(3, 50, 50, 5, 5, F.red)])
        let b = F.root(100, 100, .white, [F.layer(2, 20, 30, 10, 5, F.blue), F.layer(3, 50, 50, 5, 5, F.red)])
        #expect(damage(a, b) == [r(20, 30, 10, 5)])
    }

    @Test func fractionalPositionDamagesEveryTouchedPixel() {
        let a = F.root(100, 100, nil, [F.layer(2, 10, 10, 10, 10, F.red)])
        let b = F.root(100, 100, nil, [F.layer(2, 10.5, 10, 10, 10, F.red)])
        #expect(damage(a, b) == [r(10, 10, 11, 10)])
    }

    @Test func addedAndRemovedLayers() {
        let a = F.root(100, 100, nil, [F.layer(2, 0, 0, 10, 10, F.red)])
        let b = F.root(100, 100, nil, [F.layer(2, 0, 0, 10, 10, F.red), F.layer(3, 50, 60, 4, 4, F.blue)])
        #expect(damage(a, b) == [r(50, 60, 4, 4)])
        #expect(damage(b, a) == [r(50, 60, 4, 4)])
    }

    @Test func hidingDamagesTheOldPlace() {
        let a = F.root(100, 100, nil, [F.layer(2, 5, 5, 10, 10, F.red)])
        var hidden = F.layer(2, 5, 5, 10, 10, F.red)
        hidden.isHidden = true
        #expect(damage(a, F.root(100, 100, nil, [hidden])) == [r(5, 5, 10, 10)])
    }

    @Test func movingAParentDamagesItsSublayers() {
        var p = F.layer(2, 0, 0, 10, 10, F.red)
        p.sublayers = [F.layer(3, 50, 0, 10, 10, F.blue)]
        var q = p
        q.position.y = 20
        #expect(damage(F.root(100, 100, nil, [p]), F.root(100, 100, nil, [q]))
                == [r(0, 0, 10, 10), r(50, 0, 10, 10), r(0, 20, 10, 10), r(50, 20, 10, 10)])
    }

    @Test func parentOpacityDamagesSublayers() {
        var p = F.layer(2, 0, 0, 10, 10)
        p.sublayers = [F.layer(3, 50, 50, 10, 10, F.blue)]
        var q = p
        q.opacity = 0.5
        #expect(damage(F.root(100, 100, nil, [p]), F.root(100, 100, nil, [q])) == [r(50, 50, 10, 10)])
    }

    @Test func reorderingSiblingsDamagesThem() {
        let a = F.root(100, 100, nil, [F.layer(2, 0, 0, 10, 10, F.red), F.layer(3, 5, 0, 10, 10, F.blue)])
        let b = F.root(100, 100, nil, [F.layer(3, 5, 0, 10, 10, F.blue), F.layer(2, 0, 0, 10, 10, F.red)])
        #expect(damage(a, b) == [r(0, 0, 15, 10)])
    }

    @Test func scaleAppliesToDamage() {
        let a = F.root(100, 100, nil, [F.layer(2, 1, 1, 2, 2, F.red)])
        let b = F.root(100, 100, nil, [F.layer(2, 1, 1, 2, 2, F.blue)])
        #expect(damage(a, b, scale: 2) == [r(2, 2, 4, 4)])
    }

    @Test func clippedByBoundsAndAncestorClips() {
        var clip = F.layer(2, 0, 0, 20, 20)
        clip.masksToBounds = true
        clip.sublayers = [F.layer(3, 10, 10, 50, 50, F.red)]
        var changed = clip
        changed.sublayers[0].backgroundColor = F.blue
        #expect(damage(F.root(100, 100, nil, [clip]), F.root(100, 100, nil, [changed])) == [r(10, 10, 10, 10)])
        let a = F.root(100, 100, nil, [F.layer(4, 90, 90, 50, 50, F.red)])
        let b = F.root(100, 100, nil, [F.layer(4, 90, 90, 50, 50, F.blue)])
        #expect(damage(a, b) == [r(90, 90, 10, 10)])
    }

    @Test func duplicateIdsDamageEverything() {
        let a = F.root(100, 100, nil, [F.layer(2, 0, 0, 1, 1, F.red), F.layer(2, 5, 5, 1, 1, F.red)])
        #expect(damage(a, a) == [r(0, 0, 100, 100)])
    }

    @Test func repaintingTheDamageEqualsAFullRender() {
        let a = F.root(100, 100, .white, [F.layer(2, 10, 10, 30, 30, F.red), F.layer(3, 20, 20, 30, 30, F.blue)])
        var b = a
        b.sublayers[1].position = CGPoint(x: 25.5, y: 40)
        b.sublayers[0].cornerRadius = 8
        let c = Compositor()
        let incremental = F.render(a, 100, 100)
        c.render(b, into: incremental, scale: 1, region: c.damage(from: a, to: b, scale: 1, bounds: bounds))
        #expect(incremental.hasSamePixels(as: F.render(b, 100, 100)))
    }
}
