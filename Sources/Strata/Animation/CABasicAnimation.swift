import Foundation

/// An animation between two values of one property.
///
/// The from/to/by table (Apple's, with the "current value" measured as the value under the
/// animation at render time — the model value plus earlier animations on the same key):
/// | set          | animates                                        |
/// |--------------|-------------------------------------------------|
/// | from, to     | from → to                                       |
/// | from, by     | from → from + by                                |
/// | by, to       | to − by → to                                    |
/// | from         | from → current value                            |
/// | to           | current value → to                              |
/// | by           | current value → current value + by              |
/// | none         | previous presentation value (captured when added) → current value |
/// If all three are set, `byValue` is ignored. Values of the wrong type for the key path make
/// the animation have no effect.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?
    /// The value captured for the all-nil case when added to a layer.
    final var _capturedFrom: _AnimValue?

    public required init() { super.init() }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue; _capturedFrom = o._capturedFrom
    }

    override func _compile(for layer: CALayer, nested: Bool) -> _CompiledAnimation {
        guard let path = keyPath else { return _CompiledAnimation(timing: _timing(nested: nested), body: .none) }
        var from = _convert(fromValue), to = _convert(toValue), by = _convert(byValue)
        if from != nil && to != nil { by = nil }
        if from == nil && to == nil && by == nil { from = _capturedFrom }
        let track = _PropertyTrack(
            keyPath: _KeyPath(path), additive: isAdditive, cumulative: isCumulative,
            valueFunction: valueFunction, fallback: layer._modelValue(forKeyPath: path),
            curve: .basic(.init(from, to, by), timing: timingFunction))
        return _CompiledAnimation(timing: _timing(nested: nested), body: .property(track))
    }
}
