import Foundation

/// One kind of particle a `CAEmitterLayer` emits: how many per second, how long each lives, how
/// it moves, turns, grows and changes colour, and the image it shows (Core Animation's names
/// and defaults).
///
/// Every "…Range" property widens its base value per particle: each particle draws its own
/// value uniformly from `base − range/2 … base + range/2` once, at birth (Apple's rule, stated
/// under `CAEmitterLayer.seed`) (a seeded draw, so the
/// same emitter shows the same particles in every run; see `CAEmitterLayer.seed`). "…Speed"
/// properties change a value per second of the particle's life.
///
/// A cell's values are copied when the cell is given to an emitter (`emitterCells`): change a
/// cell later by setting `emitterCells` again, or through the emitter's
/// `setValue(_:forKeyPath: "emitterCells.<name>.<key>")`, as in Core Animation.
///
/// Differences from Core Animation: a cell's own `emitterCells` (particles that emit) are stored
/// but not emitted; the cell's `CAMediaTiming` properties are stored only (a cell emits while
/// its emitter does); animations of `emitterCells.<name>.<key>` key paths are not applied (set
/// the value instead); `style` is not kept.
open class CAEmitterCell: CAMediaTiming {
    public init() {}

    // CAMediaTiming: stored only (see above).
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// The cell's name, used by the emitter's `emitterCells.<name>.<key>` key paths.
    open var name: String?
    /// Whether the cell emits (default true).
    open var isEnabled = true
    /// Particles born per second (default 0), multiplied by the emitter's `birthRate`.
    open var birthRate: Float = 0
    /// Seconds a particle lives (default 0), multiplied by the emitter's `lifetime`.
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    /// Angle of the emission direction from the xy-plane towards +z (radians; default 0). Only
    /// its cosine matters on screen: the emitter draws the xy-plane.
    open var emissionLatitude: CGFloat = 0
    /// Angle of the emission direction in the xy-plane from +x towards +y (radians; default 0:
    /// rightwards; −π/2 is up in a layer's top-left-origin space).
    open var emissionLongitude: CGFloat = 0
    /// The angle of the cone around the emission direction that particles spread over,
    /// uniformly (radians, default 0): directions within ± `emissionRange`/2 of the longitude;
    /// 2π spreads them all around.
    open var emissionRange: CGFloat = 0
    /// Points per second at birth (default 0), multiplied by the emitter's `velocity`.
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    /// Acceleration in points per second² (gravity: a positive `yAcceleration` pulls down).
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    /// Size of the particle relative to its image (default 1), multiplied by the emitter's
    /// `scale`; `scaleSpeed` is added per second of life (a particle never goes below 0).
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    /// Turns per second in radians (default 0), multiplied by the emitter's `spin`.
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    /// The colour multiplying the particle's image (default nil: opaque white, no change).
    open var color: CGColor?
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    /// Added to each colour component per second of life (components stay within 0…1).
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    /// The particle's image (a `CGImage`; anything else draws nothing, as in Core Animation).
    open var contents: Any?
    /// The part of `contents` shown, in unit coordinates (default the whole image).
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point of the particle at scale 1 (default 1).
    open var contentsScale: CGFloat = 1
    open var minificationFilter: CALayerContentsFilter = .linear
    open var magnificationFilter: CALayerContentsFilter = .linear
    /// Stored only: sub-cells are not emitted (see the type's notes).
    open var emitterCells: [CAEmitterCell]?

    /// The default value of a cell property (Core Animation's `defaultValue(forKey:)`).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "isEnabled", "enabled": return true
        case "scale", "contentsScale": return CGFloat(1)
        case "contentsRect": return CGRect(x: 0, y: 0, width: 1, height: 1)
        default: return nil
        }
    }

    /// A property by its Core Animation name (what `value(forKeyPath: "emitterCells.<name>.<key>")`
    /// on the emitter reads); nil for an unknown key.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "isEnabled", "enabled": return isEnabled
        case "color": return color
        case "contents": return contents
        case "contentsRect": return contentsRect
        case "emitterCells": return emitterCells
        case "birthRate": return birthRate
        case "lifetime": return lifetime
        case "lifetimeRange": return lifetimeRange
        case "emissionLatitude": return emissionLatitude
        case "emissionLongitude": return emissionLongitude
        case "emissionRange": return emissionRange
        case "velocity": return velocity
        case "velocityRange": return velocityRange
        case "xAcceleration": return xAcceleration
        case "yAcceleration": return yAcceleration
        case "zAcceleration": return zAcceleration
        case "scale": return scale
        case "scaleRange": return scaleRange
        case "scaleSpeed": return scaleSpeed
        case "spin": return spin
        case "spinRange": return spinRange
        case "contentsScale": return contentsScale
        case "redRange": return redRange
        case "greenRange": return greenRange
        case "blueRange": return blueRange
        case "alphaRange": return alphaRange
        case "redSpeed": return redSpeed
        case "greenSpeed": return greenSpeed
        case "blueSpeed": return blueSpeed
        case "alphaSpeed": return alphaSpeed
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        default: return nil
        }
    }

    /// Sets a property by its Core Animation name (what `emitterCells.<name>.<key>` reaches).
    /// Returns false for an unknown key or a value of the wrong kind (nothing changes).
    @discardableResult
    open func setValue(_ value: Any?, forKey key: String) -> Bool {
        func number() -> Double? {
            switch value {
            case let v as CGFloat: return Double(v)
            case let v as Double: return v
            case let v as Float: return Double(v)
            case let v as Int: return Double(v)
            case let v as NSNumber: return v.doubleValue
            default: return nil
            }
        }
        switch key {
        case "name": name = value as? String
        case "isEnabled", "enabled":
            guard let v = value as? Bool ?? number().map({ $0 != 0 }) else { return false }
            isEnabled = v
        case "color":
            guard value == nil || value is CGColor else { return false }
            color = value as? CGColor
        case "contents": contents = value
        case "contentsRect":
            guard let r = value as? CGRect else { return false }
            contentsRect = r
        default:
            guard let v = number(), setNumber(v, forKey: key) else { return false }
        }
        return true
    }

    /// Sets a numeric property by name; false for an unknown key.
    private func setNumber(_ v: Double, forKey key: String) -> Bool {
        let f = Float(v), g = CGFloat(v)
        switch key {
        case "birthRate": birthRate = f
        case "lifetime": lifetime = f
        case "lifetimeRange": lifetimeRange = f
        case "emissionLatitude": emissionLatitude = g
        case "emissionLongitude": emissionLongitude = g
        case "emissionRange": emissionRange = g
        case "velocity": velocity = g
        case "velocityRange": velocityRange = g
        case "xAcceleration": xAcceleration = g
        case "yAcceleration": yAcceleration = g
        case "zAcceleration": zAcceleration = g
        case "scale": scale = g
        case "scaleRange": scaleRange = g
        case "scaleSpeed": scaleSpeed = g
        case "spin": spin = g
        case "spinRange": spinRange = g
        case "contentsScale": contentsScale = g
        case "redRange": redRange = f
        case "greenRange": greenRange = f
        case "blueRange": blueRange = f
        case "alphaRange": alphaRange = f
        case "redSpeed": redSpeed = f
        case "greenSpeed": greenSpeed = f
        case "blueSpeed": blueSpeed = f
        case "alphaSpeed": alphaSpeed = f
        default: return false
        }
        return true
    }
}
