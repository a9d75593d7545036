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
        init(spec: Spec) { self.spec = spec }
    }

    final class Tracker: CAAnimationDelegate {
        var allFinished = true
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if !flag { allFinished = false }
        }
    }

    static func run(_ spec: Spec, animations: () -> Void, completion: ((Bool) -> Void)?) {
        let block = Block(spec: spec)
        CATransaction.begin()
        let tracker = block.tracker
        CATransaction.setCompletionBlock { completion?(tracker.allFinished) }
        stack.append(block)
        animations()
        stack.removeLast()
        CATransaction.commit()
    }

    /// A view layer's action: `NSNull` (no animation) outside animation blocks and for keys
    /// that are not animatable; inside a block an animation from the on-screen value.
    static func action(for layer: CALayer, forKey key: String) -> CAAction? {
        guard let block = stack.last ?? nil, type(of: layer).isAnimatable(key: key), key != "contents" else {
            return NSNull()
        }
        // UIKit: "If you specify a negative value or 0, the changes are made without animating
        // them" (a non-finite duration too, here).
        guard block.spec.duration.isFinite, block.spec.duration > 0 else { return NSNull() }
        return animation(for: key, spec: block.spec, tracker: block.tracker)
    }

    static func animation(for key: String, spec: Spec, tracker: Tracker) -> CABasicAnimation {
        let duration = spec.duration.isFinite ? max(0, spec.duration) : 0
        let anim: CABasicAnimation
        if let spring = spec.spring {
            let s = CASpringAnimation(keyPath: key)
            let d = max(duration, 1e-3)
            let ratio = spring.ratio.isFinite ? max(0.01, spring.ratio) : 1
            s.mass = 1
            s.stiffness = (2 * .pi / d) * (2 * .pi / d)
            s.damping = 4 * .pi * ratio / d
            s.initialVelocity = spring.velocity.isFinite ? spring.velocity : 0
            // UIKit's duration is "the total duration of the animations": the spring is made
            // faster, its damping ratio kept, until it settles within it (a few rounds, as the
            // initial velocity's share does not scale with the spring).
            for _ in 0..<4 {
                let settle = s.settlingDuration
                guard settle.isFinite, settle > d * (1 + 1e-9) else { break }
                let f = settle / d
                s.stiffness *= f * f
                s.damping *= f
            }
            s.duration = d
            anim = s
        } else {
            anim = CABasicAnimation(keyPath: key)
            anim.duration = duration
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
        return anim
    }

    /// Marks the animations during which their view takes no input (kept by the layer's copy).
    static let blocksInteractionKey = "StrataUI.blocksInteraction"

    /// Whether an animation from an `animate` block without `.allowUserInteraction` is on `layer`.
    static func blocksInteraction(_ layer: CALayer) -> Bool {
        guard let keys = layer.animationKeys() else { return false }
        return keys.contains { layer.animation(forKey: $0)?.value(forKey: blocksInteractionKey) as? Bool == true }
    }
}
