import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Elements of a path as (type, points) pairs, for exact comparisons.
func pathElements(_ p: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var out: [(CGPathElementType, [CGPoint])] = []
    p.applyWithBlock { e in
        let t = e.pointee.type
        out.append((t, (0..<t.pointCount).map { e.pointee.points[$0] }))
    }
    return out
}

func close(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps }

@Suite(.runLoopTurn) struct PathTests {
    @Test func rectHasCoreGraphicsElementOrder() {
        let p = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        let e = pathElements(p)
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(e.flatMap(\.1) == [CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6)])
        #expect(p.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))   // closed: back at the start
        #expect(!p.isEmpty)
    }

    @Test func emptyPath() {
        let p = CGMutablePath()
        #expect(p.isEmpty)
        #expect(p.boundingBox.isNull && p.boundingBoxOfPath.isNull)
        #expect(p.currentPoint == .zero)
        p.closeSubpath()
        #expect(p.isEmpty)
    }

    @Test func lineWithoutCurrentPointStartsASubpathAndCloseThenLineRestartsAtStart() {
        let p = CGMutablePath()
        p.addLine(to: CGPoint(x: 5, y: 5))
        p.addLine(to: CGPoint(x: 9, y: 5))
        p.closeSubpath()
        p.addLine(to: CGPoint(x: 0, y: 0))
        let e = pathElements(p)
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath, .moveToPoint, .addLineToPoint])
        #expect(e[4].1 == [CGPoint(x: 5, y: 5)])
        #expect(p.currentPoint == .zero)
    }

    @Test func ellipseBoundsAndTightBounds() {
        let p = CGPath(ellipseIn: CGRect(x: 10, y: 20, width: 40, height: 20))
        #expect(p.boundingBox == CGRect(x: 10, y: 20, width: 40, height: 20))
        let b = p.boundingBoxOfPath
        #expect(abs(b.minX - 10) < 1e-9 && abs(b.maxX - 50) < 1e-9 && abs(b.minY - 20) < 1e-9 && abs(b.maxY - 40) < 1e-9)
        // Starts at (maxX, midY) and heads to +y first.
        let e = pathElements(p)
        #expect(e[0].1 == [CGPoint(x: 50, y: 30)])
        #expect(close(e[1].1[2], CGPoint(x: 30, y: 40)))
    }

    @Test func tightBoundsExcludeControlPoints() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        // Peak of this symmetric cubic is at t = 0.5: y = 0.75·10.
        #expect(abs(p.boundingBoxOfPath.height - 7.5) < 1e-9)
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(abs(q.boundingBoxOfPath.height - 5) < 1e-9)
    }

    @Test func arcDirectionFollowsCoreGraphicsAndUIKit() {
        // CG clockwise: false = increasing angle: 0 → π/2 passes +y.
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(close(pathElements(p).first!.1[0], CGPoint(x: 10, y: 0)))
        #expect(close(p.currentPoint, CGPoint(x: 0, y: 10)))
        #expect(pathElements(p).count == 2)   // move + one quarter cubic
        // CG clockwise: true from 0 to π/2 goes the long way (3/4 turn, decreasing angle).
        let q = CGMutablePath()
        q.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(pathElements(q).count == 4)
        #expect(abs(q.boundingBoxOfPath.minY + 10) < 1e-6 && abs(q.boundingBoxOfPath.minX + 10) < 1e-6)
        // UIKit: clockwise true = increasing angle.
        let u = BezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(u.cgPath == p)
        // Full circle: 4 quarter cubics; midpoint of the first is at 45°.
        let full = BezierPath(arcCenter: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(pathElements(full.cgPath).count == 5)
    }

    @Test func arcAfterCurrentPointAddsALine() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: -5, y: 0))
        p.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi, clockwise: false)
        let e = pathElements(p)
        #expect(e[1].0 == .addLineToPoint && e[1].1 == [CGPoint(x: 1, y: 0)])
        #expect(close(p.currentPoint, CGPoint(x: -1, y: 0)))
    }

    @Test func tangentArcTouchesBothLines() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        let e = pathElements(p)
        #expect(e[1].0 == .addLineToPoint && close(e[1].1[0], CGPoint(x: 6, y: 0)))
        #expect(close(p.currentPoint, CGPoint(x: 10, y: 4)))
        // Collinear points: just a line to tangent1End.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 3)
        #expect(q.currentPoint == CGPoint(x: 5, y: 0) && pathElements(q).count == 2)
    }

    @Test func roundedRectClampsCornersAndStaysInBounds() {
        let p = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 50, cornerHeight: 50)
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 10))
        // Corners clamped to 10×5: the top edge starts at x = 10.
        #expect(pathElements(p)[0].1 == [CGPoint(x: 10, y: 0)])
        let b = BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), byRoundingCorners: [.topLeft],
                           cornerRadii: CGSize(width: 5, height: 5))
        #expect(b.contains(CGPoint(x: 19.9, y: 0.1)))       // square corner
        #expect(!b.contains(CGPoint(x: 0.3, y: 0.3)))       // rounded corner
    }

    @Test func containsHonoursFillRule() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))   // same direction: winding 2 inside
        #expect(p.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(!p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 1, y: 5), using: .evenOdd))
        #expect(!p.contains(CGPoint(x: 11, y: 5)))
        // The transform moves the point (Core Graphics' documented meaning), not the path.
        #expect(p.contains(CGPoint(x: -15, y: 5), transform: CGAffineTransform(translationX: 20, y: 0)))
        #expect(!p.contains(CGPoint(x: 25, y: 5), transform: CGAffineTransform(translationX: 20, y: 0)))
        #expect(p.contains(CGPoint(x: 2.5, y: 2.5), transform: CGAffineTransform(scaleX: 2, y: 2)))
        #expect(!p.contains(CGPoint(x: 6, y: 6), transform: CGAffineTransform(scaleX: 2, y: 2)))
    }

    @Test func addPathTransformAndCopies() {
        let a = CGMutablePath()
        a.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        let b = CGMutablePath()
        b.addPath(a, transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(pathElements(b).flatMap(\.1) == [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 3)])
        var t = CGAffineTransform(translationX: 1, y: 1)
        let c = a.copy(using: &t)!
        #expect(c.currentPoint == CGPoint(x: 2, y: 2))
        #expect(a.copy()! == a && a.mutableCopy()! == a)
        #expect(a != b)
        #expect(a.hashValue == a.copy()!.hashValue)
        // The copy is a snapshot.
        let snap = a.copy()!
        a.closeSubpath()
        #expect(snap != a)
    }

    @Test func bezierPathPortsUIKitCode() {
        let p = BezierPath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 15, y: 5))
        p.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 7, y: 12), controlPoint2: CGPoint(x: 3, y: 12))
        p.close()
        #expect(pathElements(p.cgPath).map(\.0) == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(p.bounds == CGRect(x: 0, y: 0, width: 15, height: 12))
        p.apply(CGAffineTransform(translationX: 0, y: 5))
        #expect(p.currentPoint == CGPoint(x: 0, y: 5))
        let r = BezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        r.append(BezierPath(ovalIn: CGRect(x: 4, y: 0, width: 2, height: 2)))
        #expect(r.bounds == CGRect(x: 0, y: 0, width: 6, height: 2))
        r.removeAllPoints()
        #expect(r.isEmpty)
    }
}
