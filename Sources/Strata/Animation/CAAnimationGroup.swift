import Foundation

/// Several animations run together in the group's time.
///
/// Children's times are relative to the group (a child with beginTime 1 starts one second
/// into the group); the group's duration clips them; children's `isRemovedOnCompletion` and
/// delegates are ignored (only the group is added to the layer). Children without a valid
/// duration get the transaction default when the group is added. Children apply in array order.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CAAnimationGroup else { return }
        animations = o.animations?.compactMap { $0.copy() as? CAAnimation }
    }

    override func _normalize(defaultDuration fallback: CFTimeInterval) {
        super._normalize(defaultDuration: fallback)
        for a in animations ?? [] { a._normalize(defaultDuration: fallback) }
    }

    override func _compile(for layer: CALayer, nested: Bool) -> _CompiledAnimation {
        let children = (animations ?? []).map { $0._compile(for: layer, nested: true) }
        return _CompiledAnimation(timing: _timing(nested: nested), body: .group(children))
    }
}
