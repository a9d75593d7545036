// displaylink: a layer moved by a CADisplayLink, as iOS code moves things frame by frame.
// For 60 calls the handler places a square for the link's targetTimestamp (sliding 200 points
// a second); for the next 30 it changes nothing (the window still draws every frame, with no
// damage); at call 90 it pauses the link, and the window comes to rest. `--link-fps N` asks for N
// calls a second (preferredFramesPerSecond): the window then draws only the frames it is called at.
// `--second-link-fps N` adds a second link at N calls a second, which changes nothing, prints
// `tick2 <timestamp>` per call and stops itself after 40 calls.
//
// Prints `tick <timestamp> <targetTimestamp> <duration> <x>` per call (x: where the square was
// placed, or `-`), `frame <time> <damaged pixels> <callbacks skipped before it>` per committed
// frame (render thread),
// `displaylink: paused` and, once the window is idle after that, `displaylink: idle`.
import ExampleSupport
import Foundation
import Strata
import StrataWayland

final class DisplayLinkScene: ExampleScene {
    let title = "displaylink", width = 320, height = 120
    let box = CALayer()

    func build(root: CALayer) {
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        box.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        box.position = CGPoint(x: 40, y: 60)
        box.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        root.addSublayer(box)
    }
}

// `--link-fps N` and `--second-link-fps N` are this example's own options; the rest go to
// runExample.
var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func rateOption(_ name: String) -> Int? {
    guard let i = arguments.firstIndex(of: name) else { return nil }
    guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n >= 0 else {
        FileHandle.standardError.write(Data("displaylink: \(name) needs a whole number of frames per second\n".utf8))
        exit(2)
    }
    arguments.removeSubrange(i...(i + 1))
    return n
}
let linkFPS = rateOption("--link-fps") ?? 0
let secondLinkFPS = rateOption("--second-link-fps")

let scene = DisplayLinkScene()
var link: CADisplayLink?
runExample(scene, arguments: arguments, live: { app, window in
    guard let window else { return }
    window.onFrameCommitted { frame in
        emit("frame \(frame.time) \(frame.damagedPixels) \(frame.skippedFrames) \(frame.frameCallbacks)")
    }
    var calls = 0
    var start: Double?
    let paused = PausedFlag()
    window.onIdle { if paused.isSet { emit("displaylink: idle") } }
    // `--paused` holds the first frame (as every example's animations do): no link then.
    guard !CommandLine.arguments.contains("--paused") else { return }
    app.after(0.3) {  // once the first frames are up
        let l = window.displayLink { link in
            calls += 1
            var placed = "-"
            if calls <= 60 {
                let t0 = start ?? link.timestamp
                start = t0
                // Where the square is when the frame being prepared is seen.
                let x = 40 + 200 * (link.targetTimestamp - t0)
                CATransaction.setDisableActions(true)
                scene.box.position = CGPoint(x: x, y: 60)
                placed = "\(x)"
            }
            emit("tick \(link.timestamp) \(link.targetTimestamp) \(link.duration) \(placed)")
            if calls == 90 {
                // Printed before the flag is set: the render thread may report idle (and print
                // `displaylink: idle`) as soon as it is, and tests take idle as the last line.
                emit("displaylink: paused")
                paused.set()
                link.isPaused = true
            }
        }
        l.preferredFramesPerSecond = linkFPS
        l.add(to: .main, forMode: .common)
        link = l
        guard let fps = secondLinkFPS else { return }
        var secondCalls = 0
        let second = window.displayLink { link in
            secondCalls += 1
            emit("tick2 \(link.timestamp)")
            if secondCalls == 40 { link.invalidate() }
        }
        second.preferredFramesPerSecond = fps
        second.add(to: .main, forMode: .common)
    }
})

/// Set on the main thread, read on the render thread.
final class PausedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
