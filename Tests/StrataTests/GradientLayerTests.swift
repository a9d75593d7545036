import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// CAGradientLayer's model: defaults, KVC, and animation of its properties through the engine.
    @Suite struct GradientLayerTests {
        static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

        @Test func defaultsMatchCoreAnimation() {
            let g = CAGradientLayer()
            #expect(g.startPoint == CGPoint(x: 0.5, y: 0))
            #expect(g.endPoint == CGPoint(x: 0.5, y: 1))
            #expect(g.type == .axial)
            #expect(g.colors == nil)
            #expect(g.locations == nil)
            #expect(g.value(forKey: "endPoint") as? CGPoint == CGPoint(x: 0.5, y: 1))
            #expect(CAGradientLayer.defaultValue(forKey: "type") as? CAGradientLayerType == .axial)
            #expect(CAGradientLayer.isAnimatable(key: "colors") && CAGradientLayer.isAnimatable(key: "locations"))
            #expect(!CAGradientLayer.isAnimatable(key: "type"))
        }

        @Test func colorsKeepOnlyCGColorsAndLocationsReadBackAsNumbers() {
            let g = CAGradientLayer()
            g.colors = [Self.red, "not a colour", Self.blue]
            #expect((g.colors as? [CGColor]) == [Self.red, Self.blue])
            g.locations = [0, 0.25]
            #expect(g.locations?.map(\.doubleValue) == [0, 0.25])
            g.setValue([0.5, 1.0], forKey: "locations")
            #expect(g.locations?.map(\.doubleValue) == [0.5, 1])
            g.colors = nil
            #expect(g.colors == nil)
        }

        @Test func implicitColorAndPointAnimationsReachTheRenderTree() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                let g = CAGradientLayer()
                g.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                g.colors = [Self.red, Self.blue]
                root.addSublayer(g)
                let tree = RenderTree(root: root)
                CATransaction.flush()
                clock.time = 1
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                g.colors = [Self.blue, Self.red]
                g.startPoint = CGPoint(x: 0, y: 0)
                g.endPoint = CGPoint(x: 0.5, y: 0.5)
                CATransaction.commit()
                let s = tree.snapshot(at: 2).sublayers[0]
                #expect(s.properties["startPoint"] as? CGPoint == CGPoint(x: 0.25, y: 0))
                let colors = s.properties["colors"] as? [CGColor]
                #expect(colors == [CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1), CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)])
                #expect(s.properties["endPoint"] as? CGPoint == CGPoint(x: 0.5, y: 0.75))
                #expect(tree.snapshot(at: 3).sublayers[0].properties["colors"] as? [CGColor] == [Self.blue, Self.red])
                // The model keeps the new value; the presentation layer shows the animation.
                #expect((g.colors as? [CGColor]) == [Self.blue, Self.red])
            }
        }

        @Test func explicitLocationsAnimationInterpolatesNumbersAndRenders() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 1, height: 100)
                let g = CAGradientLayer()
                g.frame = root.bounds
                g.colors = [Self.red, Self.blue]
                g.locations = [0, 1]
                root.addSublayer(g)
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let a = CABasicAnimation(keyPath: "locations")
                a.fromValue = [NSNumber(value: 0.5), NSNumber(value: 0.5)]
                a.toValue = [NSNumber(value: 0), NSNumber(value: 1)]
                a.duration = 1
                a.timingFunction = CAMediaTimingFunction(name: .linear)
                g.add(a, forKey: "open")
                CATransaction.flush()
                // Halfway: stops at 0.25 and 0.75.
                let s = tree.snapshot(at: 0.5)
                #expect((s.sublayers[0].properties["locations"] as? [NSNumber])?.map(\.doubleValue) == [0.25, 0.75])
                let b = Snapshot.render(s, scale: 1)!
                #expect(b.pixel(x: 0, y: 10) == 0xFFFF0000)
                #expect(b.pixel(x: 0, y: 90) == 0xFF0000FF)
                let mid = b.pixel(x: 0, y: 50)   // t = 0.505 → (0.505 − 0.25) / 0.5 = 0.51 of the way
                #expect(abs(Int((mid >> 16) & 0xFF) - 125) <= 1 && abs(Int(mid & 0xFF) - 130) <= 1)
            }
        }

        @Test func radialTypeAndPresentationCopy() {
            let g = CAGradientLayer()
            g.type = .radial
            g.colors = [Self.red]
            let copy = CAGradientLayer(layer: g)
            #expect(copy.type == .radial)
            #expect((copy.colors as? [CGColor]) == [Self.red])
        }
    }
}
