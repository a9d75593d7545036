import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Dashing's bounds (issue 4's bad-input rule): dashes that cannot reach the clip are skipped,
/// only visible ones count against the outline budget, and beyond it the stroke is solid.
@Suite(.runLoopTurn) struct DashBudgetTests {
    func line(_ x0: CGFloat, _ x1: CGFloat, y: CGFloat) -> CGPath {
        let p = CGMutablePath(); p.move(to: CGPoint(x: x0, y: y)); p.addLine(to: CGPoint(x: x1, y: y)); return p
    }

    func flattened(_ path: CGPath) -> _PolylineCollector {
        var a = _PolylineCollector()
        _PathFlattener.flatten(path, transform: .identity, tolerance: 0.05, into: &a)
        return a
    }

    /// The pieces' x extents after segmenting a horizontal line.
    func pieces(_ path: CGPath, dashes: [Double], maxDashes: Int, window: _DashWindow?) -> [[Double]] {
        var out = _PolylineCollector()
        _PathSegmenter.segment(flattened(path), trim: (0, 1), dashes: dashes, phase: 0, maxDashes: maxDashes,
                               window: window, into: &out)
        return out.contours.map { c in (0..<c.count).map { out.xs[c.start + $0] } }
    }

    @Test func windowClipsSegmentsByParameter() {
        let w = _DashWindow(clip: (0, 0, 10, 10), transform: .identity, reach: 0)!   // grown by 1 px: −1…11
        #expect(w.visibleRange(-9, 5, 21, 5)! == (8.0 / 30, 20.0 / 30))
        #expect(w.visibleRange(-9, 20, 21, 20) == nil)
        #expect(w.visibleRange(5, 5, 5, 5)! == (0, 1))
        #expect(w.visibleRange(12, 5, 12, 5) == nil)
        // Under a transform the test is made in device space: scale 2 maps x = 5.5 to 11.
        let scaled = _DashWindow(clip: (0, 0, 10, 10), transform: CGAffineTransform(scaleX: 2, y: 2), reach: 0)!
        #expect(scaled.visibleRange(0, 2, 11, 2)! == (0, 0.5))
        // Coordinates that overflow in device space count as visible; an infinite reach means no window.
        #expect(w.visibleRange(-1e308, 5, 1e308, 5)! == (0, 1))
        #expect(_DashWindow(clip: (0, 0, 10, 10), transform: .identity, reach: .infinity) == nil)
        #expect(_DashWindow.reach(halfWidth: 3, join: .miter, miterLimit: 10) == 30)
        #expect(_DashWindow.reach(halfWidth: 3, join: .round, miterLimit: 10) == 6)
        #expect(_DashWindow.reach(halfWidth: 3, join: .miter, miterLimit: .nan) == 6)
    }

    @Test func onlyDashesReachingTheWindowAreMadeAndCounted() {
        let p = line(0, 128, y: 5)
        // Without a window: 64 dashes, within a budget of 64 and solid beyond it.
        #expect(pieces(p, dashes: [1, 1], maxDashes: 64, window: nil).count == 64)
        #expect(pieces(p, dashes: [1, 1], maxDashes: 63, window: nil) == [[0, 128]])
        // Through x −1…11: the dashes from 0, 2, … 10 (5.5 periods of the line are visible).
        let w = _DashWindow(clip: (0, 0, 10, 10), transform: .identity, reach: 0)
        #expect(pieces(p, dashes: [1, 1], maxDashes: 6, window: w)
            == [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]])
        #expect(pieces(p, dashes: [1, 1], maxDashes: 5, window: w) == [[0, 128]])
        // A window far along the line (94…106): the walk steps over the periods before it.
        let far = _DashWindow(clip: (0, 0, 10, 10), transform: CGAffineTransform(translationX: -95, y: 0), reach: 0)
        #expect(pieces(p, dashes: [1, 1], maxDashes: 6, window: far)
            == [[94, 95], [96, 97], [98, 99], [100, 101], [102, 103], [104, 105], [106, 107]])
    }

    /// A path that leaves a 32×32 image for two thousand pixels and comes back, under a
    /// rotation and scale: skipping the dashes outside changes no pixel. The miter limit of 10⁶⁰
    /// makes the window (grown by the stroke's reach) cover everything, so nothing is skipped there.
    @Test func skippingOffscreenDashesChangesNoPixel() {
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: -2000, y: 4), CGPoint(x: 6, y: 4), CGPoint(x: 6, y: 2000),
                             CGPoint(x: 12, y: 2000), CGPoint(x: 12, y: 2), CGPoint(x: 2000, y: 2)])
        let t = CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 1.5, y: 1.5).translatedBy(x: 8, y: 0)
        for cap in [CGLineCap.butt, .round, .square] {
            let culled = RasterTestImage(width: 32, height: 32)
                .stroke(p, StrokeStyle(lineWidth: 1.5, lineCap: cap, miterLimit: 10, dashPattern: [2, 3]), transform: t)
            let whole = RasterTestImage(width: 32, height: 32)
                .stroke(p, StrokeStyle(lineWidth: 1.5, lineCap: cap, miterLimit: 1e60, dashPattern: [2, 3]), transform: t)
            let solid = RasterTestImage(width: 32, height: 32)
                .stroke(p, StrokeStyle(lineWidth: 1.5, lineCap: cap), transform: t)
            #expect(culled.alpha == whole.alpha, "cap \(cap)")
            #expect(culled.ink > 40 && culled.ink < solid.ink - 10, "cap \(cap): \(culled.ink) of \(solid.ink)")
        }
    }

    @Test func rasterBudgetCountsVisibleDashes() {
        // 10⁷ px of line seen through 16 px, dashes of 0.001: dashed (half the ink of 16 × 2 px).
        let long = line(0, 1e7, y: 4)
        let fine = RasterTestImage(width: 16, height: 8).stroke(long, StrokeStyle(lineWidth: 2, dashPattern: [0.001, 0.001]))
        #expect(abs(fine.ink - 16) < 0.2)
        // 600 000 visible dashes are beyond the budget (62 500 butt dashes): solid, 12 × 2 px.
        let short = line(2, 14, y: 4)
        let tooFine = RasterTestImage(width: 16, height: 8).stroke(short, StrokeStyle(lineWidth: 2, dashPattern: [1e-5, 1e-5]))
        #expect(abs(tooFine.ink - 24) < 0.01)
        // A pattern repeating more than 10¹² times along the path is solid even where little is seen.
        let huge = RasterTestImage(width: 16, height: 8).stroke(line(0, 1e13, y: 4), StrokeStyle(lineWidth: 2, dashPattern: [1, 1]))
        #expect(abs(huge.ink - 32) < 0.01)
    }

    /// Outline contours made for `path` (one per dash, one when solid).
    func outlineContours(_ path: CGPath, _ style: StrokeStyle) -> Int {
        var a = _PolylineCollector(), b = _PolylineCollector(), sink = _PolylineCollector()
        _PathOutliner.strokeOutline(path, style: style, transform: .identity, tolerance: 0.1, scratch: &a, &b, into: &sink)
        return sink.contours.count
    }

    @Test func outlineBudgetDependsOnCaps() {
        // Butt caps: 4 points a dash, so 62 500 dashes are made and one more strokes solid.
        #expect(outlineContours(line(0, 125_000, y: 0), StrokeStyle(lineWidth: 8, dashPattern: [1, 1])) == 62_500)
        #expect(outlineContours(line(0, 125_002, y: 0), StrokeStyle(lineWidth: 8, dashPattern: [1, 1])) == 1)
        // Round caps of width 8 at 0.1 px: 10 arc steps a cap, 24 points a dash, 10 416 dashes.
        let round = StrokeStyle(lineWidth: 8, lineCap: .round, dashPattern: [1, 1])
        #expect(outlineContours(line(0, 20_832, y: 0), round) == 10_416)
        #expect(outlineContours(line(0, 20_834, y: 0), round) == 1)
    }

    @Test func dashedCopyBudget() {
        // 100 000 dashes are made; one more makes an unchanged copy.
        let within = line(0, 200_000, y: 0).copy(dashingWithPhase: 0, lengths: [1, 1])
        #expect(within._types.filter { $0 == .moveToPoint }.count == 100_000)
        let beyond = line(0, 200_004, y: 0)
        #expect(beyond.copy(dashingWithPhase: 0, lengths: [1, 1]) == beyond)
    }
}

