import Foundation
import Strata

/// The open `View.animate` blocks (main thread only) and the actions they hand out.
enum _ViewAnimationContext {
    struct Spec {
        var duration: TimeInterval
        var delay: TimeInterval
        var options: AnimationOptions
        var spring: (ratio: CGFloat, velocity: CGFloat)?
    }

    /// Innermost last; nil entries are `performWithoutAnimation` scopes. Per thread, like
    /// `CATransaction`'s levels (views belong to the main thread; tests run on several).
    static var stack: [Block?] {
        get { _StackBox.current.blocks }
        set { _StackBox.current.blocks = newValue }
    }

    final class _StackBox {
        var blocks: [Block?] = []
        static let key = "StrataUI.ViewAnimationStack"
        static var current: _StackBox { _perThread(key, _StackBox.init) }
    }

    final class Block {
        let spec: Spec
        /// Every animation handed out in the block reports here; all finished → `finished`.
        let tracker = Tracker()
        /// An `animateKeyframes` block's changes so far (nil: an `animate` block).
        let keyframes: _KeyframeRecording?
        init(spec: Spec, keyframes: _KeyframeRecording? = nil) {
            self.spec = spec
            self.keyframes = keyframes
        }
    }

    final class Tracker: CAAnimationDelegate {
        var allFinished = true
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if !flag { allFinished = false }
        }
    }

    /// Runs `animations` as a block inside one transaction; `completion` gets whether all the
    /// block's animations finished. With a calculation mode it is an `animateKeyframes` block:
    /// the changes are recorded while `animations` runs, then each changed property gets its
    /// keyframe animation, in the same transaction. `after` runs once the block has left the
    /// stack, before the commit, with the completion's tracker (a transition adds itself there).
    static func run(_ spec: Spec, keyframes calculationMode: CAAnimationCalculationMode? = nil, animations: () -> Void,
                    completion: ((Bool) -> Void)?, after: ((Tracker) -> Void)? = nil) {
        let recording = calculationMode == nil ? nil : _KeyframeRecording()
        let block = Block(spec: spec, keyframes: recording)
        CATransaction.begin()
        let tracker = block.tracker
        CATransaction.setCompletionBlock { completion?(tracker.allFinished) }
        stack.append(block)
        animations()
        stack.removeLast()
        // A block without a duration recorded nothing (its actions were NSNull).
        if let recording, let calculationMode {
            for track in recording.tracks {
                let anim = keyframeAnimation(for: track, spec: spec, calculationMode: calculationMode, tracker: tracker)
                track.layer.add(anim, forKey: track.key)
            }
        }
        after?(tracker)
        CATransaction.commit()
    }

    /// `View.transition`'s animation: a cross-dissolve with the block's duration and curve.
    static func transition(spec: Spec, tracker: Tracker) -> CATransition {
        let t = CATransition()
        t.type = .fade
        timing(t, spec: Spec(duration: spec.duration, delay: 0, options: spec.options.subtracting([.repeat, .autoreverse]),
                             spring: nil), tracker: tracker)
        return t
    }

    static func keyframeAnimation(for track: _KeyframeRecording.Track, spec: Spec, calculationMode: CAAnimationCalculationMode,
                                  tracker: Tracker) -> CAKeyframeAnimation {
        let (times, values) = _KeyframeRecording.keyframes(of: track)
        let anim = CAKeyframeAnimation(keyPath: track.key)
        anim.values = values.map { $0 ?? NSNull() }
        anim.keyTimes = times.map { NSNumber(value: $0) }
        anim.calculationMode = calculationMode
        timing(anim, spec: spec, tracker: tracker)
        anim.fillMode = .both   // UIKit's, delayed or not
        return anim
    }

    /// A view layer's action: `NSNull` (no animation) outside animation blocks and for keys
    /// that are not animatable; inside a block an animation from the on-screen value (inside a
    /// keyframe block, a recording of the change).
    static func action(for layer: CALayer, forKey key: String) -> CAAction? {
        guard let block = stack.last ?? nil, type(of: layer).isAnimatable(key: key), key != "contents" else {
            return NSNull()
        }
        // UIKit: "If you specify a negative value or 0, the changes are made without animating
        // them" (a non-finite duration too, here).
        guard block.spec.duration.isFinite, block.spec.duration > 0 else { return NSNull() }
        if let recording = block.keyframes { return recording.action(for: layer, forKey: key) }
        return animation(for: key, spec: block.spec, tracker: block.tracker)
    }

    static func animation(for key: String, spec: Spec, tracker: Tracker) -> CABasicAnimation {
        let duration = spec.duration.isFinite ? max(0, spec.duration) : 0
        let anim: CABasicAnimation
        if let spring = spec.spring {
            anim = springAnimation(for: key, duration: duration, dampingRatio: spring.ratio, velocity: spring.velocity)
        } else {
            anim = CABasicAnimation(keyPath: key)
        }
        timing(anim, spec: spec, tracker: tracker)
        return anim
    }

    /// UIKit's spring for a total `duration` (mass 1): it starts from a response — the undamped
    /// period — of `duration` and is made faster, its damping ratio kept, until its
    /// `settlingDuration` fits in `duration`.
    static func springAnimation(for key: String, duration: TimeInterval, dampingRatio: CGFloat, velocity: CGFloat) -> CASpringAnimation {
        let s = CASpringAnimation(keyPath: key)
        let d = max(duration, 1e-3)
        let ratio = dampingRatio.isFinite ? max(0.01, dampingRatio) : 1
        s.mass = 1
        s.stiffness = (2 * .pi / d) * (2 * .pi / d)
        s.damping = 4 * .pi * ratio / d
        s.initialVelocity = velocity.isFinite ? velocity : 0
        // A few rounds, as the initial velocity's share does not scale with the spring.
        for _ in 0..<4 {
            let settle = s.settlingDuration
            guard settle.isFinite, settle > d * (1 + 1e-9) else { break }
            let f = settle / d
            s.stiffness *= f * f
            s.damping *= f
        }
        s.duration = d
        return s
    }

    /// What every block's animations share: the duration and curve (a spring keeps its own),
    /// the delay, repetition, the completion's tracker and the interaction flag.
    static func timing(_ anim: CAAnimation, spec: Spec, tracker: Tracker) {
        if !(anim is CASpringAnimation) {
            anim.duration = spec.duration.isFinite ? max(0, spec.duration) : 0
            anim.timingFunction = spec.options.timingFunction
        }
        let delay = spec.delay.isFinite ? max(0, spec.delay) : 0
        if delay > 0 {
            anim.beginTime = CACurrentMediaTime() + delay
            anim.fillMode = .backwards
        }
        if spec.options.contains(.repeat) { anim.repeatCount = .infinity }
        anim.autoreverses = spec.options.contains(.autoreverse)
        anim.delegate = tracker
        if !spec.options.contains(.allowUserInteraction) { anim.setValue(true, forKey: blocksInteractionKey) }
    }

    /// Marks the animations during which their view takes no input (kept by the layer's copy).
    static let blocksInteractionKey = "StrataUI.blocksInteraction"

    /// Whether an animation from an `animate` block without `.allowUserInteraction` is on `layer`.
    static func blocksInteraction(_ layer: CALayer) -> Bool {
        guard let keys = layer.animationKeys() else { return false }
        return keys.contains { layer.animation(forKey: $0)?.value(forKey: blocksInteractionKey) as? Bool == true }
    }
}
