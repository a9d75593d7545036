import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// `View.transition(with:…)` and `View.transition(from:to:…)`: the `CATransition` left on the
/// layer, the render tree's transition at explicit times (progress and the captured old
/// appearance), the changes made at once or animated, completion and interaction.
@Suite(.runLoopTurn) struct ViewTransition {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A committed root holding one red 100×100 view.
    func scene() -> (RenderTree, View, View) { animationScene(background: Self.red) }

    @Test func aCrossDissolveBlendsFromTheOldAppearance() throws {
        let (tree, _, v) = scene()
        var finished: [Bool] = []
        View.transition(with: v, duration: 2, options: [.transitionCrossDissolve, .curveLinear], animations: {
            v.backgroundColor = Self.blue
        }, completion: { finished.append($0) })
        #expect(v.layer.animationKeys() == [kCATransition], "the change itself is not animated")
        let t = try #require(v.layer.animation(forKey: kCATransition) as? CATransition)
        #expect(t.type == .fade && t.duration == 2 && t.timingFunction == CAMediaTimingFunction(name: .linear))
        #expect(_ViewAnimationContext.blocksInteraction(v.layer))
        let mid = tree.snapshot(at: t.beginTime + 0.5).sublayers[0]
        #expect(mid.backgroundColor == Self.blue)
        #expect(mid.transition?.progress == 0.25)
        #expect(mid.transition?.from?.backgroundColor == Self.red, "the old appearance, captured at the commit")
        CATransaction.deliverAnimationEvents(at: t.beginTime + 3)
        #expect(finished == [true])
        #expect(tree.snapshot(at: t.beginTime + 3).sublayers[0].transition == nil)
    }

    /// `.allowAnimatedContent` animates the changes as well; flips and curls are drawn as a
    /// cross-dissolve; user interaction may be allowed.
    @Test func animatedContentFlipsAndInteraction() throws {
        let (_, _, v) = scene()
        View.transition(with: v, duration: 1, options: [.transitionFlipFromLeft, .allowAnimatedContent, .allowUserInteraction],
                        animations: { v.backgroundColor = Self.blue })
        #expect(v.layer.animationKeys()?.sorted() == ["backgroundColor", kCATransition])
        #expect((v.layer.animation(forKey: kCATransition) as? CATransition)?.type == .fade)
        #expect(!_ViewAnimationContext.blocksInteraction(v.layer))
    }

    /// No kind, or no duration: the changes are made without a transition, and the completion
    /// still runs (finished).
    @Test func withoutAKindOrADurationNothingAnimates() {
        let (_, _, v) = scene()
        var results: [Bool] = []
        View.transition(with: v, duration: 1, options: .curveLinear, animations: { v.alpha = 0.5 }, completion: { results.append($0) })
        View.transition(with: v, duration: 0, options: .transitionCurlUp, animations: { v.backgroundColor = Self.blue },
                        completion: { results.append($0) })
        #expect(v.layer.animationKeys() == nil && v.alpha == 0.5 && v.backgroundColor == Self.blue)
        CATransaction.flush()
        CATransaction.deliverAnimationEvents(at: CACurrentMediaTime())
        #expect(results == [true, true])
    }

    /// transition(from:to:): the new view takes the old one's place in its superview (which
    /// carries the transition), or with .showHideTransitionViews the two swap visibility.
    @Test func fromToReplacesOrSwapsVisibility() throws {
        let (tree, root, v) = scene()
        let w = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        w.backgroundColor = Self.blue
        let top = View(frame: CGRect(x: 200, y: 0, width: 10, height: 10))
        root.addSubview(top)
        CATransaction.flush()
        View.transition(from: v, to: w, duration: 1, options: .transitionCrossDissolve)
        #expect(root.subviews.map { $0 === w ? "new" : $0 === top ? "top" : "old" } == ["new", "top"])
        #expect(v.superview == nil)
        let t = try #require(root.layer.animation(forKey: kCATransition))
        let mid = tree.snapshot(at: t.beginTime + 0.5)
        #expect(mid.transition?.from?.sublayers.first?.backgroundColor == Self.red)
        CATransaction.flush()

        root.addSubview(v)
        w.isHidden = false
        v.isHidden = true
        CATransaction.flush()
        View.transition(from: w, to: v, duration: 1, options: [.transitionCrossDissolve, .showHideTransitionViews])
        #expect(w.isHidden && !v.isHidden && w.superview === root && v.superview === root)
        CATransaction.flush()

        var results: [Bool] = []
        let orphan = View(frame: .zero)
        View.transition(from: orphan, to: w, duration: 1, options: .transitionCrossDissolve, completion: { results.append($0) })
        CATransaction.flush()
        CATransaction.deliverAnimationEvents(at: CACurrentMediaTime())
        #expect(results == [true] && w.superview === root)
    }
}
