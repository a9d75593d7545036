import Foundation
import Strata

/// UIView.AnimationCurve: a property animator's curve.
public enum AnimationCurve: Sendable {
    case easeInOut, easeIn, easeOut, linear

    var timingFunction: CAMediaTimingFunction {
        switch self {
        case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
        case .easeIn: return CAMediaTimingFunction(name: .easeIn)
        case .easeOut: return CAMediaTimingFunction(name: .easeOut)
        case .linear: return CAMediaTimingFunction(name: .linear)
        }
    }
}

/// UIViewAnimatingState.
public enum ViewAnimatingState: Sendable {
    /// Not started, or done: the views show their model values.
    case inactive
    /// Started (running or paused).
    case active
    /// Stopped by `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped
}

/// UIViewAnimatingPosition: where an animator ended.
public enum ViewAnimatingPosition: Sendable {
    case end, start, current
}

/// An interruptible view animation (UIKit's `UIViewPropertyAnimator`): the view property
/// changes of its animation blocks, which can be started, paused, scrubbed
/// (`fractionComplete`), reversed, stopped and finished at either end or where they are.
///
/// ```swift
/// let animator = ViewPropertyAnimator(duration: 0.4, curve: .easeOut) { card.center.y = 80 }
/// animator.pauseAnimation()
/// animator.fractionComplete = pan.translation.y / 300     // follow a finger
/// animator.isReversed = true; animator.startAnimation()   // let go: back to the start
/// ```
///
/// How it works: when the animator first starts, pauses or is scrubbed, its blocks run (the
/// views take their new model values at once, as in UIKit) and each animatable layer property
/// they change is noted with its on-screen value before. Each change of pace then puts one
/// animation per property on its layer, from where the animator is: running (from the current
/// time) or frozen (speed 0) at the current fraction; a backward run plays the second half of
/// an autoreversing copy, so curves and springs alike retrace their way back. When it reaches
/// its end, the animator finishes there (or, with `pausesOnCompletion`, pauses there), leaves
/// the model values at that end and calls its completions.
///
/// Differences from UIKit: `fractionComplete` is the fraction of the duration, and a paused
/// animator shows the curve's (or spring's) value there (UIKit's `scrubsLinearly` false); the
/// pacing is a cubic curve (`AnimationCurve` or control points) or a spring by damping ratio,
/// not arbitrary timing parameters, and `continueAnimation(withTimingParameters:durationFactor:)`
/// is not provided. Animations added while the animator is active move over the rest of the
/// run with the whole curve (or spring). Views stay interactive while it runs (UIKit's default).
public final class ViewPropertyAnimator {
    /// Seconds from start to end, at fraction speed 1.
    public let duration: TimeInterval
    /// The pacing from start to end: a cubic curve (nil for a spring).
    public var timingFunction: CAMediaTimingFunction? {
        if case let .curve(f) = timing { return f }
        return nil
    }
    /// The spring's damping ratio (nil for a curve).
    public var dampingRatio: CGFloat? {
        if case let .spring(r) = timing { return r }
        return nil
    }
    let timing: _AnimatorTiming
    public private(set) var state: ViewAnimatingState = .inactive
    /// Whether it is running (not paused, stopped or done).
    public private(set) var isRunning = false
    /// Whether, at the end, it stays active and paused there instead of finishing (then it
    /// can be reversed or scrubbed again; completions run only when it finishes).
    public var pausesOnCompletion = false

    private var blocks: [() -> Void] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    private var tracks: [_AnimatorTrack] = []
    /// Fraction at `anchorTime`, moving at ±1/duration per second while running.
    private var anchorFraction = 0.0
    private var anchorTime: CFTimeInterval = 0
    private var reversed = false
    /// Bumped at each change of pace: stale transactions' completions are ignored.
    private var generation = 0
    /// The animator itself while it runs, as UIKit keeps a running animator alive (a
    /// `runningPropertyAnimator` is often not stored): released when it pauses, stops or
    /// finishes. A paused animator lives as long as its owner holds it (see `deinit`).
    private var keepAlive: ViewPropertyAnimator?

    /// An animator over `duration` seconds with one of UIKit's curves.
    public init(duration: TimeInterval, curve: AnimationCurve = .easeInOut, animations: (() -> Void)? = nil) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        timing = .curve(curve.timingFunction)
        if let animations { blocks.append(animations) }
    }

    /// An animator whose changes move as UIKit's spring of damping ratio `ratio` (1 settles
    /// without overshoot, lower values bounce) made to settle within `duration` (see
    /// `View.animate(withDuration:delay:usingSpringWithDamping:…)`).
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        timing = .spring(dampingRatio: ratio.isFinite ? max(0.01, ratio) : 1)
        if let animations { blocks.append(animations) }
    }

    /// An animator with a cubic Bézier curve through (0, 0), `point1`, `point2`, (1, 1).
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                animations: (() -> Void)? = nil) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        timing = .curve(CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y)))
        if let animations { blocks.append(animations) }
    }

    /// An animator already started (after `delay`), with the curve in `options` and
    /// `completion` added (UIKit's `runningPropertyAnimator`).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                                               options: AnimationOptions = [], animations: @escaping () -> Void,
                                               completion: ((ViewAnimatingPosition) -> Void)? = nil) -> ViewPropertyAnimator {
        let curves: [AnimationCurve] = [.easeInOut, .easeIn, .easeOut, .linear]
        let a = ViewPropertyAnimator(duration: duration, curve: curves[Int(options.rawValue >> 16 & 3)], animations: animations)
        if let completion { a.addCompletion(completion) }
        a.startAnimation(afterDelay: delay)
        return a
    }

    /// Whether it runs (or, paused, will run) from its end back to its start. Changing it while
    /// running turns it around where it is.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            let f = fraction(at: CACurrentMediaTime())
            reversed = newValue
            if isRunning { apply(fraction: f, running: true, delay: 0) }
        }
    }

    /// How far it is, 0 (start) … 1 (end), as a fraction of the duration. Setting it pauses
    /// an inactive animator first and moves a paused one there; it is ignored while running
    /// or stopped.
    public var fractionComplete: CGFloat {
        get { CGFloat(state == .inactive ? 0 : fraction(at: CACurrentMediaTime())) }
        set {
            guard !isRunning, state != .stopped, newValue.isFinite else { return }
            activate()
            apply(fraction: min(1, max(0, Double(newValue))), running: false, delay: 0)
        }
    }

    /// Adds changes to animate. Before the animator is active they join the first ones; while
    /// it is active they run from the current fraction to the end.
    public func addAnimations(_ animation: @escaping () -> Void) {
        guard state == .active else {
            if state == .inactive { blocks.append(animation) }
            return
        }
        let f = fraction(at: CACurrentMediaTime())
        tracks += record(animation, from: f)
        apply(fraction: f, running: isRunning, delay: 0)
    }

    /// Adds a block to call once, with the position, when the animator finishes.
    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts (or resumes) running from the current fraction. Ignored when stopped.
    public func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts running after `delay` seconds (a paused animator holds until then).
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped, !isRunning else { return }
        let f = state == .inactive ? (reversed ? 1 : 0) : fraction(at: CACurrentMediaTime())
        activate()
        apply(fraction: f, running: true, delay: delay.isFinite ? max(0, delay) : 0)
    }

    /// Pauses where it is (an inactive animator becomes active, paused at its start).
    public func pauseAnimation() {
        guard state != .stopped else { return }
        let f = state == .inactive ? (reversed ? 1 : 0) : fraction(at: CACurrentMediaTime())
        activate()
        apply(fraction: f, running: false, delay: 0)
    }

    /// Stops where it is: the views keep what they show now as their model values. Without
    /// finishing, the animator becomes inactive and no completion runs; otherwise it is
    /// `.stopped` until `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        settle(at: .current)
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Finishes a stopped animator: the views take the values of `finalPosition` (those at the
    /// start, at the end, or what they show now) and the completions run. Also finishes an
    /// active one at once.
    public func finishAnimation(at finalPosition: ViewAnimatingPosition) {
        guard state != .inactive else { return }
        if state == .active || finalPosition != .current { settle(at: finalPosition) }
        state = .inactive
        let calls = completions
        completions = []
        for c in calls { c(finalPosition) }
    }

    // MARK: Driving the layers' animations

    private func fraction(at now: CFTimeInterval) -> Double {
        guard isRunning else { return anchorFraction }
        let moved = duration > 0 ? max(0, now - anchorTime) / duration : 1
        return min(1, max(0, anchorFraction + (reversed ? -moved : moved)))
    }

    /// Runs the blocks (once), noting what they change.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        let run = blocks
        blocks = []
        tracks = record({ for b in run { b() } }, from: 0)
        anchorFraction = reversed ? 1 : 0
    }

    private func record(_ animations: () -> Void, from start: Double) -> [_AnimatorTrack] {
        let recording = _KeyframeRecording()
        let block = _ViewAnimationContext.Block(spec: .init(duration: 1, delay: 0, options: [], spring: nil), keyframes: recording)
        CATransaction.begin()
        _ViewAnimationContext.stack.append(block)
        animations()
        _ViewAnimationContext.stack.removeLast()
        CATransaction.commit()
        return recording.tracks.compactMap { t in
            t.steps.last.map { _AnimatorTrack(layer: t.layer, key: t.key, from: t.initial, to: $0.value, start: start) }
        }
    }

    /// Puts each property's animation on its layer for fraction `f`, running (after `delay`)
    /// or frozen, in the current direction.
    private func apply(fraction f: Double, running: Bool, delay: TimeInterval) {
        generation += 1
        let gen = generation
        let now = CACurrentMediaTime()
        anchorFraction = f
        anchorTime = now + delay
        isRunning = running
        keepAlive = running ? self : nil
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if running {
            CATransaction.setCompletionBlock { [weak self] in
                guard let self, self.generation == gen, self.isRunning else { return }
                self.reachedEnd()
            }
        }
        // A run of no duration puts no animation on (Core Animation would read 0 as 0.25 s):
        // the transaction's completion ends it at once. Frozen, the animation autoreverses too,
        // so that its end (the turning point) is inside its cycle.
        for t in tracks where duration > 0 {
            let a = t.animation(duration: duration, timing: timing, reversed: !running || reversed)
            let elapsed = t.elapsed(at: f, duration: duration)
            if !running {
                a.speed = 0
                a.timeOffset = elapsed
            } else if reversed {
                // In the second half, where it shows what the first showed at `elapsed`.
                a.beginTime = now + delay - (2 * t.span(of: duration) - elapsed)
            } else {
                a.beginTime = now + delay - elapsed
            }
            t.layer.add(a, forKey: t.key)
        }
        CATransaction.commit()
    }

    /// An animator dropped while paused (UIKit treats that as an error) stops where it is, as
    /// `stopAnimation(true)` would: its frozen animations go and the views keep what they show.
    deinit {
        if state == .active { settle(at: .current) }
    }

    private func reachedEnd() {
        let end: ViewAnimatingPosition = reversed ? .start : .end
        if pausesOnCompletion {
            apply(fraction: reversed ? 0 : 1, running: false, delay: 0)
        } else {
            finishAnimation(at: end)
        }
    }

    /// Removes the animations and leaves the model values at `position`.
    private func settle(at position: ViewAnimatingPosition) {
        let f = fraction(at: CACurrentMediaTime())
        generation += 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for t in tracks {
            let value: Any?
            switch position {
            case .start: value = t.from
            case .end: value = t.to
            case .current: value = t.layer.presentation()?.value(forKey: t.key) ?? t.layer.value(forKey: t.key)
            }
            t.layer.removeAnimation(forKey: t.key)
            t.layer.setValue(value, forKey: t.key)
        }
        CATransaction.commit()
        isRunning = false
        keepAlive = nil
        anchorFraction = position == .start ? 0 : position == .end ? 1 : f
    }
}
