import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RenderRegionTests {
    func r(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    @Test func unionOfDisjointRectsKeepsBothRects() {
        let a = Region(x: 0, y: 0, width: 10, height: 10).union(Region(x: 30, y: 0, width: 10, height: 10))
        #expect(a.rects == [r(0, 0, 10, 10), r(30, 0, 10, 10)])
        #expect(a.extents == r(0, 0, 40, 10))
        #expect(a.area == 200)
    }

    @Test func intersectAndSubtract() {
        let a = Region(x: 0, y: 0, width: 10, height: 10)
        let b = Region(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b).rects == [r(5, 5, 5, 5)])
        #expect(a.subtracting(b).rects == [r(0, 0, 10, 5), r(0, 5, 5, 5)])
        #expect(a.subtracting(a).isEmpty)
        #expect(!a.isEmpty && Region().isEmpty)
    }

    @Test func translateAndScale() {
        let a = Region(x: 1, y: 2, width: 3, height: 4)
        #expect(a.translatedBy(dx: 10, dy: -2).rects == [r(11, 0, 3, 4)])
        #expect(a.scaled(by: 2).rects == [r(2, 4, 6, 8)])
        #expect(a.scaled(by: 1.5).rects == [r(1, 3, 5, 6)], "rounded outwards: 1.5…6 × 3…9")
        #expect(a.scaled(by: .nan).isEmpty)
    }

    @Test func enclosingRoundsOutwards() {
        #expect(Region(enclosing: CGRect(x: 0.5, y: 0.25, width: 1, height: 1)).rects == [r(0, 0, 2, 2)])
        #expect(Region(enclosing: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)).isEmpty)
        let huge = Region(enclosing: CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
        #expect(huge.extents == r(-(1 << 29), -(1 << 29), 1 << 30, 1 << 30), "clamped to ±2²⁹")
    }

    @Test func valueSemantics() {
        let a = Region(x: 0, y: 0, width: 4, height: 4)
        var b = a
        b.formUnion(Region(x: 10, y: 0, width: 1, height: 1))
        #expect(a.rects == [r(0, 0, 4, 4)])
        #expect(b.rects == [r(0, 0, 4, 1), r(10, 0, 1, 1), r(0, 1, 4, 3)], "y-x bands")
        var c = a
        c.formUnion(c)
        #expect(c == a)
        #expect(a.contains(x: 3, y: 3) && !a.contains(x: 4, y: 3))
    }

    @Test func fromManyRects() {
        let rects = (0..<100).map { r($0 * 2, 0, 1, 1) }
        let reg = Region(rects)
        #expect(reg.area == 100)
        #expect(reg.rects.count == 100)
        #expect(Region([r(0, 0, 0, 5)]).isEmpty)
    }
}
