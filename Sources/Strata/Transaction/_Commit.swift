import Foundation

/// The outermost commit: layout and display, animation stamping, render-tree update.
enum _Commit {
    static func run(_ s: _TransactionState) {
        let time = CACurrentMediaTime()
        // Layout and display may change more layers; repeat until nothing new (bounded).
        var processed = 0
        var rounds = 0
        while processed < s.dirtyLayers.count && rounds < 16 {
            let batch = s.dirtyLayers[processed...]
            processed = s.dirtyLayers.count
            var roots: [ObjectIdentifier: CALayer] = [:]
            for l in batch { let r = l._root; roots[ObjectIdentifier(r)] = r }
            for r in roots.values { r.layoutIfNeeded() }
            for l in batch where l._flags.contains(.needsDisplay) { l.displayIfNeeded() }
            rounds += 1
        }
        // Stamp and register the new animations (only those still on their layer).
        let added = s.added
        s.added = []
        for a in added {
            guard a.layer._extras?.animations[a.key] === a.animation else { continue }
            if a.animation.beginTime == 0 { a.animation.beginTime = a.layer.convertTime(time, from: nil) }
            s.events.register(a)
        }
        // Copy changed layers into their trees.
        let dirty = s.dirtyLayers
        s.dirtyLayers = []
        s.previous = [:]
        var trees: [ObjectIdentifier: (RenderTree, [CALayer])] = [:]
        for l in dirty {
            l._flags.remove(.dirty)
            l._flags.insert(.committed)
            guard let tree = l._root._extras?.renderTree else { continue }
            trees[ObjectIdentifier(tree), default: (tree, [])].1.append(l)
        }
        for (tree, layers) in trees.values { tree._apply(layers) }
        for (tree, _) in trees.values { tree.onCommit?() }
        // Completion blocks with nothing to wait for run now.
        let groups = s.sealedGroups
        s.sealedGroups = []
        for g in groups {
            g.sealed = true
            if g.pending <= 0 { s.events.fire(g) } else { s.events.waiting.append(g) }
        }
    }
}
