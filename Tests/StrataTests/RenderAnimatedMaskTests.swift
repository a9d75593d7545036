import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// A mask animated like any layer: the render tree carries its presentation values, the
    /// compositor cuts with them and damages the masked layer while it moves.
    @Suite struct RenderAnimatedMaskTests {
        @Test func anAnimatedMaskCutsAtItsPresentationPosition() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
                root.backgroundColor = .white
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                let mask = CALayer()
                mask.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
                mask.backgroundColor = .black
                layer.mask = mask
                root.addSublayer(layer)
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = 5; a.toValue = 35; a.duration = 2
                mask.add(a, forKey: "slide")
                clock.time = 1
                CATransaction.flush()

                let early = tree.snapshot(at: 1.5), mid = tree.snapshot(at: 2)
                #expect(mid.sublayers[0].mask?.position.x == 20)
                let b = Snapshot.render(mid, width: 40, height: 20)!
                // The mask spans x 15…25 at t = 2 (halfway from centre 5 to 35).
                #expect((13..<27).map { b.pixel(x: $0, y: 10) } ==
                        [0xFFFF_FFFF, 0xFFFF_FFFF] + Array(repeating: 0xFFFF_0000, count: 10) + [0xFFFF_FFFF, 0xFFFF_FFFF])
                let c = Compositor()
                let d = c.damage(from: early, to: mid, scale: 1, bounds: CGRect(x: 0, y: 0, width: 40, height: 20))
                #expect(d.rects == [PixelRect(x: 0, y: 0, width: 40, height: 20)], "the masked layer's footprint")
                #expect(c.damage(from: mid, to: tree.snapshot(at: 2), scale: 1,
                                 bounds: CGRect(x: 0, y: 0, width: 40, height: 20)).isEmpty)
            }
        }
    }
}
