/// A CSS/Core Animation timing curve from (0,0) to (1,1) with control points (x1,y1), (x2,y2),
/// evaluated independently of the engine so tests can predict presentation values.
struct CubicBezier {
    let x1: Double, y1: Double, x2: Double, y2: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// y for the given x in 0…1, solving x(t) = x by bisection (x(t) is monotonic for x1, x2 in 0…1).
    func value(at x: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if bezier(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, y1, y2)
    }
}
