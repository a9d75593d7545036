import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// `ViewPropertyAnimator` on a manual media clock: state and fraction laws, presentation
/// values read from the render tree at the clock's times, completions delivered by
/// `CATransaction.deliverAnimationEvents(at:)`.
@Suite(.runLoopTurn) struct ViewPropertyAnimatorTests {
    /// A committed root holding one 100×100 view at center (50, 50).
    func scene() -> (RenderTree, View) {
        let s = animationScene()
        return (s.tree, s.view)
    }

    /// Runs `body` at media time 100 on a manual clock.
    func clocked(_ body: (CAManualClock) throws -> Void) rethrows {
        let clock = CAManualClock(time: 100)
        try CAMediaClock.withClock(clock) {
            defer { CATransaction.flush() }
            try body(clock)
        }
    }

    func x(_ tree: RenderTree, at t: CFTimeInterval) -> CGFloat { tree.snapshot(at: t).sublayers[0].position.x }

    @Test func itRunsFromStartToEndAndCompletes() {
        clocked { clock in
            let (tree, v) = scene()
            var ends: [ViewAnimatingPosition] = []
            let a = ViewPropertyAnimator(duration: 2, curve: .linear) { v.center.x = 250 }
            a.addCompletion { ends.append($0) }
            #expect(a.state == .inactive && !a.isRunning && v.center.x == 50, "the blocks run only when it starts")
            a.startAnimation()
            #expect(a.state == .active && a.isRunning && v.center.x == 250)
            #expect(!_ViewAnimationContext.blocksInteraction(v.layer), "views stay interactive")
            clock.time = 101
            #expect(a.fractionComplete == 0.5)
            #expect(x(tree, at: 101) == 150)
            CATransaction.deliverAnimationEvents(at: 102.5)
            #expect(ends == [.end] && a.state == .inactive && !a.isRunning)
            #expect(v.layer.animationKeys() == nil && x(tree, at: 103) == 250)
        }
    }

    /// Paused and scrubbed: the curve's value at each fraction, on either side of the middle
    /// (the frozen animation is the mirrored one past 0.5), and the ends exactly.
    @Test func scrubbingShowsTheCurveAtTheFraction() {
        clocked { _ in
            let (tree, v) = scene()
            let a = ViewPropertyAnimator(duration: 1, curve: .easeIn) { v.center.x = 250 }
            a.pauseAnimation()
            #expect(a.state == .active && !a.isRunning && a.fractionComplete == 0)
            let ease = CAMediaTimingFunction(name: .easeIn)
            for f in [0.0, 0.3, 0.5, 0.9, 1.0] {
                a.fractionComplete = CGFloat(f)
                #expect(a.fractionComplete == CGFloat(f))
                #expect(abs(x(tree, at: 100 + 7 * f) - (50 + 200 * ease.evaluate(f))) < 1e-4, "x at \(f), at any time")
            }
            a.fractionComplete = .nan
            #expect(a.fractionComplete == 1, "a non-finite fraction is ignored")
        }
    }

    /// Turned around mid-run: the same value at that moment, then back to the start, where it
    /// finishes with the start values.
    @Test func reversingMidRunReturnsToTheStart() {
        clocked { clock in
            let (tree, v) = scene()
            var ends: [ViewAnimatingPosition] = []
            let a = ViewPropertyAnimator(duration: 2, curve: .easeInOut) { v.center.x = 250 }
            a.addCompletion { ends.append($0) }
            a.startAnimation()
            clock.time = 100.5
            let before = x(tree, at: 100.5)
            a.isReversed = true
            #expect(abs(x(tree, at: 100.5) - before) < 1e-4, "no jump where it turns")
            let curve = CAMediaTimingFunction(name: .easeInEaseOut)
            #expect(abs(before - (50 + 200 * curve.evaluate(0.25))) < 1e-9)
            #expect(abs(x(tree, at: 100.75) - (50 + 200 * curve.evaluate(0.125))) < 1e-4)
            clock.time = 100.75
            #expect(abs(a.fractionComplete - 0.125) < 1e-12)
            CATransaction.deliverAnimationEvents(at: 101.1)
            #expect(ends == [.start] && a.state == .inactive && v.center.x == 50)
        }
    }

    /// stopAnimation(false) waits for finishAnimation(at:); stopAnimation(true) ends without
    /// completions; either leaves the views where they were.
    @Test func stoppingAndFinishing() {
        clocked { clock in
            let (tree, v) = scene()
            var ends: [ViewAnimatingPosition] = []
            let a = ViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 250 }
            a.addCompletion { ends.append($0) }
            a.startAnimation()
            clock.time = 100.25
            a.stopAnimation(false)
            #expect(a.state == .stopped && !a.isRunning && v.center.x == 100 && v.layer.animationKeys() == nil)
            a.startAnimation()
            #expect(a.state == .stopped, "a stopped animator does not start")
            a.finishAnimation(at: .current)
            #expect(ends == [.current] && a.state == .inactive && x(tree, at: 101) == 100)

            let b = ViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 300 }
            b.addCompletion { ends.append($0) }
            b.startAnimation()
            clock.time = 100.75
            b.stopAnimation(true)
            #expect(b.state == .inactive && v.center.x == 200 && ends == [.current])
            CATransaction.deliverAnimationEvents(at: 105)
            #expect(ends == [.current])

            let c = ViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 0 }
            c.addCompletion { ends.append($0) }
            c.startAnimation()
            c.stopAnimation(false)
            c.finishAnimation(at: .start)
            #expect(v.center.x == 200 && ends == [.current, .start])
        }
    }

    /// pausesOnCompletion: at the end it stays active and paused, and can run back.
    @Test func pausingOnCompletionKeepsItActive() {
        clocked { clock in
            let (tree, v) = scene()
            var ends: [ViewAnimatingPosition] = []
            let a = ViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 250 }
            a.pausesOnCompletion = true
            a.addCompletion { ends.append($0) }
            a.startAnimation()
            clock.time = 101.5
            CATransaction.deliverAnimationEvents(at: 101.5)
            #expect(a.state == .active && !a.isRunning && a.fractionComplete == 1 && ends.isEmpty)
            #expect(x(tree, at: 102) == 250)
            a.isReversed = true
            a.startAnimation()
            #expect(abs(x(tree, at: 102) - 150) < 1e-9, "half way back, half a second later")
            CATransaction.deliverAnimationEvents(at: 103)
            #expect(a.state == .active && a.fractionComplete == 0 && ends.isEmpty)
            a.finishAnimation(at: .start)
            #expect(ends == [.start] && v.center.x == 50)
        }
    }

    /// Changes added while it runs go from the current fraction to the end; a delayed start
    /// holds the start; runningPropertyAnimator starts itself with the options' curve.
    @Test func addedAnimationsDelaysAndRunningAnimators() {
        clocked { clock in
            let (tree, v) = scene()
            let a = ViewPropertyAnimator(duration: 2, curve: .linear) { v.center.x = 250 }
            a.startAnimation(afterDelay: 1)
            #expect(x(tree, at: 100.5) == 50 && x(tree, at: 102) == 150)
            clock.time = 102
            #expect(a.fractionComplete == 0.5)
            a.addAnimations { v.alpha = 0 }
            let mid = tree.snapshot(at: 102.5).sublayers[0]
            #expect(abs(mid.position.x - 200) < 1e-9 && abs(mid.opacity - 0.5) < 1e-6)
            CATransaction.deliverAnimationEvents(at: 103.5)
            #expect(a.state == .inactive && v.alpha == 0)

            var ends: [ViewAnimatingPosition] = []
            clock.time = 104
            weak var running: ViewPropertyAnimator?
            running = ViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: .curveLinear,
                                                                   animations: { v.center.x = 50 }, completion: { ends.append($0) })
            #expect(running != nil, "kept alive while it runs, though nobody holds it")
            #expect(x(tree, at: 104.25) == 250 && abs(x(tree, at: 105) - 150) < 1e-9)
            CATransaction.deliverAnimationEvents(at: 106)
            #expect(ends == [.end] && v.center.x == 50)
            #expect(running == nil, "and released when it finishes")
        }
    }

    /// A spring animator moves as View.animate's spring of the same ratio and duration; turned
    /// around, it retraces its way: s seconds after the turn it shows what it showed s seconds
    /// before it.
    @Test func aSpringMovesAsViewAnimatesAndRetracesItsWay() throws {
        try clocked { clock in
            let (tree, root, v) = animationScene()
            let w = View(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
            root.addSubview(w)
            CATransaction.flush()
            let a = ViewPropertyAnimator(duration: 1, dampingRatio: 0.4) { v.center.x = 250 }
            #expect(a.dampingRatio == 0.4 && a.timingFunction == nil)
            a.startAnimation()
            View.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0, options: [],
                         animations: { w.center.x = 250 })
            let begin = try #require(w.layer.animation(forKey: "position")).beginTime
            func xs(_ t: CFTimeInterval) -> (CGFloat, CGFloat) {
                let s = tree.snapshot(at: t)
                return (s.sublayers[0].position.x, s.sublayers[1].position.x)
            }
            var overshoot = false
            for t in stride(from: 0.05, through: 0.3, by: 0.05) {
                let (x, ref) = xs(begin + t)
                #expect(abs(x - ref) < 1e-6, "at \(t)")
                overshoot = overshoot || x > 250
            }
            #expect(overshoot, "a ratio of 0.4 overshoots within 0.3 s")
            clock.time = begin + 0.3
            a.isReversed = true
            for s in [0.0, 0.1, 0.2] {
                let back = xs(begin + 0.3 + s).0, earlier = xs(begin + 0.3 - s).1
                #expect(abs(back - earlier) < 1e-6, "\(s) s after the turn")
            }
            CATransaction.deliverAnimationEvents(at: begin + 0.7)
            #expect(a.state == .inactive && v.center.x == 50)
        }
    }

    /// A view taken out of the tree mid-run: the animator still finishes (and lets go of
    /// itself) when its time is up.
    @Test func aViewLeavingTheTreeDoesNotStrandIt() {
        clocked { clock in
            let (_, v) = scene()
            var ends: [ViewAnimatingPosition] = []
            weak var running: ViewPropertyAnimator?
            running = ViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, animations: { v.center.x = 300 },
                                                                   completion: { ends.append($0) })
            clock.time = 100.5
            v.removeFromSuperview()
            CATransaction.flush()
            clock.time = 102
            CATransaction.deliverAnimationEvents(at: 102)
            #expect(ends == [.end] && running == nil && v.center.x == 300)
        }
    }

    /// A paused animator its owner drops stops where it is: no frozen animation stays on the
    /// layer, and the view keeps what it showed.
    @Test func aDroppedPausedAnimatorStopsWhereItIs() {
        clocked { _ in
            let (tree, v) = scene()
            weak var gone: ViewPropertyAnimator?
            do {
                let a = ViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 250 }
                a.fractionComplete = 0.25
                gone = a
                #expect(x(tree, at: 100) == 100 && v.center.x == 250)
            }
            #expect(gone == nil && v.layer.animationKeys() == nil && v.center.x == 100)
        }
    }

    /// No duration: it finishes when its transaction commits; an animator never started is
    /// freed with its last reference and changes nothing.
    @Test func zeroDurationAndUnstartedAnimators() {
        clocked { _ in
            let (_, v) = scene()
            var ends: [ViewAnimatingPosition] = []
            let a = ViewPropertyAnimator(duration: 0) { v.center.x = 90 }
            a.addCompletion { ends.append($0) }
            a.startAnimation()
            #expect(v.layer.animationKeys() == nil && v.center.x == 90)
            CATransaction.flush()
            CATransaction.deliverAnimationEvents(at: 100)
            #expect(ends == [.end] && a.state == .inactive)
            weak var idle: ViewPropertyAnimator?
            do {
                let b = ViewPropertyAnimator(duration: 1) { v.center.x = 10 }
                idle = b
            }
            #expect(idle == nil && v.center.x == 90)
        }
    }
}
