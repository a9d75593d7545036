import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct Transitions {
        @Test func contentsChangeCrossfadesImplicitly() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                let tree = RenderTree(root: root)
                CATransaction.setDisableActions(true)
                layer.contents = "image A"
                CATransaction.flush()
                #expect(tree.snapshot(at: 0).sublayers[0].transition == nil)
                layer.contents = "image B"
                CATransaction.flush()
                #expect(layer.animationKeys() == [kCATransition])
                clock.time = 0.125
                let r = tree.snapshot(at: 0.125).sublayers[0]
                #expect(r.properties["contents"] as? String == "image B")
                #expect(r.transition?.type == "fade")
                #expect(r.transition?.from?.properties["contents"] as? String == "image A")
                let expected = referenceBezier(0.25, 0.1, 0.25, 1, at: 0.5)
                #expect(abs((r.transition?.progress ?? -1) - expected) < 1e-9)
                #expect(tree.snapshot(at: 0.25).sublayers[0].transition == nil)
            }
        }

        /// A basic animation of `contents` crossfades: the render tree draws the end contents
        /// fading in over the start contents (a fade transition whose `from` is the layer
        /// showing the start contents); `presentation()` reports the start contents until the
        /// end, then the model's.
        @Test func explicitContentsAnimationCrossfades() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                layer.addSublayer(CALayer())
                let tree = RenderTree(root: root)
                CATransaction.setDisableActions(true)
                layer.contents = "image B"
                CATransaction.flush()
                let a = CABasicAnimation(keyPath: "contents")
                a.fromValue = "image A"; a.toValue = "image B"; a.duration = 1
                layer.add(a, forKey: "swap")
                CATransaction.flush()
                clock.time = 0.25
                let r = tree.snapshot(at: 0.25).sublayers[0]
                #expect(r.properties["contents"] as? String == "image B")
                #expect(r.transition?.type == "fade" && r.transition?.progress == 0.25)
                #expect(r.transition?.from?.properties["contents"] as? String == "image A")
                #expect(r.sublayers.count == 1 && r.transition?.from?.sublayers.count == 1)   // sublayers on both sides
                #expect(layer.presentation()?.contents as? String == "image A")
                #expect(tree.nextFrameTime(after: 0.25) == 0.25)
                let end = tree.snapshot(at: 1).sublayers[0]
                #expect(end.transition == nil && end.properties["contents"] as? String == "image B")
                // Equal ends draw no crossfade.
                let same = CABasicAnimation(keyPath: "contents")
                same.fromValue = "image B"; same.toValue = "image B"; same.duration = 1
                layer.add(same, forKey: "same")
                CATransaction.flush()
                #expect(tree.snapshot(at: 1.5).sublayers[0].transition == nil)
            }
        }

        @Test func explicitPushWithProgressRange() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                let tree = RenderTree(root: root)
                CATransaction.setDisableActions(true)
                layer.backgroundColor = .black
                CATransaction.flush()
                let t = CATransition()
                t.type = .push
                t.subtype = .fromRight
                t.startProgress = 0.2
                t.endProgress = 0.8
                t.duration = 2
                layer.add(t, forKey: "anything")
                CATransaction.setDisableActions(true)
                layer.backgroundColor = .white
                CATransaction.flush()
                #expect(layer.animationKeys() == [kCATransition])
                clock.time = 1
                let r = tree.snapshot(at: 1).sublayers[0]
                #expect(r.backgroundColor == .white)
                #expect(r.transition?.type == "push" && r.transition?.subtype == "fromRight")
                #expect(abs((r.transition?.progress ?? 0) - 0.5) < 1e-6)
                #expect(r.transition?.from?.backgroundColor == .black)
                #expect(tree.nextFrameTime(after: 1) == 1)
            }
        }
    }
}
