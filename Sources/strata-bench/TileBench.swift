import Foundation
import Strata
import Synchronization

/// `--tiles` (issue 9): a `TiledImageLayer` over a generated 20 000 × 20 000 image in a
/// 1280×800 view, panned and zoomed by a script at 60 frames per second in real time, with the
/// default tile cache (128 tiles of 256×256) and tiles drawn on the background workers.
/// Prints the peak resident memory (target ≤ 128 MB), the time to the first complete screen,
/// how many frames newly exposed screens take to complete, the frame cost (snapshot +
/// composite, on this thread) while tiles load, and the tile draw time.
enum TileBench {
    static func handle(_ args: [String]) -> Bool {
        guard args.contains("--tiles") else { return false }
        run()
        return true
    }

    /// A TiledImageLayer that times its tile draws and counts those on the main thread.
    final class TimedLayer: TiledImageLayer, @unchecked Sendable {
        let draws = Mutex<[Double]>([])
        let onMain = Atomic<Int>(0)
        override func draw(in ctx: CGContext) {
            if Thread.isMainThread { onMain.add(1, ordering: .relaxed) }
            let t0 = CAMediaClock.systemTime()
            super.draw(in: ctx)
            let ms = (CAMediaClock.systemTime() - t0) * 1000
            draws.withLock { $0.append(ms) }
        }
    }

    static let view = CGSize(width: 1280, height: 800)
    static let side = 20000

    static func run() {
        guard let source = TiledImageSource.generated(width: side, height: side),
              let bitmap = Bitmap(width: Int(view.width), height: Int(view.height)) else { fail("tiles: setup") }
        let root = CALayer()
        let layer = TimedLayer(source: source)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(origin: .zero, size: view)
        root.position = CGPoint(x: view.width / 2, y: view.height / 2)
        layer.anchorPoint = .zero
        root.addSublayer(layer)
        CATransaction.commit()
        CATransaction.flush()
        let tree = RenderTree(root: root)
        let compositor = Compositor()
        var frameMs: [Double] = []
        var frameCPUMs: [Double] = []
        var pendingFrames = 0
        var next = CAMediaClock.systemTime()

        /// One frame showing image point `center` at the middle at zoom `z`; true when it
        /// showed every tile it needed.
        func frame(zoom z: CGFloat, center c: CGPoint) -> Bool {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: view.width / 2 - c.x * z, y: view.height / 2 - c.y * z)
            layer.setAffineTransform(CGAffineTransform(scaleX: z, y: z))
            CATransaction.commit()
            let t0 = CAMediaClock.systemTime(), c0 = EngineBench.cpuTime()
            compositor.render(tree.snapshot(at: t0), into: bitmap, scale: 1)
            frameMs.append((CAMediaClock.systemTime() - t0) * 1000)
            frameCPUMs.append((EngineBench.cpuTime() - c0) * 1000)
            let complete = layer.visibleTilesPending == 0
            if !complete { pendingFrames += 1 }
            // 60 Hz pacing in real time: the workers draw between frames, as in a live window.
            next += 1.0 / 60
            let wait = next - CAMediaClock.systemTime()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) } else { next = CAMediaClock.systemTime() }
            return complete
        }
        /// Frames until a still view at (z, c) is complete (the one that completes included).
        func framesUntilComplete(zoom z: CGFloat, center c: CGPoint) -> Int {
            var n = 1
            while !frame(zoom: z, center: c), n < 600 { n += 1 }
            return n
        }

        let middle = CGPoint(x: side / 2, y: side / 2)
        let fit = min(view.width, view.height) / CGFloat(side)
        let start = CAMediaClock.systemTime()
        let firstFrames = framesUntilComplete(zoom: fit, center: middle)
        let firstMs = (CAMediaClock.systemTime() - start) * 1000
        // Zoom from the whole image to 4× over 4 s about a drifting point, then back in 2 s.
        for i in 0..<240 {
            let t = CGFloat(i) / 240
            _ = frame(zoom: fit * pow(4 / fit, t), center: CGPoint(x: 10000 + 3000 * t, y: 10000 - 2000 * t))
        }
        for i in 0..<120 {
            let t = CGFloat(i) / 120
            _ = frame(zoom: 4 * pow(fit / 4, t), center: CGPoint(x: 13000 - 3000 * t, y: 8000 + 2000 * t))
        }
        // Pan at zoom 1 at 3000 image pixels per second for 3 s (right, then down-left).
        for i in 0..<180 {
            let d = CGFloat(i) * 50
            _ = frame(zoom: 1, center: i < 90 ? CGPoint(x: 2000 + d, y: 3000) : CGPoint(x: 6500 - (d - 4500), y: 3000 + (d - 4500)))
        }
        // Jumps to new places (a fixed pseudo-random sequence) at zoom 1 and at 1/8.
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> CGFloat {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(seed >> 33) / CGFloat(1 << 31)
        }
        var jumps: [Int] = []
        for i in 0..<12 {
            let c = CGPoint(x: 1000 + random() * 18000, y: 1000 + random() * 18000)
            jumps.append(framesUntilComplete(zoom: i % 2 == 0 ? 1 : 0.125, center: c))
        }
        let peak = Double(EngineBench.peakResident()) / 1_048_576
        let draws = layer.draws.withLock { $0 }.sorted()
        frameMs.sort()
        frameCPUMs.sort()
        jumps.sort()
        func q(_ xs: [Double], _ p: Double) -> Double { xs.isEmpty ? 0 : xs[min(xs.count - 1, Int(Double(xs.count) * p))] }
        print(String(format: "tiles: %d×%d generated image in a %d×%d view, 256² tiles, cache %d tiles: peak RSS %.1f MB (target ≤ 128 MB)",
                     side, side, Int(view.width), Int(view.height), layer.maximumCachedTiles, peak))
        print(String(format: "tiles: first complete screen after %.0f ms (%d frames at 60 Hz)", firstMs, firstFrames))
        print(String(format: "tiles: newly exposed screens (%d jumps) complete in %d frames median, %d worst",
                     jumps.count, jumps[jumps.count / 2], jumps.last ?? 0))
        print(String(format: "tiles: frame (snapshot + composite) while panning/zooming: median %.2f ms, p95 %.2f, worst %.2f (%d frames, %d with tiles pending); CPU median %.2f ms, p95 %.2f",
                     q(frameMs, 0.5), q(frameMs, 0.95), frameMs.last ?? 0, frameMs.count, pendingFrames,
                     q(frameCPUMs, 0.5), q(frameCPUMs, 0.95)))
        print(String(format: "tiles: tile draw: median %.2f ms, p95 %.2f ms (%d draws on %d workers, %d on the main thread)",
                     q(draws, 0.5), q(draws, 0.95), draws.count, max(2, ProcessInfo.processInfo.activeProcessorCount),
                     layer.onMain.load(ordering: .relaxed)))
    }
}
