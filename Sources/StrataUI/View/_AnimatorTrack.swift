import Foundation
import Strata

/// A `ViewPropertyAnimator`'s pacing: a cubic curve, or UIKit's spring for its duration.
enum _AnimatorTiming {
    case curve(CAMediaTimingFunction)
    case spring(dampingRatio: CGFloat)
}

/// One layer property a `ViewPropertyAnimator` animates: its value before the animator's
/// blocks changed it and after, and the fraction of the animator's run it starts at (0, or
/// where the animator was when the change was added: it then moves over the rest of the run).
struct _AnimatorTrack {
    let layer: CALayer
    let key: String
    let from: Any?
    let to: Any?
    let start: Double

    /// The track's motion from `from` to `to` over its part of a run of `duration` seconds.
    /// Backwards (`reversed`) it autoreverses: its second half is the same motion played
    /// backwards, curve or spring alike, which a backward run starts in the middle of.
    func animation(duration: Double, timing: _AnimatorTiming, reversed: Bool) -> CABasicAnimation {
        let span = self.span(of: duration)
        let a: CABasicAnimation
        switch timing {
        case let .curve(f):
            a = CABasicAnimation(keyPath: key)
            a.timingFunction = f
            a.duration = span
        case let .spring(ratio):
            a = _ViewAnimationContext.springAnimation(for: key, duration: span, dampingRatio: ratio, velocity: 0)
        }
        a.fromValue = from ?? NSNull()
        a.toValue = to ?? NSNull()
        a.autoreverses = reversed
        a.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }

    /// Seconds of the track's motion in a run of `duration`.
    func span(of duration: Double) -> Double { (1 - min(1, max(0, start))) * duration }

    /// Seconds into the track's forward motion at the animator's fraction `f`.
    func elapsed(at f: Double, duration: Double) -> Double { min(span(of: duration), max(0, f - start) * duration) }
}
