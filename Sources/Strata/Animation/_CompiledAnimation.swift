import Foundation

/// The evaluated-properties state of one layer while animations are applied to it: the
/// `RenderLayer` fields plus the values of keys without a field.
struct _LayerState {
    var layer: RenderLayer
    var extras: [String: _AnimValue]
    /// A basic animation of `contents` in progress: the contents it fades to and how far.
    var contentsFade: ContentsFade?

    struct ContentsFade {
        let to: _AnimValue
        let progress: Double
    }

    func get(_ root: String, slot: _RenderSlot?, fallback: _AnimValue) -> _AnimValue {
        if let slot { return slot.read(layer) }
        return extras[root] ?? fallback
    }

    /// Writes an animated value. Non-finite results (from NaN/∞ animation values) are dropped:
    /// the property keeps its un-animated value for that frame.
    mutating func set(_ root: String, slot: _RenderSlot?, _ v: _AnimValue, like model: _AnimValue) {
        guard v.isFinite else { return }
        if let slot { slot.write(&layer, v); return }
        extras[root] = v.coerced(like: model) ?? model
    }
}

/// An animation frozen for evaluation on any thread (immutable; shared by reference).
///
/// Unchecked Sendable: `body` is only written by `deinit` (taking deep group nests apart
/// without recursion), when no other reference exists.
final class _CompiledAnimation: @unchecked Sendable {
    let timing: _Timing
    private(set) var body: Body
    /// A group's `timingFunction`: it paces the group's time before its children see it.
    let pacing: CAMediaTimingFunction?
    /// Frames per second the animation asks to be drawn at (`preferredFrameRateRange`); ∞: every
    /// frame. Set once when compiled, before the animation is shared.
    var frameRate = Double.infinity

    init(timing: _Timing, body: Body, pacing: CAMediaTimingFunction? = nil) {
        self.timing = timing; self.body = body; self.pacing = pacing
    }

    /// The time a group's children see at its iteration time `t`: `t` paced by the group's
    /// timing function over its duration (Apple: a group's timing function and duration "take
    /// precedence" over its children's, which run in its time space).
    @inline(__always) func childTime(_ t: Double) -> Double {
        guard let pacing, timing.duration > 0 else { return t }
        return timing.duration * pacing.evaluate(t / timing.duration)
    }

    /// Nested groups that nothing else holds go with this one, without recursion.
    deinit {
        var pending: [_CompiledAnimation] = []
        if case let .group(children) = body { pending = children } else { return }
        // Now `pending` alone holds the children array, so each child popped is unique when
        // nothing else holds it.
        body = .none
        while var c = pending.popLast() {
            guard isKnownUniquelyReferenced(&c), case let .group(grandchildren) = c.body else { continue }
            c.body = .none
            pending.append(contentsOf: grandchildren)
        }
    }

    indirect enum Body: Sendable {
        case none
        case property(_PropertyTrack)
        case group([_CompiledAnimation])
        case transition(_TransitionTrack)
    }

    /// Applies the animation at `parentTime` (its layer's local time, or its group's time).
    func apply(at parentTime: Double, to state: inout _LayerState) {
        guard let (t, iteration) = timing.animationTime(parentTime) else { return }
        switch body {
        case .none: return
        case let .property(track): track.apply(time: t, duration: timing.duration, iteration: iteration, to: &state)
        case let .group(children):
            let t = childTime(t)
            // A group without nested groups (the usual case) applies its children in place: the
            // work list below would allocate every frame.
            if !children.contains(where: \.isGroup) {
                for c in children { c.apply(at: t, to: &state) }
                return
            }
            // Nested groups through a work list (any depth in constant stack), in the order a
            // recursive walk has: each child, and a group's children, in array order.
            var pending = children.reversed().map { ($0, t) }
            while let (c, time) = pending.popLast() {
                guard case let .group(nested) = c.body else { c.apply(at: time, to: &state); continue }
                guard let (ct, _) = c.timing.animationTime(time) else { continue }
                let paced = c.childTime(ct)
                pending.append(contentsOf: nested.reversed().map { ($0, paced) })
            }
        case let .transition(track): track.apply(time: t, duration: timing.duration, to: &state)
        }
    }

    /// Whether this is a group (whose children `apply` walks through its work list).
    var isGroup: Bool {
        if case .group = body { return true }
        return false
    }

    /// Earliest parent time ≥ `t` at which this animation's output may change: `t` while it is
    /// running (or runs backwards), its start when it has not started, +∞ when it is over or
    /// frozen (speed 0).
    func nextChange(after t: Double) -> Double {
        if case .none = body { return .infinity }
        if timing.speed == 0 { return .infinity }
        if timing.speed < 0 { return t }
        switch timing.phase(activeTime: timing.activeTime(t)) {
        case .before: return max(timing.beginTime, t)
        case .active: return t
        case .after: return .infinity
        }
    }
}

/// The value side of a property animation (a class: compiled once, shared, never copied).
final class _PropertyTrack: Sendable {
    let keyPath: _KeyPath
    let slot: _RenderSlot?
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?
    /// The model value of the key path's root, for keys a `RenderLayer` has no field for.
    let fallback: _AnimValue
    let curve: Curve

    /// The from/to/by values of basic and spring animations, boxed so evaluation binds a
    /// reference instead of copying the values.
    final class Ends: Sendable {
        let from: _AnimValue?, to: _AnimValue?, by: _AnimValue?
        init(_ from: _AnimValue?, _ to: _AnimValue?, _ by: _AnimValue?) { self.from = from; self.to = to; self.by = by }
    }

    final class KeyframeBox: Sendable {
        let keyframes: _Keyframes
        /// The animation's own `timingFunction`, applied to its progress before the key times
        /// and the segments' timing functions (nil in the paced modes, which ignore it).
        let pacing: CAMediaTimingFunction?
        init(_ k: _Keyframes, pacing: CAMediaTimingFunction? = nil) { keyframes = k; self.pacing = pacing }
    }

    enum Curve: Sendable {
        case basic(Ends, timing: CAMediaTimingFunction?)
        case keyframes(KeyframeBox)
        case spring(Ends, spring: _Spring)
    }

    init(keyPath: _KeyPath, additive: Bool, cumulative: Bool, valueFunction: CAValueFunction?,
         fallback: _AnimValue, curve: Curve) {
        self.keyPath = keyPath
        slot = _LayerKeys.table[keyPath.root]?.slot
        self.additive = additive; self.cumulative = cumulative; self.valueFunction = valueFunction
        self.fallback = fallback; self.curve = curve
        fast = Self.fastPath(keyPath: keyPath, slot: slot, additive: additive, cumulative: cumulative,
                             valueFunction: valueFunction, curve: curve)
    }

    /// The common case — a basic animation of a whole number or point property with a
    /// `RenderLayer` field, both ends given and finite — evaluated without the generic value
    /// machinery (same results; the render thread's hot path).
    enum Fast: Sendable {
        case number(Double, Double, _RenderSlot)
        case point(CGPoint, CGPoint, _RenderSlot)
    }
    let fast: Fast?

    private static func fastPath(keyPath: _KeyPath, slot: _RenderSlot?, additive: Bool, cumulative: Bool,
                                 valueFunction: CAValueFunction?, curve: Curve) -> Fast? {
        guard keyPath.field == nil, let slot, !additive, !cumulative, valueFunction == nil,
              case let .basic(e, _) = curve, let from = e.from, let to = e.to,
              from.isFinite, to.isFinite else { return nil }
        switch (from, to, slot) {
        case let (.number(a, _), .number(b, _), .opacity), let (.number(a, _), .number(b, _), .zPosition),
             let (.number(a, _), .number(b, _), .cornerRadius), let (.number(a, _), .number(b, _), .borderWidth):
            return .number(a, b, slot)
        case let (.point(a), .point(b), .position), let (.point(a), .point(b), .anchorPoint):
            return .point(a, b, slot)
        default: return nil
        }
    }

    @inline(__always) private static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double {
        f == 0 ? a : f == 1 ? b : a + (b - a) * f
    }

    private func applyFast(_ fast: Fast, eased f: Double, to state: inout _LayerState) {
        switch fast {
        case let .number(a, b, slot):
            let v = Self.lerp(a, b, f)
            guard v.isFinite else { return }
            switch slot {
            case .opacity: state.layer.opacity = Float(v)
            case .zPosition: state.layer.zPosition = CGFloat(v)
            case .cornerRadius: state.layer.cornerRadius = CGFloat(v)
            default: state.layer.borderWidth = CGFloat(v)
            }
        case let .point(a, b, slot):
            let p = CGPoint(x: Self.lerp(Double(a.x), Double(b.x), f), y: Self.lerp(Double(a.y), Double(b.y), f))
            guard p.x.isFinite, p.y.isFinite else { return }
            if case .position = slot { state.layer.position = p } else { state.layer.anchorPoint = p }
        }
    }

    /// The from/to/by table resolved against the current value.
    static func endpoints(from: _AnimValue?, to: _AnimValue?, by: _AnimValue?, current: _AnimValue) -> (_AnimValue, _AnimValue) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.subtracting(b), t)
        case let (f?, nil, nil): return (f, current)
        case let (nil, t?, nil): return (current, t)
        case let (nil, nil, b?): return (current, current.adding(b))
        case (nil, nil, nil): return (current, current)
        }
    }

    func apply(time t: Double, duration: Double, iteration: Int, to state: inout _LayerState) {
        if let fast, case let .basic(_, timing) = curve {
            let progress = duration > 0 ? t / duration : 1
            applyFast(fast, eased: timing?.evaluate(progress) ?? progress, to: &state)
            return
        }
        let whole = state.get(keyPath.root, slot: slot, fallback: fallback)
        let current: _AnimValue
        if valueFunction != nil {
            current = .number(0, .cgFloat)
        } else if let f = keyPath.field {
            guard let part = _KeyPath.get(f, in: whole) else { return }
            current = part
        } else {
            current = whole
        }
        let progress = duration > 0 ? t / duration : 1
        var value: _AnimValue
        switch curve {
        case let .basic(e, timing):
            let eased = timing?.evaluate(progress) ?? progress
            let (a, b) = Self.endpoints(from: e.from, to: e.to, by: e.by, current: current)
            value = a.interpolated(to: b, fraction: eased)
            if cumulative && iteration > 0 { value = value.adding(b.subtracting(a).scaled(by: Double(iteration))) }
            if keyPath.root == "contents", keyPath.field == nil, valueFunction == nil, !additive,
               eased > 0, eased < 1, !a.isEqual(to: b) {
                // Contents crossfade: the state keeps showing `a` (what `presentation()` reports
                // until the end); the render tree draws `a` fading into `b`.
                state.contentsFade = _LayerState.ContentsFade(to: b, progress: eased)
            }
        case let .spring(e, spring):
            let (a, b) = Self.endpoints(from: e.from, to: e.to, by: e.by, current: current)
            value = a.interpolated(to: b, fraction: spring.position(at: t))
            if cumulative && iteration > 0 { value = value.adding(b.subtracting(a).scaled(by: Double(iteration))) }
        case let .keyframes(box):
            let k = box.keyframes
            let progress = box.pacing?.evaluate(progress) ?? progress
            guard var v = k.value(at: progress) else { return }
            if cumulative && iteration > 0, let first = k.values.first, let last = k.values.last {
                v = v.adding(last.subtracting(first).scaled(by: Double(iteration)))
            }
            value = v
            if k.rotation != 0, let angle = k.angle(at: progress) {
                // Turn the layer to the direction of motion (on top of its model transform).
                let model = state.get("transform", slot: .transform, fallback: .transform(.identity))
                let turned = model.adding(.transform(CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)))
                state.set("transform", slot: .transform, turned, like: model)
            }
        }
        if let vf = valueFunction {
            var tr = _AnimValue.transform(vf.transform(for: value))
            if additive { tr = whole.adding(tr) }
            state.set(keyPath.root, slot: slot, tr, like: fallback)
            return
        }
        if additive { value = current.adding(value) }
        if let f = keyPath.field {
            state.set(keyPath.root, slot: slot, _KeyPath.set(f, in: whole, to: value), like: fallback)
        } else {
            state.set(keyPath.root, slot: slot, value, like: fallback)
        }
    }
}
