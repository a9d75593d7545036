import Foundation

/// The shape particles are born in (Core Animation's names). Emission is drawn in the layer's
/// xy-plane: `cuboid` is born like `rectangle` and `sphere` like `circle` (z is not drawn).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point"), line = Self(rawValue: "line")
    public static let rectangle = Self(rawValue: "rectangle"), cuboid = Self(rawValue: "cuboid")
    public static let circle = Self(rawValue: "circle"), sphere = Self(rawValue: "sphere")
}

/// Where in the shape particles are born: its corner points, its outline, or anywhere inside
/// (`surface` and `volume`, the default, are the same in the plane).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = Self(rawValue: "points"), outline = Self(rawValue: "outline")
    public static let surface = Self(rawValue: "surface"), volume = Self(rawValue: "volume")
}

/// The order particles are drawn in, and how: `oldestFirst` (also `unordered` and
/// `backToFront`, which has no depth to sort by in the plane) draws the newest on top,
/// `oldestLast` the oldest on top, `additive` adds their colours (`additionCompositing`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered"), oldestFirst = Self(rawValue: "oldestFirst")
    public static let oldestLast = Self(rawValue: "oldestLast"), backToFront = Self(rawValue: "backToFront")
    public static let additive = Self(rawValue: "additive")
}

/// A layer that emits particles (Core Animation's particle system): every cell in
/// `emitterCells` gives birth to `birthRate` particles a second at the emitter's shape, each
/// moving, turning, scaling and fading over its lifetime, drawn below the layer's sublayers.
///
/// **Time.** Emission follows the layer's local time (its `beginTime`, `speed` and
/// `timeOffset`, and its ancestors'): pausing the layer freezes its particles. A particle's
/// state is a closed-form function of its age, so any frame time (and any `--snapshot` time)
/// shows the same picture. Particle *n* of a cell is born when the cell's emitted count
/// (the integral of its birth rate since emission began) reaches *n*; its random draws come
/// from `seed`, the cell and *n*, so runs are reproducible.
///
/// **Changes.** Setting an emitter property (cells, rates, position, shape …) affects particles
/// born from then on; particles already alive keep what they were born with and live out their
/// lifetime. Setting `birthRate` to 0 stops emission and lets the last particles fade.
///
/// Differences from Core Animation, documented: the emitter properties, and the cells' through
/// `emitterCells.<name>.<key>` key paths, change at once when set (they do not animate,
/// implicitly or explicitly: such an animation is accepted and does nothing); particles are drawn
/// above the background and contents but below the emitter's sublayers and its border (Apple
/// draws them above the border); particles are drawn in the layer's plane
/// (`emitterZPosition`, `emitterDepth`, `zAcceleration` and `preservesDepth` are stored only);
/// cells' own `emitterCells` are not emitted. Bounds: at most ``maximumParticleCount`` particles
/// are drawn per emitter (the newest), and the history of changes whose particles may still be
/// alive keeps at most ``maximumHistory`` entries (older particles are dropped first).
open class CAEmitterLayer: CALayer {
    /// The most particles drawn at once per emitter.
    public static let maximumParticleCount = 5000
    /// The most emitter changes remembered while their particles live.
    public static let maximumHistory = 256
    static let historyKey = "_strataEmission"
    /// The emitter keys: setting one starts a new segment of the emission history.
    static let emitterKeys: Set<String> = [
        "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
        "emitterShape", "emitterMode", "renderMode", "preservesDepth", "velocity", "scale", "spin", "seed",
    ]

    private(set) var _cells: [CAEmitterCell]?

    public override init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        _cells = (layer as? CAEmitterLayer)?._cells
    }

    public required init?(coder: NSCoder) { return nil }

    /// The kinds of particle emitted (copied when set; see `CAEmitterCell`).
    open var emitterCells: [CAEmitterCell]? {
        get { _cells }
        set {
            _cells = newValue
            _markDirty()
            _emitterChanged()
        }
    }
    /// Multiplies every cell's birth rate (default 1).
    open var birthRate: Float {
        get { Float(_value("birthRate").number ?? 1) } set { _setEmitter("birthRate", .number(Double(newValue), .float)) }
    }
    /// Multiplies every cell's lifetime (default 1).
    open var lifetime: Float {
        get { Float(_value("lifetime").number ?? 1) } set { _setEmitter("lifetime", .number(Double(newValue), .float)) }
    }
    /// The centre of the emission shape, in the layer's coordinates (default 0, 0).
    open var emitterPosition: CGPoint {
        get { _value("emitterPosition").point ?? .zero } set { _setEmitter("emitterPosition", .point(newValue)) }
    }
    /// Stored only (emission is drawn in the plane).
    open var emitterZPosition: CGFloat {
        get { CGFloat(_number("emitterZPosition")) } set { _setEmitter("emitterZPosition", .cg(newValue)) }
    }
    /// The size of the emission shape (a line's length is its width, a circle's radius too, as Apple
    /// documents: "a circle … of radius emitterSize.width").
    open var emitterSize: CGSize {
        get { _value("emitterSize").size ?? .zero } set { _setEmitter("emitterSize", .size(newValue)) }
    }
    /// Stored only (emission is drawn in the plane).
    open var emitterDepth: CGFloat {
        get { CGFloat(_number("emitterDepth")) } set { _setEmitter("emitterDepth", .cg(newValue)) }
    }
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { _opaque("emitterShape", CAEmitterLayerEmitterShape.point) } set { _setEmitter("emitterShape", .opaque(newValue)) }
    }
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { _opaque("emitterMode", CAEmitterLayerEmitterMode.volume) } set { _setEmitter("emitterMode", .opaque(newValue)) }
    }
    open var renderMode: CAEmitterLayerRenderMode {
        get { _opaque("renderMode", CAEmitterLayerRenderMode.unordered) } set { _setEmitter("renderMode", .opaque(newValue)) }
    }
    /// Stored only (particles are drawn in the layer's plane).
    open var preservesDepth: Bool {
        get { _bool("preservesDepth") } set { _setEmitter("preservesDepth", .bool(newValue)) }
    }
    /// Multiplies every cell's velocity (default 1).
    open var velocity: Float {
        get { Float(_value("velocity").number ?? 1) } set { _setEmitter("velocity", .number(Double(newValue), .float)) }
    }
    /// Multiplies every cell's scale (default 1).
    open var scale: Float {
        get { Float(_value("scale").number ?? 1) } set { _setEmitter("scale", .number(Double(newValue), .float)) }
    }
    /// Multiplies every cell's spin (default 1).
    open var spin: Float {
        get { Float(_value("spin").number ?? 1) } set { _setEmitter("spin", .number(Double(newValue), .float)) }
    }
    /// The seed of the particles' random draws (default 0).
    open var seed: UInt32 {
        get { UInt32(clamping: Int(exactly: (_value("seed").number ?? 0).rounded()) ?? 0) }
        set { _setEmitter("seed", .number(Double(newValue), .int)) }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "birthRate", "lifetime", "velocity", "scale", "spin": return Float(1)
        case "emitterPosition": return CGPoint.zero
        case "emitterSize": return CGSize.zero
        case "emitterZPosition", "emitterDepth": return CGFloat(0)
        case "emitterShape": return CAEmitterLayerEmitterShape.point
        case "emitterMode": return CAEmitterLayerEmitterMode.volume
        case "renderMode": return CAEmitterLayerRenderMode.unordered
        case "preservesDepth": return false
        case "seed": return UInt32(0)
        default: return super.defaultValue(forKey: key)
        }
    }

    /// Emitter properties change at once (see the type's notes).
    open override class func isAnimatable(key: String) -> Bool {
        emitterKeys.contains(key) ? false : super.isAnimatable(key: key)
    }

    /// Sets cell `name`'s `key` (the `emitterCells.<name>.<key>` key path); true when a cell
    /// of that name took the value.
    final func _setCellValue(_ value: Any?, name: String, key: String) -> Bool {
        guard let cell = _cells?.first(where: { $0.name == name }), cell.setValue(value, forKey: key) else { return false }
        _markDirty()
        _emitterChanged()
        return true
    }

    private func _setEmitter(_ key: String, _ value: _AnimValue) {
        guard value.isFinite else { return }
        _set(key, value)
        _emitterChanged()
    }

    /// Starts a new segment of the emission history at the layer's current local time with the
    /// emitter's current values.
    private func _emitterChanged() {
        guard !_flags.contains(.presentation) else { return }
        var spec = _EmitterSpec()
        spec.cells = (_cells ?? []).map(_EmitterCellSpec.init)
        func factor(_ k: String) -> Double {
            let v = _value(k).number ?? 1
            return v.isFinite ? max(0, v) : 1
        }
        spec.birthRate = factor("birthRate"); spec.lifetime = factor("lifetime")
        spec.velocity = _value("velocity").number ?? 1; spec.scale = factor("scale"); spec.spin = _value("spin").number ?? 1
        spec.position = emitterPosition
        spec.size = emitterSize
        spec.shape = emitterShape.rawValue; spec.mode = emitterMode.rawValue; spec.renderMode = renderMode.rawValue
        spec.seed = seed
        var history: _EmissionHistory
        if case let .opaque(h as _EmissionHistory)? = _storage[Self.historyKey] { history = h } else { history = _EmissionHistory() }
        history.begin(spec, at: convertTime(CACurrentMediaTime(), from: nil))
        _storage[Self.historyKey] = .opaque(history)
        _markDirty()
    }
}
