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
