import Foundation

/// Receives an animation's start and stop. Both methods are optional.
/// Delivered by `CATransaction.deliverAnimationEvents(at:)` on the thread that committed the
/// animation (the main thread for layers changed there, which the frame loop serves;
/// difference: Apple always uses the main thread).
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    /// `finished` is false when the animation was removed (or replaced) before it ended.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation: timing (`CAMediaTiming`), a timing curve, a delegate.
///
/// Animations are copied when added to a layer (`CALayer.add(_:forKey:)`); changing the object
/// afterwards does not affect the running copy. A `duration` that is ≤ 0, NaN or ∞ is replaced
/// by the transaction's `animationDuration` (0.25 s by default) when the animation is added.
/// The delegate is retained, as in Core Animation.
open class CAAnimation: CAMediaTiming, CAAction, CustomStringConvertible {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    /// The pacing curve; nil means linear.
    open var timingFunction: CAMediaTimingFunction?
    open var delegate: CAAnimationDelegate?
    open var isRemovedOnCompletion = true
    /// The frame rates this animation wants to be drawn at (iOS 15). `default` (no preference):
    /// every frame of the display. A lower rate (`preferred`, else `maximum`; see
    /// `CAFrameRateRange`) lets the window draw only every n-th frame while nothing else moves,
    /// n = the display's rate ÷ this rate, rounded — a power saving for slow, small or
    /// decorative motion. When several animations run, the highest rate wins (any animation
    /// without a preference means every frame). A group's range applies to the whole group; the
    /// ranges of the animations inside it are not consulted. Strata difference: Apple may pick any
    /// rate within the range that its display supports; Strata divides the compositor's rate.
    open var preferredFrameRateRange = CAFrameRateRange.default
    /// Custom KVC values (container semantics).
    final var _userValues: [String: Any] = [:]

    public required init() {}

    /// A fresh animation (Apple's `animation()` class method).
    public class func animation() -> Self { Self() }

    /// A copy with the same settings (delegate shared). Subclasses outside Strata that add
    /// stored properties should override this and copy them.
    open func copy() -> Any {
        let c = type(of: self).init()
        c._copyState(from: self)
        return c
    }

    func _copyState(from o: CAAnimation) { _copyAnimationState(from: o) }

    /// The `CAAnimation` part of `_copyState` (what every animation has).
    final func _copyAnimationState(from o: CAAnimation) {
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; repeatDuration = o.repeatDuration; autoreverses = o.autoreverses
        fillMode = o.fillMode; timingFunction = o.timingFunction; delegate = o.delegate
        isRemovedOnCompletion = o.isRemovedOnCompletion; _userValues = o._userValues
        preferredFrameRateRange = o.preferredFrameRateRange
    }

    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Runs the animation as an action: adds it to the layer under `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// Key-value coding: the declared properties under Apple's keys ("removedOnCompletion",
    /// "fillMode", "timingFunction", … and each subclass's own, such as "additive", "toValue"
    /// or "calculationMode"; names may be given as strings), any other key as a stored value.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "removedOnCompletion": return isRemovedOnCompletion
        case "fillMode": return fillMode
        case "timingFunction": return timingFunction
        case "delegate": return delegate
        case "preferredFrameRateRange": return preferredFrameRateRange
        default: return _userValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    open func setValue(_ value: Any?, forKey key: String) {
        let n = _AnimValue(any: value).number
        switch key {
        case "beginTime": if let n { beginTime = n }
        case "duration": if let n { duration = n }
        case "speed": if let n { speed = Float(n) }
        case "timeOffset": if let n { timeOffset = n }
        case "repeatCount": if let n { repeatCount = Float(n) }
        case "repeatDuration": if let n { repeatDuration = n }
        case "autoreverses": if let b = _AnimValue(any: value).bool { autoreverses = b }
        case "removedOnCompletion": if let b = _AnimValue(any: value).bool { isRemovedOnCompletion = b }
        case "fillMode": if let m = _AnimationKVC.named(value, CAMediaTimingFillMode.self) { fillMode = m }
        case "timingFunction":
            let f = _AnimationKVC.optional(value, CAMediaTimingFunction.self)
            if f.ok { timingFunction = f.value }
        case "delegate":
            let d = _AnimationKVC.optional(value, CAAnimationDelegate.self)
            if d.ok { delegate = d.value }
        case "preferredFrameRateRange": if let r = value as? CAFrameRateRange { preferredFrameRateRange = r }
        default: _userValues[key] = value
        }
    }

    open var description: String { "<\(type(of: self)) duration=\(duration)>" }

    // MARK: Engine hooks

    /// Replaces invalid durations with `fallback` (recursively for groups).
    func _normalize(defaultDuration fallback: CFTimeInterval) { _normalizeDuration(fallback) }

    /// Replaces an invalid duration of this animation alone with `fallback`.
    final func _normalizeDuration(_ fallback: CFTimeInterval) {
        if !(duration.isFinite && duration > 0) { duration = fallback }
    }

    /// An immutable description of what this animation does, for the render side.
    /// `layer` supplies model values for keys the render state does not carry.
    func _compile(for layer: CALayer, nested: Bool) -> _CompiledAnimation {
        _CompiledAnimation(timing: _timing(nested: nested), body: .none)
    }

    /// `_compile` for an animation added to a layer (not nested in a group), with its frame rate.
    final func _compileForRender(for layer: CALayer) -> _CompiledAnimation {
        let c = _compile(for: layer, nested: false)
        c.frameRate = preferredFrameRateRange._rate ?? .infinity
        return c
    }

    final func _timing(nested: Bool) -> _Timing {
        // Inside groups only the group itself is removed on completion.
        _Timing(self, removedOnCompletion: nested ? false : isRemovedOnCompletion)
    }
}
