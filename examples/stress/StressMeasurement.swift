import ExampleSupport
import Foundation
import Strata
import StrataWayland

/// `stress --measure S`: the compositor-side figures of the benchmarks (issue 11), printed once
/// the S seconds are over, then the app exits. One line each:
///
///     stress: layers N seconds T frames F fps R
///     stress: frame-gap-ms median M p95 P max X
///     stress: gaps-in-refresh-periods 1:a 2:b 3:c >3:d missed-refreshes M of R
///     stress: worst-gap-while-main-blocked-ms W (main blocked B ms; median gap M)
///     stress: presentation-feedback presented P discarded D
///     stress: cpu-ms-per-second C (process, user + system)
///     stress: render-wakeups-per-second W frame-callbacks-per-second F
///     stress: idle-wakeups-per-second X (over 2 s; by thread: NAME n …)
///
/// - Frames are the commits of the render thread (`onFrameCommitted`); a gap is the time between
///   two consecutive ones. Gaps are counted in 60 Hz refresh periods (rounded, at least 1): a
///   gap of n periods means n − 1 refreshes went by without a new frame; M adds those up over the
///   R refresh periods of the run: refreshes at which the window had no new frame (each frame
///   after the first is drawn when the previous one's frame callback arrives, so a frame that
///   takes longer than a period to draw skips refreshes). `frame-gap-ms` leaves
///   out the gaps that overlap the block, so the two lines compare.
/// - Half-way through, the main thread blocks (sleeps) for 500 ms. Frames are produced on the
///   render thread, so the gaps overlapping the block should look like the others.
/// - CPU: the whole process's user and system time over the S seconds (every thread: the
///   render thread's frames and the main thread's work), per second of the run.
/// - Render wakeups: the render thread's voluntary context switches over the S seconds, per
///   second (each a sleep it woke from: frame callbacks, buffer releases, timers, the main
///   thread's commits; counted over every thread but the main one, as the thread has no name
///   the system knows); frame callbacks: the callbacks the frames were woken by
///   (`FrameInfo.frameCallbacks`), per second. At a reduced rate of n refreshes a frame the
///   window rests between frames from n = 4 on.
/// - Presentation feedback is what `wp_presentation` reported by the last frame (nothing where
///   the compositor does not answer — headless sway 1.7 — or uses another clock than
///   CLOCK_MONOTONIC — headless weston).
/// - Idle: every animation is removed, and 0.5 s later the wakeups of every thread are counted
///   over 2 s: its voluntary context switches, one per sleep (involuntary ones are preemptions of
///   a running thread, not wakeups; on a loaded machine the measuring code itself can be
///   preempted). The main thread's one sleep until the timer that ends the count is the
///   measurement itself and is not counted.
final class StressMeasurement: @unchecked Sendable {
    let seconds: Double
    let scene: Stress
    static let period = 1.0 / 60
    static let blockSeconds = 0.5

    private let lock = NSLock()
    private var times: [Double] = []
    private var last: FrameInfo?
    private var cpuAtStart = 0.0
    private var wakeupsAtStart = 0
    private var callbacks = 0

    init(seconds: Double, scene: Stress) {
        self.seconds = seconds
        self.scene = scene
    }

    /// Call from `runExample`'s `live` (main thread, before the first frame).
    func start(app: Application, window: Window) {
        cpuAtStart = Self.processCPU()
        wakeupsAtStart = Self.renderWakeups()
        window.onFrameCommitted { [self] frame in
            lock.lock()
            times.append(MonotonicClock.now())
            last = frame
            callbacks += frame.frameCallbacks
            lock.unlock()
        }
        var blocked = (from: 0.0, to: 0.0)
        app.after(seconds / 2) {
            blocked.from = MonotonicClock.now()
            usleep(useconds_t(Self.blockSeconds * 1_000_000))
            blocked.to = MonotonicClock.now()
        }
        app.after(seconds) { [self] in
            lock.lock()
            let (times, last, callbacks) = (self.times, self.last, self.callbacks)
            lock.unlock()
            let wakeups = Self.renderWakeups() - wakeupsAtStart
            report(times: times, last: last, blocked: blocked)
            emit("stress: cpu-ms-per-second \(String(format: "%.1f", (Self.processCPU() - cpuAtStart) * 1000 / seconds)) "
                 + "(process, user + system)")
            emit("stress: render-wakeups-per-second \(String(format: "%.1f", Double(wakeups) / seconds)) "
                 + "frame-callbacks-per-second \(String(format: "%.1f", Double(callbacks) / seconds))")
            measureIdle(app: app)
        }
    }

    private func report(times: [Double], last: FrameInfo?, blocked: (from: Double, to: Double)) {
        var histogram = [0, 0, 0, 0]  // gaps of 1, 2, 3, > 3 refresh periods
        var missed = 0
        var outside: [Double] = [], whileBlocked = 0.0
        for (a, b) in zip(times, times.dropFirst()) {
            let n = Int(((b - a) / Self.period).rounded())
            histogram[min(max(n, 1), 4) - 1] += 1
            missed += max(n, 1) - 1
            if b >= blocked.from && a <= blocked.to {
                whileBlocked = max(whileBlocked, b - a)
            } else {
                outside.append(b - a)
            }
        }
        outside.sort()
        func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }
        func percentile(_ p: Double) -> Double { outside.isEmpty ? 0 : outside[min(outside.count - 1, Int(Double(outside.count) * p))] }
        let elapsed = (times.last ?? 0) - (times.first ?? 0)
        emit("stress: layers \(scene.layers.count) seconds \(String(format: "%.2f", elapsed)) frames \(times.count) "
             + "fps \(String(format: "%.1f", Double(max(0, times.count - 1)) / max(elapsed, 1e-9)))")
        emit("stress: frame-gap-ms median \(ms(percentile(0.5))) p95 \(ms(percentile(0.95))) max \(ms(outside.last ?? 0))")
        emit("stress: gaps-in-refresh-periods 1:\(histogram[0]) 2:\(histogram[1]) 3:\(histogram[2]) >3:\(histogram[3]) "
             + "missed-refreshes \(missed) of \(Int((elapsed / Self.period).rounded()))")
        emit("stress: worst-gap-while-main-blocked-ms \(ms(whileBlocked)) (main blocked \(ms(blocked.to - blocked.from)) ms; "
             + "median gap \(ms(percentile(0.5))))")
        emit("stress: presentation-feedback presented \(last?.presentedFrames ?? 0) discarded \(last?.discardedFrames ?? 0)")
    }

    private func measureIdle(app: Application) {
        for l in scene.layers { l.removeAllAnimations() }
        app.after(0.5) {
            let before = Self.contextSwitches()
            app.after(2.0) {
                let after = Self.contextSwitches()
                var total = 0, byThread: [String] = []
                for (tid, (name, count)) in after.sorted(by: { $0.key < $1.key }) {
                    var woke = count - (before[tid]?.count ?? 0)
                    if tid == getpid() { woke -= 1 }  // its sleep until this timer
                    total += woke
                    byThread.append("\(name) \(woke)")
                }
                emit("stress: idle-wakeups-per-second \(String(format: "%.1f", Double(total) / 2)) "
                     + "(over 2 s; by thread: \(byThread.joined(separator: ", ")))")
                app.stop()
            }
        }
    }

    /// User plus system CPU time of the whole process so far, in seconds.
    static func processCPU() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }

    /// Voluntary context switches (sleeps) of every thread of this process, by thread id, with a
    /// name: "main", the thread's own name when it set one, else "thread TID".
    /// The voluntary context switches so far of every thread but the main one (the window's
    /// render thread: this app starts no other).
    static func renderWakeups() -> Int {
        contextSwitches().filter { $0.key != getpid() }.values.map(\.count).reduce(0, +)
    }

    static func contextSwitches() -> [Int32: (name: String, count: Int)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let processComm = (try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var result: [Int32: (String, Int)] = [:]
        for task in tasks {
            guard let tid = Int32(task),
                  let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8) else { continue }
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let name = tid == getpid() ? "main" : comm == processComm || comm == nil ? "thread \(task)" : comm!
            let count = status.split(separator: "\n").filter { $0.hasPrefix("voluntary_ctxt_switches:") }
                .compactMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") }
                .reduce(0, +)
            result[tid] = (name, count)
        }
        return result
    }
}
