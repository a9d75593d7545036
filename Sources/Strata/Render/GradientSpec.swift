import Foundation

/// A `CAGradientLayer`'s gradient as the compositor draws it: geometry in the layer's bounds
/// space (points) and resolved stops. Built from a ``RenderLayer``'s properties; see
/// ``CAGradientLayer`` for the geometry and the bad-input rules applied here.
struct _GradientSpec: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case axial, radial, conic }

    struct Stop: Hashable, Sendable {
        var location: Double
        var color: CGColor
    }

    var kind: Kind
    /// `startPoint` and `endPoint` mapped to the bounds (layer space, points).
    var start: CGPoint
    var end: CGPoint
    /// At least two stops, locations in 0…1 and non-decreasing.
    var stops: [Stop]

    /// Entries of the colour table: t = i / (lutSize − 1).
    static let lutSize = 1024

    init(kind: Kind, start: CGPoint, end: CGPoint, stops: [Stop]) {
        self.kind = kind; self.start = start; self.end = end; self.stops = stops
    }

    /// Nil when the layer is not a gradient layer, has no colours, or a geometry value is not
    /// finite (documented: nothing is drawn then).
    init?(_ l: RenderLayer) {
        guard RenderLayer.string(l.properties[CAGradientLayer.kindKey]) == "gradient" else { return nil }
        let colors: [CGColor]
        switch l.properties["colors"] {
        case let c as [CGColor]: colors = c
        case let c as [Any]: colors = c.compactMap { $0 as? CGColor }
        default: return nil
        }
        guard !colors.isEmpty else { return nil }
        let sp = l.properties["startPoint"] as? CGPoint ?? CGPoint(x: 0.5, y: 0)
        let ep = l.properties["endPoint"] as? CGPoint ?? CGPoint(x: 0.5, y: 1)
        let b = l.bounds
        func map(_ p: CGPoint) -> CGPoint { CGPoint(x: b.minX + p.x * b.width, y: b.minY + p.y * b.height) }
        let s = map(sp), e = map(ep)
        guard s.x.isFinite, s.y.isFinite, e.x.isFinite, e.y.isFinite else { return nil }
        switch RenderLayer.string(l.properties["type"]) {
        case "radial": kind = .radial
        case "conic": kind = .conic
        default: kind = .axial   // unknown names draw axially (documented)
        }
        start = s; end = e
        stops = Self.resolve(colors, CAGradientLayer.numbers(l.properties["locations"]))
    }

    /// Stops from colours and optional locations (see ``CAGradientLayer`` for the rules).
    static func resolve(_ colors: [CGColor], _ locations: [Double]?) -> [Stop] {
        if colors.count == 1 { return [Stop(location: 0, color: colors[0]), Stop(location: 1, color: colors[0])] }
        let n = colors.count
        var out: [Stop] = []
        out.reserveCapacity(n)
        var prev = 0.0
        for (i, c) in colors.enumerated() {
            var loc: Double
            if let locations, locations.count == n {
                loc = locations[i].isNaN ? 0 : min(max(locations[i], 0), 1)
                loc = max(loc, prev)
            } else {
                loc = Double(i) / Double(n - 1)
            }
            prev = loc
            out.append(Stop(location: loc, color: c))
        }
        return out
    }

    /// The colour at `t` (clamped to 0…1), non-premultiplied components r, g, b, a.
    func color(at t: Double) -> SIMD4<Double> {
        func comps(_ c: CGColor) -> SIMD4<Double> { SIMD4(Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)) }
        let first = stops[0], last = stops[stops.count - 1]
        if t <= first.location { return comps(first.color) }
        if t >= last.location { return comps(last.color) }
        for k in 0..<(stops.count - 1) {
            let a = stops[k], b = stops[k + 1]
            guard t >= a.location, t < b.location else { continue }
            let f = (t - a.location) / (b.location - a.location)
            return comps(a.color) + (comps(b.color) - comps(a.color)) * f
        }
        return comps(last.color)
    }

    /// Premultiplied ARGB32 of `c` (non-premultiplied components) with its alpha times `alpha`.
    static func premultiplied(_ c: SIMD4<Double>, alpha: Double) -> UInt32 {
        let a = min(max(c.w * alpha, 0), 1)
        func ch(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * a * 255 + 0.5).rounded(.down)) }
        return UInt32((a * 255 + 0.5).rounded(.down)) << 24 | ch(c.x) << 16 | ch(c.y) << 8 | ch(c.z)
    }

    /// The premultiplied colour table (``lutSize`` entries), alpha multiplied by `alpha`.
    func lut(alpha: Double) -> [UInt32] {
        let n = Self.lutSize
        return (0..<n).map { Self.premultiplied(color(at: Double($0) / Double(n - 1)), alpha: alpha) }
    }
}
