import Foundation

/// One scene's timing with the shared protocol: 2 warm-up ops, a batch size grown until a batch
/// takes at least `batchMs`, then `rounds` batches (at least 3; fewer past a 12 s budget).
struct Measurement {
    var medianUs: Double
    var minUs: Double
    var iqrUs: Double
    var rounds: Int
    var itersPerBatch: Int

    init(_ runner: BenchRunner, rounds: Int, batchMs: Double) {
        runner.reset()
        _ = runner.run(2)
        var n = 1
        while true {
            let t = runner.run(n)
            if t >= batchMs / 1000 || n >= 1 << 20 { break }
            n = max(n * 2, Int(Double(n) * batchMs / 1000 / max(t, 1e-7) * 1.1))
        }
        var samples: [Double] = []
        let start = Clock.now()
        for r in 0..<rounds {
            samples.append(runner.run(n) / Double(n))
            if r >= 2 && Clock.now() - start > 12 { break }
        }
        let m = median(samples)
        medianUs = m.med * 1e6
        minUs = samples.min()! * 1e6
        iqrUs = (m.q3 - m.q1) * 1e6
        self.rounds = samples.count
        itersPerBatch = n
    }

    var json: [String: Any] {
        ["median_us": medianUs, "min_us": minUs, "iqr_us": iqrUs, "rounds": rounds, "iters_per_batch": itersPerBatch]
    }
}
