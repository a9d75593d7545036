import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Shape layers reach the screen: the compositor draws `CAShapeLayer`'s fill and stroke with the
/// path rasterizer, also where the path lies outside the layer's (zero) bounds, as in the seeds.
@Suite(.runLoopTurn) struct ShapeLayerRenderTests {
    func render(_ build: (CALayer) -> Void, size: Int = 100) -> Bitmap {
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        build(root)
        CATransaction.commit()
        let tree = RenderTree(root: root)
        let bitmap = Bitmap(width: size, height: size)!
        Compositor().render(tree.snapshot(at: 0), into: bitmap, scale: 1)
        return bitmap
    }

    @Test func seedProgressRingStrokesTheCircleOutsideZeroBounds() {
        let bitmap = render { root in
            let ring = CAShapeLayer()  // frame stays .zero, as in the seed's createProgressIndicator
            ring.path = BezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
                                   endAngle: 3 * .pi / 2, clockwise: true).cgPath
            ring.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            ring.fillColor = nil
            ring.lineWidth = 8
            root.addSublayer(ring)
        }
        #expect(bitmap.pixel(x: 50, y: 10) == 0xFFFF_0000)   // on the ring (top)
        #expect(bitmap.pixel(x: 90, y: 50) == 0xFFFF_0000)   // on the ring (right)
        #expect(bitmap.pixel(x: 50, y: 50) == 0)             // centre: no fill
        #expect(bitmap.pixel(x: 2, y: 2) == 0)               // outside
    }

    @Test func fillAndStrokeEndTrimsTheStroke() {
        let bitmap = render { root in
            let s = CAShapeLayer()
            s.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
            s.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            s.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            s.lineWidth = 4
            s.strokeEnd = 0.25  // only the top edge (the first quarter of the perimeter)
            root.addSublayer(s)
        }
        #expect(bitmap.pixel(x: 50, y: 50) == 0xFF00_00FF)   // fill
        #expect(bitmap.pixel(x: 50, y: 20) == 0xFF00_FF00)   // top edge stroked
        #expect(bitmap.pixel(x: 50, y: 79) == 0xFF00_00FF)   // inside the bottom edge: no stroke, fill shows
        #expect(bitmap.pixel(x: 50, y: 81) == 0)             // outside it: nothing
    }
}
