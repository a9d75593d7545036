// stress: N moving 64-point layers (default 1000) in a 1280×720 window, each bouncing between
// two points forever with its own period, so every frame changes most of the screen.
//
// `--measure S` runs S seconds and prints the compositor-side figures (strata-bench --wayland
// uses it): frames committed, presentation feedback, inter-frame gaps in refresh periods, the
// same gaps while the main thread is blocked for 500 ms half-way, and idle wakeups per second
// after the animations are removed.
import ExampleSupport
import Foundation
import Strata
import StrataWayland

final class Stress: ExampleScene {
    let title = "stress", width = 1280, height = 720
    let count: Int
    var layers: [CALayer] = []

    init(count: Int) { self.count = count }

    func build(root: CALayer) {
        root.backgroundColor = CGColor(gray: 0.08, alpha: 1)
        var seed: UInt32 = 12345
        func next() -> Double {
            seed = 1_664_525 &* seed &+ 1_013_904_223
            return Double(seed) / 4_294_967_296
        }
        for i in 0..<count {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            l.position = CGPoint(x: 32 + next() * Double(width - 64), y: 32 + next() * Double(height - 64))
            l.backgroundColor = CGColor(red: next(), green: next(), blue: next(), alpha: 1)
            l.cornerRadius = i % 3 == 0 ? 12 : 0
            root.addSublayer(l)
            layers.append(l)
        }
    }

    func start(root: CALayer) {
        var seed: UInt32 = 777
        func next() -> Double {
            seed = 1_664_525 &* seed &+ 1_013_904_223
            return Double(seed) / 4_294_967_296
        }
        for l in layers {
            let a = CABasicAnimation(keyPath: "position")
            a.toValue = CGPoint(x: 32 + next() * Double(width - 64), y: 32 + next() * Double(height - 64))
            a.duration = 1 + 2 * next()
            a.autoreverses = true
            a.repeatCount = .infinity
            l.add(a, forKey: "bounce")
        }
    }
}

/// Frame records from the render thread.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []
    private var last: FrameInfo?
    func add(_ f: FrameInfo) { lock.lock(); times.append(MonotonicClock.now()); last = f; lock.unlock() }
    var snapshot: ([Double], FrameInfo?) { lock.lock(); defer { lock.unlock() }; return (times, last) }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var count = 1000
var measure: Double?
if let i = arguments.firstIndex(of: "--layers"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n >= 0 {
    count = min(n, 100_000)
    arguments.removeSubrange(i...(i + 1))
}
if let i = arguments.firstIndex(of: "--measure"), i + 1 < arguments.count, let s = Double(arguments[i + 1]), s > 0, s.isFinite {
    measure = s
    arguments.removeSubrange(i...(i + 1))
}

let scene = Stress(count: count)
let recorder = Recorder()
runExample(scene, arguments: arguments, live: { app, window in
    guard let window, let seconds = measure else { return }
    window.onFrameCommitted { recorder.add($0) }
    let start = MonotonicClock.now()
    var blockedFrom = 0.0, blockedTo = 0.0
    app.after(seconds / 2) {
        blockedFrom = MonotonicClock.now()
        usleep(500_000)
        blockedTo = MonotonicClock.now()
    }
    app.after(seconds) {
        let (times, last) = recorder.snapshot
        let period = 1.0 / 60
        var histogram = [0, 0, 0, 0]  // gaps of 1, 2, 3, >3 refresh periods
        var blockedWorst = 0.0
        for (a, b) in zip(times, times.dropFirst()) {
            let n = Int(((b - a) / period).rounded())
            histogram[min(max(n, 1), 4) - 1] += 1
            if b >= blockedFrom && a <= blockedTo { blockedWorst = max(blockedWorst, b - a) }
        }
        let elapsed = (times.last ?? start) - (times.first ?? start)
        emit("stress: layers \(count) seconds \(String(format: "%.2f", elapsed)) frames \(times.count) "
             + "fps \(String(format: "%.1f", Double(max(0, times.count - 1)) / max(elapsed, 1e-9)))")
        emit("stress: presented \(last?.presentedFrames ?? 0) discarded \(last?.discardedFrames ?? 0)")
        emit("stress: gaps-in-refresh-periods 1:\(histogram[0]) 2:\(histogram[1]) 3:\(histogram[2]) >3:\(histogram[3])")
        emit("stress: worst-gap-while-main-blocked-ms \(Int((blockedWorst * 1000).rounded()))")
        // Idle: remove every animation, let the last frame go out, then count wakeups.
        for l in scene.layers { l.removeAllAnimations() }
        app.after(0.5) {
            let before = contextSwitches()
            app.after(2.0) {
                let after = contextSwitches()
                emit("stress: idle-wakeups-per-second \(String(format: "%.1f", Double(after - before) / 2.0))")
                app.stop()
            }
        }
    }
})

/// Voluntary and involuntary context switches of every thread of this process.
func contextSwitches() -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.reduce(0) { sum, tid in
        guard let status = try? String(contentsOfFile: "/proc/self/task/\(tid)/status", encoding: .utf8) else { return sum }
        return sum + status.split(separator: "\n").filter { $0.hasSuffix("ctxt_switches") || $0.contains("ctxt_switches:") }
            .compactMap { Int($0.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") }
            .reduce(0, +)
    }
}
