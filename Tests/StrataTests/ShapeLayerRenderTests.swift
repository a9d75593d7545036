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

    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00

    /// masksToBounds clips the shape to the (rounded) bounds, as it clips contents and sublayers
    /// (Apple: the path is not clipped "only if the normal layer masking rules" do not clip it);
    /// sublayers still go above the shape.
    @Test func masksToBoundsClipsTheShape() {
        for radius in [0.0, 20.0] {
            for withSublayer in [false, true] {
                let bitmap = render { root in
                    let s = CAShapeLayer()
                    s.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                    s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
                    s.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    s.masksToBounds = true
                    s.cornerRadius = radius
                    if withSublayer {
                        let sub = CALayer()
                        sub.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
                        sub.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                        s.addSublayer(sub)
                    }
                    root.addSublayer(s)
                }
                let context = "radius \(radius), sublayer \(withSublayer)"
                #expect(bitmap.pixel(x: 20, y: 20) == Self.red, "\(context)")
                #expect(bitmap.pixel(x: 38, y: 20) == Self.red, "\(context)")
                #expect(bitmap.pixel(x: 40, y: 20) == 0, "\(context)")          // right of the bounds
                #expect(bitmap.pixel(x: 70, y: 70) == 0, "\(context)")          // the path's far part
                #expect(bitmap.pixel(x: 30, y: 30) == (withSublayer ? Self.blue : Self.red), "\(context)")
                #expect(bitmap.pixel(x: 1, y: 1) == (radius > 0 ? 0 : Self.red), "\(context)")   // a rounded corner cuts
            }
        }
        // Without masksToBounds the path reaches out, zero bounds or not.
        let open = render { root in
            let s = CAShapeLayer()
            s.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
            s.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(s)
        }
        #expect(open.pixel(x: 70, y: 70) == Self.red)
        // Zero bounds and masksToBounds: nothing shows.
        let none = render { root in
            let s = CAShapeLayer()
            s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
            s.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            s.masksToBounds = true
            root.addSublayer(s)
        }
        #expect(none.pixel(x: 50, y: 50) == 0)
    }

    /// Apple: "The shape is composited between the layer's contents and its first sublayer."
    @Test func theShapeGoesAboveTheContents() {
        for masks in [false, true] {
            let bitmap = render { root in
                let s = CAShapeLayer()
                s.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
                s.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                s.contents = CGImage(width: 2, height: 2, pixels: [UInt32](repeating: Self.blue, count: 4))!
                s.path = CGPath(rect: CGRect(x: 10, y: 10, width: 80, height: 20), transform: nil)
                s.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                s.masksToBounds = masks
                root.addSublayer(s)
            }
            #expect(bitmap.pixel(x: 20, y: 20) == Self.red, "masksToBounds \(masks)")     // shape over the contents
            #expect(bitmap.pixel(x: 45, y: 45) == Self.blue, "masksToBounds \(masks)")    // contents over the background
            #expect(bitmap.pixel(x: 75, y: 20) == (masks ? 0 : Self.red), "masksToBounds \(masks)")
        }
    }

    /// Without a `shadowPath` the shadow follows "the layer's composited alpha channel" (Apple):
    /// a shape layer's shadow is its shape's, also with zero bounds and no background.
    @Test func aShapeLayerCastsItsShapesShadow() {
        let bitmap = render { root in
            root.backgroundColor = .white
            let s = CAShapeLayer()
            s.path = CGPath(rect: CGRect(x: 20, y: 20, width: 30, height: 30), transform: nil)
            s.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            s.shadowOpacity = 1
            s.shadowRadius = 0
            s.shadowOffset = CGSize(width: 10, height: 10)
            root.addSublayer(s)
        }
        #expect(bitmap.pixel(x: 55, y: 55) == 0xFF00_0000)   // the shadow, beside the shape
        #expect(bitmap.pixel(x: 35, y: 35) == Self.red)      // the shape over its shadow
        #expect(bitmap.pixel(x: 15, y: 15) == 0xFFFF_FFFF)
        #expect(bitmap.pixel(x: 65, y: 65) == 0xFFFF_FFFF)
    }
}
