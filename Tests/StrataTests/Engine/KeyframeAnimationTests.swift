import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct Keyframes {
        /// Adds `anim` to a committed layer at t = 0 and samples a key path of the presentation.
        static func sample(_ anim: CAAnimation, _ keyPath: String, at times: [Double]) -> [Any?] {
            var out: [Any?] = []
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                layer.add(anim, forKey: "k")
                CATransaction.flush()
                for t in times {
                    clock.time = t
                    out.append(layer.presentation()!.value(forKeyPath: keyPath))
                }
            }
            return out
        }

        @Test func linearWithKeyTimes() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 80, 100]
            k.keyTimes = [0, 0.8, 1]
            k.duration = 10
            let v = Self.sample(k, "position.x", at: [0, 4, 8, 9, 9.99]).map { $0 as! CGFloat }
            #expect(v[0] == 0 && v[1] == 40 && v[2] == 80 && v[3] == 90)
            #expect(abs(v[4] - 99.9) < 1e-9)
        }

        @Test func discreteHoldsEachValue() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [10, 20, 30]
            k.calculationMode = .discrete
            k.duration = 3
            let v = Self.sample(k, "position.x", at: [0, 0.99, 1, 1.5, 2, 2.99]).map { $0 as! CGFloat }
            #expect(v == [10, 10, 20, 20, 30, 30])
            // With n + 1 key times.
            let d = CAKeyframeAnimation(keyPath: "position.x")
            d.values = [10, 20]
            d.keyTimes = [0, 0.25, 1]
            d.calculationMode = .discrete
            d.duration = 4
            #expect(Self.sample(d, "position.x", at: [0.5, 1, 3.9]).map { $0 as! CGFloat } == [10, 20, 20])
        }

        @Test func pacedIgnoresKeyTimes() {
            let k = CAKeyframeAnimation(keyPath: "position")
            k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 20)]
            k.keyTimes = [0, 0.9, 1]
            k.calculationMode = .paced
            k.duration = 3
            let v = Self.sample(k, "position", at: [1, 1.5, 2.25]).map { $0 as! CGPoint }
            #expect(v[0] == CGPoint(x: 10, y: 0))       // 10 of 30 units after a third
            #expect(v[1] == CGPoint(x: 10, y: 5))
            #expect(v[2] == CGPoint(x: 10, y: 12.5))
        }

        @Test func perSegmentTimingFunctions() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 100, 200]
            k.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            k.duration = 2
            let v = Self.sample(k, "position.x", at: [0.5, 1.5]).map { Double($0 as! CGFloat) }
            #expect(approx(v[0], 100 * referenceBezier(0.42, 0, 1, 1, at: 0.5)))
            #expect(approx(v[1], 100 + 100 * referenceBezier(0, 0, 0.58, 1, at: 0.5)))
        }

        /// The animation's own `timingFunction` paces the whole animation, then each segment's
        /// function paces its segment (Apple: "that function is applied first followed by the
        /// timing function for the specific keyframe segment"); the paced modes ignore it.
        @Test func wholeAnimationTimingFunctionComesFirst() {
            let easeIn = CAMediaTimingFunction(name: .easeIn), easeOut = CAMediaTimingFunction(name: .easeOut)
            func inCurve(_ x: Double) -> Double { referenceBezier(0.42, 0, 1, 1, at: x) }
            func outCurve(_ x: Double) -> Double { referenceBezier(0, 0, 0.58, 1, at: x) }
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 100, 200]
            k.timingFunction = easeIn
            k.duration = 2
            var v = Self.sample(k, "position.x", at: [0.5, 1.5]).map { Double($0 as! CGFloat) }
            #expect(approx(v[0], 200 * inCurve(0.25), 1e-6))
            #expect(approx(v[1], 200 * inCurve(0.75), 1e-6))
            // Then the segments' own functions, on where the eased progress falls in them.
            k.timingFunctions = [easeOut, easeOut]
            v = Self.sample(k, "position.x", at: [0.5, 1.5]).map { Double($0 as! CGFloat) }
            #expect(approx(v[0], 100 * outCurve(inCurve(0.25) / 0.5), 1e-6))
            #expect(approx(v[1], 100 + 100 * outCurve((inCurve(0.75) - 0.5) / 0.5), 1e-6))
            // The same for discrete values: the switch comes when the eased progress crosses.
            let d = CAKeyframeAnimation(keyPath: "position.x")
            d.values = [10, 20]
            d.calculationMode = .discrete
            d.timingFunction = easeIn
            d.duration = 1
            // ease-in reaches 0.5 at x ≈ 0.6575: still the first value at 0.65, the second at 0.665.
            #expect(Self.sample(d, "position.x", at: [0.65, 0.665]).map { $0 as! CGFloat } == [10, 20])
            // Paced: constant speed whatever the timing function.
            let p = CAKeyframeAnimation(keyPath: "position.x")
            p.values = [0, 100, 200]
            p.calculationMode = .paced
            p.timingFunction = easeIn
            p.duration = 2
            #expect(Self.sample(p, "position.x", at: [0.5, 1.5]).map { $0 as! CGFloat } == [50, 150])
        }

        /// A group's `timingFunction` paces its children (the Cookbook's way of giving a keyframe
        /// animation one curve); nested groups compose, the outer curve first.
        @Test func groupTimingFunctionPacesItsChildren() {
            func inCurve(_ x: Double) -> Double { referenceBezier(0.42, 0, 1, 1, at: x) }
            func outCurve(_ x: Double) -> Double { referenceBezier(0, 0, 0.58, 1, at: x) }
            let child = CAKeyframeAnimation(keyPath: "position.x")
            child.values = [0, 50, 100]
            child.duration = 2
            let g = CAAnimationGroup()
            g.animations = [child]
            g.duration = 2
            g.timingFunction = CAMediaTimingFunction(name: .easeIn)
            var v = Self.sample(g, "position.x", at: [0.5, 1.5]).map { Double($0 as! CGFloat) }
            #expect(approx(v[0], 100 * inCurve(0.25), 1e-6))
            #expect(approx(v[1], 100 * inCurve(0.75), 1e-6))
            let inner = CAAnimationGroup()
            inner.animations = [child]
            inner.duration = 2
            inner.timingFunction = CAMediaTimingFunction(name: .easeOut)
            let outer = CAAnimationGroup()
            outer.animations = [inner]
            outer.duration = 2
            outer.timingFunction = CAMediaTimingFunction(name: .easeIn)
            v = Self.sample(outer, "position.x", at: [0.5, 1.5]).map { Double($0 as! CGFloat) }
            #expect(approx(v[0], 100 * outCurve(inCurve(0.25)), 1e-6))
            #expect(approx(v[1], 100 * outCurve(inCurve(0.75)), 1e-6))
            // Without a timing function a group passes its time through.
            g.timingFunction = nil
            #expect(Self.sample(g, "position.x", at: [0.5, 1.5]).map { $0 as! CGFloat } == [25, 75])
        }

        /// Cubic mode: Catmull–Rom (tension = continuity = bias = 0) Hermite segments.
        @Test func cubicIsKochanekBartels() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 100, 0, 50]
            k.calculationMode = .cubic
            k.duration = 3
            let v = Self.sample(k, "position.x", at: [0.5, 1, 1.5]).map { Double($0 as! CGFloat) }
            // Tangents: end keys use their one neighbour; inner keys the mean of both chords.
            let m0: Double = 0.5 * 100, m1: Double = 0.5 * 100 + 0.5 * -100
            let m2: Double = 0.5 * -100 + 0.5 * 50, m3: Double = 0.5 * 50
            let m = [m0, m1, m2, m3]
            #expect(approx(v[0], hermite(0, m[0], 100, m[1], 0.5)))
            #expect(v[1] == 100)
            #expect(approx(v[2], hermite(100, m[1], 0, m[2], 0.5)))
            // Tension 1 flattens the tangents: the curve becomes the smoothstep between keys.
            k.tensionValues = [1, 1, 1, 1]
            let w = Self.sample(k, "position.x", at: [0.5]).map { Double($0 as! CGFloat) }
            #expect(approx(w[0], hermite(0, 0, 100, 0, 0.5)))
        }

        /// Cubic mode with uneven key times: Kochanek–Bartels' spacing adjustment scales an inner
        /// key's tangents by 2·Δt₋/(Δt₋+Δt₊) (incoming) and 2·Δt₊/(Δt₋+Δt₊) (outgoing), so the
        /// velocity in value per second is the same on both sides of the key.
        @Test func cubicWithUnevenKeyTimesKeepsVelocityContinuous() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 100, 40]
            k.keyTimes = [0, 0.25, 1]
            k.calculationMode = .cubic
            k.duration = 4                              // segments last 1 s and 3 s
            let h = 1e-5
            let v = Self.sample(k, "position.x", at: [1 - h, 1, 1 + h, 2.5]).map { Double($0 as! CGFloat) }
            #expect(v[1] == 100)
            let left = (v[1] - v[0]) / h, right = (v[2] - v[1]) / h
            // Catmull–Rom tangent at the middle key: (40 − 0) / 2 = 20 per segment; scaled to
            // 2·1/4·20 = 10 (incoming, over 1 s) and 2·3/4·20 = 30 (outgoing, over 3 s): 10/s both.
            #expect(abs(left - 10) < 1e-2 && abs(right - 10) < 1e-2)
            // Halfway through the second segment: outgoing 30; the end key has half its one chord, −30.
            #expect(approx(v[3], hermite(100, 30, 40, -30, 0.5)))
            // Even key times leave the tangents alone (factor 1).
            k.keyTimes = [0, 0.5, 1]
            let e = Self.sample(k, "position.x", at: [1]).map { Double($0 as! CGFloat) }
            #expect(approx(e[0], hermite(0, 50, 100, 20, 0.5)))
        }

        @Test func badKeyTimesFallBackToEvenSpacing() {
            for bad: [NSNumber] in [[0, 0.7, 0.3], [0, 1], [0, .init(value: Double.nan), 1], [-1, 0.5, 2]] {
                let k = CAKeyframeAnimation(keyPath: "position.x")
                k.values = [0, 10, 20]
                k.keyTimes = bad
                k.duration = 2
                #expect(Self.sample(k, "position.x", at: [0.5, 1]).map { $0 as! CGFloat } == [5, 10])
            }
            let empty = CAKeyframeAnimation(keyPath: "position.x")
            empty.duration = 1
            #expect(Self.sample(empty, "position.x", at: [0.5]).map { $0 as! CGFloat } == [0])
        }

        @Test func cumulativeRepeatsAccumulate() {
            let k = CAKeyframeAnimation(keyPath: "position.x")
            k.values = [0, 10]
            k.isCumulative = true
            k.repeatCount = 3
            k.duration = 1
            #expect(Self.sample(k, "position.x", at: [0.5, 1.5, 2.5]).map { $0 as! CGFloat } == [5, 15, 25])
        }

        @Test func rotationModeTurnsTheLayer() {
            let k = CAKeyframeAnimation(keyPath: "position")
            k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10)]
            k.rotationMode = .rotateAuto
            k.duration = 1
            let t = Self.sample(k, "transform", at: [0.5])[0] as! CATransform3D
            #expect(abs(t.m11) < 1e-9 && abs(t.m12 - 1) < 1e-9)   // facing +y: a quarter turn
            k.rotationMode = .rotateAutoReverse
            let r = Self.sample(k, "transform", at: [0.5])[0] as! CATransform3D
            #expect(abs(r.m12 + 1) < 1e-9)
        }

        /// Apple: "Move-to segments do not define separate keyframe values": a path of two
        /// lines with a move between them has two keyframe segments, and the value jumps to
        /// the moved-to point (it is never on the gap between the lines).
        @Test func pathMoveToDefinesNoKeyframe() {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: 100, y: 0))
            p.move(to: CGPoint(x: 100, y: 100)); p.addLine(to: CGPoint(x: 200, y: 100))
            let k = CAKeyframeAnimation(keyPath: "position")
            k.path = p
            k.duration = 1
            let v = Self.sample(k, "position", at: [0.25, 0.5, 0.75, 0.999]).map { $0 as! CGPoint }
            #expect(v[0] == CGPoint(x: 50, y: 0) && v[1] == CGPoint(x: 100, y: 100))
            #expect(v[2] == CGPoint(x: 150, y: 100) && abs(v[3].x - 199.8) < 1e-9 && abs(v[3].y - 100) < 1e-9)
            // Paced: by length (100 + 100), the jump adds none.
            k.calculationMode = .paced
            p.move(to: CGPoint(x: 0, y: 0))                          // a trailing move: ignored
            k.path = p
            let w = Self.sample(k, "position", at: [0.25, 0.75]).map { $0 as! CGPoint }
            #expect(abs(w[0].x - 50) < 1e-6 && abs(w[1].x - 150) < 1e-6 && w[1].y == 100)
        }
    }
}
