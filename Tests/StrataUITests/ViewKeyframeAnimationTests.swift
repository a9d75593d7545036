import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// `View.animateKeyframes`: the keyframe animations it leaves on the layers (UIKit's shape:
/// key times, values, calculation mode, fill mode, curve) and the presentation values they give
/// at explicit times (`RenderTree.snapshot(at:)`; the media clock is never waited on).
@Suite(.runLoopTurn) struct ViewKeyframeAnimation {
    /// A committed root holding one 100×100 view at center (50, 50).
    func scene() -> (RenderTree, View) {
        let s = animationScene()
        return (s.tree, s.view)
    }

    func keyframes(_ v: View, _ key: String) throws -> CAKeyframeAnimation {
        try #require(v.layer.animation(forKey: key) as? CAKeyframeAnimation)
    }

    /// The animation UIKit builds for a fade in the first tenth of 10 seconds: key times
    /// (0, 0.1, 1), values (1, 0, 0), linear calculation, fill both, eased in and out as a whole.
    @Test func uikitsShapeForOneKeyframe() throws {
        let (_, v) = scene()
        View.animateKeyframes(withDuration: 10, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.1) { v.alpha = 0 }
        })
        let a = try keyframes(v, "opacity")
        #expect(a.keyTimes == [0, 0.1, 1])
        #expect(a.values?.compactMap { $0 as? Float } == [1, 0, 0])
        #expect(a.calculationMode == .linear && a.fillMode == .both && a.duration == 10)
        #expect(a.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(v.alpha == 0, "the model holds the final value")
    }

    /// Keyframes of one property, a hold between them, and a change outside any keyframe
    /// (over the whole duration), read back at times of a linear 4-second animation.
    @Test func keyframesHoldBetweenAndSpanTheirShare() throws {
        let (tree, v) = scene()
        var finished: [Bool] = []
        View.animateKeyframes(withDuration: 4, options: .curveLinear, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { v.center.x = 150 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { v.center.x = 250 }
            v.alpha = 0
        }, completion: { finished.append($0) })
        let p = try keyframes(v, "position")
        #expect(p.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(p.values?.compactMap { ($0 as? CGPoint)?.x } == [50, 150, 150, 250, 250])
        #expect(p.timingFunction == CAMediaTimingFunction(name: .linear))
        let o = try keyframes(v, "opacity")
        #expect(o.keyTimes == [0, 1])
        let begin = p.beginTime
        // (time, x, alpha): halfway through the first keyframe, the hold, the second, the end.
        let table: [(Double, CGFloat, Float)] = [(0.5, 100, 0.875), (1.5, 150, 0.625), (2.5, 200, 0.375), (3.5, 250, 0.125)]
        for (t, x, alpha) in table {
            let s = tree.snapshot(at: begin + t).sublayers[0]
            #expect(abs(s.position.x - x) < 1e-9, "x at \(t)")
            #expect(abs(s.opacity - alpha) < 1e-6, "alpha at \(t)")
        }
        #expect(tree.snapshot(at: begin + 5).sublayers[0].position.x == 250)
        CATransaction.deliverAnimationEvents(at: begin + 5)
        #expect(finished == [true])
    }

    /// A keyframe that starts before the previous one ends starts at its end; two changes in
    /// one keyframe keep the last; start and duration are clamped to the block.
    @Test func overlapsRepeatedChangesAndClamping() throws {
        let (_, v) = scene()
        View.animateKeyframes(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.375) { v.center.x = 90; v.center.x = 100 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { v.center.x = 60 }
            View.addKeyframe(withRelativeStartTime: 0.875, relativeDuration: 5) { v.center.x = 70 }
            View.addKeyframe(withRelativeStartTime: .nan, relativeDuration: -1) { v.alpha = 0.5 }
        })
        let p = try keyframes(v, "position")
        #expect(p.keyTimes == [0, 0.25, 0.625, 0.75, 0.875, 1])
        #expect(p.values?.compactMap { ($0 as? CGPoint)?.x } == [50, 50, 100, 60, 60, 70])
        let o = try keyframes(v, "opacity")
        #expect(o.keyTimes == [0, 0, 1] && o.values?.compactMap { $0 as? Float } == [1, 0.5, 0.5],
                "a NaN start counts as 0 and a negative duration as 0: a jump at the start")
    }

    /// The calculation mode comes from the options, the curve from AnimationOptions' bits.
    @Test func optionsChooseCalculationModeAndCurve() throws {
        let (_, v) = scene()
        let modes: [(KeyframeAnimationOptions, CAAnimationCalculationMode)] = [
            ([], .linear), (.calculationModeDiscrete, .discrete), (.calculationModePaced, .paced),
            (.calculationModeCubic, .cubic), (.calculationModeCubicPaced, .cubicPaced),
        ]
        for (option, mode) in modes {
            View.animateKeyframes(withDuration: 1, options: [option, .curveEaseIn], animations: { v.center.x += 10 })
            let a = try keyframes(v, "position")
            #expect(a.calculationMode == mode && a.timingFunction == CAMediaTimingFunction(name: .easeIn))
            CATransaction.flush()
        }
        // UIKit code passes AnimationOptions' curve by raw value.
        View.animateKeyframes(withDuration: 1, options: KeyframeAnimationOptions(rawValue: AnimationOptions.curveEaseOut.rawValue),
                              animations: { v.center.x += 10 })
        #expect(try keyframes(v, "position").timingFunction == CAMediaTimingFunction(name: .easeOut))
        #expect(KeyframeAnimationOptions.calculationModeCubic.rawValue == 3 << 10, "UIKit's raw values")
    }

    /// Discrete keyframes show each value from its keyframe's end (linear curve).
    @Test func discreteValuesJump() throws {
        let (tree, v) = scene()
        View.animateKeyframes(withDuration: 2, options: [.calculationModeDiscrete, .curveLinear], animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.center.x = 150 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center.x = 250 }
        })
        let begin = try keyframes(v, "position").beginTime
        let xs = [0.5, 1.5].map { tree.snapshot(at: begin + $0).sublayers[0].position.x }
        // Discrete: value i holds over [keyTime i, keyTime i+1): 50 until 1 s, then 150.
        #expect(xs == [50, 150])
    }

    /// A delay holds the starting value (fill both); a zero duration sets values without an
    /// animation; a removed animation completes unfinished; the views pass hit tests meanwhile
    /// unless interaction is allowed.
    @Test func delayZeroDurationCompletionAndInteraction() throws {
        let (tree, v) = scene()
        View.animateKeyframes(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { v.center.x = 150 })
        let a = try keyframes(v, "position")
        #expect(a.fillMode == .both)
        #expect(tree.snapshot(at: a.beginTime - 0.25).sublayers[0].position.x == 50)
        #expect(abs(tree.snapshot(at: a.beginTime + 0.5).sublayers[0].position.x - 100) < 1e-9)
        #expect(_ViewAnimationContext.blocksInteraction(v.layer))
        CATransaction.flush()

        var results: [Bool] = []
        View.animateKeyframes(withDuration: 0, animations: { v.center.x = 20 }, completion: { results.append($0) })
        #expect(v.layer.animation(forKey: "position")?.beginTime == a.beginTime, "no new animation")
        #expect(v.center.x == 20)
        CATransaction.flush()
        View.animateKeyframes(withDuration: 1, options: .allowUserInteraction, animations: { v.alpha = 0.2 },
                              completion: { results.append($0) })
        #expect(try keyframes(v, "opacity").value(forKey: _ViewAnimationContext.blocksInteractionKey) == nil)
        v.layer.removeAnimation(forKey: "opacity")
        CATransaction.flush()
        CATransaction.deliverAnimationEvents(at: CACurrentMediaTime() + 10)
        #expect(results == [true, false])
    }

    /// addKeyframe outside a keyframe block just runs its changes (here: inside an ordinary
    /// animate block, which animates them).
    @Test func addKeyframeOutsideABlock() throws {
        let (_, v) = scene()
        View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center.x = 10 }
        #expect(v.center.x == 10 && v.layer.animationKeys() == nil)
        View.animate(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center.x = 30 }
        })
        #expect(v.layer.animation(forKey: "position") is CABasicAnimation)
    }
}
