import Foundation

/// Timers for input handling (long press, multi-tap timeouts, scroll deceleration ticks).
/// Injected so that tests step time instead of sleeping. Main thread only.
public protocol InputScheduler: AnyObject {
    /// Seconds on the scheduler's monotonic clock.
    var now: TimeInterval { get }
    /// Runs `action` once at `deadline` (seconds on `now`'s clock); returns an id for `cancel`.
    @discardableResult
    func schedule(at deadline: TimeInterval, _ action: @escaping () -> Void) -> Int
    func cancel(_ id: Int)
}

/// A scheduler whose clock moves only when told (tests, offscreen runs).
public final class ManualScheduler: InputScheduler {
    public private(set) var now: TimeInterval
    private var timers: [(id: Int, deadline: TimeInterval, action: () -> Void)] = []
    private var nextID = 1

    public init(now: TimeInterval = 0) { self.now = now }

    /// Timers not yet run.
    public var pendingCount: Int { timers.count }

    @discardableResult
    public func schedule(at deadline: TimeInterval, _ action: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        timers.append((id, deadline.isNaN ? now : deadline, action))
        return id
    }

    public func cancel(_ id: Int) { timers.removeAll { $0.id == id } }

    /// Moves the clock to `time`, running due timers in deadline order (ties: scheduling
    /// order) with `now` set to each one's deadline; timers they schedule run too when due.
    /// A time before `now` only runs timers already due. A non-finite time is ignored: moving
    /// the clock to ∞ would make every timer scheduled from then on (`now` + interval) due at
    /// once, and a timer that reschedules itself (scroll deceleration) would run for ever.
    public func advance(to time: TimeInterval) {
        guard time.isFinite else { return }
        while let i = timers.indices.filter({ timers[$0].deadline <= time })
            .min(by: { (timers[$0].deadline, timers[$0].id) < (timers[$1].deadline, timers[$1].id) }) {
            let t = timers.remove(at: i)
            now = max(now, t.deadline)
            t.action()
        }
        now = max(now, time)
    }

    public func advance(by seconds: TimeInterval) { advance(to: now + seconds) }
}
