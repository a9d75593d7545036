import Foundation
import Strata

/// Options of `View.animateKeyframes` (UIKit's names and raw values).
public struct KeyframeAnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// As `AnimationOptions.allowUserInteraction`.
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    /// Accepted for compatibility: every animation starts at what is on screen.
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    /// Repeat forever.
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    /// Run backwards after forwards.
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    /// Straight from one keyframe's value to the next (the default).
    public static let calculationModeLinear = KeyframeAnimationOptions([])
    /// Each keyframe's value held until the next keyframe's time.
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    /// Evenly paced over the whole duration; the keyframes' times are ignored.
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    /// A smooth curve through the values.
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    /// A smooth curve, evenly paced; the keyframes' times are ignored.
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

    /// The pacing of the whole animation (not in UIKit's header, but UIKit honours
    /// `AnimationOptions`' curve bits passed here, and code passes them for linear keyframes:
    /// `KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`). Without
    /// one, the whole animation eases in and out, as in UIKit.
    public static let curveEaseInOut = KeyframeAnimationOptions([])
    public static let curveEaseIn = KeyframeAnimationOptions(rawValue: AnimationOptions.curveEaseIn.rawValue)
    public static let curveEaseOut = KeyframeAnimationOptions(rawValue: AnimationOptions.curveEaseOut.rawValue)
    public static let curveLinear = KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)

    var calculationMode: CAAnimationCalculationMode {
        switch rawValue >> 10 & 7 {
        case 1: return .discrete
        case 2: return .paced
        case 3: return .cubic
        case 4: return .cubicPaced
        default: return .linear
        }
    }
}

extension View {
    /// Animates in keyframes (UIKit's `animateKeyframes`): inside `animations`, each
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` block's view property
    /// changes happen over its share of `duration`; changes made outside any keyframe take the
    /// whole duration. Each layer property changed gets one `CAKeyframeAnimation` (as UIKit's):
    /// its on-screen value at the start, held until its first keyframe's start, each keyframe's
    /// value at that keyframe's end, the last one held to the end; the calculation mode from
    /// `options`, and the whole animation eased in and out unless `options` carries a curve.
    /// Keyframes of one property that overlap start when the earlier one ends.
    ///
    /// `delay`, `.repeat`, `.autoreverse`, `.allowUserInteraction` and `completion` behave as in
    /// `animate(withDuration:…)`; a duration of 0 or less (or not finite) makes the changes
    /// without animating them.
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                                        options: KeyframeAnimationOptions = [], animations: () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let spec = _ViewAnimationContext.Spec(duration: duration, delay: delay,
                                              options: AnimationOptions(rawValue: options.rawValue), spring: nil)
        _ViewAnimationContext.run(spec, keyframes: options.calculationMode, animations: animations, completion: completion)
    }

    /// A keyframe of the enclosing `animateKeyframes` block: the view property changes in
    /// `animations` run from `frameStartTime` for `frameDuration`, both fractions (0…1) of the
    /// block's duration (clamped to it; non-finite values count as 0). Outside a keyframe
    /// block, `animations` runs as it would there (UIKit leaves that undefined).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: () -> Void) {
        guard let block = _ViewAnimationContext.stack.last ?? nil, let recording = block.keyframes else {
            return animations()
        }
        let start = frameStartTime.isFinite ? min(1, max(0, frameStartTime)) : 0
        let length = frameDuration.isFinite ? max(0, frameDuration) : 0
        let outer = recording.window
        recording.window = (start, min(1, start + length))
        animations()
        recording.window = outer
    }
}
