import Foundation

/// An animation of one layer property named by a key path (see `_KeyPath` for fields).
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    /// Adds the animation's value to the current value instead of replacing it.
    open var isAdditive = false
    /// Each repeat starts where the previous one ended.
    open var isCumulative = false
    /// Converts the animated scalar(s) into a transform before applying it.
    open var valueFunction: CAValueFunction?

    public required init() { super.init() }

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive": return isAdditive
        case "cumulative": return isCumulative
        case "valueFunction": return valueFunction
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath":
            let k = _AnimationKVC.optional(value, String.self)
            if k.ok { keyPath = k.value }
        case "additive": if let b = _AnimationKVC.bool(value) { isAdditive = b }
        case "cumulative": if let b = _AnimationKVC.bool(value) { isCumulative = b }
        case "valueFunction":
            let f = _AnimationKVC.optional(value, CAValueFunction.self)
            if f.ok { valueFunction = f.value }
        default: super.setValue(value, forKey: key)
        }
    }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative; valueFunction = o.valueFunction
    }

    /// Engine form of a value given to this animation: through the value function when set.
    func _convert(_ v: Any?) -> _AnimValue? {
        guard let v else { return nil }
        let a = _AnimValue(any: v)
        if let f = valueFunction { return f.apply(a) }
        return a
    }
}

/// Names of `CAValueFunction`s (Apple's).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = Self(rawValue: "rotateX"), rotateY = Self(rawValue: "rotateY")
    public static let rotateZ = Self(rawValue: "rotateZ"), scale = Self(rawValue: "scale")
    public static let scaleX = Self(rawValue: "scaleX"), scaleY = Self(rawValue: "scaleY")
    public static let scaleZ = Self(rawValue: "scaleZ"), translate = Self(rawValue: "translate")
    public static let translateX = Self(rawValue: "translateX"), translateY = Self(rawValue: "translateY")
    public static let translateZ = Self(rawValue: "translateZ")
}

/// Turns animated scalars into a transform: the animation interpolates the scalars, then the
/// function builds the transform (so rotateZ 0 → 2π turns a full circle). `scale` and
/// `translate` take three values, given as an array of numbers `[x, y, z]` (interpolated
/// element by element); a single number gives all three scales, or x = y translation with z 0.
/// The one-value functions take a number (or the first element of an array). A missing
/// element counts as 0 (1 for scales).
public final class CAValueFunction: Sendable {
    public let name: CAValueFunctionName
    public init?(name: CAValueFunctionName) { self.name = name }

    /// Wraps scalar values as an opaque marker the evaluator turns into a transform at the end.
    func apply(_ v: _AnimValue) -> _AnimValue { v }

    /// The transform for interpolated parameter `v` (a number, or a point/size for x, y).
    func transform(for v: _AnimValue) -> CATransform3D {
        let array = v.numberArray
        let n = CGFloat(v.number ?? array?.first ?? 0)
        func element(_ i: Int, _ missing: CGFloat) -> CGFloat {
            guard let a = array, i < a.count else { return missing }
            return CGFloat(a[i])
        }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(n, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(n, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(n, 0, 0, 1)
        case .scale:
            if array != nil { return CATransform3DMakeScale(element(0, 1), element(1, 1), element(2, 1)) }
            return CATransform3DMakeScale(n, n, n)
        case .scaleX: return CATransform3DMakeScale(n, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, n, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, n)
        case .translate:
            if array != nil { return CATransform3DMakeTranslation(element(0, 0), element(1, 0), element(2, 0)) }
            if let p = v.point { return CATransform3DMakeTranslation(p.x, p.y, 0) }
            return CATransform3DMakeTranslation(n, n, 0)
        case .translateX: return CATransform3DMakeTranslation(n, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, n, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, n)
        default: return .identity
        }
    }
}
