import Foundation

/// The completion block of one transaction level and the animations it waits for.
final class _CompletionGroup {
    let block: () -> Void
    var pending = 0
    var sealed = false
    var fired = false
    init(_ block: @escaping () -> Void) { self.block = block }
}

/// One begin/commit level (or the implicit transaction at the bottom of the stack).
struct _TransactionLevel {
    var values: [String: Any] = [:]
    var completion: _CompletionGroup?
    let implicit: Bool
}

/// An animation added during the open transaction, waiting for the commit.
struct _AddedAnimation {
    let layer: CALayer
    let key: String
    let animation: CAAnimation
    let groups: [_CompletionGroup]
}

/// Everything `CATransaction` keeps per thread: the level stack, layers changed since the last
/// commit, animations added, old values for implicit animations, and the animation event
/// registry for callbacks.
final class _TransactionState {
    var levels: [_TransactionLevel] = []
    var dirtyLayers: [CALayer] = []
    var added: [_AddedAnimation] = []
    var previous: [PreviousKey: _AnimValue] = [:]
    var sealedGroups: [_CompletionGroup] = []
    var pendingFlush = false
    var committing = false
    let events = _AnimationEvents()

    struct PreviousKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    nonisolated(unsafe) private static var key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k) { ptr in
            if let ptr { Unmanaged<_TransactionState>.fromOpaque(ptr).release() }
        }
        return k
    }()

    /// This thread's state (created on first use, released when the thread exits).
    static var current: _TransactionState {
        if let p = pthread_getspecific(key) { return Unmanaged<_TransactionState>.fromOpaque(p).takeUnretainedValue() }
        let s = _TransactionState()
        pthread_setspecific(key, Unmanaged.passRetained(s).toOpaque())
        return s
    }

    // MARK: Levels

    /// Opens the implicit transaction if none is open.
    @inline(__always) func touch() {
        if levels.isEmpty { levels.append(_TransactionLevel(implicit: true)) }
    }

    var hasExplicit: Bool { levels.contains { !$0.implicit } }

    func value(forKey key: String) -> Any? {
        for l in levels.reversed() { if let v = l.values[key] { return v } }
        return nil
    }

    func setValue(_ v: Any?, forKey key: String) {
        touch()
        levels[levels.count - 1].values[key] = v
    }

    var disableActions: Bool {
        for l in levels.reversed() { if let v = l.values["disableActions"] { return _AnimValue(any: v).bool ?? false } }
        return false
    }

    /// The innermost `animationDuration`; 0.25 when unset, invalid (NaN, ∞) or negative.
    var animationDuration: Double {
        for l in levels.reversed() {
            if let v = l.values["animationDuration"], let d = _AnimValue(any: v).number {
                return d.isFinite && d >= 0 ? d : 0.25
            }
        }
        return 0.25
    }

    var timingFunction: CAMediaTimingFunction? {
        for l in levels.reversed() {
            if let v = l.values["animationTimingFunction"] { return v as? CAMediaTimingFunction }
        }
        return nil
    }

    // MARK: Recording

    func recordPrevious(of layer: CALayer, key: String) {
        let k = PreviousKey(layer: ObjectIdentifier(layer), key: key)
        if previous[k] == nil { previous[k] = layer._presentationValue(forKey: key) }
    }

    func previousValue(of layer: CALayer, key: String) -> _AnimValue? {
        previous[PreviousKey(layer: ObjectIdentifier(layer), key: key)]
    }

    func animationAdded(_ a: CAAnimation, to layer: CALayer, key: String) {
        let groups = levels.compactMap(\.completion)
        for g in groups { g.pending += 1 }
        added.append(_AddedAnimation(layer: layer, key: key, animation: a, groups: groups))
    }

    /// `a` left its layer before finishing (removed or replaced).
    func animationRemoved(_ a: CAAnimation) {
        if let i = added.firstIndex(where: { $0.animation === a }) {
            let entry = added.remove(at: i)
            for g in entry.groups { g.pending -= 1 }
            events.queueStop(a, finished: false)
            return
        }
        events.removed(a)
    }
}
