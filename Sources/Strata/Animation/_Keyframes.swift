import Foundation

/// A path's keyframes: segment end points and, per segment, where it starts and the cubic
/// control points that join it to its end (lines have control points on the line).
struct _KeyframePath: Sendable {
    var points: [CGPoint]
    /// For segment i (towards points[i+1]): its two Bézier control points.
    var controls: [(CGPoint, CGPoint)]
    /// For segment i: its start — points[i], or after a move-to the point moved to (the
    /// animation jumps there: a move-to defines no keyframe of its own).
    var starts: [CGPoint]
}

/// The evaluated form of a keyframe animation's values and timing.
struct _Keyframes: Sendable {
    enum Mode: Sendable { case linear, discrete, paced, cubic, cubicPaced }

    var values: [_AnimValue]
    /// One key time per value (discrete: per value, plus 1 at the end), non-decreasing 0…1.
    var times: [Double]
    var timingFunctions: [CAMediaTimingFunction]
    var mode: Mode
    /// Per-key Kochanek–Bartels tangents (incoming, outgoing) as component vectors.
    var tangents: [([Double], [Double])] = []
    /// Path segments' control points (path animations).
    var pathControls: [(CGPoint, CGPoint)] = []
    /// Path segments' start points (`_KeyframePath.starts`).
    var pathStarts: [CGPoint] = []
    /// 0 none, 1 rotate to the direction of motion, −1 the same plus a half turn.
    var rotation = 0

    init(values: [_AnimValue], mode m: CAAnimationCalculationMode, keyTimes: [Double]?,
         timingFunctions: [CAMediaTimingFunction], tension: [Double], continuity: [Double], bias: [Double]) {
        self.values = values
        self.timingFunctions = timingFunctions
        mode = Self.mode(m)
        times = []
        if mode == .cubic || mode == .cubicPaced {
            tangents = Self.kochanekBartels(values, tension, continuity, bias)
        }
        times = computeTimes(keyTimes)
        if !tangents.isEmpty { tangents = Self.adjustedForKeySpacing(tangents, times: times) }
    }

    init(path: _KeyframePath, mode m: CAAnimationCalculationMode, keyTimes: [NSNumber]?,
         timingFunctions: [CAMediaTimingFunction]?) {
        values = path.points.map { .point($0) }
        pathControls = path.controls
        pathStarts = path.starts
        self.timingFunctions = timingFunctions ?? []
        mode = Self.mode(m)
        if mode == .cubic { mode = .linear }           // a path already defines its curve
        if mode == .cubicPaced { mode = .paced }
        times = []
        times = computeTimes(keyTimes?.map { $0.doubleValue })
    }

    static func mode(_ m: CAAnimationCalculationMode) -> Mode {
        switch m {
        case .discrete: return .discrete
        case .paced: return .paced
        case .cubic: return .cubic
        case .cubicPaced: return .cubicPaced
        default: return .linear
        }
    }

    private func computeTimes(_ given: [Double]?) -> [Double] {
        let n = values.count
        guard n > 1 else { return n == 1 ? [0] : [] }
        if mode == .paced || mode == .cubicPaced {
            var d = [0.0]
            for i in 1..<n { d.append(d[i - 1] + segmentLength(i - 1)) }
            let total = d[n - 1]
            if total > 0 && total.isFinite { return d.map { $0 / total } }
            return (0..<n).map { Double($0) / Double(n - 1) }
        }
        if let g = given, Self.valid(g, count: n, discrete: mode == .discrete) {
            return mode == .discrete && g.count == n ? g + [1] : g
        }
        if mode == .discrete { return (0...n).map { Double($0) / Double(n) } }
        return (0..<n).map { Double($0) / Double(n - 1) }
    }

    static func valid(_ t: [Double], count n: Int, discrete: Bool) -> Bool {
        guard t.count == n || (discrete && t.count == n + 1) else { return false }
        guard t.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else { return false }
        for i in 1..<t.count where t[i] < t[i - 1] { return false }
        return true
    }

    /// Length of segment i (for pacing).
    private func segmentLength(_ i: Int) -> Double {
        if !pathControls.isEmpty, case let .point(b) = values[i + 1] {
            let a = pathStarts[i], (c1, c2) = pathControls[i]
            var len = 0.0, prev = a
            for s in 1...32 {
                let p = Self.bezier(a, c1, c2, b, Double(s) / 32)
                len += Double(hypot(p.x - prev.x, p.y - prev.y)); prev = p
            }
            return len
        }
        if mode == .cubicPaced, !tangents.isEmpty {
            var len = 0.0, prev = values[i]
            for s in 1...32 {
                let v = segmentValue(i, Double(s) / 32)
                len += prev.distance(to: v); prev = v
            }
            return len
        }
        return values[i].distance(to: values[i + 1])
    }

    static func bezier(_ a: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        let u = 1 - t
        let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
        return CGPoint(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x, y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
    }

    /// The value `s` (0…1) of the way through segment i.
    func segmentValue(_ i: Int, _ s: Double) -> _AnimValue {
        // A path segment after a move-to starts at the moved-to point (the value jumps there).
        if s <= 0 { return i < pathStarts.count ? .point(pathStarts[i]) : values[i] }
        if s >= 1 { return values[i + 1] }
        if !pathControls.isEmpty, case let .point(b) = values[i + 1] {
            let a = pathStarts[i], (c1, c2) = pathControls[i]
            return .point(Self.bezier(a, c1, c2, b, s))
        }
        if (mode == .cubic || mode == .cubicPaced), !tangents.isEmpty,
           let p0 = values[i].components, let p1 = values[i + 1].components,
           tangents[i].1.count == p0.count, tangents[i + 1].0.count == p0.count {
            let s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            let m0 = tangents[i].1, m1 = tangents[i + 1].0
            let c = (0..<p0.count).map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
            return values[i].withComponents(c)
        }
        return values[i].interpolated(to: values[i + 1], fraction: s)
    }

    /// The keyframed value at `progress` (0…1 of the simple duration).
    func value(at progress: Double) -> _AnimValue? {
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if mode == .discrete {
            var i = 0
            while i + 1 < n && times[i + 1] <= p { i += 1 }
            return values[i]
        }
        if p >= times[n - 1] { return values[n - 1] }
        if p <= times[0] { return values[0] }
        var i = 0
        while i + 2 < n && times[i + 1] <= p { i += 1 }
        let span = times[i + 1] - times[i]
        var s = span > 0 ? (p - times[i]) / span : 1
        if mode != .paced && mode != .cubicPaced, i < timingFunctions.count { s = timingFunctions[i].evaluate(s) }
        return segmentValue(i, s)
    }

    /// Direction of motion (radians) at `progress`, for rotationMode.
    func angle(at progress: Double) -> Double? {
        let e = 1e-4
        guard case let .point(a)? = value(at: max(progress - e, 0)),
              case let .point(b)? = value(at: min(progress + e, 1)) else { return nil }
        let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
        guard dx != 0 || dy != 0 else { return nil }
        return atan2(dy, dx) + (rotation < 0 ? Double.pi : 0)
    }

    /// Kochanek–Bartels tangents per key: (incoming, outgoing), from neighbours; the ends use
    /// their single neighbour (the missing one is the key itself). `continuity` is taken with
    /// Apple's sign (positive sharpens the corner at the key).
    static func kochanekBartels(_ v: [_AnimValue], _ tension: [Double], _ continuity: [Double], _ bias: [Double]) -> [([Double], [Double])] {
        let comps = v.map(\.components)
        guard let dim = comps.first??.count, comps.allSatisfy({ $0?.count == dim }) else { return [] }
        let p = comps.map { $0! }
        let n = p.count
        func param(_ a: [Double], _ i: Int) -> Double {
            guard i < a.count, a[i].isFinite else { return 0 }
            return a[i]
        }
        return (0..<n).map { i in
            let prev = p[max(i - 1, 0)], cur = p[i], next = p[min(i + 1, n - 1)]
            // Apple: positive continuity gives "sharper corners", negative "inverted corners" —
            // the opposite sign of Kochanek and Bartels' c, used below.
            let t = param(tension, i), c = -param(continuity, i), b = param(bias, i)
            let d0 = (0..<dim).map { cur[$0] - prev[$0] }, d1 = (0..<dim).map { next[$0] - cur[$0] }
            let outA = (1 - t) * (1 + b) * (1 + c) / 2, outB = (1 - t) * (1 - b) * (1 - c) / 2
            let inA = (1 - t) * (1 + b) * (1 - c) / 2, inB = (1 - t) * (1 - b) * (1 + c) / 2
            let outgoing = (0..<dim).map { outA * d0[$0] + outB * d1[$0] }
            let incoming = (0..<dim).map { inA * d0[$0] + inB * d1[$0] }
            return (incoming, outgoing)
        }
    }
}

extension _Keyframes {
    /// Kochanek and Bartels' adjustment for keys that are not evenly spaced in time.
    ///
    /// The tangents above are in "value per segment" units, which is right only when every
    /// segment lasts as long as the next. With uneven key times (explicit `keyTimes`, or paced
    /// spacing) a key's incoming tangent is scaled by 2·Δt₋ / (Δt₋ + Δt₊) and its outgoing one by
    /// 2·Δt₊ / (Δt₋ + Δt₊), where Δt₋ and Δt₊ are the durations of the segments before and after
    /// it. With continuity 0 the velocity (value per unit of time) is then the same on both
    /// sides of the key, so the motion does not jerk at keys. The end keys have one segment; the
    /// missing side counts as equally long (factor 1). For `cubicPaced` the key times come from
    /// the unadjusted spline's lengths.
    static func adjustedForKeySpacing(_ t: [([Double], [Double])], times: [Double]) -> [([Double], [Double])] {
        let n = t.count
        guard n > 2, times.count >= n else { return t }
        return (0..<n).map { i in
            guard i > 0, i < n - 1 else { return t[i] }
            let before = times[i] - times[i - 1], after = times[i + 1] - times[i], sum = before + after
            guard sum > 0, sum.isFinite else { return t[i] }
            let kIn = 2 * before / sum, kOut = 2 * after / sum
            return (t[i].0.map { $0 * kIn }, t[i].1.map { $0 * kOut })
        }
    }
}

extension _AnimValue {
    /// Components for spline arithmetic (nil for types without them).
    var components: [Double]? {
        switch self {
        case let .number(v, _): return [v]
        case let .point(p): return [Double(p.x), Double(p.y)]
        case let .size(s): return [Double(s.width), Double(s.height)]
        case let .rect(r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case let .color(c): return [Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)]
        default: return nil
        }
    }

    func withComponents(_ c: [Double]) -> _AnimValue {
        switch self {
        case let .number(_, t): return .number(c[0], t)
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        default: return self
        }
    }
}
