import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// CAShapeLayer: defaults, animation of its properties through the engine, and the evaluated
    /// shape on the render side drawn by the rasterizer.
    @Suite struct ShapeLayerPathTests {
        static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

        @Test func defaultsMatchCoreAnimation() {
            let s = CAShapeLayer()
            #expect(s.path == nil && s.fillColor == .black && s.strokeColor == nil)
            #expect(s.lineWidth == 1 && s.miterLimit == 10 && s.strokeStart == 0 && s.strokeEnd == 1)
            #expect(s.fillRule == .nonZero && s.lineCap == .butt && s.lineJoin == .miter)
            #expect(s.lineDashPattern == nil && s.lineDashPhase == 0)
            #expect(CAShapeLayer.isAnimatable(key: "strokeEnd") && CAShapeLayer.isAnimatable(key: "path"))
            #expect(!CAShapeLayer.isAnimatable(key: "lineCap"))
            s.fillColor = nil
            #expect(s.fillColor == nil)
        }

        @Test func strokeEndAnimatesAndTheShapeReachesTheRenderTree() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                let s = CAShapeLayer()
                s.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                let line = CGMutablePath()
                line.move(to: CGPoint(x: 0, y: 10)); line.addLine(to: CGPoint(x: 40, y: 10))
                s.path = line
                s.fillColor = nil
                s.strokeColor = Self.red
                s.lineWidth = 4
                s.lineCap = .round
                s.lineDashPattern = [4, 2]
                root.addSublayer(s)
                let tree = RenderTree(root: root)
                CATransaction.flush()
                clock.time = 1
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                s.strokeEnd = 0.5
                CATransaction.commit()
                let shape = tree.snapshot(at: 2).sublayers[0].shape
                #expect(shape != nil)
                #expect(shape?.path == line)
                #expect(shape?.fillColor == nil && shape?.strokeColor == Self.red)
                #expect(shape?.stroke.strokeEnd == 0.75)
                #expect(shape?.stroke.lineWidth == 4 && shape?.stroke.lineCap == .round)
                #expect(shape?.stroke.dashPattern == [4, 2])
                #expect(tree.snapshot(at: 3).sublayers[0].shape?.stroke.strokeEnd == 0.5)
                // A plain layer has no shape.
                #expect(tree.snapshot(at: 3).shape == nil)
            }
        }

        @Test func renderShapeDrawsFillThenStroke() {
            let p = CGPath(rect: CGRect(x: 2, y: 2, width: 6, height: 6))
            let shape = RenderShape(path: p, fillColor: CGColor(gray: 0, alpha: 0.5), fillRule: .winding,
                                    strokeColor: .black, stroke: StrokeStyle(lineWidth: 2))
            let img = RasterTestImage(width: 10, height: 10)
            shape.draw(into: img.image, transform: .identity, rasterizer: PathRasterizer())
            // Interior half alpha; the stroke band (1…3 and 7…9) opaque; outside empty.
            #expect(img.alpha[5 * 10 + 5] == 128 && img.alpha[5 * 10 + 1] == 255 && img.alpha[5 * 10 + 8] == 255)
            #expect(img.alpha[0] == 0)
        }
    }
}
