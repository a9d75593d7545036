import Foundation

/// Groups layer changes into atomic updates of the render tree.
///
/// Transactions are per thread and nest: `begin()`/`commit()` pairs push and pop levels whose
/// scoped values (duration, curve, disableActions, completion block, any `setValue(_:forKey:)`)
/// shadow the outer ones (innermost wins). Changing a layer outside any explicit transaction
/// opens the thread's *implicit* transaction; the platform commits it with `flush()` when its
/// event loop is about to wait (Strata's equivalent of the run-loop observer).
/// Only the outermost commit (or a flush with no explicit level open) reaches the render tree:
/// it runs pending layout and display, stamps new animations' `beginTime` 0 with the commit
/// time (`CACurrentMediaTime()` converted to each layer's time), copies changed layers into
/// their `RenderTree`, and calls `RenderTree.onCommit`.
///
/// Completion blocks run once every animation added after `setCompletionBlock` in that level
/// (nested levels included) has finished or been removed — delivered by
/// `deliverAnimationEvents(at:)` — or right after the commit when there are none.
/// Documented outcomes: `commit()` with no explicit level commits the implicit transaction;
/// with nothing open it does nothing.
public enum CATransaction {
    public static func begin() {
        let s = _TransactionState.current
        s.levels.append(_TransactionLevel(implicit: false))
    }

    public static func commit() {
        let s = _TransactionState.current
        guard let last = s.levels.last else { return }
        if last.implicit {
            flush()
            return
        }
        s.levels.removeLast()
        if let g = last.completion { s.sealedGroups.append(g) }
        if s.levels.isEmpty {
            _commitNow(s)
        } else if s.pendingFlush && !s.hasExplicit {
            _popImplicitAndCommit(s)
        }
    }

    /// Commits the implicit transaction now; inside explicit transactions the commit happens
    /// when the outermost of them commits.
    public static func flush() {
        let s = _TransactionState.current
        if s.hasExplicit { s.pendingFlush = true; return }
        if s.levels.isEmpty {
            if !s.dirtyLayers.isEmpty || !s.added.isEmpty || !s.sealedGroups.isEmpty { _commitNow(s) }
            return
        }
        _popImplicitAndCommit(s)
    }

    private static func _popImplicitAndCommit(_ s: _TransactionState) {
        while let l = s.levels.popLast() { if let g = l.completion { s.sealedGroups.append(g) } }
        _commitNow(s)
    }

    static func _commitNow(_ s: _TransactionState) {
        s.pendingFlush = false
        guard !s.committing else { return }   // a commit triggered from layout during a commit
        s.committing = true
        defer { s.committing = false }
        _Commit.run(s)
    }

    // MARK: Scoped values

    public static func animationDuration() -> CFTimeInterval { _TransactionState.current.animationDuration }
    public static func setAnimationDuration(_ dur: CFTimeInterval) { setValue(dur, forKey: kCATransactionAnimationDuration) }

    public static func animationTimingFunction() -> CAMediaTimingFunction? { _TransactionState.current.timingFunction }
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    public static func disableActions() -> Bool { _TransactionState.current.disableActions }
    public static func setDisableActions(_ flag: Bool) { setValue(flag, forKey: kCATransactionDisableActions) }

    /// The innermost completion block set in the open transactions (Apple: a value is searched
    /// for in the innermost scope, then the enclosing transactions).
    public static func completionBlock() -> (() -> Void)? {
        _TransactionState.current.levels.reversed().lazy.compactMap { $0.completion?.block }.first
    }

    /// Sets the current level's completion block. A block it replaces (also by nil) still runs,
    /// as Apple documents: once the animations added while it was set have finished, or at the
    /// commit when there were none.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let s = _TransactionState.current
        s.touch()
        let top = s.levels.count - 1
        if let replaced = s.levels[top].completion { s.sealedGroups.append(replaced) }
        s.levels[top].completion = block.map { _CompletionGroup($0) }
    }

    /// Core Animation's transaction lock, for code that reads layer values from several threads
    /// (a recursive lock: the same thread may take it again).
    public static func lock() { _transactionLock.lock() }
    /// Releases `lock()`.
    public static func unlock() { _transactionLock.unlock() }

    public static func value(forKey key: String) -> Any? {
        if key == kCATransactionCompletionBlock { return completionBlock() }
        return _TransactionState.current.value(forKey: key)
    }

    public static func setValue(_ anObject: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(anObject as? () -> Void)
            return
        }
        _TransactionState.current.setValue(anObject, forKey: key)
    }

    // MARK: Platform hooks

    /// Delivers animation events due by media time `time` on the calling (main) thread: first
    /// `animationDidStart`, then `animationDidStop(_:finished:)` (removing finished animations
    /// whose `isRemovedOnCompletion` is true from their layers), then the completion blocks of
    /// transactions whose animations have all finished. The platform calls this once per frame
    /// with the frame's time; tests call it after stepping their clock.
    public static func deliverAnimationEvents(at time: CFTimeInterval = CACurrentMediaTime()) {
        let s = _TransactionState.current
        s.events.deliver(at: time, state: s)
    }

    /// True when the thread has layer changes or animations not yet committed (the platform
    /// may use it to decide whether `flush()` has work).
    public static var hasUncommittedChanges: Bool {
        let s = _TransactionState.current
        return !s.dirtyLayers.isEmpty || !s.added.isEmpty || !s.levels.isEmpty
    }
}

public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"

/// The lock behind `CATransaction.lock()`.
private let _transactionLock = NSRecursiveLock()
