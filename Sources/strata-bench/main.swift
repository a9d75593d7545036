import Foundation
import Strata

/// strata-bench: times the scenes of scenes.json with the shared protocol (shared/bench/README.md):
/// 2 warm-up ops, batches of ≥ 50 ms, `--rounds` rounds (default 9, at least 3), median per op.
struct Options {
    var scenesPath = "bench/scenes.json"
    var only: [String] = []
    var rounds = 9
    var batchMs = 50.0
    var json: String?
    var render: String?
    var smoke = false
    var threads = 1
    /// Runs each scene exactly this many times, untimed (for `perf stat` instruction counts).
    var iterations: Int?
    /// A prepared copy of the peers' harness: time them interleaved with Strata (Compare.swift).
    var compare: String?
    /// The same peers' harness: Strata against native Blend2D and cairo in one process (Pair.swift).
    var pair: String?
    /// Strokes take the exact union where their outlines overlap (`PathRasterizer.exactOverlaps`).
    var exactOverlaps = false
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst().makeIterator()
    func value(_ flag: String) -> String {
        guard let v = args.next() else { fail("\(flag) needs a value") }
        return v
    }
    while let a = args.next() {
        switch a {
        case "--scenes": o.scenesPath = value(a)
        case "--only": o.only = value(a).split(separator: ",").map(String.init)
        case "--rounds": o.rounds = max(3, Int(value(a)) ?? 9)
        case "--batch-ms": o.batchMs = max(1, Double(value(a)) ?? 50)
        case "--json": o.json = value(a)
        case "--render": o.render = value(a)
        case "--smoke": o.smoke = true
        case "--threads": o.threads = max(1, Int(value(a)) ?? 1)
        case "--iterations": o.iterations = max(1, Int(value(a)) ?? 1)
        case "--compare": o.compare = value(a)
        case "--pair": o.pair = value(a)
        case "--exact-overlaps": o.exactOverlaps = true
        case "--wayland":
            // Compositor-side figures need a headless sway and the `stress` example: a script's job.
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "scripts/bench-wayland")
            p.arguments = Array(CommandLine.arguments.drop(while: { $0 != "--wayland" }).dropFirst())
            do { try p.run() } catch { fail("--wayland runs scripts/bench-wayland from the repository root: \(error)") }
            p.waitUntilExit()
            exit(p.terminationStatus)
        case "-h", "--help":
            print("""
            usage: strata-bench [--scenes FILE] [--only a,b] [--rounds N] [--batch-ms MS] [--json OUT]
                                [--render DIR] [--smoke] [--threads N] [--iterations N]
                                [--compare PEERS_DIR] [--pair PEERS_DIR] [--exact-overlaps]
                   strata-bench --engine | --layer-bytes | --animation | --tiles
                   strata-bench --wayland [SECONDS] [LAYERS]   (from the repository root)
            """)
            exit(0)
        default: fail("unknown option \(a)")
        }
    }
    return o
}

func fail(_ msg: String) -> Never {
    FileHandle.standardError.write(("strata-bench: " + msg + "\n").data(using: .utf8)!)
    exit(2)
}

/// `doc` as pretty-printed JSON with sorted keys at `path`; exits with the error when it cannot.
func writeJSON(_ doc: [String: Any], to path: String) {
    do {
        let data = try JSONSerialization.data(withJSONObject: doc, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    } catch { fail("writing \(path): \(error)") }
}

func median(_ xs: [Double]) -> (med: Double, q1: Double, q3: Double) {
    let s = xs.sorted()
    func q(_ p: Double) -> Double {
        let k = Double(s.count - 1) * p
        let f = Int(k), c = min(f + 1, s.count - 1)
        return s[f] + (s[c] - s[f]) * (k - Double(f))
    }
    return (q(0.5), q(0.25), q(0.75))
}

if EngineBench.handle(CommandLine.arguments) || AnimationBench.handle(CommandLine.arguments)
    || TileBench.handle(CommandLine.arguments) { exit(0) }
let opts = parseOptions()
SceneRunner.exactOverlaps = opts.exactOverlaps
if opts.threads != 1 { print("note: --threads \(opts.threads): fill/stroke scenes run single-threaded; compositor scenes use \(opts.threads)") }
let scenes: [BenchScene]
do { scenes = try SceneLoader.load(path: opts.scenesPath) } catch { fail("\(error)") }

if let dir = opts.pair {
    Pair.run(peersDir: dir, scenes: scenes, opts: opts)
    exit(0)
}
if let dir = opts.compare {
    Compare.run(peersDir: dir, scenes: scenes, opts: opts)
    exit(0)
}
var results: [String: Any] = [:]
var smokeFailures = 0
if let dir = opts.render { try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
for sc in scenes where opts.only.isEmpty || opts.only.contains(where: { sc.name.contains($0) }) {
    guard let runner: BenchRunner = SceneRunner(sc) ?? CompositeRunner(sc, scenesPath: opts.scenesPath, threads: opts.threads) else {
        print("\(sc.name.padding(toLength: 38, withPad: " ", startingAt: 0)) not implemented yet (\(sc.kind))")
        continue
    }
    if opts.smoke || opts.render != nil {
        runner.reset()
        _ = runner.run(1)
        let g = runner.gray()
        let ink = g.reduce(0) { $0 + Int(255 - $1) }
        if opts.smoke {
            let ok = ink > 0
            if !ok { smokeFailures += 1 }
            print("\(sc.name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(ok ? "ok" : "FAILED: no ink") ink=\(Double(ink) / 255)")
        }
        if let dir = opts.render, let g = runner.gradient {
            do { try g.writePNG(to: "\(dir)/\(sc.name).png") } catch { fail("writing \(sc.name).png: \(error)") }
        } else if let dir = opts.render {
            do { try PNGImage.writeGray(toFile: "\(dir)/\(sc.name).png", width: sc.width, height: sc.height, pixels: g) }
            catch { fail("writing \(sc.name).png: \(error)") }
        }
        if opts.smoke { continue }
    }
    if let n = opts.iterations {
        runner.reset()
        _ = runner.run(n)
        continue
    }
    let m = Measurement(runner, rounds: opts.rounds, batchMs: opts.batchMs)
    var entry = m.json
    entry["threads"] = runner.threads
    results[sc.name] = entry
    print("\(sc.name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(String(format: "%10.2f", m.medianUs)) us  (iqr \(String(format: "%.1f", m.iqrUs / m.medianUs * 100))%)")
}
if let out = opts.json {
    let doc: [String: Any] = ["scenes": results, "library": "strata", "protocol": ["rounds": opts.rounds, "batch_ms": opts.batchMs]]
    writeJSON(doc, to: out)
}
if smokeFailures > 0 { exit(1) }
