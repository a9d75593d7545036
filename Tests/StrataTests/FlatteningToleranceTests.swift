import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Curves are flattened with a tolerance in device pixels, whatever the user-space scale: a unit
/// circle drawn ×100 is as round as a circle of radius 100 drawn ×1. Flattening in user space
/// at the same tolerance would make the unit circle a ~10-sided polygon (about 6 % of its area
/// missing), so these figures fail if the device transform is ignored.
@Suite(.runLoopTurn) struct FlatteningToleranceTests {
    static let scale = CGAffineTransform(scaleX: 100, y: 100)

    @Test func fillOfAScaledUpUnitCircleIsRound() {
        let unit = CGPath(ellipseIn: CGRect(x: 0.1, y: 0.1, width: 2, height: 2), transform: nil)
        let big = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 200, height: 200), transform: nil)
        let scaled = RasterTestImage(width: 220, height: 220).fill(unit, transform: Self.scale)
        let direct = RasterTestImage(width: 220, height: 220).fill(big)
        let exact = Double.pi * 100 * 100
        #expect(abs(scaled.ink / exact - 1) < 0.002, "ink \(scaled.ink) vs π·100² = \(exact)")
        #expect(abs(scaled.ink - direct.ink) < 1, "scaled \(scaled.ink) vs direct \(direct.ink)")
    }

    @Test func strokeOfAScaledUpUnitCircleIsRound() {
        let unit = CGPath(ellipseIn: CGRect(x: 0.1, y: 0.1, width: 2, height: 2), transform: nil)
        let big = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 200, height: 200), transform: nil)
        let scaled = RasterTestImage(width: 220, height: 220).stroke(unit, StrokeStyle(lineWidth: 0.1), transform: Self.scale)
        let direct = RasterTestImage(width: 220, height: 220).stroke(big, StrokeStyle(lineWidth: 10))
        let exact = Double.pi * (105 * 105 - 95 * 95)
        #expect(abs(scaled.ink / exact - 1) < 0.003, "ink \(scaled.ink) vs \(exact)")
        #expect(abs(scaled.ink - direct.ink) < 2, "scaled \(scaled.ink) vs direct \(direct.ink)")
    }

    /// The stroked copy flattens at 0.05 units of the *output*: with a ×100 transform its unit
    /// circle's outline deviates from the true circle by at most that (plus float noise).
    @Test func strokedCopyFollowsItsTransform() {
        let unit = CGPath(ellipseIn: CGRect(x: -1, y: -1, width: 2, height: 2), transform: nil)
        let outline = unit.copy(strokingWithWidth: 0.1, lineCap: .butt, lineJoin: .round, miterLimit: 10,
                                transform: Self.scale)
        var worst = 0.0, outer = 0
        outline.applyWithBlock { e in
            for i in 0..<e.pointee.type.pointCount {
                let p = e.pointee.points[i]
                let r = (p.x * p.x + p.y * p.y).squareRoot()
                if r > 100 { outer += 1; worst = max(worst, abs(r - 105)) }
            }
        }
        // The outer side's vertices lie on the offset circle (r = 105) within the tolerance,
        // and there are many of them (flattened in user space at 0.05 there would be ~10).
        #expect(worst < 0.06, "worst outer vertex off r = 105 by \(worst)")
        #expect(outer > 60, "\(outer) outer vertices")
    }
}
