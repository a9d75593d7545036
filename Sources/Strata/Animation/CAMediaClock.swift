import Foundation

/// Core Animation's time type: seconds as a `Double`.
public typealias CFTimeInterval = Double

/// The clock behind `CACurrentMediaTime()`.
///
/// Time is injected: by default the clock reads `CLOCK_MONOTONIC` (seconds since boot, like
/// Apple's `mach_absolute_time`-based media time). The platform layer may install the
/// compositor's presentation clock. Installing is global and thread-safe; every thread (main and
/// render) then sees the same time source.
///
/// A clock can also be bound to a scope with `withClock(_:_:)`: inside it, the calling task (and
/// the child tasks it creates) — or, outside any task, the calling thread — reads that clock and
/// nothing else does, so tests that each step their own `CAManualClock` can run in parallel.
/// A scoped clock shadows the installed one. Threads started inside the scope don't inherit it
/// (bind it again on them).
///
/// ```swift
/// let clock = CAManualClock(time: 100)
/// CAMediaClock.withClock(clock) {
///     // CACurrentMediaTime() == 100 here, and only here
///     clock.advance(by: 0.5)           // CACurrentMediaTime() == 100.5
/// }
/// CAMediaClock.install(clock)          // every thread and task without a scoped clock
/// CAMediaClock.installSystemClock()    // back to the monotonic clock
/// ```
public enum CAMediaClock {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var source: (@Sendable () -> CFTimeInterval)?

    /// Makes `CACurrentMediaTime()` call `source` from now on.
    public static func install(_ source: @escaping @Sendable () -> CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        Self.source = source
    }

    /// Makes `CACurrentMediaTime()` read `clock`.
    public static func install(_ clock: CAManualClock) {
        install { clock.time }
    }

    /// The clock bound by `withClock` for the current task or thread, if any.
    @TaskLocal static var scoped: (@Sendable () -> CFTimeInterval)?

    /// Runs `body` with `CACurrentMediaTime()` calling `source` on the calling task (and its
    /// child tasks) or, outside any task, the calling thread; everything else keeps the
    /// installed clock. Scopes nest (the innermost wins) and end with `body`.
    public static func withClock<R>(_ source: @escaping @Sendable () -> CFTimeInterval,
                                    _ body: () throws -> R) rethrows -> R {
        try $scoped.withValue(source, operation: body)
    }

    /// Runs `body` with `CACurrentMediaTime()` reading `clock` on the calling task or thread.
    public static func withClock<R>(_ clock: CAManualClock, _ body: () throws -> R) rethrows -> R {
        try withClock({ clock.time }, body)
    }

    /// Restores the default monotonic clock.
    public static func installSystemClock() {
        lock.lock(); defer { lock.unlock() }
        source = nil
    }

    /// The monotonic system time in seconds (`CLOCK_MONOTONIC`).
    public static func systemTime() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1_000_000_000
    }

    static func now() -> CFTimeInterval {
        if let scoped { return scoped() }
        lock.lock()
        let s = source
        lock.unlock()
        return s?() ?? systemTime()
    }
}

/// A clock that only moves when told to; for tests and deterministic rendering.
public final class CAManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var _time: CFTimeInterval

    public init(time: CFTimeInterval = 0) { _time = time }

    /// The current time. Setting it may move time backwards (tests do that on purpose).
    public var time: CFTimeInterval {
        get { lock.lock(); defer { lock.unlock() }; return _time }
        set { lock.lock(); _time = newValue; lock.unlock() }
    }

    /// Moves time forward by `seconds`.
    public func advance(by seconds: CFTimeInterval) {
        lock.lock(); _time += seconds; lock.unlock()
    }
}

/// The current media time in seconds, read from the scoped or else the installed `CAMediaClock`.
public func CACurrentMediaTime() -> CFTimeInterval { CAMediaClock.now() }
