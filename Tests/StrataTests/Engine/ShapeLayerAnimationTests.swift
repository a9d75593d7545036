import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// Every animatable `CAShapeLayer` property animates through the engine and reaches the
    /// render tree's `RenderShape` at its interpolated value; the non-animatable ones (fill rule,
    /// caps, joins) switch at once. Values are sampled halfway through linear animations.
    @Suite struct ShapeLayerAnimationTests {
        static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

        /// A committed shape layer (a 10×10 square path, stroked red) under a root, its tree,
        /// then `animate` run at time 1; returns the layer's shape at `sample`.
        static func shape(at sample: CFTimeInterval, setUp: (CAShapeLayer) -> Void = { _ in },
                          animate: (CAShapeLayer) -> Void) -> RenderShape? {
            var out: RenderShape?
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                let s = CAShapeLayer()
                s.frame = root.bounds
                s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                s.strokeColor = red
                setUp(s)
                root.addSublayer(s)
                let tree = RenderTree(root: root)
                CATransaction.flush()
                clock.time = 1
                animate(s)
                CATransaction.flush()
                out = tree.snapshot(at: sample).sublayers[0].shape
            }
            return out
        }

        /// An explicit linear animation of `key` from `from` to `to` over 2 s.
        static func basic(_ key: String, _ from: Any, _ to: Any) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from; a.toValue = to; a.duration = 2
            a.timingFunction = CAMediaTimingFunction(name: .linear)
            return a
        }

        static func near(_ a: CGFloat?, _ b: CGFloat) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

        @Test func numericStrokePropertiesInterpolate() {
            let cases: [(String, CGFloat, CGFloat, (RenderShape) -> CGFloat)] = [
                ("lineWidth", 2, 6, { $0.stroke.lineWidth }),
                ("miterLimit", 4, 10, { $0.stroke.miterLimit }),
                ("lineDashPhase", 0, 10, { $0.stroke.dashPhase }),
                ("strokeStart", 0, 0.5, { $0.stroke.strokeStart }),
                ("strokeEnd", 1, 0.5, { $0.stroke.strokeEnd }),
            ]
            for (key, from, to, read) in cases {
                let mid = Self.shape(at: 2) { $0.add(Self.basic(key, from, to), forKey: key) }
                #expect(Self.near(mid.map(read), (from + to) / 2), "\(key) halfway: \(String(describing: mid.map(read)))")
                let quarter = Self.shape(at: 1.5) { $0.add(Self.basic(key, from, to), forKey: key) }
                #expect(Self.near(quarter.map(read), from + (to - from) / 4), "\(key) at a quarter")
            }
        }

        @Test func fillAndStrokeColoursInterpolateComponentWise() {
            for key in ["fillColor", "strokeColor"] {
                let s = Self.shape(at: 2) { $0.add(Self.basic(key, Self.red, Self.blue), forKey: key) }
                let c = key == "fillColor" ? s?.fillColor : s?.strokeColor
                #expect(c.map { [$0.red, $0.green, $0.blue, $0.alpha] } == [0.5, 0, 0.5, 1], "\(key): \(String(describing: c))")
            }
        }

        @Test func dashPatternInterpolatesElementWise() {
            let s = Self.shape(at: 2) { l in
                l.add(Self.basic("lineDashPattern", [NSNumber(value: 2), NSNumber(value: 2)],
                                 [NSNumber(value: 6), NSNumber(value: 4)]), forKey: "dash")
            }
            #expect(s?.stroke.dashPattern == [4, 3])
        }

        /// Apple's documented "marching ants": `lineDashPhase` by the pattern's length, repeating.
        @Test func marchingAntsAdvanceThePhaseByValue() {
            let s = Self.shape(at: 1.25, setUp: { $0.lineDashPattern = [10, 5, 5, 5] }) { l in
                let a = CABasicAnimation(keyPath: "lineDashPhase")
                a.byValue = 25
                a.duration = 0.5
                a.timingFunction = CAMediaTimingFunction(name: .linear)
                a.repeatCount = .greatestFiniteMagnitude
                l.add(a, forKey: "ants")
            }
            #expect(Self.near(s?.stroke.dashPhase, 12.5))
            #expect(s?.stroke.dashPattern == [10, 5, 5, 5])
        }

        /// A shape layer's own `path` morphs point by point (same structure: two rectangles).
        @Test func pathMorphsOnAShapeLayer() {
            let to = CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil)
            let s = Self.shape(at: 2) { l in
                l.add(Self.basic("path", l.path!, to), forKey: "morph")
            }
            #expect(s.map { pathElements($0.path).flatMap(\.1) } ==
                    [CGPoint(x: 5, y: 10), CGPoint(x: 25, y: 10), CGPoint(x: 25, y: 35), CGPoint(x: 5, y: 35)])
        }

        /// Style properties animate implicitly when set on a standalone layer; `path` does not
        /// (Apple: CGPath properties have no implicit animation); fill rule, caps and joins are
        /// not animatable and take their new values at once.
        @Test func implicitAnimationsOnlyForAnimatableStyleProperties() {
            var keys: Set<String> = []
            let mid = Self.shape(at: 2) { s in
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                s.lineWidth = 5
                s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
                s.fillRule = .evenOdd
                s.lineCap = .round
                s.lineJoin = .bevel
                CATransaction.commit()
                keys = Set(s.animationKeys() ?? [])
            }
            #expect(keys == ["lineWidth"])
            #expect(mid?.stroke.lineWidth == 3)
            #expect(mid?.path.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 20))
            #expect(mid?.fillRule == .evenOdd && mid?.stroke.lineCap == .round && mid?.stroke.lineJoin == .bevel)
        }
    }
}
