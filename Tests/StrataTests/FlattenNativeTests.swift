import Foundation
import Testing
@testable import Strata

/// `_PolylineCollector.setFlattened` (CRaster's `craster_points_path`, what strokes' centre lines
/// use) against the Swift flattener feeding the collector point by point: the same points bit
/// for bit and the same contours, for seeded random paths and the contour rules' corner cases.
@Suite struct FlattenNativeTests {
    static func swiftFlattened(_ p: CGPath, _ tolerance: Double) -> _PolylineCollector {
        var c = _PolylineCollector()
        _PathFlattener.flatten(p, transform: .identity, tolerance: tolerance, into: &c)
        return c
    }

    static func same(_ a: _PolylineCollector, _ b: _PolylineCollector) -> Bool {
        a.xs.map(\.bitPattern) == b.xs.map(\.bitPattern) && a.ys.map(\.bitPattern) == b.ys.map(\.bitPattern)
            && a.contours.map { [$0.start, $0.count, $0.closed ? 1 : 0] } == b.contours.map { [$0.start, $0.count, $0.closed ? 1 : 0] }
    }

    @Test func randomPathsGiveTheSwiftFlattenersContoursBitForBit() {
        var rng = EdgeGridTests.SplitMix64(state: 0xF1A77E)
        var native = _PolylineCollector()            // reused, as the rasterizer reuses its own
        var points = 0
        for _ in 0..<300 {
            let p = EdgePathTests.randomPath(&rng)
            for tolerance in [0.1, 0.013, 2.5] {
                native.setFlattened(p, tolerance: tolerance)
                let reference = Self.swiftFlattened(p, tolerance)
                #expect(Self.same(native, reference))
                points += native.xs.count
            }
        }
        #expect(points > 50_000)                     // curves cut in many pieces, not just ends
    }

    @Test func contourRulesMatchTheCollectors() {
        let pt = { (x: CGFloat, y: CGFloat) in CGPoint(x: x, y: y) }
        // A line right after a close with no move (CGMutablePath would insert one), a line to the
        // same point (dropped), a lone move, a close after a close, a path starting with a line,
        // and a curve at 1e9 cut into the 4096-piece maximum.
        let cases: [CGPath] = [
            CGPath(types: [.moveToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath, .addLineToPoint, .addLineToPoint],
                   points: [pt(0, 0), pt(5, 0), pt(5, 5), pt(9, 9), pt(9, 9)]),
            CGPath(types: [.moveToPoint, .moveToPoint, .addLineToPoint, .closeSubpath, .closeSubpath, .addQuadCurveToPoint],
                   points: [pt(1, 1), pt(2, 2), pt(2, 2), pt(3, 7), pt(4, 0)]),
            CGPath(types: [.addLineToPoint, .addLineToPoint, .closeSubpath], points: [pt(3, 3), pt(6, 3)]),
            CGPath(types: [.closeSubpath, .addCurveToPoint], points: [pt(0, 0), pt(1e9, -1e9), pt(2, 9)]),
            CGPath(types: [], points: []),
        ]
        var native = _PolylineCollector()
        for p in cases {
            native.setFlattened(p, tolerance: 0.1)
            #expect(Self.same(native, Self.swiftFlattened(p, 0.1)))
        }
        native.setFlattened(cases[0], tolerance: 0.1)
        #expect(native.contours.map(\.count) == [3, 2] && native.xs == [0, 5, 5, 0, 9])
        native.setFlattened(cases[3], tolerance: 0.1)
        // No current point: the contour starts at the first of the 4095 inner points of the
        // 4096 pieces (the bound per curve), then the end.
        #expect(native.xs.count == 4096)
    }
}
