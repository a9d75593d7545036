import Foundation
import Strata

/// Options of `View.animate` (UIKit's names).
public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Let the animated views take touches and clicks while they animate (by default, as in
    /// UIKit, hit testing passes over a view while an animation of this kind runs on it).
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Repeat forever.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Run backwards after forwards (with `repeat`: each cycle).
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Start from what is on screen. Strata always does (every animation starts at the
    /// previous presentation value); accepted for compatibility.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    /// For `View.transition`: animate the property changes made in the block too (with the
    /// transition's duration and curve) instead of making them at once.
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    /// For `View.transition(from:to:…)`: hide the old view and show the new one instead of
    /// removing and adding them.
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    /// `View.transition`'s kinds (UIKit's raw values). Strata has no 3-D page transitions: the
    /// flips and curls are drawn as a cross-dissolve.
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    /// Whether a transition kind is set.
    var hasTransition: Bool { rawValue >> 20 & 7 != 0 }

    var timingFunction: CAMediaTimingFunction {
        switch rawValue >> 16 & 3 {
        case 1: return CAMediaTimingFunction(name: .easeIn)
        case 2: return CAMediaTimingFunction(name: .easeOut)
        case 3: return CAMediaTimingFunction(name: .linear)
        default: return CAMediaTimingFunction(name: .easeInEaseOut)
        }
    }
}

extension View {
    /// Animates the view property changes made in `animations`: each animatable layer property
    /// a view changes inside the block gets a `CABasicAnimation` from its on-screen value to the
    /// new value, with `duration`, the curve from `options` and a start `delay` seconds after
    /// the commit (the old value shows during the delay).
    ///
    /// `completion(finished)` runs once all those animations have stopped (or right after the
    /// commit when nothing animated); `finished` is false when any of them was removed or
    /// replaced before its end. A duration of 0 or less (or not finite) makes the changes
    /// without animating them, as in UIKit; a non-finite or negative delay counts as 0.
    /// While such an animation is on a view, hit testing passes over the view (and its
    /// subviews), as UIKit disables interaction for animating views, unless `options` has
    /// `.allowUserInteraction`.
    /// Only the views' own layers animate; other layers keep their own actions.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                               options: AnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let spec = _ViewAnimationContext.Spec(duration: duration, delay: delay, options: options, spring: nil)
        _ViewAnimationContext.run(spec, animations: animations, completion: completion)
    }

    /// Like `animate(withDuration:…)` with a spring: `dampingRatio` 1 settles without overshoot,
    /// lower values bounce; `initialSpringVelocity` is in units of the whole change per second
    /// (as `CASpringAnimation.initialVelocity`). As in UIKit, `duration` is the animations' total
    /// duration: the spring (mass 1, damping ratio `dampingRatio`) starts from a response — the
    /// undamped period — of `duration` and is made faster until its `settlingDuration` fits in
    /// `duration`.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                               usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                               options: AnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let spec = _ViewAnimationContext.Spec(duration: duration, delay: delay, options: options,
                                              spring: (dampingRatio, velocity))
        _ViewAnimationContext.run(spec, animations: animations, completion: completion)
    }

    /// Runs `actions` with view animations off (also inside an animation block).
    public static func performWithoutAnimation(_ actions: () -> Void) {
        _ViewAnimationContext.stack.append(nil)
        defer { _ViewAnimationContext.stack.removeLast() }
        actions()
    }

    /// True inside an `animate` block (and not inside `performWithoutAnimation`).
    public static var areAnimationsEnabled: Bool { (_ViewAnimationContext.stack.last ?? nil) != nil }
}
