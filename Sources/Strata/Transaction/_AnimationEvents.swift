import Foundation

/// Committed animations that still owe delegate callbacks or completion blocks (main side).
final class _AnimationEvents {
    final class Record {
        weak var layer: CALayer?
        let animation: CAAnimation
        let groups: [_CompletionGroup]
        var started = false
        init(layer: CALayer, animation: CAAnimation, groups: [_CompletionGroup]) {
            self.layer = layer; self.animation = animation; self.groups = groups
        }
    }

    var records: [Record] = []
    var stops: [(CAAnimation, Bool)] = []
    var waiting: [_CompletionGroup] = []

    func register(_ a: _AddedAnimation) {
        records.append(Record(layer: a.layer, animation: a.animation, groups: a.groups))
    }

    func queueStop(_ a: CAAnimation, finished: Bool) {
        if a.delegate != nil { stops.append((a, finished)) }
    }

    /// A committed animation was removed from its layer before it finished.
    func removed(_ a: CAAnimation) {
        guard let i = records.firstIndex(where: { $0.animation === a }) else { return }
        let r = records.remove(at: i)
        for g in r.groups { g.pending -= 1 }
        queueStop(a, finished: false)
    }

    func fire(_ g: _CompletionGroup) {
        guard !g.fired else { return }
        g.fired = true
        g.block()
    }

    func deliver(at time: CFTimeInterval, state: _TransactionState) {
        var starts: [CAAnimation] = []
        var finished: [Record] = []
        var keep: [Record] = []
        for r in records {
            guard let layer = r.layer else {
                for g in r.groups { g.pending -= 1 }
                continue
            }
            let timing = r.animation._timing(nested: false)
            let local = timing.activeTime(layer.convertTime(time, from: nil))
            let phase = timing.phase(activeTime: local)
            if !r.started && phase != .before {
                r.started = true
                starts.append(r.animation)
            }
            if phase == .after { finished.append(r) } else { keep.append(r) }
        }
        records = keep
        var stopEvents = stops
        stops = []
        for r in finished {
            if r.animation.isRemovedOnCompletion { r.layer?._removeFinished(r.animation) }
            for g in r.groups { g.pending -= 1 }
            stopEvents.append((r.animation, true))
        }
        for a in starts { a.delegate?.animationDidStart(a) }
        for (a, f) in stopEvents { a.delegate?.animationDidStop(a, finished: f) }
        let ready = waiting.filter { $0.pending <= 0 }
        waiting.removeAll { $0.pending <= 0 }
        for g in ready { fire(g) }
    }
}
