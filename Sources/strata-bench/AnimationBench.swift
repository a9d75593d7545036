import Foundation
import Strata

/// `--animation`: render throughput of animated scenes, frame by frame as the Wayland frame
/// producer draws them (issue 5's animation figures).
///
/// Each frame: advance the injected clock by 1/60 s, `RenderTree.snapshot(at:)`, the
/// compositor's damage against the previous frame, `DamageHistory` for the buffer about to be
/// drawn (two buffers in rotation, so age 2 in steady state), and `Compositor.render` of that
/// region only (more than 64 rectangles are repainted as their bounding box, as the producer
/// does).
///
/// - Moving layers: N = 100, 1000, 10 000 layers of 64 × 64 points in 1920 × 1080, each
///   bouncing between two random points, over an opaque background: plain squares, then the
///   `examples/stress` mix (a third with 12-point rounded corners). Prints frames/s and the split between snapshot, damage and paint.
/// - Cost follows damage: one 32-point layer moving across surfaces from 256² to 3840 × 2160;
///   prints the time per frame and its ratio to the 256² surface (goal: within ±50 %).
///
/// - Break-even of parallel bands (`--kinds breakeven`): one square of 16 to 512 points moving
///   in 1920 × 1080, painted with the frame always split between the threads, never split,
///   and split as `Compositor.minimumParallelWork` decides; prints the paint time of each and
///   the pixels of work per frame (what the threshold is compared with).
///
/// Every scene runs with one compositor thread, then with two (bands painted in parallel):
/// times are the thread's CPU time with one thread (other processes' load does not count),
/// wall-clock time with more (so they include waiting for a core on a loaded machine).
/// `--animation-frames F` sets the frames per round (default 120); `--threads N` runs only
/// with N compositor threads; `--layers a,b` the layer counts; `--kinds squares,rounded` the
/// scenes (`small`: the cost-follows-damage one).
enum AnimationBench {
    static func handle(_ args: [String]) -> Bool {
        guard args.contains("--animation") else { return false }
        var frames = 120, threads = [1, 2]
        var counts = [100, 1000, 10_000]
        var kinds = [false, true], small = true, breakEven = false
        if let i = args.firstIndex(of: "--animation-frames"), i + 1 < args.count, let f = Int(args[i + 1]) { frames = max(10, f) }
        if let i = args.firstIndex(of: "--threads"), i + 1 < args.count, let t = Int(args[i + 1]) { threads = [max(1, t)] }
        if let i = args.firstIndex(of: "--layers"), i + 1 < args.count {
            counts = args[i + 1].split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
        }
        if let i = args.firstIndex(of: "--kinds"), i + 1 < args.count {
            let names = args[i + 1].split(separator: ",")
            kinds = [false, true].filter { names.contains($0 ? "rounded" : "squares") }
            small = names.contains("small")
            breakEven = names.contains("breakeven")
        }
        for t in threads {
            if breakEven { runBreakEven(frames: frames, threads: t) } else { run(frames: frames, threads: t, counts: counts, kinds: kinds, small: small) }
        }
        return true
    }

    /// The break-even scenes: paint time of one moving square per size, split or not.
    static func runBreakEven(frames: Int, threads: Int) {
        let clock = CAManualClock(time: 0)
        CAMediaClock.install(clock)
        defer { CAMediaClock.installSystemClock() }
        print(String(format: "load average: %@", loadAverage()))
        for side in [16, 32, 64, 96, 128, 192, 256, 384, 512] {
            var paint: [Double] = []
            var work = 0.0
            for limit in [0, Int.max, Compositor.defaultMinimumParallelWork] {
                let scene = Scene(width: 1920, height: 1080, threads: threads)
                scene.compositor.minimumParallelWork = limit
                scene.addSmallMover(side: Double(side))
                let r = scene.measure(frames: frames * 2, clock: clock)
                paint.append(r.paint)
                // The region twice (cleared, then the root's background) plus the square.
                let area = r.repaintedFraction * 1920 * 1080
                work = 2 * area + min(Double(side * side), area)
            }
            print(String(format: "break-even, %d threads (wall clock): %3d px square: paint %7.1f µs split, %7.1f µs one thread, %7.1f µs default (≈ %.0f px of work per frame)",
                         threads, side, paint[0] * 1e6, paint[1] * 1e6, paint[2] * 1e6, work))
        }
        print(String(format: "load average: %@", loadAverage()))
    }

    static func run(frames: Int, threads: Int, counts: [Int], kinds: [Bool], small: Bool) {
        let clock = CAManualClock(time: 0)
        CAMediaClock.install(clock)
        defer { CAMediaClock.installSystemClock() }
        let label = threads == 1 ? "1 thread (CPU time)" : "\(threads) threads (wall clock)"
        print(String(format: "load average: %@", loadAverage()))
        for n in counts {
            for rounded in kinds {
                let scene = Scene(width: 1920, height: 1080, threads: threads)
                scene.addMovingLayers(n, size: 64, rounded: rounded)
                let r = scene.measure(frames: frames, clock: clock)
                print(String(format: "animation, %@: %6d moving 64 px %@ 1920×1080: %8.1f frames/s  (%.2f ms/frame: snapshot %.2f, damage %.2f, paint %.2f; %.0f%% of the surface repainted)",
                             label, n, rounded ? "layers (⅓ rounded r12), " : "squares,                  ", 1 / r.total, r.total * 1000,
                             r.snapshot * 1000, r.damage * 1000, r.paint * 1000, r.repaintedFraction * 100))
            }
        }
        let sizes = [(256, 256), (640, 480), (1920, 1080), (3840, 2160)]
        var base = 0.0
        for (w, h) in sizes where small {
            let scene = Scene(width: w, height: h, threads: threads)
            scene.addSmallMover()
            let r = scene.measure(frames: frames * 4, clock: clock)
            if base == 0 { base = r.total }
            print(String(format: "animation, %@: one 32 px layer moving in %4d×%-4d: %7.1f µs/frame (%.2f× the 256² cost; snapshot %.1f, damage %.1f, paint %.1f µs)",
                         label, w, h, r.total * 1e6, r.total / base, r.snapshot * 1e6, r.damage * 1e6, r.paint * 1e6))
        }
        print(String(format: "load average: %@", loadAverage()))
    }

    static func loadAverage() -> String {
        let s = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return s.split(separator: " ").prefix(3).joined(separator: " ")
    }

    struct Result { var total = 0.0, snapshot = 0.0, damage = 0.0, paint = 0.0, repaintedFraction = 0.0 }

    /// A root layer, its render tree, two bitmaps in rotation and the producer's bookkeeping.
    final class Scene {
        let root = CALayer()
        let tree: RenderTree
        let compositor: Compositor
        let width: Int, height: Int
        var seed: UInt32 = 12345

        init(width: Int, height: Int, threads: Int) {
            self.width = width
            self.height = height
            root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(gray: 0.08, alpha: 1)
            tree = RenderTree(root: root)
            compositor = Compositor(threads: threads)
        }

        func random() -> Double {
            seed = 1_664_525 &* seed &+ 1_013_904_223
            return Double(seed) / 4_294_967_296
        }

        func addMovingLayers(_ n: Int, size: Double, rounded: Bool) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let w = Double(width) - size, h = Double(height) - size
            for i in 0..<n {
                let l = CALayer()
                l.bounds = CGRect(x: 0, y: 0, width: size, height: size)
                l.position = CGPoint(x: size / 2 + random() * w, y: size / 2 + random() * h)
                l.backgroundColor = CGColor(red: random(), green: random(), blue: random(), alpha: 1)
                l.cornerRadius = rounded && i % 3 == 0 ? 12 : 0
                bounce(l, to: CGPoint(x: size / 2 + random() * w, y: size / 2 + random() * h), duration: 1 + 2 * random())
            }
            CATransaction.commit()
            CATransaction.flush()
        }

        /// Adds `l` with a position animation to `to` and back, forever.
        func bounce(_ l: CALayer, from: CGPoint? = nil, to: CGPoint, duration: Double) {
            let a = CABasicAnimation(keyPath: "position")
            a.fromValue = from.map { NSValue(cgPoint: $0) }
            a.toValue = NSValue(cgPoint: to)
            a.duration = duration
            a.autoreverses = true
            a.repeatCount = .infinity
            l.add(a, forKey: "bounce")
            root.addSublayer(l)
        }

        /// One `side`-point layer crossing the middle of the surface, 3 points per frame.
        func addSmallMover(side: Double = 32) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            let y = Double(height) / 2, x0 = 20.0, x1 = min(Double(width) - 20, 236)
            l.position = CGPoint(x: x0, y: y)
            l.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
            bounce(l, from: CGPoint(x: x0, y: y), to: CGPoint(x: x1, y: y), duration: (x1 - x0) / 180)
            CATransaction.commit()
            CATransaction.flush()
        }

        /// The calling thread's CPU time with one compositor thread (other processes' load does
        /// not count), wall-clock time with several.
        func now() -> Double { compositor.threads == 1 ? EngineBench.cpuTime() : Clock.now() }

        /// Median of 5 rounds of `frames` frames (per-frame seconds, phases summed per round).
        func measure(frames: Int, clock: CAManualClock) -> Result {
            guard let a = Bitmap(width: width, height: height), let b = Bitmap(width: width, height: height) else { return Result() }
            let buffers = [a, b]
            var history = DamageHistory(capacity: 4)
            var previous: RenderLayer?
            var drawn = [false, false]
            let full = Region(x: 0, y: 0, width: width, height: height)
            let bounds = CGRect(x: 0, y: 0, width: width, height: height)
            let start = clock.time
            var frame = 0
            var rounds: [Result] = []
            for round in 0..<6 {
                var r = Result()
                var repainted = 0
                for _ in 0..<frames {
                    frame += 1
                    clock.time = start + Double(frame) / 60
                    let t0 = now()
                    let snapshot = tree.snapshot(at: clock.time)
                    let t1 = now()
                    let damage = compositor.damage(from: previous, to: snapshot, scale: 1, bounds: bounds)
                    history.record(damage)
                    let k = frame % 2
                    var repaint = history.region(forBufferAge: drawn[k] ? 2 : 0, surface: full)
                    if repaint.rects.count > 64 { repaint = Region(repaint.extents) }
                    let t2 = now()
                    compositor.render(snapshot, into: buffers[k], scale: 1, region: repaint)
                    let t3 = now()
                    drawn[k] = true
                    previous = snapshot
                    r.snapshot += t1 - t0
                    r.damage += t2 - t1
                    r.paint += t3 - t2
                    repainted += repaint.area
                }
                // Round 0 warms up (first full repaints, buffer allocation).
                guard round > 0 else { continue }
                let f = Double(frames)
                r.snapshot /= f; r.damage /= f; r.paint /= f
                r.total = r.snapshot + r.damage + r.paint
                r.repaintedFraction = Double(repainted) / f / Double(width * height)
                rounds.append(r)
            }
            rounds.sort { $0.total < $1.total }
            return rounds[rounds.count / 2]
        }
    }
}
