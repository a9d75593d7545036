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
        /// The next child to build; for a replicator, child `next % children.count` of
        /// instance `next / children.count`.
        var next = 0
        var subs: [RenderLayer] = []
        /// A replicator's instances (the sublayers drawn other than once) and their finished
        /// containers.
        var replication: _Replication?
        var containers: [RenderLayer] = []
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
    /// order (each with its whole subtree), its particles and tiles, then its mask's subtree;
    /// a replicator's sublayers once per instance, instance after instance.
    func build(_ id: UInt64, parentTime: Double, into out: inout [RenderLayer], tiles: _TiledFrame? = nil) {
        guard let first = enter(id, parentTime: parentTime, tiles: tiles) else { return }
        var stack = [first]
        while !stack.isEmpty {
            let top = stack.count - 1
            if !stack[top].inMask {
                let children = stack[top].node.children
                var total = children.count
                if let r = stack[top].replication {
                    total *= r.count
                    let i = stack[top].containers.count
                    if stack[top].next == (i + 1) * children.count {
                        // Instance i's sublayers are all built.
                        let c = Self.replicaContainer(r, instance: i, of: stack[top].state.layer, holding: stack[top].subs)
                        stack[top].containers.append(c)
                        stack[top].subs.removeAll(keepingCapacity: true)
                    }
                }
                if stack[top].next < total {
                    let j = stack[top].next
                    stack[top].next += 1
                    var time = stack[top].local, tiles = stack[top].inner
                    if let r = stack[top].replication, j >= children.count {
                        // Later instances show earlier times; tiles are requested for the
                        // sublayers themselves only (instance 0).
                        time -= Double(j / children.count) * r.delay
                        tiles = nil
                    }
                    let childID = children[j % children.count]
                    guard let n = nodes[childID] else { continue }
                    guard n.children.isEmpty, n.mask == nil else {
                        stack.append(enter(n, childID, parentTime: time, tiles: tiles))
                        continue
                    }
                    // A leaf (most layers): evaluated and finished in place, without a frame on
                    // the stack; the same steps as below for a frame with nothing to build.
                    var (s, leafLocal) = evaluate(n, parentTime: time)
                    finishOwn(&s, id: childID, local: leafLocal, tiles: tiles, entered: false)
                    Self.fadeContents(&s)
                    add(s, to: &stack[top])
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
            Self.fadeContents(&done.state)
            guard let p = stack.indices.last else {
                // Swap the finished value into the array rather than copying it.
                out.append(RenderLayer(id: 0))
                swap(&out[out.count - 1], &done.state.layer)
                break
            }
            if stack[p].inMask {
                stack[p].state.layer.mask = done.state.layer
            } else {
                add(&done.state.layer, to: &stack[p])
            }
        }
    }

    /// A contents animation in progress drawn as a crossfade (unless a transition runs).
    @inline(__always)
    private static func fadeContents(_ s: inout _LayerState) {
        if let fade = s.contentsFade, s.layer.transition == nil { crossfadeContents(&s.layer, fade) }
    }

    /// Adds the layer of finished leaf `s` to its parent's frame (moved out of `s`).
    @inline(__always)
    private func add(_ s: consuming _LayerState, to parent: inout BuildFrame) {
        if parent.replication == nil, !s.layer.properties.isEmpty, _Depth3D.isTransformLayer(s.layer) {
            parent.subs.append(contentsOf: _Depth3D.expand(s.layer))
        } else {
            parent.subs.append(s.layer)
        }
    }

    /// Adds finished sublayer `l` to its parent's frame (moved, not copied).
    @inline(__always)
    private func add(_ l: inout RenderLayer, to parent: inout BuildFrame) {
        if parent.replication == nil, !l.properties.isEmpty, _Depth3D.isTransformLayer(l) {
            // A transform layer's 3-D space stands in its place (see CATransformLayer).
            parent.subs.append(contentsOf: _Depth3D.expand(l))
        } else {
            parent.subs.append(RenderLayer(id: 0))
            swap(&parent.subs[parent.subs.count - 1], &l)
        }
    }

    /// Node `id` evaluated at `parentTime`, ready for its sublayers (a replicator's already
    /// built); nil when the node is missing.
    private func enter(_ id: UInt64, parentTime: Double, tiles: _TiledFrame?) -> BuildFrame? {
        guard let n = nodes[id] else { return nil }
        return enter(n, id, parentTime: parentTime, tiles: tiles)
    }

    /// Node `n`'s committed state with its animations applied at its local time for
    /// `parentTime`, and that local time.
    @inline(__always)
    private func evaluate(_ n: Node, parentTime: Double) -> (_LayerState, Double) {
        let local = n.timing.layerLocalTime(parentTime)
        var s = n.state
        for a in n.animations { a.apply(at: local, to: &s) }
        if !s.extras.isEmpty {
            var props: [String: any Sendable] = [:]
            for (k, v) in s.extras { if let sv = v.sendableValue { props[k] = sv } }
            s.layer.properties = props
        }
        return (s, local)
    }

    private func enter(_ n: Node, _ id: UInt64, parentTime: Double, tiles: _TiledFrame?) -> BuildFrame {
        let (s, local) = evaluate(n, parentTime: parentTime)
        let frame = tiles?.entering(s.layer, isRoot: id == rootID)
        let inner = n.children.isEmpty ? nil : frame?.forSublayers(of: s.layer)
        var f = BuildFrame(node: n, id: id, state: s, local: local, tiles: frame, inner: inner)
        if !n.children.isEmpty, let r = _Replication(s.extras), r.changesSublayers {
            f.replication = r
            f.containers.reserveCapacity(r.count)
        }
        f.subs.reserveCapacity(n.children.count)
        return f
    }

    /// Installs the built sublayers, then the particles (below them) and the tiles.
    private func finishSublayers(_ f: inout BuildFrame) {
        if f.replication != nil {
            f.state.layer.sublayers = f.containers
            f.containers = []
        } else if !f.node.children.isEmpty {
            f.state.layer.sublayers = f.subs
            f.subs = []
        }
        finishOwn(&f.state, id: f.id, local: f.local, tiles: f.tiles, entered: true)
    }

    /// The end of a layer's build once its sublayers are in: its particles (below them) and
    /// its tiles. `tiles` is the layer's tiled-layer context when `entered`, else its parent's
    /// (the layer's own is then derived only when the layer may be tiled: it has properties).
    @inline(__always)
    private func finishOwn(_ s: inout _LayerState, id: UInt64, local: Double, tiles: _TiledFrame?, entered: Bool) {
        if !s.extras.isEmpty, case let .opaque(h as _EmissionHistory)? = s.extras[CAEmitterLayer.historyKey] {
            // Particles are drawn below the emitter's sublayers.
            let particles = _Emission.particles(h, at: local, emitter: id)
            if !particles.isEmpty { s.layer.sublayers = particles + s.layer.sublayers }
        }
        guard let tiles, !s.layer.properties.isEmpty else { return }
        if entered {
            tiles.attachTiles(&s.layer)
        } else {
            tiles.entering(s.layer, isRoot: id == rootID).attachTiles(&s.layer)
        }
    }
}
