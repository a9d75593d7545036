import Foundation
import Testing
@testable import Strata

/// UIKit's and Core Graphics' behaviours that ported code relies on: rounded rectangles' radius
/// clamping, `contains` leaving open subpaths out, and C-style element iteration.
@Suite struct BezierPathPortingTests {
    /// An oversized radius gives a capsule (circular ends of half the shorter side), not
    /// elliptical corners of half the width by half the height.
    @Test func oversizedCornerRadiusGivesACapsule() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let p = BezierPath(roundedRect: rect, cornerRadius: 1000)
        #expect(p.bounds == rect)
        // The top edge starts where the top-left arc ends: radius 20.
        #expect(pathElements(p.cgPath)[0].1 == [CGPoint(x: 20, y: 0)])
        // Inside the radius-20 end, outside a 50 × 20 elliptical corner.
        #expect(p.contains(CGPoint(x: 10, y: 4)))
        #expect(!p.contains(CGPoint(x: 2, y: 4)))
    }

    /// `cornerRadii.height` is not used, and the radius is clamped to half the shorter side.
    @Test func cornerRadiiUseTheWidthOnly() {
        let square = CGRect(x: 0, y: 0, width: 100, height: 100)
        let p = BezierPath(roundedRect: square, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 10, height: 30))
        // (3, 3) is 9.9 from the radius-10 corner's centre (10, 10): inside. A 10 × 30 ellipse
        // would leave it out.
        #expect(p.contains(CGPoint(x: 3, y: 3)))
        #expect(!p.contains(CGPoint(x: 2, y: 2)))
        #expect(pathElements(p.cgPath)[0].1 == [CGPoint(x: 10, y: 0)])

        // Bottom corners of a 100 × 40 rectangle asked for radius 40: clamped to 20, circular.
        let bar = BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40),
                             byRoundingCorners: [.bottomLeft, .bottomRight], cornerRadii: CGSize(width: 40, height: 40))
        #expect(bar.contains(CGPoint(x: 20, y: 39)))        // on the radius-20 arc's inside
        #expect(!bar.contains(CGPoint(x: 5, y: 35)))        // outside it (21.2 from its centre)
        #expect(bar.contains(CGPoint(x: 0.5, y: 0.5)))      // the top corners stay square
        // Negative and non-finite radii count as 0: a plain rectangle.
        for r in [-5, CGFloat.nan, .infinity] {
            let q = BezierPath(roundedRect: square, cornerRadius: r)
            #expect(q.contains(CGPoint(x: 0.25, y: 0.25)), "radius \(r)")
        }
    }

    /// UIKit: a point inside an open subpath is not enclosed; Core Graphics' `contains` closes
    /// every subpath.
    @Test func containsLeavesOpenSubpathsOut() {
        let p = BezierPath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 10))
        p.addLine(to: CGPoint(x: 0, y: 10))
        #expect(!p.contains(CGPoint(x: 5, y: 5)))
        #expect(p.cgPath.contains(CGPoint(x: 5, y: 5)))
        p.close()
        #expect(p.contains(CGPoint(x: 5, y: 5)))

        // A closed square, then an open one beside it: only the first encloses.
        p.move(to: CGPoint(x: 20, y: 0))
        p.addLine(to: CGPoint(x: 30, y: 0))
        p.addLine(to: CGPoint(x: 30, y: 10))
        p.addLine(to: CGPoint(x: 20, y: 10))
        #expect(p.contains(CGPoint(x: 5, y: 5)))
        #expect(!p.contains(CGPoint(x: 25, y: 5)))
        // Lines after a close start a new subpath at the closed one's start; closed, it counts.
        p.close()
        #expect(p.contains(CGPoint(x: 25, y: 5)))
        // The fill rule still applies to the closed subpaths: an inner square the same way round.
        let ring = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        ring.append(BezierPath(rect: CGRect(x: 2, y: 2, width: 6, height: 6)))
        #expect(ring.contains(CGPoint(x: 5, y: 5)))
        ring.usesEvenOddFillRule = true
        #expect(!ring.contains(CGPoint(x: 5, y: 5)))
        #expect(ring.contains(CGPoint(x: 1, y: 5)))
    }

    /// `apply(info:function:)` hands every element, in order, with the caller's pointer.
    @Test func applyWithInfoVisitsEveryElement() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 2))
        p.addLine(to: CGPoint(x: 3, y: 4))
        p.addQuadCurve(to: CGPoint(x: 7, y: 8), control: CGPoint(x: 5, y: 6))
        p.addCurve(to: CGPoint(x: 13, y: 14), control1: CGPoint(x: 9, y: 10), control2: CGPoint(x: 11, y: 12))
        p.closeSubpath()
        // The usual idiom: a struct passed by `&` (an array would pass its elements' storage).
        struct Seen { var types: [CGPathElementType] = []; var points: [CGPoint] = [] }
        var seen = Seen()
        p.apply(info: &seen) { info, element in
            let e = element.pointee
            let s = info!.assumingMemoryBound(to: Seen.self)
            s.pointee.types.append(e.type)
            for k in 0..<e.type.pointCount { s.pointee.points.append(e.points[k]) }
        }
        let types = seen.types, points = seen.points
        let expected: [CGPoint] = [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6), CGPoint(x: 7, y: 8),
                                   CGPoint(x: 9, y: 10), CGPoint(x: 11, y: 12), CGPoint(x: 13, y: 14)]
        #expect(types == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(points == expected)
    }
}
