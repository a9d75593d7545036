/// Client-side key repeat, driven by `wl_keyboard.repeat_info` and an `InputTimerScheduler`.
///
/// - The first repeat fires `delay` after the press, then one every `1 / rate` seconds.
/// - Deadlines advance from the previous deadline (no drift); when the loop was late by more
///   than a period, one repeat is delivered and the next is scheduled a period from now (a busy
///   main thread never gets a burst of stale repeats).
/// - `rate == 0` disables repeat. Rates are clamped to 1…1000 per second and delays to
///   0…10 000 ms, so absurd values cannot flood the loop or schedule into the far future.
final class KeyRepeater {
    private let scheduler: InputTimerScheduler
    /// Called for each repeat with the key and the milliseconds elapsed since its press.
    var fire: (_ key: UInt32, _ elapsedMilliseconds: UInt32) -> Void = { _, _ in }

    private(set) var rate: Int32 = 25
    private(set) var delay: Int32 = 600
    private(set) var key: UInt32?
    private var timer: Int?
    private var pressedAt = 0.0
    private var deadline = 0.0

    init(scheduler: InputTimerScheduler) {
        self.scheduler = scheduler
    }

    var isEnabled: Bool { rate > 0 }

    func configure(rate: Int32, delay: Int32) {
        self.rate = rate <= 0 ? 0 : min(rate, 1000)
        self.delay = max(0, min(delay, 10_000))
        if rate <= 0 { disarm() }
    }

    /// Starts repeating `key` (replacing any key repeating now).
    func arm(_ key: UInt32) {
        disarm()
        guard isEnabled else { return }
        self.key = key
        pressedAt = scheduler.now()
        deadline = pressedAt + Double(delay) / 1000
        schedule()
    }

    func disarm() {
        if let timer { scheduler.cancel(timer) }
        timer = nil
        key = nil
    }

    private func schedule() {
        timer = scheduler.schedule(at: deadline) { [weak self] in self?.fired() }
    }

    private func fired() {
        guard let key else { return }
        timer = nil
        let elapsed = (deadline - pressedAt) * 1000
        fire(key, UInt32(clamping: Int64(elapsed.rounded())))
        // The handler may have released the key or changed the rate.
        guard self.key == key, isEnabled else { return }
        let period = 1 / Double(rate)
        deadline += period
        let now = scheduler.now()
        if deadline <= now { deadline = now + period }
        schedule()
    }
}
