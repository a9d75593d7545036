import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct PathAnimations {
        /// Seed 004, Listing 2 — ported by swapping only the platform calls:
        /// `CGPathMoveToPoint(thePath, NULL, x, y)` → `thePath.move(to:)`,
        /// `CGPathAddCurveToPoint` → `thePath.addCurve(to:control1:control2:)`.
        @Test func seed004KeyframePathAnimation() {
            let thePath = CGMutablePath()
            thePath.move(to: CGPoint(x: 74.0, y: 74.0))
            thePath.addCurve(to: CGPoint(x: 320.0, y: 74.0), control1: CGPoint(x: 74.0, y: 500.0),
                             control2: CGPoint(x: 320.0, y: 500.0))
            thePath.addCurve(to: CGPoint(x: 566.0, y: 74.0), control1: CGPoint(x: 320.0, y: 500.0),
                             control2: CGPoint(x: 566.0, y: 500.0))
            let theAnimation = CAKeyframeAnimation(keyPath: "position")
            theAnimation.path = thePath
            theAnimation.duration = 5.0
            theAnimation.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1.0)

            func bezier(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint, _ t: CGFloat) -> CGPoint {
                let u = 1 - t
                let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                return CGPoint(x: w0 * a.x + w1 * b.x + w2 * c.x + w3 * d.x, y: w0 * a.y + w1 * b.y + w2 * c.y + w3 * d.y)
            }
            let times = [0, 1.25, 2.5, 3, 4.99]
            let v = Keyframes.sample(theAnimation, "position", at: times).map { $0 as! CGPoint }
            // Two segments, one per curve. The seed's prose (Apple's older guide) says the
            // inherited timing function is ignored; Apple's current reference says it paces the
            // whole animation first, and that is what runs: the point on the curves at the eased
            // progress.
            func expected(_ t: Double) -> CGPoint {
                let e = 2 * referenceBezier(0.25, 0.1, 0.25, 1, at: t / 5)
                return e < 1
                    ? bezier(CGPoint(x: 74, y: 74), CGPoint(x: 74, y: 500), CGPoint(x: 320, y: 500), CGPoint(x: 320, y: 74), e)
                    : bezier(CGPoint(x: 320, y: 74), CGPoint(x: 320, y: 500), CGPoint(x: 566, y: 500), CGPoint(x: 566, y: 74), e - 1)
            }
            #expect(v[0] == CGPoint(x: 74, y: 74))
            for k in 1..<times.count {
                #expect(approx(v[k], expected(times[k]), 1e-5), "t = \(times[k])")
            }
            // Not the un-eased point (the first curve's middle) a quarter of the way in.
            #expect(!approx(v[1], CGPoint(x: 197, y: 393.5), 1))
        }

        /// Paths morph point by point when their structures match and switch at the end when
        /// they do not; as Apple documents for `CGPath` properties, only explicit animations
        /// animate them (setting the property adds no implicit animation).
        @Test func pathsWithTheSameStructureMorph() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                let b = CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil)
                let other = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                layer.shadowPath = a
                CATransaction.flush()
                layer.shadowPath = b                        // no implicit animation
                #expect(layer.animationKeys() == nil)
                let morph = CABasicAnimation(keyPath: "shadowPath")
                morph.fromValue = a; morph.toValue = b; morph.duration = 1
                layer.add(morph, forKey: "morph")
                CATransaction.flush()
                clock.time = 0.5
                #expect(layer.presentation()!.shadowPath?.boundingBox == CGRect(x: 5, y: 10, width: 20, height: 25))
                clock.time = 2
                let change = CABasicAnimation(keyPath: "shadowPath")
                change.toValue = other; change.duration = 1
                change.fillMode = .forwards; change.isRemovedOnCompletion = false
                layer.add(change, forKey: "change")          // different structure: switches at the end
                CATransaction.flush()
                clock.time = 2.9
                #expect(layer.presentation()!.shadowPath == b)
                clock.time = 3
                #expect(layer.presentation()!.shadowPath == other)
            }
        }
    }
}
