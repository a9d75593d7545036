import Foundation

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear"), discrete = Self(rawValue: "discrete")
    public static let paced = Self(rawValue: "paced"), cubic = Self(rawValue: "cubic")
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = Self(rawValue: "auto"), rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// An animation through a sequence of values.
///
/// - `keyTimes` (fractions 0…1 of the duration, one per value; for `.discrete` one per value
///   or one more) place the values in time; missing or invalid ones (wrong count, decreasing,
///   NaN, outside 0…1) are replaced by evenly spaced times — the documented outcome.
/// - The inherited `timingFunction` paces the whole animation first, then `timingFunctions`
///   (one per segment) pace each segment, as Apple's current reference documents (its older
///   programming guide, seed 004, said the inherited one is ignored).
/// - `.discrete` holds each value until the next key time; `.paced` and `.cubicPaced` ignore
///   `keyTimes`, `timingFunction` and `timingFunctions` and move at constant speed (by value distance; cubic
///   paced by the spline's arc length); `.cubic` and `.cubicPaced` pass a Kochanek–Bartels
///   spline through the values (`tensionValues`, `continuityValues`, `biasValues`, one per
///   value, default 0 = Catmull–Rom) for numbers, points, sizes, rects and colours (other
///   types fall back to linear). Continuity has Apple's documented sign: positive values give
///   sharper corners, negative ones inverted corners (Kochanek and Bartels' paper uses the
///   opposite sign).
/// - `path` (a `CGPath`, for point properties) overrides `values`: every line, curve or close
///   ends a keyframe, moved along the curve; a move-to defines no keyframe of its own (the
///   value jumps to it when the next segment begins).
/// - `rotationMode` (.rotateAuto / .rotateAutoReverse) turns the layer's `transform` to the
///   direction of motion (for point key paths).
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?
    /// A path for point properties; when set, `values` is ignored.
    open var path: CGPath?

    public required init() { super.init() }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "keyTimes": return keyTimes
        case "timingFunctions": return timingFunctions
        case "calculationMode": return calculationMode
        case "tensionValues": return tensionValues
        case "continuityValues": return continuityValues
        case "biasValues": return biasValues
        case "rotationMode": return rotationMode
        case "path": return path
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        func numbers(_ set: ([NSNumber]?) -> Void) {
            if value == nil { set(nil) } else if let n = _AnimationKVC.numbers(value) { set(n) }
        }
        switch key {
        case "values":
            let v = _AnimationKVC.optional(value, [Any].self)
            if v.ok { values = v.value }
        case "keyTimes": numbers { keyTimes = $0 }
        case "tensionValues": numbers { tensionValues = $0 }
        case "continuityValues": numbers { continuityValues = $0 }
        case "biasValues": numbers { biasValues = $0 }
        case "timingFunctions":
            let f = _AnimationKVC.optional(value, [CAMediaTimingFunction].self)
            if f.ok { timingFunctions = f.value }
        case "calculationMode":
            if let m = _AnimationKVC.named(value, CAAnimationCalculationMode.self) { calculationMode = m }
        case "rotationMode":
            if value == nil { rotationMode = nil } else if let m = _AnimationKVC.named(value, CAAnimationRotationMode.self) { rotationMode = m }
        case "path":
            let p = _AnimationKVC.optional(value, CGPath.self)
            if p.ok { path = p.value }
        default: super.setValue(value, forKey: key)
        }
    }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CAKeyframeAnimation else { return }
        values = o.values; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; tensionValues = o.tensionValues
        continuityValues = o.continuityValues; biasValues = o.biasValues; rotationMode = o.rotationMode
        path = o.path
    }

    override func _compile(for layer: CALayer, nested: Bool) -> _CompiledAnimation {
        let timing = _timing(nested: nested)
        guard let path = keyPath else { return _CompiledAnimation(timing: timing, body: .none) }
        let kf: _Keyframes
        if let path = self.path.map(Self._keyframes(of:)), !path.points.isEmpty {
            let p = path
            kf = _Keyframes(path: p, mode: calculationMode, keyTimes: keyTimes, timingFunctions: timingFunctions)
        } else {
            let vals = (values ?? []).compactMap { _convert($0) }
            func nums(_ a: [NSNumber]?) -> [Double] { (a ?? []).map { $0.doubleValue } }
            kf = _Keyframes(values: vals, mode: calculationMode, keyTimes: keyTimes.map { $0.map { $0.doubleValue } },
                            timingFunctions: timingFunctions ?? [],
                            tension: nums(tensionValues), continuity: nums(continuityValues), bias: nums(biasValues))
        }
        var k = kf
        k.rotation = rotationMode == .rotateAuto ? 1 : rotationMode == .rotateAutoReverse ? -1 : 0
        let track = _PropertyTrack(
            keyPath: _KeyPath(path), additive: isAdditive, cumulative: isCumulative,
            valueFunction: valueFunction, fallback: layer._modelValue(forKeyPath: path),
            curve: .keyframes(.init(k, pacing: calculationMode == .paced || calculationMode == .cubicPaced ? nil : timingFunction)))
        return _CompiledAnimation(timing: timing, body: .property(track))
    }
}

