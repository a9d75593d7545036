import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Every bad input has a fixed, documented outcome: nothing drawn, a clipped drawing, or a
/// solid stroke — never a crash, hang or unbounded allocation.
@Suite(.runLoopTurn) struct RasterBadInputTests {
    func polygon(_ pts: [CGPoint]) -> CGPath {
        let p = CGMutablePath(); p.addLines(between: pts); p.closeSubpath(); return p
    }

    @Test func nonFiniteCoordinatesDropThePath() {
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            let p = polygon([CGPoint(x: 0, y: 0), CGPoint(x: 8, y: 0), CGPoint(x: bad, y: 8), CGPoint(x: 0, y: 8)])
            #expect(RasterTestImage(width: 8, height: 8).fill(p).ink == 0)
            #expect(RasterTestImage(width: 8, height: 8).stroke(p, StrokeStyle(lineWidth: 2)).ink == 0)
            #expect(!p.contains(CGPoint(x: 1, y: 1)))
            #expect(p.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
        }
        // A non-finite transform draws nothing either.
        let sq = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(RasterTestImage(width: 8, height: 8).fill(sq, transform: CGAffineTransform(scaleX: .nan, y: 1)).ink == 0)
        #expect(RasterTestImage(width: 8, height: 8).fill(sq, transform: CGAffineTransform(scaleX: 0, y: 1)).ink == 0)
    }

    @Test func hugeCoordinatesAreClippedExactly() {
        // A ±1e9 square covers every pixel fully; a ±1e9 triangle's diagonal crosses the image.
        let big = CGPath(rect: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        #expect(RasterTestImage(width: 16, height: 16).fill(big).alpha.allSatisfy { $0 == 255 })
        let tri = polygon([CGPoint(x: -1e9, y: -1e9), CGPoint(x: 1e9, y: 1e9), CGPoint(x: -1e9, y: 1e9)])
        let a = RasterTestImage(width: 16, height: 16).fill(tri).alpha
        #expect(a[15 * 16 + 0] == 255 && a[0 * 16 + 15] == 0 && a[5 * 16 + 5] == 128)
        // Stroking a 2e9-long line: bounded, and the visible part has the right width.
        let line = CGMutablePath(); line.move(to: CGPoint(x: -1e9, y: 8)); line.addLine(to: CGPoint(x: 1e9, y: 8))
        let s = RasterTestImage(width: 16, height: 16).stroke(line, StrokeStyle(lineWidth: 2, lineCap: .round))
        #expect(abs(s.ink - 32) < 0.01)
        // Huge curves are flattened into a bounded number of pieces.
        let curve = CGMutablePath()
        curve.move(to: CGPoint(x: -1e9, y: 0))
        curve.addCurve(to: CGPoint(x: 1e9, y: 0), control1: CGPoint(x: -1e9, y: 1e9), control2: CGPoint(x: 1e9, y: 1e9))
        curve.closeSubpath()
        #expect(RasterTestImage(width: 16, height: 16).fill(curve).alpha.allSatisfy { $0 == 255 })
    }

    /// Memory for edges or points running out mid-path (simulated: `_simulatedEdgeLimit` stops
    /// the edge builder's storage from growing past 64 entries, as a failed allocation would)
    /// draws nothing — never a part of the path — and leaves the rasterizer as it was: small
    /// paths still draw, and once memory is back the same path draws exactly as on a fresh one.
    @Test func runningOutOfEdgeMemoryDrawsNothingAndLosesNothing() {
        let ring = CGMutablePath()
        ring.addLines(between: (0..<200).map { k in
            let a = Double(k) * 2 * .pi / 200
            return CGPoint(x: 16 + 12 * cos(a), y: 16 + 12 * sin(a))
        })
        ring.closeSubpath()
        let small = polygon([CGPoint(x: 2, y: 2), CGPoint(x: 20, y: 4), CGPoint(x: 6, y: 26)])
        let wide = StrokeStyle(lineWidth: 3)
        func fresh(_ draw: (PathRasterizer, OpaquePointer) -> Void) -> [UInt8] {
            let img = RasterTestImage(width: 32, height: 32)
            draw(PathRasterizer(), img.image)
            return img.alpha
        }
        let ringFill = fresh { $0.fill(path: ring, color: .black, into: $1) }
        let ringStroke = fresh { $0.stroke(path: ring, style: wide, color: .black, into: $1) }
        let smallFill = fresh { $0.fill(path: small, color: .black, into: $1) }
        #expect(ringFill.filter { $0 == 255 }.count > 300 && ringStroke.filter { $0 > 0 }.count > 200)

        let r = PathRasterizer()
        // Storage grown by an earlier fill is not used past the limit either.
        // (A named image kept alive across the call: a temporary's deinit may free its pixels as
        // soon as `.image` has been read, before the fill writes them.)
        let first = RasterTestImage(width: 32, height: 32)
        withExtendedLifetime(first) { r.fill(path: ring, color: .black, into: first.image) }
        r._simulatedEdgeLimit = 64
        for round in 0..<2 {
            let filled = RasterTestImage(width: 32, height: 32), stroked = RasterTestImage(width: 32, height: 32)
            r.fill(path: ring, color: .black, into: filled.image)
            r.stroke(path: ring, style: wide, color: .black, into: stroked.image)
            #expect(filled.ink == 0 && stroked.ink == 0, "round \(round): a path drawn in part")
            let s = RasterTestImage(width: 32, height: 32)
            r.fill(path: small, color: .black, into: s.image)
            #expect(s.alpha == smallFill, "round \(round): a path within the limit draws as usual")
        }
        r._simulatedEdgeLimit = 0
        let filled = RasterTestImage(width: 32, height: 32), stroked = RasterTestImage(width: 32, height: 32)
        r.fill(path: ring, color: .black, into: filled.image)
        r.stroke(path: ring, style: wide, color: .black, into: stroked.image)
        #expect(filled.alpha == ringFill && stroked.alpha == ringStroke)
    }

    @Test func millionSegmentPathIsBounded() {
        // A zig-zag of 1 000 000 segments (100 000 under a sanitizer: `TestScale`) between y = 30
        // and y = 34 across a 64×64 image.
        let n = TestScale.count(1_000_000, sanitized: 100_000)
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 30))
        for i in 1...n { p.addLine(to: CGPoint(x: Double(i) * 64 / Double(n), y: i % 2 == 0 ? 30 : 34)) }
        let filled = RasterTestImage(width: 64, height: 64).fill(p).alpha
        // Teeth 0.000128 (or 0.00128) px wide: row 31 (1…2 px above the base) is covered by
        // 1 − 1.5/4 = 0.625 of each tooth's width → 159.
        #expect(filled[31 * 64 + 10] >= 158 && filled[31 * 64 + 10] <= 160)
        #expect(filled[20 * 64 + 10] == 0 && filled[40 * 64 + 10] == 0)
        let stroked = RasterTestImage(width: 64, height: 64).stroke(p, StrokeStyle(lineWidth: 1)).alpha
        #expect(stroked[31 * 64 + 10] == 255 && stroked[20 * 64 + 10] == 0)
    }

    @Test func degenerateAndSelfIntersectingPaths() {
        let point = polygon([CGPoint(x: 3, y: 3), CGPoint(x: 3, y: 3), CGPoint(x: 3, y: 3)])
        #expect(RasterTestImage(width: 8, height: 8).fill(point).ink == 0)
        let flat = polygon([CGPoint(x: 1, y: 3), CGPoint(x: 7, y: 3), CGPoint(x: 4, y: 3)])
        #expect(RasterTestImage(width: 8, height: 8).fill(flat).ink == 0)
        // Bow tie: two triangles of opposite winding, each filled under both rules.
        let bow = polygon([CGPoint(x: 0, y: 0), CGPoint(x: 8, y: 8), CGPoint(x: 8, y: 0), CGPoint(x: 0, y: 8)])
        #expect(abs(RasterTestImage(width: 8, height: 8).fill(bow).ink - 32) < 0.1)   // 16 half pixels round up
        #expect(abs(RasterTestImage(width: 8, height: 8).fill(bow, rule: .evenOdd).ink - 32) < 0.1)
        // An empty path and an empty clip draw nothing.
        #expect(RasterTestImage(width: 8, height: 8).fill(CGMutablePath()).ink == 0)
        #expect(RasterTestImage(width: 8, height: 8).fill(bow, clip: CGRect(x: 20, y: 20, width: 4, height: 4)).ink == 0)
        #expect(RasterTestImage(width: 8, height: 8).fill(bow, clip: .null).ink == 0)
    }

    @Test func badWidthsMiterLimitsAndDashes() {
        let p = CGMutablePath(); p.move(to: CGPoint(x: 2, y: 4)); p.addLine(to: CGPoint(x: 14, y: 4))
        for w in [CGFloat(0), -3, .nan, .infinity] {
            #expect(RasterTestImage(width: 16, height: 8).stroke(p, StrokeStyle(lineWidth: w)).ink == 0)
        }
        // Dash patterns that are invalid stroke solid (12 px × 2 px).
        for dashes in [[CGFloat(0), 0], [2, -1], [.nan, 2], [.infinity, 1]] {
            let img = RasterTestImage(width: 16, height: 8).stroke(p, StrokeStyle(lineWidth: 2, dashPattern: dashes))
            #expect(abs(img.ink - 24) < 0.01, "dashes \(dashes)")
        }
        // A pattern too fine for the dash budget also strokes solid, quickly (DashBudgetTests).
        let tiny = RasterTestImage(width: 16, height: 8).stroke(p, StrokeStyle(lineWidth: 2, dashPattern: [1e-5, 1e-5]))
        #expect(abs(tiny.ink - 24) < 0.01)
        // A NaN miter limit bevels; NaN trims are ignored (start 0, end 1); a NaN phase is 0.
        let corner = CGMutablePath(); corner.addLines(between: [CGPoint(x: 2, y: 2), CGPoint(x: 10, y: 2), CGPoint(x: 10, y: 7)])
        let nanMiter = RasterTestImage(width: 16, height: 16).stroke(corner, StrokeStyle(lineWidth: 2, miterLimit: .nan))
        let bevel = RasterTestImage(width: 16, height: 16).stroke(corner, StrokeStyle(lineWidth: 2, lineJoin: .bevel))
        #expect(nanMiter.alpha == bevel.alpha)
        let nanTrim = RasterTestImage(width: 16, height: 8)
            .stroke(p, StrokeStyle(lineWidth: 2, dashPattern: [3, 3], dashPhase: .nan, strokeStart: .nan, strokeEnd: .nan))
        #expect(abs(nanTrim.ink - 12) < 0.01)
    }
}
