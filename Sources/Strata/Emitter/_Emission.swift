import Foundation

/// An emitter's particles at one local time, as render layers placed in the emitter's bounds
/// space (see `CAEmitterLayer` for the model). Pure: the same history and time give the same
/// layers, which is what lets any thread render any frame time.
enum _Emission {
    /// Birth rates above this count as this many particles a second (at most
    /// `maximumParticleCount` are drawn anyway); keeps particle numbers exact in a `Double`.
    static let maximumRate = 1_000_000.0

    static func particles(_ h: _EmissionHistory, at t: Double, emitter id: UInt64) -> [RenderLayer] {
        guard t.isFinite else { return [] }
        var out: [(birth: Double, layer: RenderLayer)] = []
        var budget = CAEmitterLayer.maximumParticleCount
        // Invisible particles (faded out, scaled to 0, past a short individual lifetime) cost a
        // visit too; bounding visits keeps absurd rates and lifetimes cheap.
        var visits = 4 * CAEmitterLayer.maximumParticleCount
        var renderMode = "unordered"
        // Newest segment first, newest particle first: what the bounds drop is the oldest.
        segments: for j in h.segments.indices.reversed() {
            let seg = h.segments[j], spec = seg.spec
            if j == h.segments.count - 1 { renderMode = spec.renderMode }
            let live = spec.maximumLifetime
            guard live > 0, t >= seg.start else { continue }
            let end = h.end(j), stop = min(end, t)
            for (i, cell) in spec.cells.enumerated() {
                let rate = min(spec.rate(i), maximumRate)
                guard rate > 0, let image = cell.contents else { continue }
                let n0 = i < seg.counts.count ? seg.counts[i] : 0
                func birth(_ k: Double) -> Double { seg.start + (k - n0) / rate }
                var k = (n0 + rate * (stop - seg.start)).rounded(.down)
                if birth(k) >= end { k -= 1 }
                let first = (n0 + rate * max(0, t - live - seg.start)).rounded(.up)
                while k >= max(first, n0.rounded(.up)), budget > 0, visits > 0 {
                    visits -= 1
                    let b = birth(k)
                    if let p = particle(cell, i, number: k, age: t - b, spec: spec, image: image, emitter: id) {
                        out.append((b, p))
                        budget -= 1
                    }
                    k -= 1
                }
                if budget == 0 || visits == 0 { break segments }
            }
        }
        // Oldest first (newest on top) unless asked otherwise; equal births keep cell order.
        if renderMode == "oldestLast" { out.sort { $0.birth > $1.birth } } else { out.sort { $0.birth < $1.birth } }
        let additive = renderMode == "additive"
        return out.map {
            var l = $0.layer
            if additive { l.properties["compositingFilter"] = "additionCompositing" }
            return l
        }
    }

    /// Particle `number` of cell `i` at `age` seconds, or nil when it is not alive or not visible.
    static func particle(_ cell: _EmitterCellSpec, _ i: Int, number k: Double, age: Double, spec: _EmitterSpec,
                         image: CGImage, emitter id: UInt64) -> RenderLayer? {
        let key = Key(seed: spec.seed, cell: i, number: k)
        // Apple (CAEmitterLayer.seed): a property of mean M and range R is uniform in
        // [M − R/2, M + R/2].
        func u(_ field: UInt64) -> Double { key.random(field) - 0.5 }   // −½ ..< ½
        let lifetime = (cell.lifetime + cell.lifetimeRange * u(0)) * spec.lifetime
        guard age >= 0, age < lifetime else { return nil }
        var c = cell.color + cell.colorRange * SIMD4(u(7), u(8), u(9), u(10)) + cell.colorSpeed * age
        c = c.replacing(with: 0, where: .!(c .> 0)).replacing(with: 1, where: c .> 1)
        let scale = max(0, (cell.scale + cell.scaleRange * u(5)) * spec.scale + cell.scaleSpeed * age)
        guard c.w > 0, scale > 0 else { return nil }

        let born = birthPoint(spec, key)
        let angle = cell.longitude + cell.range * (key.random(3) - 0.5)
        let speed = (cell.velocity + cell.velocityRange * u(4)) * spec.velocity * cos(cell.latitude)
        let x = born.x + speed * cos(angle) * age + 0.5 * cell.acceleration.x * age * age
        let y = born.y + speed * sin(angle) * age + 0.5 * cell.acceleration.y * age * age
        let turn = (cell.spin + cell.spinRange * u(6)) * spec.spin * age
        guard x.isFinite, y.isFinite, turn.isFinite else { return nil }

        var l = RenderLayer(id: particleID(id, i, k))
        l.bounds = CGRect(x: 0, y: 0, width: Double(image.width) * cell.contentsRect.width / cell.contentsScale,
                          height: Double(image.height) * cell.contentsRect.height / cell.contentsScale)
        l.position = CGPoint(x: x, y: y)
        l.transform = CATransform3DRotate(CATransform3DMakeScale(scale, scale, 1), turn, 0, 0, 1)
        l.properties["contents"] = image
        if cell.contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1) { l.properties["contentsRect"] = cell.contentsRect }
        if cell.contentsScale != 1 { l.properties["contentsScale"] = CGFloat(cell.contentsScale) }
        if cell.minificationFilter != "linear" { l.properties["minificationFilter"] = cell.minificationFilter }
        if cell.magnificationFilter != "linear" { l.properties["magnificationFilter"] = cell.magnificationFilter }
        if c != SIMD4(1, 1, 1, 1) { l.colorMultiplier = CGColor(red: c.x, green: c.y, blue: c.z, alpha: c.w) }
        return l
    }

    /// Where a particle is born: in the emitter's shape, by its mode.
    static func birthPoint(_ spec: _EmitterSpec, _ key: Key) -> CGPoint {
        let p = spec.position, w = Double(spec.size.width), h = Double(spec.size.height)
        let r1 = key.random(1), r2 = key.random(2)
        switch (spec.shape, spec.mode) {
        case ("line", "points"):
            return CGPoint(x: p.x + (r1 < 0.5 ? -w / 2 : w / 2), y: p.y)
        case ("line", _):
            return CGPoint(x: p.x + (r1 - 0.5) * w, y: p.y)
        case ("rectangle", "points"), ("cuboid", "points"):
            let corner = min(3, Int(r1 * 4))
            return CGPoint(x: p.x + (corner & 1 == 0 ? -w / 2 : w / 2), y: p.y + (corner < 2 ? -h / 2 : h / 2))
        case ("rectangle", "outline"), ("cuboid", "outline"):
            // A point along the perimeter, clockwise from the top-left corner.
            var d = r1 * 2 * (w + h)
            if d < w { return CGPoint(x: p.x - w / 2 + d, y: p.y - h / 2) }
            d -= w
            if d < h { return CGPoint(x: p.x + w / 2, y: p.y - h / 2 + d) }
            d -= h
            if d < w { return CGPoint(x: p.x + w / 2 - d, y: p.y + h / 2) }
            return CGPoint(x: p.x - w / 2, y: p.y + h / 2 - (d - w))
        case ("rectangle", _), ("cuboid", _):
            return CGPoint(x: p.x + (r1 - 0.5) * w, y: p.y + (r2 - 0.5) * h)
        case ("circle", "points"), ("sphere", "points"):
            return p
        case ("circle", "outline"), ("sphere", "outline"):
            // Apple: a circle "of radius emitterSize.width".
            return CGPoint(x: p.x + w * cos(2 * .pi * r2), y: p.y + w * sin(2 * .pi * r2))
        case ("circle", _), ("sphere", _):
            let radius = w * r1.squareRoot()   // uniform over the disc
            return CGPoint(x: p.x + radius * cos(2 * .pi * r2), y: p.y + radius * sin(2 * .pi * r2))
        default:
            return p
        }
    }

    /// One particle's random draws: a hash of the seed, the cell, the particle's number and
    /// the field (splitmix64's finaliser), uniform in 0 ..< 1.
    struct Key {
        let base: UInt64

        init(seed: UInt32, cell: Int, number: Double) {
            let n = UInt64(bitPattern: Int64(number.isFinite && abs(number) < 9e15 ? number : 0))
            base = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9
                ^ n &* 0x94D0_49BB_1331_11EB
        }

        func random(_ field: UInt64) -> Double {
            var x = base ^ (field &+ 1) &* 0xD6E8_FEB8_6659_FD93
            x ^= x >> 30; x &*= 0xBF58_476D_1CE4_E5B9
            x ^= x >> 27; x &*= 0x94D0_49BB_1331_11EB
            x ^= x >> 31
            return Double(x >> 11) * 0x1p-53
        }
    }

    /// A particle's layer id: distinct from model layers' ids (which count up from 1) and
    /// stable for the particle's whole life, so damage follows it frame to frame.
    static func particleID(_ emitter: UInt64, _ cell: Int, _ k: Double) -> UInt64 {
        let n = UInt64(bitPattern: Int64(k.isFinite && abs(k) < 9e15 ? k : 0))
        var x = emitter &* 0xA24B_AED4_963E_E407 ^ UInt64(truncatingIfNeeded: cell) &* 0x9FB2_1C65_1E98_DF25 ^ n &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29; x &*= 0xBF58_476D_1CE4_E5B9; x ^= x >> 32
        return 1 << 63 | x >> 1
    }
}
