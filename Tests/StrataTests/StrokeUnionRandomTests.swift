import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// The scan converter's exact union (`craster_fill_exact`) on seeded random strokes that fold:
/// zig-zags of short segments turning by 90–179°, 1.5–14 px wide, every join and cap, rotated
/// and scaled (half of them uniformly), sometimes dashed (dots and dashes whose caps overlap
/// their neighbours' too). Every pixel must have the coverage of the union of the rasterizer's
/// own outline, measured independently on sub-scanlines (`unionCoverage`).
@Suite(.runLoopTurn) struct StrokeUnionRandomTests {
    struct Case: CustomStringConvertible {
        var path: CGPath, style: StrokeStyle, transform: CGAffineTransform
        var description: String { "style \(style) transform \(transform)" }
    }

    static func randomCase(_ g: inout SeededLCG) -> Case {
        func r(_ a: Double, _ b: Double) -> Double { a + (b - a) * g.next() }
        // A zig-zag along x: its centre line never crosses itself, so every overlap comes from
        // the stroker's folds (and dashes meeting at them).
        let p = CGMutablePath()
        let turn = r(90, 179) * Double.pi / 180
        let seg = r(0.3, 6)
        var x = 0.0, y = 0.0
        p.move(to: CGPoint(x: x, y: y))
        let n = Int(r(3, 14))
        for i in 0..<n {
            let a = (i % 2 == 0 ? 1.0 : -1.0) * (Double.pi - turn) / 2 * r(0.6, 1)
            x += seg * r(0.5, 1.5) * cos(a); y += seg * r(0.5, 1.5) * sin(a)
            p.addLine(to: CGPoint(x: x, y: y))
        }
        let joins: [CGLineJoin] = [.miter, .round, .bevel], caps: [CGLineCap] = [.butt, .round, .square]
        var style = StrokeStyle(lineWidth: r(1.5, 14), lineCap: caps[Int(r(0, 3))], lineJoin: joins[Int(r(0, 3))],
                                miterLimit: r(1, 10))
        let dash = g.next()
        if dash < 0.25 {
            style.dashPattern = [r(2, 10), r(1, 4)]; style.dashPhase = r(0, 5)
        } else if dash < 0.4 {
            // Dots or short dashes closer than their caps reach: neighbours overlap.
            style.dashPattern = [r(0, 1) < 0.5 ? 0 : r(0.2, 2), r(0.5, 1.5) * style.lineWidth]; style.dashPhase = r(0, 3)
        }
        let s = r(0.6, 1.6), rot = r(0, 2 * Double.pi)
        let box = p.boundingBoxOfPath
        var t = CGAffineTransform(translationX: -box.midX, y: -box.midY)
        t = t.concatenating(CGAffineTransform(rotationAngle: rot)).concatenating(CGAffineTransform(scaleX: s, y: g.next() < 0.5 ? s : s * r(0.8, 1.2)))
        t = t.concatenating(CGAffineTransform(translationX: 40 + r(0, 1), y: 40 + r(0, 1)))
        return Case(path: p, style: style, transform: t)
    }

    @Test func foldedStrokesHaveTheUnionsCoverage() {
        var g = SeededLCG(state: 2_026_113_0)
        let w = 80, h = 80
        var worstMean = 0.0, worstPixel = 0.0, inkedCases = 0
        // 150 cases (the first 40 under a sanitizer: `TestScale`).
        let cases = TestScale.count(150, sanitized: 40)
        for n in 0..<cases {
            let c = Self.randomCase(&g)
            let (mean, worst, inked) = Self.difference(c.path, c.style, c.transform, exact: true, width: w, height: h)
            worstMean = max(worstMean, mean); worstPixel = max(worstPixel, worst)
            if inked > 0 { inkedCases += 1 }
            #expect(mean <= 0.5 && worst <= 1.5, "case \(n): mean \(mean) worst \(worst) over \(inked) px; \(c)")
        }
        // Butt-capped dots draw nothing; nearly all the others ink: the comparison is not vacuous.
        #expect(inkedCases >= cases * 14 / 15, "\(inkedCases) of \(cases) cases inked")
        print("StrokeUnionRandomTests: worst mean \(worstMean), worst pixel \(worstPixel)")
    }

    /// A path crossing itself away from any fold: the overlap search finds where the two
    /// strokes' borders cross. An X of two 6 px lines (the accumulated winding is up to 41/255
    /// too dark where the borders cross).
    @Test func crossingStrokesHaveTheUnionsCoverage() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10.3, y: 12.1)); p.addLine(to: CGPoint(x: 50.2, y: 47.6))
        p.addLine(to: CGPoint(x: 50.2, y: 10.7)); p.addLine(to: CGPoint(x: 9.6, y: 49.3))
        let style = StrokeStyle(lineWidth: 6, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        for exact in [false, true] {
            let (mean, worst, _) = Self.difference(p, style, .identity, exact: exact, width: 64, height: 64)
            if exact {
                #expect(mean <= 0.5 && worst <= 1.5, "mean \(mean) worst \(worst)")
            } else {
                #expect(worst > 35 && worst <= 48, "accumulated: worst \(worst)")
            }
        }
    }

    /// Two dashes meeting where the line turns by 170° inside a gap longer than their caps'
    /// reach (10 px; 8 px wide, butt caps): the dash ending 5 px before the vertex and the one
    /// starting 5 px after it lie across each other. Exact with the overlap search; the
    /// accumulated winding counts their common part twice.
    @Test func dashesMeetingInsideAGapHaveTheUnionsCoverage() {
        let p = CGMutablePath()
        let turn = 170 * Double.pi / 180
        p.move(to: CGPoint(x: 4.3, y: 30.2)); p.addLine(to: CGPoint(x: 64.3, y: 30.2))
        p.addLine(to: CGPoint(x: 64.3 + 60 * cos(turn), y: 30.2 + 60 * sin(turn)))
        var style = StrokeStyle(lineWidth: 8, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        // Dashes [−15, 15], [25, 55], [65, 95], …: the vertex (60 along) is in the gap [55, 65].
        style.dashPattern = [30, 10]; style.dashPhase = 15
        for exact in [false, true] {
            let (mean, worst, inked) = Self.difference(p, style, .identity, exact: exact, width: 72, height: 48)
            #expect(inked > 500)
            if exact {
                #expect(mean <= 0.5 && worst <= 1.5, "mean \(mean) worst \(worst)")
            } else {
                #expect(worst > 60, "accumulated: worst \(worst)")
            }
        }
    }

    /// Seeded random polylines of 4–12 points in a 60 px square (most cross themselves, some
    /// come back along themselves), undashed, 1.5–10 px wide, every join and cap, uniformly
    /// scaled and rotated: every pixel has the union's coverage.
    @Test func selfCrossingStrokesHaveTheUnionsCoverage() {
        var g = SeededLCG(state: 7_041_989)
        func r(_ a: Double, _ b: Double) -> Double { a + (b - a) * g.next() }
        let joins: [CGLineJoin] = [.miter, .round, .bevel], caps: [CGLineCap] = [.butt, .round, .square]
        var worstMean = 0.0, worstPixel = 0.0
        // 60 cases (the first 20 under a sanitizer: `TestScale`).
        for n in 0..<TestScale.count(60, sanitized: 20) {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: r(10, 70), y: r(10, 70)))
            for _ in 0..<Int(r(3, 11)) { p.addLine(to: CGPoint(x: r(10, 70), y: r(10, 70))) }
            if g.next() < 0.3 { p.closeSubpath() }
            let style = StrokeStyle(lineWidth: r(1.5, 10), lineCap: caps[Int(r(0, 3))], lineJoin: joins[Int(r(0, 3))],
                                    miterLimit: r(1, 10))
            let s = r(0.8, 1.2), t = CGAffineTransform(translationX: -40, y: -40)
                .concatenating(CGAffineTransform(rotationAngle: r(0, 6.3)))
                .concatenating(CGAffineTransform(scaleX: s, y: s)).concatenating(CGAffineTransform(translationX: 40, y: 40))
            let (mean, worst, _) = Self.difference(p, style, t, exact: true, width: 80, height: 80)
            worstMean = max(worstMean, mean); worstPixel = max(worstPixel, worst)
            #expect(mean <= 0.5 && worst <= 1.5, "case \(n): mean \(mean) worst \(worst); \(style) \(t)")
        }
        print("selfCrossingStrokes: worst mean \(worstMean), worst pixel \(worstPixel)")
    }

    /// Mean and largest difference (in 1/255) between the render and the union of the
    /// rasterizer's own outline, over the pixels either inks, and how many those are.
    static func difference(_ p: CGPath, _ style: StrokeStyle, _ t: CGAffineTransform, exact: Bool,
                           width w: Int, height h: Int) -> (Double, Double, Int) {
        let img = RasterTestImage(width: w, height: h)
        let rasterizer = PathRasterizer()
        rasterizer.exactOverlaps = exact
        rasterizer.stroke(path: p, style: style, transform: t, color: .black, into: img.image)
        let ours = img.alpha
        var seg = _SegmentCollector(), a = _PolylineCollector(), b = _PolylineCollector()
        _PathOutliner.strokeOutline(p, style: style, transform: t, tolerance: rasterizer.strokeTolerance,
                                    scratch: &a, &b, into: &seg)
        seg.finish()
        let truth = unionCoverage(seg.segments, width: w, height: h, subrows: 128)
        var sum = 0.0, worst = 0.0, n = 0
        for i in 0..<(w * h) where ours[i] > 0 || truth[i] > 0 {
            let d = abs(Double(ours[i]) - truth[i] * 255)
            sum += d; worst = max(worst, d); n += 1
        }
        return (n > 0 ? sum / Double(n) : 0, worst, n)
    }

    /// A stroke folding back and forth 300 times inside one pixel puts over a thousand pieces of
    /// outline in it: past 512 the exact union would need n²/2 crossings (a fuzzed path asked
    /// for 4 GB), so that pixel keeps the accumulated coverage, the same as without
    /// `exactOverlaps`, and the fill ends promptly.
    @Test func aPixelHoldingHundredsOfOutlineLayersKeepsTheAccumulatedCoverage() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10.3, y: 10.3))
        for i in 0..<300 {
            let q = i % 2 == 0 ? CGPoint(x: 10.7, y: 10.62 + Double(i % 7) * 0.01) : CGPoint(x: 10.3, y: 10.3 + Double(i % 5) * 0.01)
            p.addLine(to: q)
        }
        let style = StrokeStyle(lineWidth: 0.1, lineCap: .butt, lineJoin: .miter, miterLimit: 4)
        func render(exact: Bool) -> [UInt8] {
            let img = RasterTestImage(width: 20, height: 20)
            let r = PathRasterizer()
            r.exactOverlaps = exact
            r.stroke(path: p, style: style, color: .black, into: img.image)
            return img.alpha
        }
        let exact = render(exact: true), accumulated = render(exact: false)
        #expect(accumulated[10 * 20 + 10] > 0)
        #expect(exact == accumulated)
    }

    /// Far fewer than 512 pieces — 30 folds put 120 inside one pixel, all crossing — but their
    /// union would cut the pixel into ~ni²/2 slabs and order the pieces in each, ~ni⁴/2 steps
    /// (10⁸ here; one fuzzed stroke's pixel took 45 s), past the fill's budget of 2²⁶, so the pixel
    /// keeps the accumulated coverage. A few folds in the same place still get the exact union,
    /// which is less than the accumulated coverage there.
    @Test func aPixelWhoseUnionWouldCostTooMuchKeepsTheAccumulatedCoverage() {
        func pixel(folds: Int, exact: Bool) -> UInt8 {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10.3, y: 10.3))
            for i in 0..<folds {
                let q = i % 2 == 0 ? CGPoint(x: 10.7, y: 10.62 + Double(i % 7) * 0.01) : CGPoint(x: 10.3, y: 10.3 + Double(i % 5) * 0.01)
                p.addLine(to: q)
            }
            let style = StrokeStyle(lineWidth: 0.1, lineCap: .butt, lineJoin: .bevel, miterLimit: 4)
            let img = RasterTestImage(width: 20, height: 20)
            let r = PathRasterizer()
            r.exactOverlaps = exact
            r.stroke(path: p, style: style, color: .black, into: img.image)
            return img.alpha[10 * 20 + 10]
        }
        #expect(pixel(folds: 6, exact: true) < pixel(folds: 6, exact: false))
        #expect(pixel(folds: 30, exact: false) > 0)
        #expect(pixel(folds: 30, exact: true) == pixel(folds: 30, exact: false))
    }
}
