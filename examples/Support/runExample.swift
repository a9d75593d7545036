import Foundation
import Strata
import StrataWayland

/// Runs an example as its command line asks: offscreen snapshot, or live in a window.
/// Never returns; exits 0 on success, 1 with a message on stderr on failure.
///
/// `live` runs once the window exists (before the first frame), for examples that need the
/// application or window; `onRest` runs on the main thread when the animations started in
/// `start` have completed, just before `strata: resting` is printed.
public func runExample(_ scene: some ExampleScene, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
                       live: (Application, Window?) -> Void = { _, _ in },
                       onRest: @escaping () -> Void = {}) -> Never {
    do {
        let options = try ExampleOptions(arguments: arguments)
        try renderOffscreenIfAsked(scene, options: options)
        try runLive(scene, options: options, live: live, onRest: onRest)
        exit(0)
    } catch {
        exitReporting(error)
    }
}

/// For examples that run their own live loop (one surface per output, an input log): when
/// `options` ask for `--snapshot` or `--record`, renders `scene` offscreen, writes the file and
/// exits 0 (1 with a message on failure); otherwise returns.
public func renderOffscreenIfAsked(_ scene: some ExampleScene, options: ExampleOptions) throws {
    if let snap = options.snapshot {
        let png = try renderSnapshot(scene, at: snap.time, scale: options.scale)
        try png.write(toFile: snap.path)
        exit(0)
    }
    if let record = options.record {
        let apng = try renderRecording(scene, duration: record.duration, fps: record.fps, scale: options.scale)
        try apng.write(toFile: record.path)
        exit(0)
    }
}

/// Prints `NAME: error` on stderr and exits 1.
public func exitReporting(_ error: Error) -> Never {
    FileHandle.standardError.write(Data("\(CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "example"): \(error)\n".utf8))
    exit(1)
}

private func runLive(_ scene: some ExampleScene, options: ExampleOptions,
                     live: (Application, Window?) -> Void, onRest: @escaping () -> Void) throws {
    let app = try Application()
    let loop = app.loop, connection = app.display.connection
    let frames = FrameCounter()
    var started = false
    var root: CALayer?
    func configured(width: Int, height: Int, state: String?) {
        if options.report { emit("strata: configure \(width) \(height)" + (state.map { " " + $0 } ?? "")) }
        guard !started, let root else { return }
        started = true
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // Paused: the root's local time stays 0, so every animation added below shows its first
        // frame (the offscreen snapshot at 0) for the whole run.
        if options.paused { root.speed = 0 }
        scene.build(root: root)
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            // Every request (the last frame's commit included) has reached the compositor
            // before tests are told the picture is at rest.
            try? connection.roundtrip()
            onRest()
            if options.report { emit(frames.line) }
            emit("strata: resting")
        }
        scene.start(root: root)
        CATransaction.commit()
    }
    // Tell tests when the first frame has reached the compositor.
    let shown = ShownOnce()
    let report = options.report
    let onFrame: @Sendable (FrameInfo) -> Void = { frame in
        if report { frames.add(frame) }
        guard shown.first() else { return }
        loop.post {
            try? connection.roundtrip()
            emit("strata: shown")
        }
    }
    // The surface lives for the whole run.
    let keep: AnyObject
    if let config = scene.layerShell {
        let surface = try LayerShellWindow(application: app, configuration: config)
        root = surface.layer
        surface.onConfigure = { [unowned surface] in
            configured(width: surface.width, height: surface.height, state: nil)
        }
        surface.onFrameCommitted(onFrame)
        keep = surface
        live(app, nil)
    } else {
        let window = try Window(application: app, title: scene.title, appID: "strata.\(scene.title)",
                                width: scene.width, height: scene.height)
        root = window.layer
        window.onConfigure = { [unowned window] in
            configured(width: window.width, height: window.height,
                       state: window.toplevel.states.contains(.fullscreen) ? "fullscreen"
                           : window.toplevel.states.contains(.maximized) ? "maximized" : nil)
        }
        window.onFrameCommitted(onFrame)
        window.inhibitsIdle = options.inhibitIdle
        if let t = options.maximizeAfter {
            app.after(t) { [unowned window] in window.toplevel.requestMaximized(true) }
        }
        if let t = options.fullscreenAfter {
            app.after(t) { [unowned window] in window.toplevel.requestFullscreen(true) }
        }
        keep = window
        live(app, window)
    }
    if let t = options.exitAfter {
        app.after(t) {
            // Examples that never rest (animations repeating forever) report on the way out.
            if report { emit(frames.line) }
            app.stop()
        }
    }
    try withExtendedLifetime(keep) { try app.run() }
}

/// True exactly once, from any thread.
private final class ShownOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func first() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}

/// Frames committed and the last buffer size, from the render thread (`--report`).
private final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var last: FrameInfo?
    func add(_ f: FrameInfo) { lock.lock(); count += 1; last = f; lock.unlock() }
    var line: String {
        lock.lock(); defer { lock.unlock() }
        return "strata: frames \(count) buffer \(last?.bufferWidth ?? 0)x\(last?.bufferHeight ?? 0)"
    }
}
