import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct StrokeTests {
    func line(_ a: CGPoint, _ b: CGPoint) -> CGPath {
        let p = CGMutablePath(); p.move(to: a); p.addLine(to: b); return p
    }

    @Test func capsExtendTheOutline() {
        let l = line(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0))
        let butt = l.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(butt.boundingBox == CGRect(x: 0, y: -1, width: 10, height: 2))
        let square = l.copy(strokingWithWidth: 2, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.boundingBox == CGRect(x: -1, y: -1, width: 12, height: 2))
        let round = l.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(round.contains(CGPoint(x: -0.9, y: 0)) && !round.contains(CGPoint(x: -0.9, y: 0.9)))
        #expect(abs(round.boundingBoxOfPath.minX + 1) < 0.05)
    }

    @Test func joinsAndMiterLimit() {
        // A right-angle corner at (10, 0), width 2: the miter corner is (11, -1).
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let miter = p.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(miter.contains(CGPoint(x: 10.9, y: -0.9)))
        // Miter ratio of 90° is √2: a limit of 1.4 turns it into a bevel.
        let bevelled = p.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4)
        #expect(!bevelled.contains(CGPoint(x: 10.9, y: -0.9)) && bevelled.contains(CGPoint(x: 10.4, y: -0.4)))
        let bevel = p.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        #expect(bevel == bevelled)
        let round = p.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        #expect(round.contains(CGPoint(x: 10.65, y: -0.65)) && !round.contains(CGPoint(x: 10.8, y: -0.8)))
        // Inner side of the corner is filled.
        #expect(miter.contains(CGPoint(x: 9.5, y: 0.5)))
    }

    @Test func strokedAreaMatchesWidthTimesLength() {
        // 40 px long, 6 px wide, butt caps: 240 px of ink.
        let img = RasterTestImage(width: 50, height: 20)
            .stroke(line(CGPoint(x: 5, y: 10), CGPoint(x: 45, y: 10)), StrokeStyle(lineWidth: 6))
        #expect(abs(img.ink - 240) < 0.01)
        // Round caps add a full disc of radius 3.
        let r = RasterTestImage(width: 50, height: 20)
            .stroke(line(CGPoint(x: 5, y: 10), CGPoint(x: 45, y: 10)), StrokeStyle(lineWidth: 6, lineCap: .round))
        #expect(abs(r.ink - (240 + .pi * 9)) < 0.3)
    }

    @Test func closedSquareOutlineHasMiteredCorners() {
        let img = RasterTestImage(width: 20, height: 20)
            .stroke(CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)), StrokeStyle(lineWidth: 2))
        // Outer 12×12 minus inner 8×8 = 80.
        #expect(abs(img.ink - 80) < 0.01)
        #expect(img.alpha[4 * 20 + 4] == 255 && img.alpha[10 * 20 + 10] == 0)
    }

    @Test func tightCurvesWideLinesAndCuspsStayFilled() {
        // A there-and-back path (cusp) and a loop much tighter than the width: no holes.
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 5, y: 10)); p.addLine(to: CGPoint(x: 25, y: 10)); p.addLine(to: CGPoint(x: 10, y: 10))
        let cusp = RasterTestImage(width: 30, height: 20).stroke(p, StrokeStyle(lineWidth: 4))
        #expect(abs(cusp.ink - 80) < 0.01)
        let loop = CGMutablePath()
        loop.addEllipse(in: CGRect(x: 18, y: 18, width: 4, height: 4))
        let img = RasterTestImage(width: 40, height: 40).stroke(loop, StrokeStyle(lineWidth: 12, lineJoin: .round))
        // A ring of radius 2 and width 12 is a disc of radius 8: π·64.
        // Within 1.5 %: the outer edge follows chords of the flattened centre line (0.1 px).
        #expect(abs(img.ink - .pi * 64) < 3)
        #expect(img.alpha[20 * 40 + 20] == 255)
    }

    @Test func zeroLengthSubpathsFollowTheCap() {
        let p = CGMutablePath(); p.move(to: CGPoint(x: 10, y: 10)); p.addLine(to: CGPoint(x: 10, y: 10))
        #expect(RasterTestImage(width: 20, height: 20).stroke(p, StrokeStyle(lineWidth: 4, lineCap: .butt)).ink == 0)
        let sq = RasterTestImage(width: 20, height: 20).stroke(p, StrokeStyle(lineWidth: 4, lineCap: .square))
        #expect(abs(sq.ink - 16) < 0.01)
        let rd = RasterTestImage(width: 20, height: 20).stroke(p, StrokeStyle(lineWidth: 4, lineCap: .round))
        #expect(abs(rd.ink - .pi * 4) < 0.15)
    }

    @Test func thinLinesKeepTheirArea() {
        // 0.25 px wide horizontal line over 20 px: 5 px of ink spread over one row.
        let img = RasterTestImage(width: 30, height: 10)
            .stroke(line(CGPoint(x: 5, y: 5.5), CGPoint(x: 25, y: 5.5)), StrokeStyle(lineWidth: 0.25))
        #expect(abs(img.ink - 5) < 0.1)
        #expect(img.alpha[5 * 30 + 10] == 64)
    }

    @Test func nonUniformTransformScalesTheWidth() {
        let img = RasterTestImage(width: 40, height: 40)
            .stroke(line(CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)), StrokeStyle(lineWidth: 2),
                    transform: CGAffineTransform(scaleX: 3, y: 2))
        // 30 px long, 4 px tall.
        #expect(abs(img.ink - 120) < 0.01)
    }

    @Test func trimSelectsALengthFraction() {
        // Two 10 px subpaths; strokeStart 0.25, strokeEnd 0.75 covers 5 px of each.
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 5)); p.addLine(to: CGPoint(x: 10, y: 5))
        p.move(to: CGPoint(x: 0, y: 15)); p.addLine(to: CGPoint(x: 10, y: 15))
        let img = RasterTestImage(width: 12, height: 20)
            .stroke(p, StrokeStyle(lineWidth: 2, strokeStart: 0.25, strokeEnd: 0.75))
        #expect(abs(img.ink - 20) < 0.01)
        #expect(img.alpha[5 * 12 + 6] == 255 && img.alpha[5 * 12 + 4] == 0 && img.alpha[15 * 12 + 4] == 255
                && img.alpha[15 * 12 + 6] == 0)
        let none = RasterTestImage(width: 12, height: 20).stroke(p, StrokeStyle(lineWidth: 2, strokeStart: 0.6, strokeEnd: 0.6))
        #expect(none.ink == 0)
    }
}
