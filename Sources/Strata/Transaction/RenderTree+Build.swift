import Foundation

extension RenderTree {
    /// One layer of the walk in `build`: its evaluated state while its sublayers and mask are
    /// being built.
    private struct BuildFrame {
        let node: Node
        let id: UInt64
        var state: _LayerState
        let local: Double
        /// The tiled-layer context of the layer itself and of its sublayers.
        let tiles: _TiledFrame?
        let inner: _TiledFrame?
        /// The next child to build; `node.children.count` once they are done (or replicated).
        var next = 0
        var subs: [RenderLayer] = []
        var replicated = false
        /// True once the sublayers are finished and the mask (if any) is being built.
        var inMask = false
    }

    /// Evaluates node `id` and its subtree and appends the result to `out` (appending lets the
    /// finished value move into place instead of being copied).
    /// `tiles` carries what CATiledLayers need (the accumulated transform to the root, whose
    /// bounds are the viewport); nil outside frame snapshots. Called with the lock held.
    ///
    /// The walk keeps its own stack (a tree of any depth is built in constant call-stack
    /// depth) and visits layers in the order a recursive walk would: a layer, its sublayers in
    /// order (each with its whole subtree), its particles and tiles, then its mask's subtree.
    /// Replicators build each instance's sublayers with a nested walk.
    func build(_ id: UInt64, parentTime: Double, into out: inout [RenderLayer], tiles: _TiledFrame? = nil) {
        guard let first = enter(id, parentTime: parentTime, tiles: tiles) else { return }
        var stack = [first]
        while !stack.isEmpty {
            let top = stack.count - 1
            if !stack[top].inMask {
                let children = stack[top].node.children
                if stack[top].next < children.count {
                    let c = children[stack[top].next]
                    stack[top].next += 1
                    if let f = enter(c, parentTime: stack[top].local, tiles: stack[top].inner) { stack.append(f) }
                    continue
                }
                finishSublayers(&stack[top])
                stack[top].inMask = true
                if let m = stack[top].node.mask {
                    stack[top].state.layer.mask = nil
                    // Masks get no tile context (as drawn, they are not in the root's space).
                    if let f = enter(m, parentTime: stack[top].local, tiles: nil) { stack.append(f) }
                    continue
                }
            }
            var done = stack.removeLast()
            if let fade = done.state.contentsFade, done.state.layer.transition == nil {
                Self.crossfadeContents(&done.state.layer, fade)
            }
            guard let p = stack.indices.last else {
                // Swap the finished value into the array rather than copying it.
                out.append(RenderLayer(id: 0))
                swap(&out[out.count - 1], &done.state.layer)
                break
            }
            if stack[p].inMask {
                stack[p].state.layer.mask = done.state.layer
            } else if _Depth3D.isTransformLayer(done.state.layer) {
                // A transform layer's 3-D space stands in its place (see CATransformLayer).
                stack[p].subs.append(contentsOf: _Depth3D.expand(done.state.layer))
            } else {
                stack[p].subs.append(RenderLayer(id: 0))
                swap(&stack[p].subs[stack[p].subs.count - 1], &done.state.layer)
            }
        }
    }

    /// Node `id` evaluated at `parentTime`, ready for its sublayers (a replicator's already
    /// built); nil when the node is missing.
    private func enter(_ id: UInt64, parentTime: Double, tiles: _TiledFrame?) -> BuildFrame? {
        guard let n = nodes[id] else { return nil }
        let local = n.timing.layerLocalTime(parentTime)
        var s = n.state
        for a in n.animations { a.apply(at: local, to: &s) }
        if !s.extras.isEmpty {
            var props: [String: any Sendable] = [:]
            for (k, v) in s.extras { if let sv = v.sendableValue { props[k] = sv } }
            s.layer.properties = props
        }
        let frame = tiles?.entering(s.layer, isRoot: id == rootID)
        let inner = n.children.isEmpty ? nil : frame?.forSublayers(of: s.layer)
        var f = BuildFrame(node: n, id: id, state: s, local: local, tiles: frame, inner: inner)
        if !n.children.isEmpty, let r = _Replication(s.extras), r.changesSublayers {
            f.state.layer.sublayers = replicate(n, r, of: s.layer, parentTime: local, tiles: inner)
            f.replicated = true
            f.next = n.children.count
        } else {
            f.subs.reserveCapacity(n.children.count)
        }
        return f
    }

    /// Installs the built sublayers, then the particles (below them) and the tiles.
    private func finishSublayers(_ f: inout BuildFrame) {
        if !f.node.children.isEmpty, !f.replicated {
            f.state.layer.sublayers = f.subs
            f.subs = []
        }
        if !f.state.extras.isEmpty, case let .opaque(h as _EmissionHistory)? = f.state.extras[CAEmitterLayer.historyKey] {
            // Particles are drawn below the emitter's sublayers.
            let particles = _Emission.particles(h, at: f.local, emitter: f.id)
            if !particles.isEmpty { f.state.layer.sublayers = particles + f.state.layer.sublayers }
        }
        f.tiles?.attachTiles(&f.state.layer)
    }
}
