import Foundation

/// `strata-bench --pair PEERS_DIR`: Strata's whole fill or stroke (Swift included) against native
/// Blend2D and cairo in this one process, round by round, for the fill and stroke scenes.
///
/// Why: `--compare` times the peers in another process, minutes from Strata's own batches, and
/// on this shared machine the same binary's ratio to blend2d-C moved 0.97–1.45 between runs.
/// Here each round times a short batch of every side back to back (the order rotating from round
/// to round), so load drifting during the run hits the sides of a round alike; the figure per
/// scene and peer is the median over the rounds of Strata's time per op ÷ the peer's. `--json OUT`
/// writes the figures in `--compare`'s shape, with each ratio's interquartile range.
///
/// The peers are the anchors' C tasks in PEERS_DIR/build/libanchors.so (`scripts/bench-peers`
/// links native Blend2D's tasks into it): `anc_b2d_fill_new` / `anc_b2d_stroke_new` (Blend2D's
/// static library from the blend2d-python wheel) and `anc_cairo_fill_new` /
/// `anc_cairo_stroke_new`, opened with dlopen so that Strata's build never links them. Dashed
/// strokes have no Blend2D task (its stroker ignores dashes): cairo only. Each side draws the
/// scene OVER its own target again and again, as in `--compare`.
enum Pair {
    /// The anchors' task: `struct Task` of shared/bench/c/anchors.h (only its layout's prefix up
    /// to `op` matters here: anc_run calls it).
    private typealias FillNew = @convention(c) (Int32, Int32, Int32, UnsafePointer<Int32>, UnsafePointer<CChar>,
                                                UnsafePointer<Double>, Int32, UnsafePointer<Double>,
                                                UnsafePointer<Double>, Int32) -> OpaquePointer?
    /// Blend2D's fill task takes no antialias flag (scripts/lib/peers_blend2d_native.c).
    private typealias B2DFillNew = @convention(c) (Int32, Int32, Int32, UnsafePointer<Int32>, UnsafePointer<CChar>,
                                                   UnsafePointer<Double>, Int32, UnsafePointer<Double>,
                                                   UnsafePointer<Double>) -> OpaquePointer?
    private typealias StrokeNew = @convention(c) (Int32, Int32, Int32, UnsafePointer<CChar>, UnsafePointer<Double>,
                                                  Double, Int32, UnsafePointer<Double>?, Double,
                                                  UnsafePointer<Double>, UnsafePointer<Double>) -> OpaquePointer?
    private typealias Run = @convention(c) (OpaquePointer, Int32) -> Double
    private typealias Free = @convention(c) (OpaquePointer) -> Void

    /// A peer's task for one scene and how to time it.
    private struct Peer {
        let name: String
        let task: OpaquePointer
        let run: Run
        let free: Free
        var n = 1
        func time(_ k: Int) -> Double { run(task, Int32(k)) }
    }

    static func run(peersDir: String, scenes: [BenchScene], opts: Options) {
        let lib = peersDir + "/build/libanchors.so"
        guard let h = dlopen(lib, RTLD_NOW | RTLD_LOCAL) else {
            fail("--pair \(peersDir): cannot open \(lib) (make it with scripts/bench-peers \(peersDir)): "
                 + String(cString: dlerror()))
        }
        func sym<T>(_ name: String, _: T.Type) -> T? {
            dlsym(h, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let run = sym("anc_run", Run.self), let free = sym("anc_free", Free.self) else {
            fail("--pair: \(lib) has no anc_run/anc_free")
        }
        let b2dFill = sym("anc_b2d_fill_new", B2DFillNew.self), cairoFill = sym("anc_cairo_fill_new", FillNew.self)
        let fills: [(String, ((PeerSpec) -> OpaquePointer?)?)] = [
            ("blend2d-C", b2dFill.map { f in { $0.fill(f) } }),
            ("cairo-C", cairoFill.map { f in { $0.fill(f) } }),
        ]
        let strokes: [(String, StrokeNew?)] = [("blend2d-C", sym("anc_b2d_stroke_new", StrokeNew.self)),
                                               ("cairo-C", sym("anc_cairo_stroke_new", StrokeNew.self))]
        if fills[0].1 == nil { print("note: \(lib) has no native Blend2D tasks (scripts/bench-peers builds them when it can)") }
        let rounds = max(opts.rounds, 31)
        print("Strata ÷ peer per scene: median over \(rounds) rounds of ~\(Int(batchSeconds * 1000)) ms batches, sides back to back")
        var logs: [String: [Double]] = [:]
        var json: [String: Any] = [:]
        for sc in scenes where ["fill", "stroke"].contains(sc.kind)
            && (opts.only.isEmpty || opts.only.contains(where: { sc.name.contains($0) })) {
            guard let strata = SceneRunner(sc), let spec = PeerSpec(sc) else { continue }
            var peers: [Peer] = []
            for (name, make) in (sc.kind == "fill" ? fills.map { ($0.0, $0.1.map { $0(spec) }) }
                                                    : strokes.map { ($0.0, $0.1.map { spec.stroke($0) }) }) {
                if let task = make ?? nil { peers.append(Peer(name: name, task: task, run: run, free: free)) }
            }
            defer { for p in peers { p.free(p.task) } }
            guard !peers.isEmpty else { continue }
            // Batch sizes: each side's batch takes about batchSeconds.
            let strataN = batchSize { strata.run($0) }
            for i in peers.indices { peers[i].n = batchSize(peers[i].time) }
            var ratios = Array(repeating: [Double](), count: peers.count)
            var strataUs: [Double] = [], peerUs = Array(repeating: [Double](), count: peers.count)
            for r in 0..<rounds {
                var times = Array(repeating: 0.0, count: peers.count + 1)
                for k in 0...peers.count {
                    let side = (k + r) % (peers.count + 1)
                    times[side] = side == 0 ? strata.run(strataN) / Double(strataN)
                                            : peers[side - 1].time(peers[side - 1].n) / Double(peers[side - 1].n)
                }
                strataUs.append(times[0] * 1e6)
                for i in peers.indices {
                    ratios[i].append(times[0] / times[i + 1])
                    peerUs[i].append(times[i + 1] * 1e6)
                }
            }
            var line = "\(sc.name.padding(toLength: 34, withPad: " ", startingAt: 0)) strata \(fmt(median(strataUs).med, 9, 1)) us"
            var sceneRatios: [String: Double] = [:], sceneIQR: [String: [Double]] = [:], scenePeerUs: [String: Double] = [:]
            for (i, p) in peers.enumerated() {
                let m = median(ratios[i])
                line += "   ÷\(p.name) \(fmt(m.med, 5, 3)) [\(fmt(m.q1, 4, 2))..\(fmt(m.q3, 4, 2))] (\(fmt(median(peerUs[i]).med, 1, 1)) us)"
                logs[sc.workload + " ÷ " + p.name, default: []].append(log(m.med))
                sceneRatios[p.name] = m.med
                sceneIQR[p.name] = [m.q1, m.q3]
                scenePeerUs[p.name] = median(peerUs[i]).med
            }
            json[sc.name] = ["workload": sc.workload, "strata_us": median(strataUs).med, "ratios": sceneRatios,
                             "ratio_iqr": sceneIQR, "peers_us": scenePeerUs, "rounds": rounds] as [String: Any]
            print(line)
            fflush(nil)
        }
        print("geometric means of the medians (Strata ÷ peer):")
        var means: [String: Double] = [:]
        for (key, xs) in logs.sorted(by: { $0.key < $1.key }) {
            let g = exp(xs.reduce(0, +) / Double(xs.count))
            means[key] = g
            print("  \(key.padding(toLength: 28, withPad: " ", startingAt: 0)) \(fmt(g, 6, 3))  (\(xs.count) scenes)")
        }
        if let out = opts.json {
            // --compare's shape (scenes → ratios per peer, geomean per "workload ÷ peer"), plus
            // each ratio's interquartile range over the rounds.
            writeJSON(["scenes": json, "geomean": means, "paired": true], to: out)
        }
    }

    private static let batchSeconds = 0.004

    /// The number of ops that takes about `batchSeconds` (after 2 warm-up ops).
    private static func batchSize(_ time: (Int) -> Double) -> Int {
        _ = time(2)
        var n = 1
        while true {
            let t = time(n)
            if t >= batchSeconds || n >= 1 << 16 { return n }
            n = max(n * 2, Int(Double(n) * batchSeconds / max(t, 1e-7)))
        }
    }

    private static func fmt(_ x: Double, _ width: Int, _ digits: Int) -> String {
        String(format: "%\(width).\(digits)f", x)
    }

    /// A scene's paths, colours and stroke in the anchors' argument form.
    private struct PeerSpec {
        let w: Int32, h: Int32
        var verbCounts: [Int32] = []
        var verbs: [CChar] = []
        var pts: [Double] = []
        var evenOdd: Int32 = 0
        var color: [Double], background: [Double]
        var width = 1.0, dash: [Double] = [], dashOffset = 0.0

        init?(_ sc: BenchScene) {
            w = Int32(sc.width); h = Int32(sc.height)
            color = sc.raw["color"] as? [Double] ?? [0, 0, 0, 1]
            background = sc.raw["background"] as? [Double] ?? [1, 1, 1, 1]
            // The loader's specs (paths_from resolved), combined as it combines them: the peers
            // get the geometry Strata draws.
            var specs = sc.pathSpecs
            guard !specs.isEmpty else { return nil }
            if sc.kind == "fill" {
                evenOdd = sc.evenOdd ? 1 : 0
            } else {
                width = sc.raw["line_width"] as? Double ?? 1
                dash = sc.raw["dash"] as? [Double] ?? []
                dashOffset = sc.raw["dash_offset"] as? Double ?? 0
            }
            if sc.raw["combine"] as? Bool == true, specs.count > 1 {
                specs = [["verbs": specs.compactMap { $0["verbs"] as? String }.joined(),
                          "pts": specs.flatMap { $0["pts"] as? [Double] ?? [] }]]
            }
            for s in specs {
                guard let v = s["verbs"] as? String, let p = s["pts"] as? [Double] else { return nil }
                verbCounts.append(Int32(v.utf8.count))
                verbs += v.utf8.map { CChar(bitPattern: $0) }
                pts += p
            }
            verbs.append(0)
        }

        /// cairo's task, antialiased.
        func fill(_ make: FillNew) -> OpaquePointer? {
            make(w, h, Int32(verbCounts.count), verbCounts, verbs, pts, evenOdd, color, background, 1)
        }

        /// Blend2D's task (always antialiased).
        func fill(_ make: B2DFillNew) -> OpaquePointer? {
            make(w, h, Int32(verbCounts.count), verbCounts, verbs, pts, evenOdd, color, background)
        }

        func stroke(_ make: StrokeNew) -> OpaquePointer? {
            dash.withUnsafeBufferPointer { d in
                make(w, h, verbCounts[0], verbs, pts, width, Int32(dash.count), d.baseAddress, dashOffset, color, background)
            }
        }
    }

}
