import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// `path` animations interpolate only between paths of the same structure: rounded rectangles
/// of any radius and arcs of any radius keep one structure (the seeds' morph and mask reveal).
@Suite(.runLoopTurn) struct PathStructureTests {
    func kinds(_ p: CGPath) -> [CGPathElementType] { p._elements.map(\.0) }

    @Test func roundedRectsOfAnyRadiusShareOneStructure() throws {
        let r = CGRect(x: 0, y: 0, width: 120, height: 120)
        let square = BezierPath(roundedRect: r, cornerRadius: 0).cgPath
        let circle = BezierPath(roundedRect: r, cornerRadius: 60).cgPath
        #expect(kinds(square) == kinds(circle))
        #expect(kinds(square).filter { $0 == .addCurveToPoint }.count == 4)
        #expect(square.boundingBox == r)
        // Halfway between radius 60 and radius 0 is exactly radius 30 (points are linear in r).
        let half = try #require(circle._interpolated(to: square, fraction: 0.5))
        let r30 = BezierPath(roundedRect: r, cornerRadius: 30).cgPath
        for (a, b) in zip(half._elements, r30._elements) {
            #expect(a.0 == b.0)
            for (p, q) in zip(a.1, b.1) { #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9) }
        }
        // Only the corners asked for are curves; Core Graphics' rounded rect at 0 stays a rectangle.
        let one = BezierPath(roundedRect: r, byRoundingCorners: [.topLeft], cornerRadii: .zero).cgPath
        #expect(kinds(one).filter { $0 == .addCurveToPoint }.count == 1)
        let cg = CGPath(roundedRect: r, cornerWidth: 0, cornerHeight: 0, transform: nil)
        #expect(!kinds(cg).contains(.addCurveToPoint))
    }

    @Test func zeroRadiusCornersStrokeAndFillAsARectangle() {
        let r = CGRect(x: 2.5, y: 2.5, width: 15, height: 10)
        let square = BezierPath(roundedRect: r, cornerRadius: 0).cgPath
        let rect = CGPath(rect: r, transform: nil)
        let style = StrokeStyle(lineWidth: 3, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(RasterTestImage(width: 20, height: 16).stroke(square, style).alpha
                == RasterTestImage(width: 20, height: 16).stroke(rect, style).alpha)
        #expect(RasterTestImage(width: 20, height: 16).fill(square).alpha
                == RasterTestImage(width: 20, height: 16).fill(rect).alpha)
    }

    @Test func zeroRadiusArcKeepsItsCurvesAtTheCentre() {
        let c = CGPoint(x: 5, y: 7)
        let zero = BezierPath(arcCenter: c, radius: 0, startAngle: 0, endAngle: 2 * .pi, clockwise: true).cgPath
        let full = BezierPath(arcCenter: c, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true).cgPath
        #expect(kinds(zero) == kinds(full))
        #expect(kinds(zero).count == 5)
        #expect(zero._elements.allSatisfy { $0.1.allSatisfy { $0 == c } })
        #expect(zero._interpolated(to: full, fraction: 0.5) != nil)
    }
}
