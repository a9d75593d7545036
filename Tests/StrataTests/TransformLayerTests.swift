import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CATransformLayer: its sublayers keep their depth (perspective from the superlayer's
/// sublayerTransform reaches them), are drawn far to near across nested transform layers, and
/// the transform layer itself draws nothing and applies its opacity to each sublayer.
@Suite(.runLoopTurn) struct TransformLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 100×100 black root whose content layer `container` (a transform layer or not) fills it.
    func render(_ container: CALayer, rootSublayerTransform: CATransform3D = .identity,
                _ build: (CALayer) -> Void) -> Bitmap {
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .black
        root.sublayerTransform = rootSublayerTransform
        container.frame = root.bounds
        root.addSublayer(container)
        build(container)
        CATransaction.commit()
        let tree = RenderTree(root: root)
        let bitmap = Bitmap(width: 100, height: 100)!
        Compositor().render(tree.snapshot(at: 0), into: bitmap, scale: 1)
        return bitmap
    }

    func square(_ color: CGColor, size: CGFloat = 40, z: CGFloat = 0) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        l.position = CGPoint(x: 50, y: 50)
        l.zPosition = z
        l.backgroundColor = color
        return l
    }

    /// Red sits at depth 30 inside a nested transform layer; blue at depth 10 comes later in
    /// sibling order. In 3-D red is nearer and covers blue; flattened, blue (the later sibling
    /// with the larger zPosition among the container's own sublayers) covers red.
    @Test func depthOrdersLayersAcrossNestedTransformLayers() {
        func centre(_ container: CALayer, nested: CALayer) -> UInt32 {
            render(container) { c in
                nested.frame = c.bounds
                nested.addSublayer(square(Self.red, z: 30))
                c.addSublayer(nested)
                c.addSublayer(square(Self.blue, z: 10))
            }.pixel(x: 50, y: 50)
        }
        #expect(centre(CATransformLayer(), nested: CATransformLayer()) == 0xFFFF_0000)
        #expect(centre(CALayer(), nested: CALayer()) == 0xFF00_00FF)
    }

    /// A square turned 45° about y under the root's perspective (m34 = −1/200): in a transform
    /// layer its near edge is taller than its far edge, as the projection of its corners says;
    /// in a plain layer it is flattened first, both edges 60 points tall.
    @Test func perspectiveReachesSublayersOfATransformLayer() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        func edgeHeights(_ container: CALayer) -> (Int, Int) {
            let b = render(container, rootSublayerTransform: perspective) { c in
                let s = square(.white, size: 60)
                s.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
                c.addSublayer(s)
            }
            func column(_ x: Int) -> Int { (0..<100).filter { b.pixel(x: x, y: $0) == 0xFFFF_FFFF }.count }
            let lit = (0..<100).filter { column($0) > 0 }
            return (column(lit.first! + 1), column(lit.last! - 1))
        }
        // Corners (±30 cos 45°, ±30, ∓30 sin 45°) about the centre; w = 1 − z/200.
        let d = 30 * (0.5).squareRoot()
        let tall = 60 / (1 - d / 200), short = 60 / (1 + d / 200)
        let (l, r) = edgeHeights(CATransformLayer())
        let (near, far) = (max(l, r), min(l, r))
        #expect(abs(Double(near) - tall) <= 2 && abs(Double(far) - short) <= 2, "edges \(l), \(r); expected \(tall), \(short)")
        let (fl, fr) = edgeHeights(CALayer())
        #expect(fl == 60 && fr == 60)
    }

    /// A card: front and back back to back, neither double-sided. Turned half a turn, the
    /// back shows; the transform layer's own background never draws, and its opacity applies
    /// to each face separately.
    @Test func aCardShowsItsBackWhenTurnedAndTheLayerItselfDrawsNothing() {
        func card(turned: Bool, opacity: Float = 1) -> Bitmap {
            let t = CATransformLayer()
            return render(t) { c in
                c.backgroundColor = .white                         // ignored: a transform layer draws nothing
                c.opacity = opacity
                let front = square(Self.red), back = square(Self.blue)
                front.isDoubleSided = false
                back.isDoubleSided = false
                back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
                c.addSublayer(front)
                c.addSublayer(back)
                if turned { c.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
            }
        }
        #expect(card(turned: false).pixel(x: 50, y: 50) == 0xFFFF_0000)
        #expect(card(turned: true).pixel(x: 50, y: 50) == 0xFF00_00FF)
        #expect(card(turned: false).pixel(x: 5, y: 5) == 0xFF00_0000)
        // Half opacity on each face: red at 50 % over black.
        let half = card(turned: false, opacity: 0.5).pixel(x: 50, y: 50)
        #expect(half >> 16 & 0xFF >= 127 && half >> 16 & 0xFF <= 128 && half & 0xFFFF == 0)
    }
}
