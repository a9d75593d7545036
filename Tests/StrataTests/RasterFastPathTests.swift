import Foundation
import Testing
@testable import Strata

/// Seeded randomized checks of the rasterizer's fast paths against slow, independent references
/// (the pixman blitters test's approach): the scan converter against `_ReferenceRasterizer` on
/// images spanning several row bands and bitmap words.
@Suite struct RasterFastPathTests {
    /// Polygons with long, short, vertical, horizontal and near-horizontal edges over a canvas of
    /// 3 bitmap words × 3 bands, partly outside it: within rounding of the exact area.
    @Test func scanConverterMatchesReferenceAcrossBandsAndWords() {
        var rng = SeededLCG(state: 2024)
        let w = 140, h = 70
        var worst = 0
        for iteration in 0..<12 {
            let p = CGMutablePath()
            func pt() -> CGPoint {
                CGPoint(x: (rng.next() * 160 - 10).rounded(toPlaces: 1 / 64), y: (rng.next() * 90 - 10).rounded(toPlaces: 1 / 64))
            }
            for _ in 0..<(1 + Int(rng.next() * 3)) {
                var cur = pt()
                p.move(to: cur)
                for _ in 0..<(2 + Int(rng.next() * 5)) {
                    var n = pt()
                    switch Int(rng.next() * 4) {
                    case 0: n.x = cur.x                              // vertical
                    case 1: n.y = cur.y + (rng.next() - 0.5) * 2     // near-horizontal
                    default: break
                    }
                    p.addLine(to: n)
                    cur = n
                }
                p.closeSubpath()
            }
            if iteration % 3 == 0 { p.addRect(CGRect(x: 3.25, y: 30.5, width: 120.5, height: 31.75)) }
            let rule: CGPathFillRule = iteration % 2 == 0 ? .winding : .evenOdd
            let fast = RasterTestImage(width: w, height: h).fill(p, rule: rule).alpha
            let ref = _ReferenceRasterizer.coverage(p, rule: rule, width: w, height: h)
            for i in 0..<(w * h) { worst = max(worst, abs(Int(fast[i]) - Int(ref[i]))) }
        }
        #expect(worst <= 2)
    }
}

private extension Double {
    func rounded(toPlaces step: Double) -> Double { (self / step).rounded() * step }
}
