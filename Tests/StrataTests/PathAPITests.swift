import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// The CGPath / CGMutablePath / BezierPath calls not covered by `PathTests`: rectangles in bulk,
/// relative arcs, rounded rectangles on a mutable path, transformed copies, UIKit's
/// `init(cgPath:)` and even-odd hit testing, and the stroked and dashed copies' geometry.
@Suite(.runLoopTurn) struct PathAPITests {
    static func line(_ a: CGPoint, _ b: CGPoint) -> CGMutablePath {
        let p = CGMutablePath(); p.move(to: a); p.addLine(to: b); return p
    }

    static func near(_ a: CGRect, _ b: CGRect, _ eps: CGFloat = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= eps && abs(a.minY - b.minY) <= eps && abs(a.maxX - b.maxX) <= eps && abs(a.maxY - b.maxY) <= eps
    }

    @Test func addRectsAddsOneClosedSubpathPerRectangle() {
        let p = CGMutablePath()
        p.addRects([CGRect(x: 0, y: 0, width: 2, height: 1), CGRect(x: 5, y: 5, width: -1, height: 2)],
                   transform: CGAffineTransform(translationX: 10, y: 0))
        let e = pathElements(p)
        let rectTypes: [CGPathElementType] = [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath]
        #expect(e.map(\.0) == rectTypes + rectTypes)
        // The negative width is standardised: the second rectangle runs 4…5 before the transform.
        #expect(e.flatMap(\.1) == [CGPoint(x: 10, y: 0), CGPoint(x: 12, y: 0), CGPoint(x: 12, y: 1), CGPoint(x: 10, y: 1),
                                   CGPoint(x: 14, y: 5), CGPoint(x: 15, y: 5), CGPoint(x: 15, y: 7), CGPoint(x: 14, y: 7)])
        #expect(p.currentPoint == CGPoint(x: 14, y: 5))
    }

    @Test func relativeArcSweepsByDeltaInEitherDirection() {
        let up = CGMutablePath()
        up.addRelativeArc(center: CGPoint(x: 5, y: 5), radius: 10, startAngle: 0, delta: .pi / 2)
        #expect(close(pathElements(up)[0].1[0], CGPoint(x: 15, y: 5)))
        #expect(close(up.currentPoint, CGPoint(x: 5, y: 15)))
        #expect(Self.near(up.boundingBoxOfPath, CGRect(x: 5, y: 5, width: 10, height: 10), 1e-9))
        let down = CGMutablePath()
        down.addRelativeArc(center: CGPoint(x: 5, y: 5), radius: 10, startAngle: 0, delta: -.pi / 2)
        #expect(close(down.currentPoint, CGPoint(x: 5, y: -5)))
        #expect(Self.near(down.boundingBoxOfPath, CGRect(x: 5, y: -5, width: 10, height: 10), 1e-9))
        // A delta beyond a full turn keeps going: 3π/2 is three quarter-circle pieces.
        let long = CGMutablePath()
        long.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 3 * .pi / 2)
        #expect(pathElements(long).map(\.0) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        #expect(close(long.currentPoint, CGPoint(x: 0, y: -1)))
    }

    @Test func roundedRectOnAMutablePathStartsAfterTheTopLeftCorner() {
        let p = CGMutablePath()
        p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 8, cornerHeight: 4)
        let e = pathElements(p)
        #expect(e[0].1 == [CGPoint(x: 8, y: 0)])
        #expect(e.last!.0 == .closeSubpath)
        #expect(Self.near(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 40, height: 20), 1e-9))
        // The corner is an ellipse quadrant: (1, 1) lies outside it, (3, 2) inside.
        #expect(!p.contains(CGPoint(x: 1, y: 1)) && p.contains(CGPoint(x: 3, y: 2)))
        // Zero corners: a plain rectangle, lines only, square corners.
        let q = CGMutablePath()
        q.addRoundedRect(in: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 0, cornerHeight: 0)
        #expect(pathElements(q).allSatisfy { $0.0 != .addCurveToPoint })
        #expect(q.contains(CGPoint(x: 0.05, y: 0.05)) && q.contains(CGPoint(x: 3.95, y: 3.95)))
    }

    @Test func transformedMutableCopyIsIndependent() {
        let a = Self.line(CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4))
        var t = CGAffineTransform(scaleX: 2, y: -1)
        let b = a.mutableCopy(using: &t)!
        #expect(pathElements(b).flatMap(\.1) == [CGPoint(x: 2, y: -2), CGPoint(x: 6, y: -4)])
        b.addLine(to: .zero)
        #expect(pathElements(a).count == 2 && pathElements(b).count == 3)
        #expect(a.mutableCopy(using: nil)! == a)
    }

    @Test func bezierPathFromACGPathAndTheEvenOddRule() {
        let cg = CGMutablePath()
        cg.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        cg.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        let b = BezierPath(cgPath: cg)
        #expect(b.cgPath == cg)
        #expect(b.contains(CGPoint(x: 5, y: 5)))           // non-zero: winding 2
        b.usesEvenOddFillRule = true
        #expect(!b.contains(CGPoint(x: 5, y: 5)) && b.contains(CGPoint(x: 1, y: 5)))
        b.addLine(to: CGPoint(x: 20, y: 20))                // the BezierPath owns a copy
        #expect(pathElements(cg).count == 10 && pathElements(b.cgPath).count == 12)
        b.cgPath = Self.line(.zero, CGPoint(x: 1, y: 0))
        #expect(b.currentPoint == CGPoint(x: 1, y: 0))
    }

    /// The stroked copy is the stroke's area: a 10-unit line of width 4 is a 10×4 rectangle with
    /// butt caps, 14×4 with square caps, and its round caps reach 2 units along the axis only.
    @Test func strokedCopyIsTheStrokeArea() {
        let l = Self.line(.zero, CGPoint(x: 10, y: 0))
        let butt = l.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(Self.near(butt.boundingBoxOfPath, CGRect(x: 0, y: -2, width: 10, height: 4), 1e-9))
        #expect(butt.contains(CGPoint(x: 5, y: 1.9)) && !butt.contains(CGPoint(x: 5, y: 2.1)) && !butt.contains(CGPoint(x: -0.1, y: 0)))
        let square = l.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(Self.near(square.boundingBoxOfPath, CGRect(x: -2, y: -2, width: 14, height: 4), 1e-9))
        #expect(square.contains(CGPoint(x: -1.9, y: 1.9)))
        let round = l.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(Self.near(round.boundingBoxOfPath, CGRect(x: -2, y: -2, width: 14, height: 4), 0.06))
        #expect(round.contains(CGPoint(x: -1.9, y: 0)) && !round.contains(CGPoint(x: -1.5, y: 1.5)))
        // The transform applies to the outline: width scales with it.
        let scaled = l.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                            transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(Self.near(scaled.boundingBoxOfPath, CGRect(x: 0, y: -4, width: 20, height: 8), 1e-9))
        // Bad widths: an empty path.
        for w: CGFloat in [0, -1, .nan, .infinity] {
            #expect(l.copy(strokingWithWidth: w, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty, "width \(w)")
        }
    }

    @Test func dashedCopyAppliesItsTransformAfterDashing() {
        let l = Self.line(.zero, CGPoint(x: 10, y: 0))
        let d = l.copy(dashingWithPhase: 0, lengths: [4, 2], transform: CGAffineTransform(scaleX: 1, y: 1).translatedBy(x: 0, y: 3))
        #expect(pathElements(d).map(\.1[0]) == [CGPoint(x: 0, y: 3), CGPoint(x: 4, y: 3), CGPoint(x: 6, y: 3), CGPoint(x: 10, y: 3)])
        // A closed subpath dashes along its closing edge too: a 4×4 square is 16 long, [3, 1]
        // gives four dashes, one per side (each starting at a corner).
        let sq = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let ds = sq.copy(dashingWithPhase: 0, lengths: [3, 1])
        #expect(pathElements(ds).filter { $0.0 == .moveToPoint }.map(\.1[0])
                == [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 4), CGPoint(x: 0, y: 4)])
    }

    @Test func applyWithBlockVisitsEveryElementWithItsPoints() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addQuadCurve(to: CGPoint(x: 2, y: 0), control: CGPoint(x: 1, y: 1))
        p.addCurve(to: CGPoint(x: 5, y: 0), control1: CGPoint(x: 3, y: 1), control2: CGPoint(x: 4, y: -1))
        p.closeSubpath()
        var seen: [(CGPathElementType, [CGPoint])] = []
        p.applyWithBlock { e in
            seen.append((e.pointee.type, (0..<e.pointee.type.pointCount).map { e.pointee.points[$0] }))
        }
        #expect(seen.map(\.0) == [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(seen.flatMap(\.1) == [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 0),
                                      CGPoint(x: 3, y: 1), CGPoint(x: 4, y: -1), CGPoint(x: 5, y: 0)])
        // Equality is by elements: the same points as lines are a different path.
        let lines = CGMutablePath()
        lines.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 0)])
        let quadAsLine = CGMutablePath()
        quadAsLine.move(to: .zero)
        quadAsLine.addQuadCurve(to: CGPoint(x: 2, y: 0), control: CGPoint(x: 1, y: 1))
        #expect(lines != quadAsLine && lines.boundingBox == quadAsLine.boundingBox)
    }

    /// Apple: each corner is "one-quarter of an ellipse with axes equal to the cornerWidth and
    /// cornerHeight": with one of them zero, that is a square corner, not a cut one.
    @Test func roundedRectWithOneZeroCornerSizeIsAPlainRectangle() {
        for (w, h) in [(CGFloat(5), CGFloat(0)), (0, 5), (5, -1), (.nan, 5)] {
            let p = CGMutablePath()
            p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 20, height: 10), cornerWidth: w, cornerHeight: h)
            #expect(pathElements(p).flatMap(\.1) == [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 10),
                                                     CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 0)], "\(w) × \(h)")
            #expect(p.contains(CGPoint(x: 19.5, y: 0.5)) && p.contains(CGPoint(x: 0.5, y: 9.5)))
        }
    }

    /// Apple: "The ending point of the arc becomes the new current point" — also for angles
    /// more than a turn apart (one full circle, then on to the end angle).
    @Test func arcOfMoreThanATurnEndsAtItsEndAngle() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 3 * .pi, clockwise: false)
        #expect(close(p.currentPoint, CGPoint(x: -1, y: 0)))
        #expect(pathElements(p).filter { $0.0 == .addCurveToPoint }.count == 6)   // 3π in quarter turns
        let q = CGMutablePath()
        q.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: -2.5 * .pi, clockwise: true)
        #expect(close(q.currentPoint, CGPoint(x: 0, y: -1)))
        let b = BezierPath(arcCenter: .zero, radius: 1, startAngle: -.pi / 2, endAngle: 2 * .pi, clockwise: true)
        #expect(close(b.currentPoint, CGPoint(x: 1, y: 0)))
        let full = CGMutablePath()                      // exactly a turn: one circle
        full.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(pathElements(full).filter { $0.0 == .addCurveToPoint }.count == 4)
        let huge = CGMutablePath()                      // a billion radians: still under two turns
        huge.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 1e9, clockwise: false)
        #expect(pathElements(huge).count <= 9)
        #expect(close(huge.currentPoint, CGPoint(x: cos(1e9), y: sin(1e9)), 1e-6))
    }

    /// Apple adds the line to a tangent arc's start only "if the current point and the first
    /// tangent point … are not equal": the rounded-corner idiom, stroked with round joins, has
    /// no bump where the line would have stepped back by a rounding error.
    @Test func tangentArcStartingAtTheCurrentPointAddsNoBackwardStep() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 10))
        p.addArc(tangent1End: .zero, tangent2End: CGPoint(x: 10, y: 0), radius: 10)
        let e = pathElements(p)
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(e[1].1 == [CGPoint(x: 0, y: 10)])        // the current point itself, exactly
        let stroked = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        #expect(stroked.boundingBoxOfPath.maxY <= 10.5)
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 10)
        #expect(pathElements(q)[1].1 == [CGPoint.zero])
        #expect(q.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .round, miterLimit: 10).boundingBoxOfPath.minX >= -0.5)
    }

    /// UIKit: "If the path is empty, this method does nothing" (addLine; addCurve and
    /// addQuadCurve likewise need a current point).
    @Test func bezierPathSegmentsNeedACurrentPoint() {
        let b = BezierPath()
        b.addLine(to: CGPoint(x: 3, y: 4))
        b.addCurve(to: CGPoint(x: 10, y: 0), controlPoint1: CGPoint(x: 3, y: 5), controlPoint2: CGPoint(x: 7, y: 5))
        b.addQuadCurve(to: CGPoint(x: 10, y: 0), controlPoint: CGPoint(x: 5, y: 5))
        #expect(b.isEmpty && b.currentPoint == .zero)
        b.move(to: CGPoint(x: 1, y: 1))
        b.addLine(to: CGPoint(x: 3, y: 4))
        #expect(pathElements(b.cgPath).map(\.0) == [.moveToPoint, .addLineToPoint])
    }

    /// A lone move-to strokes as nothing (the PDF model Core Graphics follows: "a single-point
    /// open subpath … produces no output"); a zero-length line is a dot with round caps; a
    /// zero-length dash of a dashed copy is a move and a line, so it still strokes as a dot.
    @Test func loneMovesStrokeAsNothingAndZeroLengthLinesAsDots() {
        let lone = CGMutablePath()
        lone.move(to: CGPoint(x: 5, y: 5))
        #expect(lone.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        let trailing = Self.line(.zero, CGPoint(x: 10, y: 0))
        trailing.move(to: CGPoint(x: 50, y: 50))
        let t = trailing.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(t.boundingBoxOfPath.maxY < 2.5 && t.boundingBoxOfPath.maxX < 12.5)
        let dot = Self.line(CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5))
        let d = dot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(Self.near(d.boundingBoxOfPath, CGRect(x: 3, y: 3, width: 4, height: 4), 0.06))
        let closedPoint = CGMutablePath()
        closedPoint.move(to: CGPoint(x: 5, y: 5)); closedPoint.closeSubpath()
        #expect(!closedPoint.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        let dashed = Self.line(.zero, CGPoint(x: 10, y: 0)).copy(dashingWithPhase: 0, lengths: [0, 4])
        let e = pathElements(dashed)
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint])
        #expect(e.flatMap(\.1) == [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 0),
                                   CGPoint(x: 8, y: 0), CGPoint(x: 8, y: 0)])
        let dots = dashed.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(dots.contains(CGPoint(x: 4, y: 0.9)) && dots.contains(CGPoint(x: 8.9, y: 0)) && !dots.contains(CGPoint(x: 2, y: 0)))
    }
}
