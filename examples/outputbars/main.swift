// outputbars: a 24-point bar along the top of every output (wlr-layer-shell, one surface per
// output through `LayerShellWindowSet`) that follows outputs being plugged in and unplugged.
//
//   outputbars [--exit-after SECONDS]
//   outputbars --snapshot T OUT.png | --record OUT.png [--duration D] [--fps F] [--scale S]
//
// Prints, one line each:
//   strata: bar NAME shown WxH     the bar on output NAME committed its first frame (a W×H buffer)
//   strata: bar NAME removed       output NAME went away and its bar was closed
//
// A bar's width is its output's, so offscreen (`--snapshot`, `--record`) there is no output to
// take it from: those render the bar of an 800-point-wide output. The live loop is its own
// (one surface per output, not `runExample`'s single window); of the other example options it
// honours `--exit-after`.
import ExampleSupport
import Foundation
import Strata
import StrataWayland

/// One bar's content: a dark strip. Offscreen it is `width` (800) points wide.
final class Bar: ExampleScene {
    let title = "outputbars", width = 800, height = 24
    func build(root: CALayer) { root.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.11, alpha: 1) }
}

let options: ExampleOptions
do { options = try ExampleOptions(arguments: Array(CommandLine.arguments.dropFirst())) } catch { exitReporting(error) }
let bar = Bar()
do { try renderOffscreenIfAsked(bar, options: options) } catch { exitReporting(error) }

/// True once per key, from any thread.
final class OncePerKey: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []
    func first(_ key: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return seen.insert(key).inserted
    }
}

do {
    let app = try Application()
    var config = LayerSurface.Configuration()
    config.layer = .top
    config.anchor = [.top, .left, .right]
    config.height = bar.height
    config.exclusiveZone = bar.height
    config.namespace = "outputbars"
    let shown = OncePerKey()
    let loop = app.loop, connection = app.display.connection
    let bars = try LayerShellWindowSet(application: app, configuration: config) { window, output in
        let name = output.name ?? "output-\(output.registryName)"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        bar.build(root: window.layer)
        CATransaction.commit()
        window.onFrameCommitted { frame in
            guard shown.first(name) else { return }
            loop.post {
                try? connection.roundtrip()
                emit("strata: bar \(name) shown \(frame.bufferWidth)x\(frame.bufferHeight)")
            }
        }
    }
    bars.onWindowRemoved = { _, output in
        emit("strata: bar \(output.name ?? "output-\(output.registryName)") removed")
    }
    if let t = options.exitAfter { app.after(t) { app.stop() } }
    try withExtendedLifetime(bars) { try app.run() }
    exit(0)
} catch {
    exitReporting(error)
}
