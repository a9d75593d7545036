import Foundation

/// Several animations run together in the group's time.
///
/// Children's times are relative to the group (a child with beginTime 1 starts one second
/// into the group), paced by the group's `timingFunction` when it has one (so one curve can
/// pace a keyframe animation, as Apple's Core Animation Cookbook shows); the group's duration
/// clips them; children's `isRemovedOnCompletion` and
/// delegates are ignored (only the group is added to the layer). Children without a valid
/// duration get the transaction default when the group is added. Children apply in array order.
///
/// Groups may nest to any depth: copying, normalizing, compiling, evaluating and freeing nested
/// groups use explicit work lists, not recursion, so 10 000 levels need no more stack than one.
/// A group nested in itself (directly or deeper) has no finite meaning: where it repeats inside
/// itself it is left out (of the layer's copy, and of what runs), so the rest still animates.
/// Nested groups of a subclass that overrides `copy()` are copied through that override.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    /// Nested groups that nothing else holds go with this one, taken apart without recursion
    /// (each hands its children to an explicit list before it is released).
    deinit {
        guard var pending = animations, !pending.isEmpty else { return }
        animations = nil
        while var a = pending.popLast() {
            guard isKnownUniquelyReferenced(&a), let g = a as? CAAnimationGroup, let children = g.animations else { continue }
            g.animations = nil
            pending.append(contentsOf: children)
        }
    }

    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "animations" else { return super.setValue(value, forKey: key) }
        let a = _AnimationKVC.optional(value, [CAAnimation].self)
        if a.ok { animations = a.value }
    }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CAAnimationGroup else { return }
        // Plain nested groups are copied by the walk; anything else through its own copy().
        _ = Self._fold(o, into: { type(of: $0) == CAAnimationGroup.self }, leaf: { $0.copy() as? CAAnimation }) { g, nested, children in
            let c: CAAnimationGroup
            if nested {
                c = CAAnimationGroup()
                c._copyAnimationState(from: g)
            } else {
                c = self
            }
            c.animations = g.animations == nil ? nil : children
            return c
        }
    }

    override func _normalize(defaultDuration fallback: CFTimeInterval) {
        Self._fold(self, leaf: { $0._normalize(defaultDuration: fallback) }) { g, _, _ in g._normalizeDuration(fallback) }
    }

    override func _compile(for layer: CALayer, nested: Bool) -> _CompiledAnimation {
        Self._fold(self, leaf: { $0._compile(for: layer, nested: true) }) { g, inner, children in
            _CompiledAnimation(timing: g._timing(nested: inner || nested), body: .group(children), pacing: g.timingFunction)
        }
    }

    /// Folds `root` and the groups nested in it bottom-up, without recursion: `leaf` maps each
    /// child that is not walked into (nil drops it), `group` each group walked (`nested`: not
    /// the root) with its children's results in array order. `into` picks the child groups
    /// walked into; the others are leaves. A group already on the path from the root (a cycle)
    /// is dropped where it repeats.
    static func _fold<R>(_ root: CAAnimationGroup, into: (CAAnimationGroup) -> Bool = { _ in true },
                         leaf: (CAAnimation) -> R?, group: (_ g: CAAnimationGroup, _ nested: Bool, _ children: [R]) -> R) -> R {
        // Each level of the path: a group, its children, the next child to visit, its results.
        var path: [(group: CAAnimationGroup, children: [CAAnimation], next: Int, results: [R])] = [
            (root, root.animations ?? [], 0, [])]
        var onPath: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while true {
            let top = path.count - 1
            if path[top].next < path[top].children.count {
                let child = path[top].children[path[top].next]
                path[top].next += 1
                if let g = child as? CAAnimationGroup, into(g) {
                    guard onPath.insert(ObjectIdentifier(g)).inserted else { continue }
                    path.append((g, g.animations ?? [], 0, []))
                } else if let r = leaf(child) {
                    path[top].results.append(r)
                }
                continue
            }
            let done = path.removeLast()
            onPath.remove(ObjectIdentifier(done.group))
            let r = group(done.group, !path.isEmpty, done.results)
            if path.isEmpty { return r }
            path[path.count - 1].results.append(r)
        }
    }
}
