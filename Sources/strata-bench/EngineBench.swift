import Foundation
import Strata

/// The engine's benchmark modes (issue 3):
/// - `--engine`: a root with 10 000 sublayers, each running two animations (position and
///   opacity, repeating forever); times `RenderTree.snapshot(at:)` per frame (median of rounds)
///   and the commit that installs the animations; then the peak resident memory of the scene
///   with one 1920×1080 frame rendered.
/// - `--layer-bytes`: allocates 100 000 default `CALayer`s and prints the heap bytes per layer
///   (resident memory before and after, with the array holding them reserved beforehand).
enum EngineBench {
    /// Runs the mode named in `args` and returns true, or returns false when none is named.
    static func handle(_ args: [String]) -> Bool {
        if args.contains("--layer-bytes") { layerBytes(); return true }
        if args.contains("--engine") { engine(); return true }
        return false
    }

    /// Resident memory in bytes (/proc/self/statm), 0 when unreadable.
    static func heapInUse() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = s.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Peak resident memory in bytes (VmHWM of /proc/self/status), 0 when unreadable.
    static func peakResident() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kb * 1024
    }

    /// CPU time of the calling thread in seconds (unaffected by other processes' load).
    static func cpuTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func layerBytes() {
        let count = 100_000
        var layers: [CALayer] = []
        layers.reserveCapacity(count)
        let before = heapInUse()
        for _ in 0..<count { layers.append(CALayer()) }
        let after = heapInUse()
        let perLayer = Double(after - before) / Double(count)
        withExtendedLifetime(layers) {}
        print(String(format: "bytes per default CALayer (%d allocated): %.1f B", count, perLayer))
    }

    static func engine() {
        let clock = CAManualClock(time: 0)
        CAMediaClock.install(clock)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        let tree = RenderTree(root: root)
        let n = 10_000
        for i in 0..<n {
            let l = CALayer()
            l.frame = CGRect(x: Double(i % 100) * 19, y: Double(i / 100) * 10, width: 16, height: 8)
            l.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            root.addSublayer(l)
        }
        CATransaction.flush()
        var t0 = CAMediaClock.systemTime()
        let c0 = cpuTime()
        for (i, l) in (root.sublayers ?? []).enumerated() {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = NSValue(cgPoint: l.position)
            move.toValue = NSValue(cgPoint: CGPoint(x: l.position.x + 40, y: l.position.y))
            move.duration = 1 + Double(i % 7) * 0.1
            move.autoreverses = true
            move.repeatCount = .infinity
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            l.add(move, forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1; fade.toValue = 0.2
            fade.duration = 2
            fade.autoreverses = true
            fade.repeatCount = .infinity
            l.add(fade, forKey: "fade")
        }
        CATransaction.flush()
        let commitMs = (CAMediaClock.systemTime() - t0) * 1000
        let commitCPUMs = (cpuTime() - c0) * 1000
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var frame = 0
        var sink = 0.0
        for _ in 0..<9 {
            t0 = CAMediaClock.systemTime()
            let c1 = cpuTime()
            var ops = 0
            repeat {
                frame += 1
                let s = tree.snapshot(at: Double(frame) / 60)
                sink += Double(s.sublayers[frame % n].opacity)
                ops += 1
            } while CAMediaClock.systemTime() - t0 < 0.2
            times.append((CAMediaClock.systemTime() - t0) * 1000 / Double(ops))
            cpuTimes.append((cpuTime() - c1) * 1000 / Double(ops))
        }
        times.sort()
        cpuTimes.sort()
        print(String(format: "engine: commit of %d layers × 2 animations: %.1f ms (CPU %.1f ms)", n, commitMs, commitCPUMs))
        print(String(format: "engine: %d layers × 2 animations: %.2f ms per frame (median of %d rounds; CPU %.2f ms)",
                     n, times[times.count / 2], times.count, cpuTimes[cpuTimes.count / 2]))
        // Peak memory of the whole scene: model, render side and one rendered 1080p frame.
        if let bitmap = Bitmap(width: 1920, height: 1080) {
            Compositor().render(tree.snapshot(at: Double(frame + 1) / 60), into: bitmap, scale: 1)
            print(String(format: "engine: peak RSS of the %d-layer scene (animated, one 1920×1080 frame rendered): %.1f MB",
                         n, Double(peakResident()) / 1_048_576))
        }
        if sink.isNaN { print("") }
        CAMediaClock.installSystemClock()
    }
}
