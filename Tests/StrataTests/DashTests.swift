import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct DashTests {
    let line: CGPath = {
        let p = CGMutablePath(); p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: 10, y: 0)); return p
    }()

    func pieces(_ p: CGPath) -> [[CGFloat]] {
        var out: [[CGFloat]] = []
        for (t, pts) in pathElements(p) {
            if t == .moveToPoint { out.append([pts[0].x]) } else if let q = pts.last { out[out.count - 1].append(q.x) }
        }
        return out
    }

    @Test func patternAndPhase() {
        #expect(pieces(line.copy(dashingWithPhase: 0, lengths: [2, 1])) == [[0, 2], [3, 5], [6, 8], [9, 10]])
        #expect(pieces(line.copy(dashingWithPhase: 1, lengths: [2, 1])) == [[0, 1], [2, 4], [5, 7], [8, 10]])
        // Phase past the "on" part starts in the gap; negative phase wraps.
        #expect(pieces(line.copy(dashingWithPhase: 2.5, lengths: [2, 1])) == [[0.5, 2.5], [3.5, 5.5], [6.5, 8.5], [9.5, 10]])
        #expect(pieces(line.copy(dashingWithPhase: -1, lengths: [2, 1])) == [[1, 3], [4, 6], [7, 9]])
        // Odd counts repeat: [3] = 3 on, 3 off.
        #expect(pieces(line.copy(dashingWithPhase: 0, lengths: [3])) == [[0, 3], [6, 9]])
    }

    @Test func invalidPatternsLeaveThePathSolid() {
        #expect(line.copy(dashingWithPhase: 0, lengths: [0, 0]) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [2, -1]) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [.nan, 1]) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: []) == line)
    }

    @Test func dashesContinueAcrossCorners() {
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 4)])
        let d = p.copy(dashingWithPhase: 0, lengths: [5, 1])
        let e = pathElements(d)
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint])
        #expect(e[2].1 == [CGPoint(x: 4, y: 1)] && e[3].1 == [CGPoint(x: 4, y: 2)])
    }

    @Test func dashedStrokeInkAndRoundDots() {
        // 40 px line, [4, 4] butt: 5 dashes of 4 px × 2 px.
        let p = CGMutablePath(); p.move(to: CGPoint(x: 5, y: 10)); p.addLine(to: CGPoint(x: 45, y: 10))
        let img = RasterTestImage(width: 50, height: 20).stroke(p, StrokeStyle(lineWidth: 2, dashPattern: [4, 4]))
        #expect(abs(img.ink - 40) < 0.01)
        // Zero-length dashes with round caps are dots: [0, 10] → dots at 5, 15, 25, 35, 45 (5 discs r = 2).
        let dots = RasterTestImage(width: 50, height: 20)
            .stroke(p, StrokeStyle(lineWidth: 4, lineCap: .round, dashPattern: [0, 10]))
        #expect(abs(dots.ink - 5 * .pi * 4) < 1)
    }

    @Test func dashPhaseShiftsTheInk() {
        let p = CGMutablePath(); p.move(to: CGPoint(x: 0, y: 5)); p.addLine(to: CGPoint(x: 8, y: 5))
        let a = RasterTestImage(width: 8, height: 10).stroke(p, StrokeStyle(lineWidth: 2, dashPattern: [2, 2], dashPhase: 0))
        let b = RasterTestImage(width: 8, height: 10).stroke(p, StrokeStyle(lineWidth: 2, dashPattern: [2, 2], dashPhase: 2))
        #expect(Array(a.alpha[5 * 8..<6 * 8]) == [255, 255, 0, 0, 255, 255, 0, 0])
        #expect(Array(b.alpha[5 * 8..<6 * 8]) == [0, 0, 255, 255, 0, 0, 255, 255])
    }
}
