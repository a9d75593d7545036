import Foundation

/// What a timed object shows outside its active interval.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// Core Animation's hierarchical timing model, adopted by layers and animations.
///
/// Every timed object maps its parent's time to its own local time:
/// `t = (t_parent − beginTime) × speed + timeOffset`. Layers compose this from the root layer
/// (whose parent time is `CACurrentMediaTime()`) down; an animation's parent time is its
/// layer's local time (or its group's). Within an animation, `duration` is one simple cycle,
/// `autoreverses` plays each cycle forwards then backwards, `repeatCount` (fractional allowed,
/// `.infinity` repeats forever) or `repeatDuration` bounds the active interval, and `fillMode`
/// says whether the animation shows its first value before the interval (`backwards`) and its
/// last after it (`forwards`; only if it is not removed on completion). An animation's
/// `timeOffset` moves it within its active interval, which still begins at `beginTime`: it
/// starts `timeOffset` into its cycles and wraps around at their end (see Apple's formula
/// above: the offset is in "active local time").
///
/// Layers map time the same way. A layer with a `duration` > 0 also cycles: within its active
/// interval (`repeatCount`/`repeatDuration`, `autoreverses`) its local time runs through
/// 0…duration again and again (ping-ponging when autoreversing), so its sublayers' animations
/// loop with it; outside the interval its time holds at the nearest end. Differences from Core
/// Animation, documented: a layer's `fillMode` is stored only (the ends always hold), and
/// converting a time *up* out of a cycling layer (`convertTime(_:to:)`) uses its first cycle.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// An immutable copy of one object's timing, evaluated on either thread.
///
/// Bad input is sanitised when the copy is made: NaN or infinite `beginTime`/`timeOffset` → 0,
/// NaN `speed` → 1 (∞ speed → 0: such an object never progresses), negative or NaN
/// `repeatCount`/`repeatDuration` → 0 (no repetition), NaN/∞/negative `duration` is replaced
/// by the caller before this point (see `CAAnimation`).
struct _Timing: Sendable, Hashable {
    var beginTime: Double = 0
    var duration: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillsBackwards = false
    var fillsForwards = false

    init() {}

    init(_ m: CAMediaTiming, removedOnCompletion: Bool) {
        beginTime = m.beginTime.isFinite ? m.beginTime : 0
        let d = m.duration
        duration = d.isFinite && d > 0 ? d : 0
        let s = Double(m.speed)
        speed = s.isNaN ? 1 : s.isInfinite ? 0 : s
        timeOffset = m.timeOffset.isFinite ? m.timeOffset : 0
        let rc = Double(m.repeatCount)
        repeatCount = rc.isNaN || rc < 0 ? 0 : rc
        let rd = m.repeatDuration
        repeatDuration = rd.isNaN || rd < 0 ? 0 : rd
        autoreverses = m.autoreverses
        fillsBackwards = m.fillMode == .backwards || m.fillMode == .both
        // An animation removed on completion never shows its end value after the end: the
        // render server removes it at that moment.
        fillsForwards = (m.fillMode == .forwards || m.fillMode == .both) && !removedOnCompletion
    }

    /// Local time for a parent time.
    @inline(__always) func localTime(_ parent: Double) -> Double {
        (parent - beginTime) * speed + timeOffset
    }

    /// How far into its active interval an animation is at a parent time, at its own speed
    /// but before `timeOffset`: what decides whether it has begun or ended.
    @inline(__always) func activeTime(_ parent: Double) -> Double {
        (parent - beginTime) * speed
    }

    /// An animation's place in its simple duration at a parent time (nil outside its active
    /// interval without the matching fill). As in Core Animation, `timeOffset` shifts the
    /// animation within its active interval, not the interval itself: the interval is
    /// `activeTime` 0…`activeDuration`, and the time shown is `activeTime + timeOffset` run
    /// through the cycles, wrapping at their ends — a 3 s animation with a `timeOffset` of 1
    /// plays its seconds 1…3, then 0…1, then ends.
    func animationTime(_ parent: Double) -> (time: Double, iteration: Int)? {
        iterationTime(activeTime(parent), offset: timeOffset)
    }

    /// A layer's local time for a parent time: `localTime`, then — when the layer has a
    /// duration — folded into its cycle, holding at the ends outside the active interval (see
    /// `CAMediaTiming`).
    @inline(__always) func layerLocalTime(_ parent: Double) -> Double {
        let t = localTime(parent)
        guard duration > 0 else { return t }
        return cycled(t)
    }

    /// Whether a layer's time still moves at local time `t`: it has no duration, or `t` is
    /// within its active interval (before it, time holds until the interval begins).
    func layerTimeMoves(atLocal t: Double) -> Bool { duration <= 0 || t < activeDuration }

    private func cycled(_ t: Double) -> Double {
        var timing = self
        timing.fillsBackwards = true
        timing.fillsForwards = true
        return timing.iterationTime(t)?.time ?? t
    }

    /// Parent time at which local time `local` is reached; nil if never (speed 0).
    func parentTime(forLocal local: Double) -> Double? {
        speed == 0 ? nil : (local - timeOffset) / speed + beginTime
    }

    /// One cycle: the simple duration, doubled when autoreversing.
    var cycle: Double { autoreverses ? duration * 2 : duration }

    /// The length of the active interval (∞ for endless repeats).
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycle }
        return cycle
    }

    enum Phase { case before, active, after }

    /// An animation's phase at `activeTime(_:)` `t`.
    func phase(activeTime t: Double) -> Phase {
        if t < 0 { return .before }
        if t >= activeDuration { return .after }
        return .active
    }

    /// Where inside its simple duration the object is at active time `t` (0 at the start of
    /// its active interval): the time within the cycle (0…duration, reversed on the way back
    /// when autoreversing) and the zero-based iteration, for the cycles' time `t + offset`
    /// (`offset` moves the object within the interval, wrapping at the cycles' ends). nil when
    /// the object has no effect (outside its active interval without the matching fill).
    func iterationTime(_ t: Double, offset: Double = 0) -> (time: Double, iteration: Int)? {
        var a = t
        let active = activeDuration
        if !(a >= 0) {   // also catches NaN
            guard fillsBackwards, !a.isNaN else { return nil }
            a = 0
        }
        var atEnd = false
        if a >= active {
            guard fillsForwards else { return nil }
            a = active; atEnd = true
        }
        let c = cycle
        guard c > 0 else { return (duration, 0) }
        let shifted = a + offset
        var iteration = (shifted / c).rounded(.down)
        var local = shifted - iteration * c
        // Ending exactly at a cycle's end shows that end, not the next cycle's start.
        if atEnd && local == 0 && a > 0 { iteration -= 1; local = c }
        if autoreverses && local > duration { local = 2 * duration - local }
        let it = iteration.isFinite ? Int(min(max(iteration, 0), Double(Int32.max))) : 0
        return (min(max(local, 0), duration), it)
    }
}
