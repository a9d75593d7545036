import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct TimingFunction {
        @Test func easeInEaseOutIsSymmetricAtHalf() {
            let f = CAMediaTimingFunction(name: .easeInEaseOut)
            #expect(abs(f.evaluate(0.5) - 0.5) < 1e-15)
        }

        @Test func namedControlPointsAreApples() {
            let cases: [(CAMediaTimingFunctionName, [Float])] = [
                (.default, [0.25, 0.1, 0.25, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
                (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.linear, [0, 0, 1, 1]),
            ]
            for (name, pts) in cases {
                let f = CAMediaTimingFunction(name: name)
                var c1: [Float] = [9, 9], c2: [Float] = [9, 9], c3: [Float] = [9, 9]
                f.getControlPoint(at: 1, values: &c1)
                f.getControlPoint(at: 2, values: &c2)
                f.getControlPoint(at: 3, values: &c3)
                #expect(c1 + c2 == pts, "\(name.rawValue)")
                #expect(c3 == [1, 1])
            }
        }

        @Test func matchesIndependentSolverEverywhere() {
            for (x1, y1, x2, y2) in [(0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0), (0.9, -0.5, 0.1, 1.5)] {
                let f = CAMediaTimingFunction(controlPoints: Float(x1), Float(y1), Float(x2), Float(y2))
                for i in 0...64 {
                    let x = Double(i) / 64
                    let expected = referenceBezier(Double(Float(x1)), Double(Float(y1)), Double(Float(x2)), Double(Float(y2)), at: x)
                    #expect(abs(f.evaluate(x) - expected) < 1e-12, "(\(x1),\(y1),\(x2),\(y2)) at \(x)")
                }
            }
        }

        @Test func linearIsIdentityAndEndsAreExact() {
            let l = CAMediaTimingFunction(name: .linear)
            for x in [0.0, 0.1, 0.3333, 0.75, 1.0] { #expect(l.evaluate(x) == x) }
            let d = CAMediaTimingFunction(name: .default)
            #expect(d.evaluate(0) == 0 && d.evaluate(1) == 1)
            #expect(d.evaluate(-3) == 0 && d.evaluate(7) == 1 && d.evaluate(.nan) == 0)
        }

        @Test func badControlPointsAreSanitised() {
            let f = CAMediaTimingFunction(controlPoints: Float.nan, 2, 5, .infinity)
            #expect(f.c1x == 0 && f.c2x == 1 && f.c2y == 1)
            let v = f.evaluate(0.5)
            #expect(v.isFinite)
        }
    }
}
