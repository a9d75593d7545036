import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// Animations are read back from the layer and evaluated with `RenderTree.snapshot(at:)` at
/// explicit times, so these tests never touch the global media clock.
@Suite(.runLoopTurn) struct ViewAnimation {
    /// A committed root (with a render tree) holding one 100×100 view at center (50, 50).
    func scene() -> (RenderTree, View, View) { animationScene() }

    @Test func noImplicitAnimationOutsideBlocks() {
        let (_, _, v) = scene()
        v.center = CGPoint(x: 200, y: 50)
        v.alpha = 0.5
        v.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(v.layer.animationKeys() == nil)
        CATransaction.flush()
        // A plain layer (not a view's) still animates implicitly.
        let plain = CALayer()
        v.layer.addSublayer(plain)
        CATransaction.flush()
        plain.opacity = 0.2
        #expect(plain.animationKeys() == ["opacity"])
        CATransaction.flush()
    }

    @Test func animateBlockAnimatesFromOldToNew() {
        let (tree, _, v) = scene()
        var finished: [Bool] = []
        View.animate(withDuration: 2, options: .curveLinear, animations: {
            v.center = CGPoint(x: 250, y: 50)
            v.alpha = 0
        }, completion: { finished.append($0) })
        let anim = v.layer.animation(forKey: "position") as? CABasicAnimation
        #expect(anim?.duration == 2)
        #expect(v.layer.animationKeys()?.sorted() == ["opacity", "position"])
        let begin = anim?.beginTime ?? .nan
        #expect(begin.isFinite && begin > 0)
        // Linear: a quarter of the way at t = 0.5.
        let snap = tree.snapshot(at: begin + 0.5)
        let sub = snap.sublayers[0]
        #expect(abs(sub.position.x - (50 + 200 * 0.25)) < 1e-9)
        #expect(abs(sub.opacity - 0.75) < 1e-6)
        #expect(tree.snapshot(at: begin + 2.5).sublayers[0].position.x == 250)
        #expect(finished.isEmpty)
        CATransaction.deliverAnimationEvents(at: begin + 2.5)
        #expect(finished == [true])
    }

    @Test func delayHoldsTheOldValue() {
        let (tree, _, v) = scene()
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { v.center = CGPoint(x: 150, y: 50) })
        guard let anim = v.layer.animation(forKey: "position") else { Issue.record("no animation"); return }
        // beginTime is absolute (commit clock + delay): the old value shows until then.
        let start = anim.beginTime
        #expect(tree.snapshot(at: start - 0.25).sublayers[0].position.x == 50)
        #expect(abs(tree.snapshot(at: start + 0.5).sublayers[0].position.x - 100) < 1e-9)
    }

    @Test func interruptedAnimationReportsNotFinished() {
        let (_, _, v) = scene()
        var results: [Bool] = []
        View.animate(withDuration: 1, animations: { v.center = CGPoint(x: 150, y: 50) },
                     completion: { results.append($0) })
        v.layer.removeAllAnimations()
        CATransaction.flush()
        CATransaction.deliverAnimationEvents(at: CACurrentMediaTime() + 10)
        #expect(results == [false])
    }

    @Test func springAnimationParameters() {
        let (_, _, v) = scene()
        View.animate(withDuration: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 2, animations: {
            v.center = CGPoint(x: 150, y: 50)
        })
        let s = try! #require(v.layer.animation(forKey: "position") as? CASpringAnimation)
        // UIKit: duration is the total duration. The damping ratio is the one asked for, the
        // spring at least as fast as a 0.5 s response, and settled within the 0.5 s.
        #expect(s.duration == 0.5)
        let ratio = Double(s.damping) / (2 * Double(s.stiffness * s.mass).squareRoot())
        let response: Double = (2 * .pi / 0.5) * (2 * .pi / 0.5)
        #expect(abs(ratio - 0.5) < 1e-9)
        #expect(Double(s.stiffness) >= response)
        #expect(s.settlingDuration <= 0.5 * (1 + 1e-6) && s.settlingDuration > 0.45)
        #expect(s.initialVelocity == 2)
        CATransaction.flush()
        // Critically damped: the same, where the 0.5 s response alone would settle in ~0.75 s.
        View.animate(withDuration: 0.5, usingSpringWithDamping: 1, initialSpringVelocity: 0, animations: {
            v.center = CGPoint(x: 20, y: 50)
        })
        let c = try! #require(v.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(c.duration == 0.5 && c.settlingDuration <= 0.5 * (1 + 1e-6))
        let critical = Double(c.damping) / (2 * Double(c.stiffness).squareRoot())
        #expect(abs(critical - 1) < 1e-9)
        CATransaction.flush()
    }

    /// UIKit: "During an animation, user interactions are temporarily disabled for all views
    /// involved in the animation", unless `.allowUserInteraction` is given; afterwards they
    /// take input again.
    @Test func animatingViewsTakeNoInputUnlessAllowed() {
        let (_, root, v) = scene()
        let child = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        v.addSubview(child)
        CATransaction.flush()
        #expect(root.hitTest(CGPoint(x: 15, y: 15), with: nil) === child)
        View.animate(withDuration: 1, animations: { v.alpha = 0.9 })
        CATransaction.flush()
        // The point falls through the animating view and its subview to the root.
        #expect(root.hitTest(CGPoint(x: 15, y: 15), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root)
        CATransaction.deliverAnimationEvents(at: CACurrentMediaTime() + 10)
        #expect(root.hitTest(CGPoint(x: 15, y: 15), with: nil) === child)

        View.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction], animations: { v.alpha = 0.8 })
        CATransaction.flush()
        #expect(root.hitTest(CGPoint(x: 15, y: 15), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === v)
        CATransaction.deliverAnimationEvents(at: CACurrentMediaTime() + 10)
    }

    /// UIKit: "If you specify a negative value or 0, the changes are made without animating
    /// them"; the completion still runs, finished.
    @Test func zeroOrNegativeDurationDoesNotAnimate() {
        let (_, _, v) = scene()
        for d in [0, -1, Double.nan] {
            var results: [Bool] = []
            View.animate(withDuration: d, animations: { v.alpha = v.alpha == 1 ? 0.5 : 1 },
                         completion: { results.append($0) })
            #expect((v.layer.animationKeys() ?? []).isEmpty, "duration \(d)")
            CATransaction.flush()
            #expect(results == [true], "duration \(d)")
        }
    }

    @Test func performWithoutAnimationInsideBlock() {
        let (_, _, v) = scene()
        View.animate(withDuration: 1, animations: {
            View.performWithoutAnimation { v.alpha = 0.3 }
            v.center = CGPoint(x: 10, y: 10)
            #expect(View.areAnimationsEnabled)
        })
        #expect(v.layer.animationKeys() == ["position"])
        #expect(!View.areAnimationsEnabled)
        CATransaction.flush()
    }

    @Test func layoutSubviewsRunsAtCommitAndOnDemand() {
        final class Stack: View {
            var layouts = 0
            override func layoutSubviews() {
                layouts += 1
                var y: CGFloat = 0
                for s in subviews { s.frame = CGRect(x: 0, y: y, width: bounds.width, height: 20); y += 20 }
            }
        }
        let s = Stack(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = View(), b = View()
        s.addSubview(a)
        s.addSubview(b)
        s.layoutIfNeeded()
        #expect(s.layouts == 1)
        #expect(b.frame == CGRect(x: 0, y: 20, width: 100, height: 20))
        s.layoutIfNeeded()
        #expect(s.layouts == 1)
        s.bounds = CGRect(x: 0, y: 0, width: 50, height: 100)   // bounds change → needs layout
        CATransaction.flush()
        #expect(s.layouts == 2)
        #expect(a.frame.width == 50)
    }

    @Test func drawRunsAfterSetNeedsDisplay() {
        final class Drawn: View {
            var rects: [CGRect] = []
            override func draw(_ rect: CGRect) { rects.append(rect) }
        }
        let d = Drawn(frame: CGRect(x: 0, y: 0, width: 30, height: 40))
        CATransaction.flush()
        #expect(d.rects == [CGRect(x: 0, y: 0, width: 30, height: 40)])   // a new view draws once (UIKit)
        CATransaction.flush()
        #expect(d.rects.count == 1)
        d.setNeedsDisplay()
        CATransaction.flush()
        #expect(d.rects == [CGRect(x: 0, y: 0, width: 30, height: 40), CGRect(x: 0, y: 0, width: 30, height: 40)])
    }

    @Test func customLayerClass() {
        final class Special: CALayer {}
        final class V: View { override class func makeLayer() -> CALayer { Special() } }
        #expect(V().layer is Special)
        #expect(V.layerClass == Special.self)
        #expect(View.layerClass == CALayer.self)
    }

    @Test func hierarchyEdgeCases() {
        let a = View(), b = View(), c = View()
        a.addSubview(b)
        b.addSubview(c)
        c.addSubview(a)          // cycle: ignored
        #expect(a.superview == nil && c.subviews.isEmpty)
        a.insertSubview(c, at: 99)
        #expect(a.subviews.count == 2 && a.subviews[1] === c && b.subviews.isEmpty)
        a.insertSubview(c, belowSubview: b)
        #expect(a.subviews[0] === c && a.layer.sublayers?.first === c.layer)
        a.exchangeSubview(at: 0, withSubviewAt: 5)   // out of range: nothing
        #expect(a.subviews[0] === c)
        c.removeFromSuperview()
        #expect(c.superview == nil && c.layer.superlayer == nil && a.subviews.count == 1)
        CATransaction.flush()
    }
}
