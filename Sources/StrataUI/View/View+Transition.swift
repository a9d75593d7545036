import Foundation
import Strata

extension View {
    /// Changes `view` inside `animations` and shows the change as a transition of its whole
    /// appearance (UIKit's `transition(with:duration:options:animations:completion:)`): a
    /// `CATransition` on the view's layer from what it showed before the block to what it shows
    /// after, with `duration` and the curve in `options`. The changes themselves are made at
    /// once, unless `options` has `.allowAnimatedContent` (then they animate as in `animate`).
    ///
    /// The kind comes from `options`: `.transitionCrossDissolve` fades; the flips and curls are
    /// drawn as a cross-dissolve too (Strata has no 3-D page transitions); without a kind, or
    /// with a duration of 0 or less (or not finite), the changes are made without a transition.
    /// `completion(finished)` runs once the transition (and any animated content) has stopped;
    /// the view takes no input meanwhile unless `options` has `.allowUserInteraction`.
    public static func transition(with view: View, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let spec = _ViewAnimationContext.Spec(duration: duration, delay: 0, options: options, spring: nil)
        let animated = duration.isFinite && duration > 0
        _ViewAnimationContext.run(spec, animations: {
            if options.contains(.allowAnimatedContent) {
                animations?()
            } else {
                performWithoutAnimation { animations?() }
            }
        }, completion: completion, after: { tracker in
            guard animated, options.hasTransition else { return }
            view.layer.add(_ViewAnimationContext.transition(spec: spec, tracker: tracker), forKey: kCATransition)
        })
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview as a transition of that
    /// superview (UIKit's `transition(from:to:duration:options:completion:)`): `toView` is
    /// added above `fromView`, which is removed; with `.showHideTransitionViews`, `fromView`
    /// is hidden and `toView` shown instead, and neither moves. Kinds, duration and completion
    /// as in `transition(with:…)`. Without a superview, only `completion(true)` runs (after the
    /// commit).
    public static func transition(from fromView: View, to toView: View, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            return _ViewAnimationContext.run(.init(duration: 0, delay: 0, options: [], spring: nil),
                                             animations: {}, completion: completion)
        }
        transition(with: container, duration: duration, options: options.subtracting(.allowAnimatedContent), animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                guard toView !== fromView else { return }
                container.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }
}
