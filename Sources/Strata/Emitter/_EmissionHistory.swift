import Foundation

/// An emitter's specs over its local time: segment *j* holds from its `start` until the next
/// segment's start (the last one holds on). Particles born in a segment use its spec for their
/// whole life. `counts[i]` is how many particles cell *i* had emitted (as a real number: the
/// integral of its birth rate) when the segment began, so emission carries on across changes
/// without a burst or a gap and every particle keeps its number (and so its random draws).
struct _EmissionHistory: Sendable {
    struct Segment: Sendable {
        var start: Double
        var spec: _EmitterSpec
        var counts: [Double]

        /// Cell `i`'s emitted count at local time `t` (≥ start) if the segment held until then.
        func count(_ i: Int, at t: Double) -> Double {
            (i < counts.count ? counts[i] : 0) + spec.rate(i) * max(0, t - start)
        }
    }

    private(set) var segments: [Segment] = []

    /// Starts a segment with `spec` at local time `time`. A change at the same instant (or at an
    /// earlier one, if the layer's clock went back) replaces the last segment's spec.
    mutating func begin(_ spec: _EmitterSpec, at time: Double) {
        guard time.isFinite else { return }
        var counts: [Double]
        if let last = segments.last {
            if time <= last.start {
                segments[segments.count - 1].spec = spec
                segments[segments.count - 1].counts += [Double](repeating: 0, count: max(0, spec.cells.count - last.counts.count))
                return
            }
            let n = max(spec.cells.count, last.counts.count)
            counts = (0..<n).map { last.count($0, at: time) }
        } else {
            counts = [Double](repeating: 0, count: spec.cells.count)
        }
        segments.append(Segment(start: time, spec: spec, counts: counts))
        prune(at: time)
    }

    /// Drops segments whose particles are all dead at `time`, and the oldest beyond the bound.
    private mutating func prune(at time: Double) {
        var drop = 0
        while drop + 1 < segments.count, segments[drop + 1].start + segments[drop].spec.maximumLifetime < time { drop += 1 }
        drop = max(drop, segments.count - CAEmitterLayer.maximumHistory)
        if drop > 0 { segments.removeFirst(drop) }
    }

    /// The end of segment `j` (the next one's start; ∞ for the last).
    func end(_ j: Int) -> Double { j + 1 < segments.count ? segments[j + 1].start : .infinity }

    /// Whether the picture can change after local time `t`: a cell still emits, or a particle
    /// is still alive (or not yet born).
    func isActive(at t: Double) -> Bool {
        for (j, s) in segments.enumerated() {
            let live = s.spec.maximumLifetime
            guard live > 0, s.spec.cells.indices.contains(where: { s.spec.rate($0) > 0 }) else { continue }
            if t < end(j) + live { return true }
        }
        return false
    }
}
