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
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    public required init() { super.init() }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CAKeyframeAnimation else { return }
        values = o.values; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; tensionValues = o.tensionValues
        continuityValues = o.continuityValues; biasValues = o.biasValues; rotationMode = o.rotationMode
    }
}

extension _Keyframes {
    func value(at progress: Double, iteration: Int, cumulative: Bool) -> _AnimValue? {
        guard let first = values.first else { return nil }
        return first
    }
}
