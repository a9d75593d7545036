import Foundation

/// `strata-bench --compare PEERS_DIR`: Strata and the peer libraries on the same scenes, in the
/// same run, interleaved so that machine load drifting during the run hits both alike.
///
/// PEERS_DIR is a writable copy of the peers' harness (`shared/bench`: bench.py, libs.py, the C
/// anchors) with its `.venv` and `build/libanchors.so` in place — `scripts/bench-peers DIR` makes
/// one. For each scene: Strata is timed, then the peers' `bench.py` times every library it has
/// for that scene (a separate process, the same protocol), then Strata again; Strata's figure is
/// the mean of its two medians. Prints Strata ÷ peer per scene and the geometric mean per
/// workload and peer; `--json OUT` writes all of it. Native Blend2D (blend2d-C) runs in the
/// peers' process for the fill and stroke scenes (scripts/bench-peers); other scenes the anchors
/// measured with blend2d-C get an estimated blend2d-C figure (AnchorEstimate).
enum Compare {
    struct Row {
        var scene: String
        var workload: String
        var strataUs: Double
        var peersUs: [String: Double]
    }

    static func run(peersDir: String, scenes: [BenchScene], opts: Options) {
        let python = peersDir + "/.venv/bin/python", bench = peersDir + "/bench.py"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: bench) else {
            fail("--compare \(peersDir): no .venv/bin/python or bench.py there (make it with scripts/bench-peers \(peersDir))")
        }
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("strata-compare-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        var rows: [Row] = []
        let anchorRatios = AnchorEstimate.ratios(anchorsPath: peersDir + "/ANCHORS.md")
        if !anchorRatios.isEmpty { print("note: " + AnchorEstimate.note) }
        for sc in scenes where opts.only.isEmpty || opts.only.contains(where: { sc.name.contains($0) }) {
            guard let runner: BenchRunner = SceneRunner(sc) ?? CompositeRunner(sc, scenesPath: opts.scenesPath, threads: opts.threads) else {
                continue
            }
            let first = Measurement(runner, rounds: opts.rounds, batchMs: opts.batchMs).medianUs
            var peers = peerTimes(python: python, bench: bench, scene: sc.name, rounds: opts.rounds, out: tmp)
            AnchorEstimate.add(to: &peers, scene: sc.name, ratios: anchorRatios)
            let second = Measurement(runner, rounds: opts.rounds, batchMs: opts.batchMs).medianUs
            let row = Row(scene: sc.name, workload: sc.workload, strataUs: (first + second) / 2, peersUs: peers)
            rows.append(row)
            print(line(row), terminator: "\n")
            fflush(nil)   // all streams: progress shows while the peers run
        }
        let means = geometricMeans(rows)
        print("geometric means (Strata ÷ peer):")
        for (key, g) in means.sorted(by: { $0.key < $1.key }) {
            print("  \(key.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(format: "%6.2f", g.mean))  (\(g.count) scenes)")
        }
        if let out = opts.json {
            var doc: [String: Any] = [:]
            doc["scenes"] = Dictionary(uniqueKeysWithValues: rows.map { r in
                (r.scene, ["strata_us": r.strataUs, "workload": r.workload,
                           "peers_us": r.peersUs, "ratios": r.peersUs.mapValues { r.strataUs / $0 }] as [String: Any])
            })
            doc["geomean"] = means.mapValues { $0.mean }
            doc["threads"] = opts.threads
            writeJSON(doc, to: out)
        }
    }

    /// Median µs per op of every library the peers' harness runs on `scene` (exact name).
    static func peerTimes(python: String, bench: String, scene: String, rounds: Int, out: String) -> [String: Double] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [bench, "--only", scene, "--rounds", String(rounds), "--no-bandwidth", "--out", out]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { fail("running \(python) \(bench): \(error)") }
        p.waitUntilExit()
        guard p.terminationStatus == 0, let data = FileManager.default.contents(atPath: out),
              let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scenes = doc["scenes"] as? [String: Any], let entry = scenes[scene] as? [String: Any],
              let results = entry["results"] as? [String: Any] else {
            print("note: the peers' harness gave no result for \(scene) (exit \(p.terminationStatus))")
            return [:]
        }
        var times: [String: Double] = [:]
        for (lib, v) in results {
            if let r = v as? [String: Any], let s = r["median_s"] as? Double, s > 0 { times[lib] = s * 1e6 }
        }
        return times
    }

    static func line(_ r: Row) -> String {
        var s = "\(r.scene.padding(toLength: 34, withPad: " ", startingAt: 0)) strata \(String(format: "%9.1f", r.strataUs)) us"
        for (lib, us) in r.peersUs.sorted(by: { $0.key < $1.key }) {
            s += "  ÷\(lib) \(String(format: "%.2f", r.strataUs / us))"
        }
        return s
    }

    /// "workload ÷ peer" → geometric mean of Strata ÷ peer over the scenes that peer ran.
    static func geometricMeans(_ rows: [Row]) -> [String: (mean: Double, count: Int)] {
        var logs: [String: [Double]] = [:]
        for r in rows {
            for (lib, us) in r.peersUs { logs["\(r.workload) ÷ \(lib)", default: []].append(log(r.strataUs / us)) }
        }
        return logs.mapValues { (exp($0.reduce(0, +) / Double($0.count)), $0.count) }
    }
}
