import Foundation

extension RenderTree {
    /// One layer of the walk in `next(after:)` whose sublayers and mask are being visited.
    private struct NextFrame {
        let local: Double
        /// Whether the layer's time stands still: its subtree then only matters if something
        /// in it changes on frame time (the result is `time` itself), and `earliest` is the
        /// wake-up time of a cycling layer that has not begun.
        let frozen: Bool
        var earliest: Double
        let kids: [UInt64]
        var index = 0
    }

    private enum Visit {
        case value(Double)
        case frame(NextFrame)
    }

    /// `nextFrame(after:)` with the lock held. The walk keeps its own stack (any depth in
    /// constant call-stack depth); it stops at the first layer that asks for every frame at
    /// `time`. Animations running at `time` at a reduced rate (`preferredFrameRateRange`) do not
    /// stop it: the highest of their rates is the answer's, unless something else asks for
    /// every frame.
    func next(after time: Double) -> (time: Double, frameRate: Double, steadyUntil: Double) {
        var reduced = Reduced()
        let v = walk(after: time, reduced: &reduced)
        if v == time { return (time, .infinity, time) }
        return reduced.rate > 0 ? (time, reduced.rate, min(v, reduced.end)) : (v, .infinity, v)
    }

    /// What the walk notes of the animations running at a reduced rate.
    private struct Reduced {
        /// Their highest rate (0: none).
        var rate = 0.0
        /// The earliest time (global) one of them stops moving: its active interval's end,
        /// or the walk's time when that cannot be told (a reversed one, or one under a layer
        /// whose own time cycles).
        var end = Double.infinity
    }

    /// The walk of `next(after:)`: `time` when something asks for every frame at `time`, else
    /// the earliest later change (∞: none), with `reduced` the highest rate of the animations
    /// running at `time` at a reduced rate (0: none).
    private func walk(after time: Double, reduced: inout Reduced) -> Double {
        var chain: [_Timing] = []
        var stack: [NextFrame] = []
        switch visit(rootID, parentTime: time, globalTime: time, chain: &chain, frozen: false, reduced: &reduced) {
        case let .value(v): return v
        case let .frame(f): stack.append(f)
        }
        while let top = stack.indices.last {
            if stack[top].index < stack[top].kids.count {
                let c = stack[top].kids[stack[top].index]
                stack[top].index += 1
                switch visit(c, parentTime: stack[top].local, globalTime: time, chain: &chain, frozen: stack[top].frozen,
                             reduced: &reduced) {
                case let .value(v):
                    if v == time { return time }
                    if !stack[top].frozen { stack[top].earliest = min(stack[top].earliest, v) }
                case let .frame(f):
                    stack.append(f)
                }
                continue
            }
            let v = stack.removeLast().earliest
            chain.removeLast()
            guard let p = stack.indices.last else { return v }
            if v == time { return time }
            // A frozen layer's subtree only counts when it needs `time` itself.
            if !stack[p].frozen { stack[p].earliest = min(stack[p].earliest, v) }
        }
        return .infinity
    }

    /// Node `id`'s own answer when its subtree need not be visited, else the frame that visits
    /// it (with its timing pushed onto `chain`, the timings from the root down to it).
    private func visit(_ id: UInt64, parentTime: Double, globalTime: Double, chain: inout [_Timing], frozen: Bool,
                       reduced: inout Reduced) -> Visit {
        guard let n = nodes[id] else { return .value(.infinity) }
        let local = n.timing.layerLocalTime(parentTime)
        if _TiledRenderHook.isFading(n.state.extras) { return .value(globalTime) }
        chain.append(n.timing)
        let kids = n.children + (n.mask.map { [$0] } ?? [])
        var frozen = frozen || n.timing.speed == 0
        var wake = Double.infinity
        if n.timing.duration > 0, !frozen {
            // A cycling layer (see CAMediaTiming): while active, finished animations below it
            // start again with the next cycle; before and after, its time holds.
            let raw = n.timing.localTime(parentTime)
            if raw >= 0, n.timing.layerTimeMoves(atLocal: raw) {
                if animates(id) { chain.removeLast(); return .value(globalTime) }
            } else {
                frozen = true
                if raw < 0, animates(id) {
                    var g = 0.0
                    for t in chain.reversed() { g = t.parentTime(forLocal: g) ?? .infinity }
                    if g.isFinite { wake = max(g, globalTime) }
                }
            }
        }
        if frozen { return .frame(NextFrame(local: local, frozen: true, earliest: wake, kids: kids)) }
        if !n.state.extras.isEmpty, case let .opaque(h as _EmissionHistory)? = n.state.extras[CAEmitterLayer.historyKey],
           h.isActive(at: local) {
            chain.removeLast()
            return .value(globalTime)
        }
        var best = Double.infinity
        for a in n.animations {
            let l = a.nextChange(after: local)
            if l == local {
                // Running now: at every frame, or noted at its reduced rate and the walk goes on.
                if a.frameRate.isInfinite { chain.removeLast(); return .value(globalTime) }
                reduced.rate = max(reduced.rate, a.frameRate)
                reduced.end = min(reduced.end, Self.end(of: a, chain: chain, globalTime: globalTime))
                continue
            }
            if l.isFinite {
                var g = l
                for t in chain.reversed() { g = t.parentTime(forLocal: g) ?? .infinity }
                if g.isFinite { best = min(best, max(g, globalTime)) }
            }
        }
        return .frame(NextFrame(local: local, frozen: false, earliest: best, kids: kids))
    }

    /// When running animation `a` stops moving, in global time, through the layers' timings in
    /// `chain` (root first); `globalTime` (now) when that cannot be told.
    private static func end(of a: _CompiledAnimation, chain: [_Timing], globalTime: Double) -> Double {
        let t = a.timing
        guard t.speed > 0, !chain.contains(where: { $0.duration > 0 }) else { return globalTime }
        var g = t.beginTime + t.activeDuration / t.speed
        for c in chain.reversed() { g = c.parentTime(forLocal: g) ?? .infinity }
        return g.isNaN ? globalTime : max(g, globalTime)
    }

    /// Whether node `id` or anything below it has animations or emits particles.
    private func animates(_ id: UInt64) -> Bool {
        var stack = [id]
        while let i = stack.popLast() {
            guard let n = nodes[i] else { continue }
            if !n.animations.isEmpty || n.state.extras[CAEmitterLayer.historyKey] != nil { return true }
            stack.append(contentsOf: n.children)
            if let m = n.mask { stack.append(m) }
        }
        return false
    }
}
