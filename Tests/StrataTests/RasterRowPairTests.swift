import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// The AVX2 sweep of ARGB32 targets takes a band's rows two at a time (`sweep_pair` in
/// CRaster's raster_sweep_avx2.c): blocks of 4 cells of both rows at the union of their flagged
/// cells, each row's running sum in one half of a vector, and each row's own spans between.
/// It must give the portable sweep's pixels, to the bit.
@Suite(.runLoopTurn) struct RasterRowPairTests {
    /// Two rows of one pair with crossings in different places: a rectangle in row 0 only
    /// (x 2.5 … 9.5) and one half a pixel tall in row 1 only (x 20.25 … 30.75), opaque black over
    /// white. Row 0: columns 2 and 9 half covered, alpha (0.5·255) rounded = 128, so
    /// 0x80000000 + white·127/255 = 0xFF7F7F7F; columns 3 … 8 black. Row 1: columns 20 and 30
    /// covered 0.75 × 0.5, alpha 96 (24576·255/65536 rounded), 0x60000000 + white·159/255 =
    /// 0xFF9F9F9F; columns 21 … 29 alpha 128. Each row leaves the other's columns white.
    @Test func eachRowOfAPairGetsItsOwnCoverage() {
        let img = RasterTestImage(width: 40, height: 4, format: PIXMAN_a8r8g8b8)
        let data = pixman_image_get_data(img.image)!
        for i in 0..<(40 * 4) { data[i] = 0xFFFF_FFFF }
        let p = CGMutablePath()
        p.addRect(CGRect(x: 2.5, y: 0, width: 7, height: 1))
        p.addRect(CGRect(x: 20.25, y: 1.5, width: 10.5, height: 0.5))
        PathRasterizer().fill(path: p, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1), into: img.image)
        func px(_ x: Int, _ y: Int) -> UInt32 { img.argb[y * 40 + x] }
        #expect(px(1, 0) == 0xFFFF_FFFF)
        #expect(px(2, 0) == 0xFF7F_7F7F)
        for x in 3...8 { #expect(px(x, 0) == 0xFF00_0000, "x \(x)") }
        #expect(px(9, 0) == 0xFF7F_7F7F)
        #expect(px(10, 0) == 0xFFFF_FFFF)
        #expect(px(20, 1) == 0xFF9F_9F9F)
        for x in 21...29 { #expect(px(x, 1) == 0xFF7F_7F7F, "x \(x)") }
        #expect(px(30, 1) == 0xFF9F_9F9F)
        for x in [2, 5, 9] { #expect(px(x, 1) == 0xFFFF_FFFF, "x \(x)") }
        for x in [20, 25, 30, 31] { #expect(px(x, 0) == 0xFFFF_FFFF, "x \(x)") }
        for x in 0..<40 { #expect(px(x, 2) == 0xFFFF_FFFF && px(x, 3) == 0xFFFF_FFFF, "x \(x)") }
    }

    /// 120 seeded paths made for the pairs: triangles and thin slanted slivers 1 … 14 px wide
    /// (crossings in a block's last cells, blocks cut by the right side of the fill), shapes whose
    /// rows start and end at fractional heights (a pair's rows covered differently, one of them
    /// not at all), fills 1 … 67 rows tall (bands with an odd last row), flat and steep edges,
    /// both rules, opaque and translucent ink over a varied background: the AVX2 pixels equal
    /// the portable ones.
    @Test func seededShapesGiveThePortablePixels() {
        var rng = SeededLCG(state: 4242)
        let w = 96, h = 72
        var inked = 0
        for iteration in 0..<120 {
            let p = CGMutablePath()
            let x0 = rng.next() * 70, y0 = rng.next() * 8
            let wide = 1 + rng.next() * 13, tall = 0.3 + rng.next() * Double(1 + iteration % 67)
            switch iteration % 3 {
            case 0:   // a triangle, its apex anywhere above or below
                p.move(to: CGPoint(x: x0, y: y0))
                p.addLine(to: CGPoint(x: x0 + wide, y: y0 + rng.next() * tall))
                p.addLine(to: CGPoint(x: x0 + rng.next() * wide, y: y0 + tall))
            case 1:   // a slanted sliver, flat or steep
                let run = (rng.next() - 0.5) * 60
                p.move(to: CGPoint(x: x0, y: y0))
                p.addLine(to: CGPoint(x: x0 + wide, y: y0))
                p.addLine(to: CGPoint(x: x0 + wide + run, y: y0 + tall))
                p.addLine(to: CGPoint(x: x0 + run, y: y0 + tall))
            default:  // two overlapping pieces, a self-crossing quad
                p.addRect(CGRect(x: x0, y: y0, width: wide, height: tall))
                p.move(to: CGPoint(x: x0 + wide, y: y0 + 0.5))
                p.addLine(to: CGPoint(x: x0 - 3, y: y0 + tall * 0.7))
                p.addLine(to: CGPoint(x: x0 + wide + 4, y: y0 + tall))
                p.addLine(to: CGPoint(x: x0 + 1, y: y0 + 1.25))
            }
            p.closeSubpath()
            let rule: CGPathFillRule = iteration % 2 == 0 ? .winding : .evenOdd
            let color = CGColor(red: rng.next(), green: rng.next(), blue: rng.next(),
                                alpha: iteration % 4 < 2 ? 1 : 0.1 + 0.8 * rng.next())
            let (fast, portable, before) = RasterKernelTests.argbBothWays(p, rule: rule, color: color, width: w, height: h,
                                                                          seed: UInt32(iteration + 99))
            let differing = zip(fast, portable).filter { $0 != $1 }.count
            #expect(differing == 0, "iteration \(iteration): \(differing) pixels differ")
            if fast != before { inked += 1 }
        }
        #expect(inked >= 110)
    }
}
