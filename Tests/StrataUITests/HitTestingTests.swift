import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// A view named for messages.
final class Named: View {
    let name: String
    init(_ name: String, frame: CGRect) {
        self.name = name
        super.init(frame: frame)
    }
}

func name(_ v: View?) -> String { (v as? Named)?.name ?? (v == nil ? "nil" : "?") }

@Suite(.runLoopTurn) struct HitTesting {
    /// root 400×300 at the origin; `a` is 100×100 centred at (200, 150), rotated 45°;
    /// `b` is a 20×20 child of `a` at a's top-left corner region (10…30).
    func rotatedTree() -> (Named, Named, Named) {
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = Named("a", frame: CGRect(x: 150, y: 100, width: 100, height: 100))
        a.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let b = Named("b", frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(a)
        a.addSubview(b)
        return (root, a, b)
    }

    @Test func rotation() {
        let (root, _, _) = rotatedTree()
        // The rotated square's corners reach 70.7 from the center along the axes.
        #expect(name(root.hitTest(CGPoint(x: 200, y: 150), with: nil)) == "a")
        #expect(name(root.hitTest(CGPoint(x: 200, y: 150 - 69), with: nil)) == "a")     // inside the top vertex
        #expect(name(root.hitTest(CGPoint(x: 200, y: 150 - 72), with: nil)) == "root")  // just past it
        // Unrotated corner (155, 105) lies outside the diamond.
        #expect(name(root.hitTest(CGPoint(x: 155, y: 105), with: nil)) == "root")
        // b's center (a-local (20, 20)) is at offset (-30, -30) from a's center, rotated 45°:
        // (-30cos45 + 30sin45, -30sin45 - 30cos45) = (0, -42.43) → (200, 107.57).
        #expect(name(root.hitTest(CGPoint(x: 200, y: 107.6), with: nil)) == "b")
        #expect(name(root.hitTest(CGPoint(x: 200, y: 122), with: nil)) == "a")
        #expect(name(root.hitTest(CGPoint(x: -5, y: 10), with: nil)) == "nil")
    }

    @Test func convertThroughRotation() {
        let (_, a, b) = rotatedTree()
        let p = b.convert(CGPoint(x: 10, y: 10), to: nil)
        #expect(abs(p.x - 200) < 1e-9 && abs(p.y - (150 - 30 * 2.0.squareRoot())) < 1e-9)
        let back = b.convert(p, from: nil)
        #expect(abs(back.x - 10) < 1e-9 && abs(back.y - 10) < 1e-9)
        let inA = b.convert(CGPoint(x: 0, y: 0), to: a)
        #expect(abs(inA.x - 10) < 1e-9 && abs(inA.y - 10) < 1e-9)
    }

    @Test func scaleAndBoundsOrigin() {
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let s = Named("s", frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        s.transform = CGAffineTransform(scaleX: 2, y: 0.5)          // 200×25 centred at (150, 125)
        s.bounds = CGRect(x: 50, y: 0, width: 100, height: 50)      // scrolled content
        let c = Named("c", frame: CGRect(x: 50, y: 0, width: 10, height: 10))
        root.addSubview(s)
        s.addSubview(c)
        #expect(name(root.hitTest(CGPoint(x: 60, y: 125), with: nil)) == "s")
        #expect(name(root.hitTest(CGPoint(x: 45, y: 125), with: nil)) == "root")
        #expect(name(root.hitTest(CGPoint(x: 255, y: 125), with: nil)) == "root")
        // c occupies s-local x 50…60, y 0…10 → root x 50…70, y 112.5…117.5.
        #expect(name(root.hitTest(CGPoint(x: 65, y: 117), with: nil)) == "c")
        #expect(name(root.hitTest(CGPoint(x: 65, y: 118), with: nil)) == "s")
        // c-local (5, 5) = s-local (55, 5) = (−45, −20) from s's center, scaled → (−90, −10).
        let p = c.convert(CGPoint(x: 5, y: 5), to: nil)
        #expect(p == CGPoint(x: 60, y: 115))
    }

    @Test func perspective() {
        // A 200×200 view rotated 60° about y with perspective 1/500: the near edge grows, the far
        // edge shrinks. Expected points computed from the projection formula independently.
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let p = Named("p", frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        p.transform3D = t
        root.addSubview(p)
        // Independent projection: a local point (x, y) relative to the center maps through the
        // 4×4 rows (flattened: columns 1, 2, 4) and the homogeneous divide.
        func project(_ x: Double, _ y: Double) -> CGPoint {
            let m = t
            let w = x * m.m14 + y * m.m24 + m.m44
            return CGPoint(x: 200 + (x * m.m11 + y * m.m21 + m.m41) / w, y: 200 + (x * m.m12 + y * m.m22 + m.m42) / w)
        }
        let right = project(99, 0), left = project(-99, 0)
        #expect(name(root.hitTest(right, with: nil)) == "p")
        #expect(name(root.hitTest(left, with: nil)) == "p")
        let outside = project(101, 0)
        #expect(name(root.hitTest(CGPoint(x: outside.x + (outside.x > right.x ? 0.5 : -0.5), y: 200), with: nil)) == "root")
        // The two halves have different widths on screen (perspective, not an affine squash).
        #expect(abs((right.x - 200) + (left.x - 200)) > 5)
        // Round trip through the projection.
        let q = p.convert(CGPoint(x: 30, y: 170), to: nil)
        let back = p.convert(q, from: nil)
        #expect(abs(back.x - 30) < 1e-9 && abs(back.y - 170) < 1e-9)
    }

    @Test func behindTheViewerNeverHits() {
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let p = Named("p", frame: CGRect(x: 0, y: 0, width: 4000, height: 400))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        p.transform3D = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        root.addSubview(p)
        // Points with w ≤ 0 (x·m14 + m44 ≤ 0) are behind the viewer: converting there yields nan.
        let m = p.transform3D
        let xBehind = -(m.m44 / m.m14) - 10 * (m.m14 > 0 ? 1 : -1)
        #expect(abs(xBehind) < 2000)
        let c = p.convert(CGPoint(x: 2000 + xBehind, y: 200), to: nil)
        #expect(c.x.isNaN && c.y.isNaN)
        // The visible side still converts.
        let ok = p.convert(CGPoint(x: 2000 - xBehind, y: 200), to: nil)
        #expect(ok.x.isFinite)
    }

    @Test func flagsAndClipping() {
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let box = Named("box", frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let out = Named("out", frame: CGRect(x: 40, y: 40, width: 40, height: 40))   // pokes out of box
        root.addSubview(box)
        box.addSubview(out)
        #expect(name(root.hitTest(CGPoint(x: 70, y: 70), with: nil)) == "out")
        box.clipsToBounds = true
        #expect(name(root.hitTest(CGPoint(x: 70, y: 70), with: nil)) == "root")
        #expect(name(root.hitTest(CGPoint(x: 45, y: 45), with: nil)) == "out")
        out.isHidden = true
        #expect(name(root.hitTest(CGPoint(x: 45, y: 45), with: nil)) == "box")
        out.isHidden = false
        out.alpha = 0.009
        #expect(name(root.hitTest(CGPoint(x: 45, y: 45), with: nil)) == "box")
        out.alpha = 0.01
        #expect(name(root.hitTest(CGPoint(x: 45, y: 45), with: nil)) == "out")
        box.isUserInteractionEnabled = false
        #expect(name(root.hitTest(CGPoint(x: 45, y: 45), with: nil)) == "root")
        #expect(name(root.hitTest(CGPoint(x: CGFloat.nan, y: 45), with: nil)) == "nil")
    }

    @Test func siblingOrderAndZPosition() {
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = Named("a", frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let b = Named("b", frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        root.addSubview(a)
        root.addSubview(b)
        #expect(name(root.hitTest(CGPoint(x: 40, y: 40), with: nil)) == "b")
        root.bringSubviewToFront(a)
        #expect(name(root.hitTest(CGPoint(x: 40, y: 40), with: nil)) == "a")
        #expect(root.subviews.map(name) == ["b", "a"])
        #expect(root.layer.sublayers?.map { $0 === a.layer } == [false, true])
        b.layer.zPosition = 1
        #expect(name(root.hitTest(CGPoint(x: 40, y: 40), with: nil)) == "b")
    }

    @Test func shapedViewOverride() {
        final class Disc: View {
            override func point(inside point: CGPoint, with event: Event?) -> Bool {
                let r = bounds.width / 2
                return hypot(point.x - r, point.y - r) <= r
            }
        }
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let d = Disc(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(d)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === d)
        #expect(root.hitTest(CGPoint(x: 3, y: 3), with: nil) === root)
    }

    @Test func pathShapedViewInsideARotatedParent() {
        let root = Named("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let parent = Named("parent", frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        parent.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let ring = Named("ring", frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 200, height: 100))
        path.addEllipse(in: CGRect(x: 50, y: 25, width: 100, height: 50))
        ring.hitShape = path
        ring.hitShapeFillRule = .evenOdd
        root.addSubview(parent)
        parent.addSubview(ring)
        // Rotated 90° clockwise about (200, 200): parent-local (x, y) → screen (300 − y, 100 + x).
        #expect(name(root.hitTest(CGPoint(x: 300 - 50, y: 100 + 20), with: nil)) == "ring")    // in the ellipse band
        #expect(name(root.hitTest(CGPoint(x: 300 - 50, y: 100 + 100), with: nil)) == "parent") // the hole
        #expect(name(root.hitTest(CGPoint(x: 300 - 5, y: 100 + 5), with: nil)) == "parent")   // bounds corner, off the ellipse
    }
}
