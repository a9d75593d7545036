import Foundation

/// A `CAEmitterCell`'s values, copied when the cell is given to an emitter (a value the render
/// thread can read). Non-finite numbers become 0 (1 for the scales), so no particle is ever
/// placed at NaN.
struct _EmitterCellSpec: Sendable, Equatable {
    var name: String?
    var enabled: Bool
    var birthRate, lifetime, lifetimeRange: Double
    var latitude, longitude, range: Double
    var velocity, velocityRange: Double
    var acceleration: SIMD2<Double>
    var scale, scaleRange, scaleSpeed: Double
    var spin, spinRange: Double
    var color, colorRange, colorSpeed: SIMD4<Double>
    var contents: CGImage?
    var contentsRect: CGRect
    var contentsScale: Double
    var minificationFilter, magnificationFilter: String

    init(_ c: CAEmitterCell) {
        func d(_ v: CGFloat, _ fallback: Double = 0) -> Double { v.isFinite ? Double(v) : fallback }
        func d(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        name = c.name
        enabled = c.isEnabled
        birthRate = max(0, d(c.birthRate)); lifetime = max(0, d(c.lifetime)); lifetimeRange = abs(d(c.lifetimeRange))
        latitude = d(c.emissionLatitude); longitude = d(c.emissionLongitude); range = abs(d(c.emissionRange))
        velocity = d(c.velocity); velocityRange = abs(d(c.velocityRange))
        acceleration = SIMD2(d(c.xAcceleration), d(c.yAcceleration))
        scale = d(c.scale, 1); scaleRange = abs(d(c.scaleRange)); scaleSpeed = d(c.scaleSpeed)
        spin = d(c.spin); spinRange = abs(d(c.spinRange))
        if let k = c.color {
            color = SIMD4(Double(k.red), Double(k.green), Double(k.blue), Double(k.alpha))
        } else {
            color = SIMD4(1, 1, 1, 1)
        }
        colorRange = SIMD4(abs(d(c.redRange)), abs(d(c.greenRange)), abs(d(c.blueRange)), abs(d(c.alphaRange)))
        colorSpeed = SIMD4(d(c.redSpeed), d(c.greenSpeed), d(c.blueSpeed), d(c.alphaSpeed))
        contents = c.contents.flatMap { $0 as? CGImage }
        let r = c.contentsRect
        contentsRect = [r.origin.x, r.origin.y, r.width, r.height].allSatisfy(\.isFinite) ? r : CGRect(x: 0, y: 0, width: 1, height: 1)
        contentsScale = c.contentsScale.isFinite && c.contentsScale > 0 ? Double(c.contentsScale) : 1
        minificationFilter = c.minificationFilter.rawValue
        magnificationFilter = c.magnificationFilter.rawValue
    }

    /// The longest a particle of this cell can live, before the emitter's `lifetime` factor.
    var maximumLifetime: Double { lifetime + lifetimeRange }

    static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.enabled == b.enabled && a.birthRate == b.birthRate && a.lifetime == b.lifetime
            && a.lifetimeRange == b.lifetimeRange && a.latitude == b.latitude && a.longitude == b.longitude
            && a.range == b.range && a.velocity == b.velocity && a.velocityRange == b.velocityRange
            && a.acceleration == b.acceleration && a.scale == b.scale && a.scaleRange == b.scaleRange
            && a.scaleSpeed == b.scaleSpeed && a.spin == b.spin && a.spinRange == b.spinRange && a.color == b.color
            && a.colorRange == b.colorRange && a.colorSpeed == b.colorSpeed && a.contents === b.contents
            && a.contentsRect == b.contentsRect && a.contentsScale == b.contentsScale
            && a.minificationFilter == b.minificationFilter && a.magnificationFilter == b.magnificationFilter
    }
}

/// Everything an emitter's particles depend on at one moment: its cells and its own emitter
/// properties (a value, kept per segment of `_EmissionHistory`).
struct _EmitterSpec: Sendable, Equatable {
    var cells: [_EmitterCellSpec] = []
    var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0
    var position = CGPoint.zero
    var size = CGSize.zero
    var shape = "point", mode = "volume", renderMode = "unordered"
    var seed: UInt32 = 0

    /// Particles per second cell `i` is born at.
    func rate(_ i: Int) -> Double {
        guard cells.indices.contains(i), cells[i].enabled else { return 0 }
        let r = cells[i].birthRate * birthRate
        return r.isFinite && r > 0 ? r : 0
    }

    /// The longest any particle of this spec lives.
    var maximumLifetime: Double {
        let l = (cells.map(\.maximumLifetime).max() ?? 0) * lifetime
        return l.isFinite && l > 0 ? l : 0
    }
}
