import Foundation
import Strata
import StrataUI

/// `viewer --bench-pan-zoom`: the viewer's own view, offscreen, panned and zoomed for 5 s by
/// input injected through an `InputRouter` (wheel detents about the pointer, a pointer drag, a
/// two-finger pinch, wheel back out), one frame every 1/60 s in real time with tiles drawn on
/// the background workers as in a live window. Prints the frame cost (snapshot + composite) and
/// how many frames each newly exposed screen took to complete (`visibleTilesPending` back to 0).
enum PanZoomBench {
    /// The input of frame `i` of 300.
    static func input(_ i: Int, _ router: InputRouter) {
        switch i {
        case 0: router.pointerMoved(to: CGPoint(x: 400, y: 300))
        case 1...60 where i % 10 == 0: router.scroll(source: .wheel, value120Y: -120)    // 6 detents in: ×8
        case 70: router.pointerMoved(to: CGPoint(x: 600, y: 450)); router.pointerButton(ButtonEvent.left, isPressed: true)
        case 71...160: router.pointerMoved(to: CGPoint(x: 600 - 5 * (i - 70), y: 450 - 3 * (i - 70)))
        case 161: router.pointerButton(ButtonEvent.left, isPressed: false)
        case 170: router.touches([TouchInput(id: 1, phase: .down, location: CGPoint(x: 350, y: 300)),
                                  TouchInput(id: 2, phase: .down, location: CGPoint(x: 450, y: 300))])
        case 171...230:                                                                   // fingers 100 → 400 apart: ×4
            let d = 50 + 2.5 * CGFloat(i - 170)
            router.touches([TouchInput(id: 1, phase: .motion, location: CGPoint(x: 400 - d, y: 300)),
                            TouchInput(id: 2, phase: .motion, location: CGPoint(x: 400 + d, y: 300))])
        case 231: router.touches([TouchInput(id: 1, phase: .up), TouchInput(id: 2, phase: .up)])
        case 240...299 where i % 5 == 0: router.scroll(source: .wheel, value120Y: 120)    // back out to the fit
        default: break
        }
    }

    static func run(_ view: TiledImageView) -> Never {
        let size = CGSize(width: 800, height: 600)
        guard let bitmap = Bitmap(width: Int(size.width), height: Int(size.height)) else { exit(1) }
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(origin: .zero, size: size)
        root.addSublayer(view.layer)
        view.frame = root.bounds
        CATransaction.commit()
        CATransaction.flush()
        let tree = RenderTree(root: root)
        let compositor = Compositor()
        let router = InputRouter(rootView: view, scheduler: ManualScheduler(now: 0))
        var wall: [Double] = [], cpu: [Double] = [], screens: [Int] = []
        var pendingSince: Int?
        var maxZoom: CGFloat = 0
        let start = CAMediaClock.systemTime()
        for i in 0..<300 {
            input(i, router)
            CATransaction.flush()
            maxZoom = max(maxZoom, view.zoomScale)
            let t0 = CAMediaClock.systemTime(), c0 = threadCPU()
            compositor.render(tree.snapshot(at: t0), into: bitmap, scale: 1)
            wall.append((CAMediaClock.systemTime() - t0) * 1000)
            cpu.append((threadCPU() - c0) * 1000)
            let pending = view.imageLayer.visibleTilesPending > 0
            if pending, pendingSince == nil { pendingSince = i }
            if !pending, let s = pendingSince { screens.append(i - s + 1); pendingSince = nil }
            let wait = start + Double(i + 1) / 60 - CAMediaClock.systemTime()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        }
        func q(_ xs: [Double], _ p: Double) -> Double { xs.sorted()[min(xs.count - 1, Int(Double(xs.count) * p))] }
        let seconds = CAMediaClock.systemTime() - start
        print(String(format: "viewer: bench-pan-zoom %d frames in %.2f s, zoom %.3f (fit) to %.3f: frame median %.2f ms, p95 %.2f ms (CPU median %.2f, p95 %.2f)",
                     wall.count, seconds, view.fitZoomScale, maxZoom, q(wall, 0.5), q(wall, 0.95), q(cpu, 0.5), q(cpu, 0.95)))
        let sorted = screens.sorted()
        print(String(format: "viewer: bench-pan-zoom tiles: %d waits for tiles, complete after %d frames median, %d worst%@",
                     sorted.count, sorted.isEmpty ? 0 : sorted[sorted.count / 2], sorted.last ?? 0,
                     pendingSince.map { " (still loading at the end since frame \($0))" } ?? ""))
        exit(0)
    }

    /// CPU seconds of the calling thread.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
