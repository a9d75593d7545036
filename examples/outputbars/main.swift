// outputbars: a 24-point bar along the top of every output (wlr-layer-shell, one surface per
// output through `LayerShellWindowSet`) that follows outputs being plugged in and unplugged.
//
//   outputbars [--exit-after SECONDS]
//
// Prints, one line each:
//   strata: bar NAME shown WxH     the bar on output NAME committed its first frame (a W×H buffer)
//   strata: bar NAME removed       output NAME went away and its bar was closed
import Foundation
import Strata
import StrataWayland

func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

var exitAfter: Double?
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    guard a == "--exit-after", let s = args.popFirst().flatMap(Double.init), s.isFinite, s >= 0 else {
        FileHandle.standardError.write(Data("outputbars: usage: outputbars [--exit-after SECONDS]\n".utf8))
        exit(2)
    }
    exitAfter = s
}

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
    config.height = 24
    config.exclusiveZone = 24
    config.namespace = "outputbars"
    let shown = OncePerKey()
    let loop = app.loop, connection = app.display.connection
    let bars = try LayerShellWindowSet(application: app, configuration: config) { window, output in
        let name = output.name ?? "output-\(output.registryName)"
        window.layer.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.11, alpha: 1)
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
    if let t = exitAfter { app.after(t) { app.stop() } }
    try withExtendedLifetime(bars) { try app.run() }
    exit(0)
} catch {
    FileHandle.standardError.write(Data("outputbars: \(error)\n".utf8))
    exit(1)
}
