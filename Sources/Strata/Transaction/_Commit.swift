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
            var finder = RootFinder()
            var roots: [ObjectIdentifier: CALayer] = [:]
            for l in batch { let r = finder.root(of: l); roots[ObjectIdentifier(r)] = r }
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
        listSubtrees(s)
        // Copy changed layers into their trees.
        var finder = RootFinder()
        let dirty = s.dirtyLayers
        s.dirtyLayers = []
        s.previous = [:]
        var trees: [ObjectIdentifier: (RenderTree, [CALayer])] = [:]
        for l in dirty {
            l._flags.remove(.dirty)
            l._flags.insert(.committed)
            guard let tree = finder.root(of: l)._extras?.renderTree else { continue }
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

    /// Lists the layers under those that joined a tree (`_markSubtreeDirty`) as they are now.
    /// Each layer is visited once however the marked layers nest (a chain attached one layer
    /// at a time, top-down or bottom-up, is not walked again for every ancestor).
    static func listSubtrees(_ s: _TransactionState) {
        let marked = s.dirtyLayers.filter { $0._flags.contains(.subtreeDirty) }
        var walked = Set<ObjectIdentifier>()
        var stack: [CALayer] = []
        for top in marked {
            // Cleared: listed by an ancestor's walk already.
            guard top._flags.contains(.subtreeDirty) else { continue }
            top._flags.remove(.subtreeDirty)
            walked.insert(ObjectIdentifier(top))
            stack.append(contentsOf: top._sublayers)
            if let m = top._extras?.mask { stack.append(m) }
            while let l = stack.popLast() {
                if !l._flags.contains(.dirty) {
                    l._flags.insert(.dirty)
                    s.dirtyLayers.append(l)
                }
                // A marked root walked earlier has its subtree listed already.
                if walked.contains(ObjectIdentifier(l)) { continue }
                l._flags.remove(.subtreeDirty)
                stack.append(contentsOf: l._sublayers)
                if let m = l._extras?.mask { stack.append(m) }
            }
        }
    }

    /// The roots of layers' trees, remembered along the way up: a deep tree's layers find
    /// their root in one walk between them, not one walk each.
    struct RootFinder {
        private var known: [ObjectIdentifier: CALayer] = [:]

        mutating func root(of layer: CALayer) -> CALayer {
            var path: [CALayer] = []
            var l = layer
            while known[ObjectIdentifier(l)] == nil, let p = l._superlayer {
                path.append(l)
                l = p
            }
            let r = known[ObjectIdentifier(l)] ?? l
            known[ObjectIdentifier(l)] = r
            for x in path { known[ObjectIdentifier(x)] = r }
            return r
        }
    }
}
