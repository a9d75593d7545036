import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Seeded randomized checks of the rasterizer's fast paths against slow, independent references
/// (the pixman blitters test's approach): the scan converter against `_ReferenceRasterizer` on
/// images spanning several row bands and bitmap words, and the stroker's joins against the
/// stroke's definition (round caps and joins: every point within half the width of the line).
@Suite(.runLoopTurn) struct RasterFastPathTests {
    /// Polygons with long, short, vertical, horizontal and near-horizontal edges over a canvas of
    /// 3 bitmap words × 3 bands, partly outside it: within rounding of the exact area.
    @Test func scanConverterMatchesReferenceAcrossBandsAndWords() {
        var rng = SeededLCG(state: 2024)
        let w = 140, h = 70
        var worst = 0
        // 12 polygons (the first 6 under a sanitizer: `TestScale`).
        for iteration in 0..<TestScale.count(12, sanitized: 6) {
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

    /// Smooth random polylines (the flattened curves the stroker's single-point joins are for)
    /// stroked with round caps and joins at widths 0.2…12 against 16×16 supersampling of the
    /// stroke's definition, "distance to the polyline ≤ w/2". Bound: supersampling is off by a few
    /// 1/256 steps along the boundary and arcs deviate by ≤ 0.05 px: per pixel ≤ 8/255, total ink
    /// within 0.5 %. (Sharp turns on segments shorter than the width are left out: there the
    /// outline deviates from the definition by up to ~30/255 per pixel, with or without the
    /// single-point joins — a known issue.)
    @Test func roundStrokeMatchesDistanceDefinition() {
        var rng = SeededLCG(state: 77)
        let w = 48, h = 40
        var worstPixel = 0, worstInk = 0.0
        // 16 polylines (the first 8 under a sanitizer: `TestScale`).
        for iteration in 0..<TestScale.count(16, sanitized: 8) {
            // Even: turns ≤ 0.3 rad, widths up to twice the shortest segment; odd: turns ≤ 0.15 rad
            // on segments of 1.5…4 px (curvature radius ≥ 10) with widths 2…12.
            let wide = iteration % 2 == 1
            var pts: [CGPoint] = []
            var cur = CGPoint(x: 24 + (rng.next() - 0.5) * 8, y: 20 + (rng.next() - 0.5) * 6)
            pts.append(cur)
            var heading = rng.next() * 2 * .pi
            var shortest = Double.infinity
            for _ in 0..<(2 + Int(rng.next() * 12)) {
                heading += (rng.next() - 0.5) * (wide ? 0.3 : 0.6)
                let len = wide ? 1.5 + rng.next() * 2.5 : 0.5 + rng.next() * 3.5
                shortest = min(shortest, len)
                cur = CGPoint(x: cur.x + cos(heading) * len, y: cur.y + sin(heading) * len)
                pts.append(cur)
            }
            let p = CGMutablePath()
            p.addLines(between: pts)
            let width = wide ? 2 + rng.next() * 10 : (0.1 + rng.next() * 0.9) * 2 * shortest
            let img = RasterTestImage(width: w, height: h)
                .stroke(p, StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round))
            let got = img.alpha
            var inkRef = 0.0, inkGot = 0.0
            for py in 0..<h {
                for px in 0..<w {
                    var inside = 0
                    for sy in 0..<16 {
                        for sx in 0..<16 {
                            let q = CGPoint(x: Double(px) + (Double(sx) + 0.5) / 16, y: Double(py) + (Double(sy) + 0.5) / 16)
                            if Self.distance(q, pts) <= width / 2 { inside += 1 }
                        }
                    }
                    let ref = Double(inside) / 256
                    inkRef += ref
                    inkGot += Double(got[py * w + px]) / 255
                    worstPixel = max(worstPixel, abs(Int(got[py * w + px]) - Int((ref * 255).rounded())))
                }
            }
            worstInk = max(worstInk, abs(inkGot / inkRef - 1))
        }
        #expect(worstPixel <= 8)
        #expect(worstInk <= 0.005)
    }

    static func distance(_ q: CGPoint, _ pts: [CGPoint]) -> Double {
        var best = Double.infinity
        for i in 1..<pts.count {
            let a = pts[i - 1], b = pts[i]
            let dx = b.x - a.x, dy = b.y - a.y
            let l2 = dx * dx + dy * dy
            let t = l2 > 0 ? CGFloat(dmin(dmax(Double(((q.x - a.x) * dx + (q.y - a.y) * dy) / l2), 0), 1)) : 0
            best = dmin(best, Double(hypot(q.x - a.x - t * dx, q.y - a.y - t * dy)))
        }
        return best
    }
}

private extension Double {
    func rounded(toPlaces step: Double) -> Double { (self / step).rounded() * step }
}
