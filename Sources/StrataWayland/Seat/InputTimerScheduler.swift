/// The clock and timers the seat uses for key repeat. `EventLoop` is one; tests inject a manual
/// clock so repeat timing is checked exactly, without sleeping.
public protocol InputTimerScheduler: AnyObject {
    /// Seconds on the scheduler's monotonic clock.
    func now() -> Double
    /// Runs `action` once at `deadline` (seconds on the same clock). Returns an id for `cancel`.
    func schedule(at deadline: Double, _ action: @escaping () -> Void) -> Int
    /// Cancels a timer that has not fired yet; unknown ids are ignored.
    func cancel(_ id: Int)
}

extension EventLoop: InputTimerScheduler {
    public func now() -> Double { MonotonicClock.now() }

    public func schedule(at deadline: Double, _ action: @escaping () -> Void) -> Int {
        addTimer(at: deadline, action)
    }

    public func cancel(_ id: Int) { cancelTimer(id) }
}
