// stress: N moving 64-point layers (default 1000) in a 1280×720 window, each bouncing between
// two points forever with its own period, so every frame changes most of the screen.
//
// `--layers N` sets N. `--frame-rate R` gives every animation a `preferredFrameRateRange` of R
// frames per second (the window then draws only the frames at that rate). `--measure S` runs S
// seconds and prints the compositor-side figures (strata-bench --wayland uses them; see
// StressMeasurement.swift) and exits.
//
// Live runs show the compositor's frame-rate overlay in the top-left corner (`STRATA_DEBUG=fps`)
// unless STRATA_DEBUG is already set: `STRATA_DEBUG= stress` runs without it. `--snapshot` and
// `--record` never show it, so their pictures do not depend on how fast frames were drawn.
import ExampleSupport
import Foundation
import Strata
import StrataWayland

final class Stress: ExampleScene {
    let title = "stress", width = 1280, height = 720
    let count: Int
    /// Frames per second the animations ask for (nil: no preference, every frame).
    let frameRate: Float?
    var layers: [CALayer] = []

    init(count: Int, frameRate: Float? = nil) {
        self.count = count
        self.frameRate = frameRate
    }

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
            if let r = frameRate { a.preferredFrameRateRange = CAFrameRateRange(minimum: r, maximum: r, preferred: r) }
            l.add(a, forKey: "bounce")
        }
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var count = 1000
var measure: Double?
var frameRate: Float?
if let i = arguments.firstIndex(of: "--layers"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n >= 0 {
    count = min(n, 100_000)
    arguments.removeSubrange(i...(i + 1))
}
if let i = arguments.firstIndex(of: "--measure"), i + 1 < arguments.count, let s = Double(arguments[i + 1]), s > 0, s.isFinite {
    measure = s
    arguments.removeSubrange(i...(i + 1))
}

if let i = arguments.firstIndex(of: "--frame-rate"), i + 1 < arguments.count, let r = Float(arguments[i + 1]), r > 0, r.isFinite {
    frameRate = r
    arguments.removeSubrange(i...(i + 1))
}

if !arguments.contains("--snapshot") && !arguments.contains("--record") {
    setenv("STRATA_DEBUG", "fps", 0)
}

let scene = Stress(count: count, frameRate: frameRate)
runExample(scene, arguments: arguments, live: { app, window in
    guard let window, let seconds = measure else { return }
    StressMeasurement(seconds: seconds, scene: scene).start(app: app, window: window)
})
