import Foundation

/// Paths written as in the benchmark spec (`bench/scenes.json`): verbs "M" (1 point), "L" (1),
/// "Q" (2), "C" (3), "Z" (0) and a flat coordinate list. Shared by `strata-bench` and the
/// accuracy tests; not public API.
public enum _ScenePath {
    /// The path, or nil when the verbs and coordinates do not match or a verb is unknown.
    public static func make(verbs: String, points pts: [Double]) -> CGPath? {
        let p = CGMutablePath()
        var k = 0
        func take(_ n: Int) -> [CGPoint]? {
            guard k + 2 * n <= pts.count else { return nil }
            defer { k += 2 * n }
            return (0..<n).map { CGPoint(x: pts[k + 2 * $0], y: pts[k + 2 * $0 + 1]) }
        }
        for v in verbs {
            switch v {
            case "M": guard let q = take(1) else { return nil }; p.move(to: q[0])
            case "L": guard let q = take(1) else { return nil }; p.addLine(to: q[0])
            case "Q": guard let q = take(2) else { return nil }; p.addQuadCurve(to: q[1], control: q[0])
            case "C": guard let q = take(3) else { return nil }; p.addCurve(to: q[2], control1: q[0], control2: q[1])
            case "Z": p.closeSubpath()
            default: return nil
            }
        }
        return k == pts.count ? p.copy() : nil
    }
}
