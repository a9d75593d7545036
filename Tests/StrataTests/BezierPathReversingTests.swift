import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// UIKit's `reversing()` and the dash pattern of `BezierPath`: element tables, the round trip,
/// holes cut with the non-zero rule, and `setLineDash` / `getLineDash`.
@Suite struct BezierPathReversingTests {
    static func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    @Test func reversingRunsEverySubpathBackwardsLastSubpathFirst() {
        let b = BezierPath()
        b.move(to: Self.pt(0, 0))
        b.addLine(to: Self.pt(10, 0))
        b.addQuadCurve(to: Self.pt(10, 10), controlPoint: Self.pt(15, 5))
        b.addCurve(to: Self.pt(0, 10), controlPoint1: Self.pt(5, 15), controlPoint2: Self.pt(0, 15))
        b.close()
        b.move(to: Self.pt(20, 20))
        b.addLine(to: Self.pt(30, 20))
        let e = pathElements(b.reversing().cgPath)
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint,
                               .moveToPoint, .addCurveToPoint, .addQuadCurveToPoint, .addLineToPoint, .closeSubpath])
        #expect(e.flatMap(\.1) == [Self.pt(30, 20), Self.pt(20, 20),
                                   Self.pt(0, 10),
                                   Self.pt(0, 15), Self.pt(5, 15), Self.pt(10, 10),   // controls swapped
                                   Self.pt(15, 5), Self.pt(10, 0),
                                   Self.pt(0, 0)])
    }

    @Test func aLineAfterACloseReversesAsItsOwnSubpathFromTheClosedStart() {
        let b = BezierPath()
        b.move(to: Self.pt(0, 0)); b.addLine(to: Self.pt(5, 0)); b.addLine(to: Self.pt(5, 5)); b.close()
        b.addLine(to: Self.pt(9, 9))
        let e = pathElements(b.reversing().cgPath)
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(e.flatMap(\.1) == [Self.pt(9, 9), Self.pt(0, 0), Self.pt(5, 5), Self.pt(5, 0), Self.pt(0, 0)])
    }

    @Test func reversingTwiceGivesThePathBackAndKeepsItsBounds() {
        let shapes: [BezierPath] = [
            BezierPath(roundedRect: CGRect(x: 1, y: 2, width: 30, height: 20), cornerRadius: 6),
            BezierPath(ovalIn: CGRect(x: -4, y: 3, width: 9, height: 17)),
            BezierPath(arcCenter: Self.pt(5, 5), radius: 4, startAngle: 0.3, endAngle: 2.5, clockwise: false),
            BezierPath(),
        ]
        for s in shapes {
            let r = s.reversing()
            #expect(r.reversing().cgPath == s.cgPath)
            #expect(r.bounds == s.bounds)
            #expect(r.isEmpty == s.isEmpty)
            if !s.isEmpty { #expect(r.cgPath != s.cgPath) }
        }
    }

    @Test func aReversedInnerContourCutsAHoleWithTheNonZeroRule() {
        let outer = CGRect(x: 0, y: 0, width: 20, height: 20), inner = CGRect(x: 5, y: 5, width: 10, height: 10)
        let same = BezierPath(rect: outer)
        same.append(BezierPath(rect: inner))
        #expect(same.contains(Self.pt(10, 10)))                           // both wind the same way: 2
        let holed = BezierPath(rect: outer)
        holed.append(BezierPath(rect: inner).reversing())
        #expect(!holed.contains(Self.pt(10, 10)))                         // +1 − 1 = 0
        #expect(holed.contains(Self.pt(2, 2)))
        let oval = BezierPath(rect: outer)
        oval.append(BezierPath(ovalIn: inner).reversing())
        #expect(!oval.contains(Self.pt(10, 10)) && oval.contains(Self.pt(5.5, 5.5)))
    }

    @Test func reversingKeepsTheDrawingProperties() {
        let b = BezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))
        b.lineWidth = 3; b.lineCapStyle = .round; b.lineJoinStyle = .bevel; b.miterLimit = 2
        b.usesEvenOddFillRule = true; b.flatness = 0.2
        var dash: [CGFloat] = [3, 1]
        b.setLineDash(&dash, count: 2, phase: 0.5)
        let r = b.reversing()
        #expect(r.lineWidth == 3 && r.lineCapStyle == .round && r.lineJoinStyle == .bevel && r.miterLimit == 2)
        #expect(r.usesEvenOddFillRule && r.flatness == 0.2)
        #expect(r.strokeStyle == b.strokeStyle && r.strokeStyle.dashPattern == [3, 1])
    }

    @Test func copyIsIndependentAndKeepsTheProperties() {
        let b = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 8, height: 6))
        b.lineWidth = 5; b.lineJoinStyle = .round; b.usesEvenOddFillRule = true
        var dash: [CGFloat] = [2, 3]
        b.setLineDash(&dash, count: 2, phase: 1)
        let c = b.copy() as! BezierPath
        #expect(c !== b && c.cgPath == b.cgPath && c.strokeStyle == b.strokeStyle && c.usesEvenOddFillRule)
        c.addLine(to: Self.pt(40, 40))
        c.lineWidth = 1
        #expect(b.bounds == CGRect(x: 0, y: 0, width: 8, height: 6) && b.lineWidth == 5)
    }

    @Test func lineDashRoundTripsThroughGetLineDash() {
        let b = BezierPath()
        var count = -1, phase: CGFloat = -1
        b.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 0 && phase == 0)                                  // solid by default
        var pattern: [CGFloat] = [6, 2, 1, 2]
        b.setLineDash(&pattern, count: 3, phase: 4)                        // only the first 3 lengths
        b.getLineDash(nil, count: &count, phase: nil)
        var out = [CGFloat](repeating: -1, count: count)
        b.getLineDash(&out, count: nil, phase: &phase)
        #expect(count == 3 && out == [6, 2, 1] && phase == 4)
        b.setLineDash(nil, count: 2, phase: .nan)                          // nil pattern: solid, phase 0
        b.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 0 && phase == 0 && b.strokeStyle.dashPattern.isEmpty)
    }
}
