// busymain: proves the render-server property. A layer slides for 2 s; 0.5 s in, the main
// thread blocks for 500 ms (as app code sometimes does). Frames are produced on the render
// thread, so the animation keeps its rate: the largest gap between committed frames stays
// within two refresh periods.
//
// Prints `strata: blocked <from> <to>` (monotonic seconds) after the block, one line per
// committed frame, `frame <monotonic seconds>`, then `strata: max-gap-ms <gap> frames <count>`
// once the animation has ended.
import ExampleSupport
import Foundation
import Strata
import StrataWayland

final class BusyMain: ExampleScene {
    let title = "busymain", width = 400, height = 200
    let box = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        box.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        box.position = CGPoint(x: 40, y: 100)
        box.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
        root.addSublayer(box)
    }

    func start(root: CALayer) {
        CATransaction.setAnimationDuration(2.0)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        box.position = CGPoint(x: 360, y: 100)
    }
}

/// Frame commit times, recorded on the render thread.
final class FrameLog: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []
    func add(_ t: Double) { lock.lock(); times.append(t); lock.unlock() }
    var all: [Double] { lock.lock(); defer { lock.unlock() }; return times }
}

let scene = BusyMain()
let log = FrameLog()
runExample(scene, live: { app, window in
    guard let window else { return }
    window.onFrameCommitted { _ in log.add(MonotonicClock.now()) }
    app.after(0.5) {  // the main thread is busy for half a second
        let from = MonotonicClock.now()
        usleep(500_000)
        emit("strata: blocked \(from) \(MonotonicClock.now())")
    }
}, onRest: {
    let t = log.all
    for x in t { emit("frame \(x)") }
    let gap = zip(t.dropFirst(), t).map { $0 - $1 }.max() ?? 0
    emit("strata: max-gap-ms \(Int((gap * 1000).rounded())) frames \(t.count)")
})
