import Foundation

/// A value behind a lock, readable and writable from any thread.
final class _LockedBox<Value>: @unchecked Sendable {
    // @unchecked: `_value` is only touched with `lock` held.
    private let lock = NSLock()
    private var _value: Value
    init(_ value: Value) { _value = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return _value }
        set { lock.lock(); _value = newValue; lock.unlock() }
    }
}
