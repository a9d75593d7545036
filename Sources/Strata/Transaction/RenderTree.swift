import Foundation

/// The render side of one layer tree: committed layer state and animations, evaluated at any
/// time on any thread without touching the model layers.
///
/// Commits (main thread) copy changed layers in under a lock; `snapshot(at:)` and
/// `nextFrameTime(after:)` (render thread) read under the same lock. Animations are evaluated
/// from immutable copies made at commit, so a busy main thread does not stop them.
/// Finished animations stop affecting the picture by themselves (one removed on completion
/// shows the model value after its end); the main thread later removes them from the model
/// layers in `CATransaction.deliverAnimationEvents(at:)`.
public final class RenderTree: @unchecked Sendable {
    /// One committed layer. Immutable once built (a commit replaces the whole node), so the
    /// render thread reads it without copying.
    final class Node {
        let state: _LayerState
        let timing: _Timing
        let children: [UInt64]
        let mask: UInt64?
        let animations: [_CompiledAnimation]
        let layerClass: String
        init(state: _LayerState, timing: _Timing, children: [UInt64], mask: UInt64?,
             animations: [_CompiledAnimation], layerClass: String) {
            self.state = state; self.timing = timing; self.children = children; self.mask = mask
            self.animations = animations; self.layerClass = layerClass
        }
    }

    private let lock = NSLock()
    private var nodes: [UInt64: Node] = [:]
    private let rootID: UInt64
    /// Main-thread only: the model root (never read by `snapshot`).
    private let root: CALayer
    private var _onCommit: (@Sendable () -> Void)?

    /// Registers `root`'s tree: commits that touch it land here. The tree starts with the
    /// current model state of every layer under `root`. `root` must stay the top of its tree
    /// (a commit finds a layer's tree through its topmost ancestor): a root later added as
    /// someone's sublayer stops receiving commits. The tree keeps `root` alive.
    public init(root: CALayer) {
        self.root = root
        rootID = root._layerID
        root.extras.renderTree = self
        var all: [CALayer] = []
        func collect(_ l: CALayer) {
            all.append(l)
            l._sublayers.forEach(collect)
            if let m = l._extras?.mask { collect(m) }
        }
        collect(root)
        _apply(all)
    }

    /// Called (on the committing thread) after every commit that changed this tree.
    public var onCommit: (@Sendable () -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return _onCommit }
        set { lock.lock(); _onCommit = newValue; lock.unlock() }
    }

    /// Copies `layers` (all in this tree) from the model. Main thread.
    func _apply(_ layers: [CALayer]) {
        captureTransitionSources(layers)
        var updates: [(UInt64, Node)] = []
        updates.reserveCapacity(layers.count)
        for l in layers {
            var state = l._modelState()
            state.layer.layerClass = String(describing: type(of: l))
            let node = Node(
                state: state, timing: l._layerTiming,
                children: l._sublayers.map(\._layerID), mask: l._extras?.mask?._layerID,
                animations: l._orderedAnimations.map { $0._compile(for: l, nested: false) },
                layerClass: String(describing: type(of: l)))
            updates.append((l._layerID, node))
        }
        lock.lock()
        var structural = false
        for (id, n) in updates {
            if let old = nodes[id] {
                if old.children != n.children || old.mask != n.mask { structural = true }
            } else {
                structural = true
            }
            nodes[id] = n
        }
        if structural { sweep() }
        lock.unlock()
    }

    /// Records, for transitions not yet committed, what their layer looked like before this
    /// commit (the subtree as currently in the tree, evaluated now).
    private func captureTransitionSources(_ layers: [CALayer]) {
        let now = CACurrentMediaTime()
        for l in layers {
            guard let t = l._extras?.animations[kCATransition] as? CATransition, !t._captured else { continue }
            t._captured = true
            let parentTime = l.superlayer?.convertTime(now, from: nil) ?? now
            var out: [RenderLayer] = []
            lock.lock()
            build(l._layerID, parentTime: parentTime, into: &out)
            lock.unlock()
            t._from = out.first
        }
    }

    /// Drops nodes no longer reachable from the root. Called with the lock held.
    private func sweep() {
        var reachable = Set<UInt64>()
        var stack = [rootID]
        while let id = stack.popLast() {
            guard reachable.insert(id).inserted, let n = nodes[id] else { continue }
            stack.append(contentsOf: n.children)
            if let m = n.mask { stack.append(m) }
        }
        if reachable.count != nodes.count { nodes = nodes.filter { reachable.contains($0.key) } }
    }

    /// The presentation values of the whole tree at media time `time`.
    public func snapshot(at time: CFTimeInterval) -> RenderLayer {
        lock.lock(); defer { lock.unlock() }
        var out: [RenderLayer] = []
        build(rootID, parentTime: time, into: &out, tiles: _TiledFrame(time: time, onTileReady: _onCommit))
        return out.first ?? RenderLayer(id: rootID)
    }

    /// Evaluates node `id` and its subtree and appends the result to `out` (appending lets the
    /// finished value move into place instead of being copied).
    /// `tiles` carries what CATiledLayers need (the accumulated transform to the root, whose
    /// bounds are the viewport); nil outside frame snapshots.
    func build(_ id: UInt64, parentTime: Double, into out: inout [RenderLayer], tiles: _TiledFrame? = nil) {
        guard let n = nodes[id] else { return }
        let local = n.timing.layerLocalTime(parentTime)
        var s = n.state
        for a in n.animations { a.apply(at: local, to: &s) }
        if !s.extras.isEmpty {
            var props: [String: any Sendable] = [:]
            for (k, v) in s.extras { if let sv = v.sendableValue { props[k] = sv } }
            s.layer.properties = props
        }
        let frame = tiles?.entering(s.layer, isRoot: id == rootID)
        if !n.children.isEmpty {
            let inner = frame?.forSublayers(of: s.layer)
            if let r = _Replication(s.extras), r.changesSublayers {
                s.layer.sublayers = replicate(n, r, of: s.layer, parentTime: local, tiles: inner)
            } else {
                var subs: [RenderLayer] = []
                subs.reserveCapacity(n.children.count)
                for c in n.children {
                    build(c, parentTime: local, into: &subs, tiles: inner)
                    // A transform layer's 3-D space stands in its place (see CATransformLayer).
                    if let t = subs.last, _Depth3D.isTransformLayer(t) {
                        subs.removeLast()
                        subs.append(contentsOf: _Depth3D.expand(t))
                    }
                }
                s.layer.sublayers = subs
            }
        }
        if !s.extras.isEmpty, case let .opaque(h as _EmissionHistory)? = s.extras[CAEmitterLayer.historyKey] {
            // Particles are drawn below the emitter's sublayers.
            let particles = _Emission.particles(h, at: local, emitter: id)
            if !particles.isEmpty { s.layer.sublayers = particles + s.layer.sublayers }
        }
        frame?.attachTiles(&s.layer)
        if let m = n.mask {
            var one: [RenderLayer] = []
            build(m, parentTime: local, into: &one)
            s.layer.mask = one.first
        }
        if let fade = s.contentsFade, s.layer.transition == nil { Self.crossfadeContents(&s.layer, fade) }
        // Swap the finished value into the array rather than copying it (no retain traffic).
        out.append(RenderLayer(id: 0))
        swap(&out[out.count - 1], &s.layer)
    }

    /// A basic animation of `contents` drawn as a fade transition (see `RenderTransition`):
    /// from the layer as evaluated (its start contents) to the same layer, sublayers and all,
    /// showing the end contents. A running `CATransition` on the layer takes precedence.
    static func crossfadeContents(_ layer: inout RenderLayer, _ fade: _LayerState.ContentsFade) {
        let old = layer
        layer.properties["contents"] = fade.to.sendableValue
        layer.transition = RenderTransition(type: "fade", subtype: nil, progress: fade.progress, from: old)
    }

    /// Earliest time ≥ `time` at which the picture may change: `time` itself while anything
    /// animates, the start of the next scheduled animation, or `.infinity` when nothing will.
    /// A layer whose local time stands still (`speed` 0 on it or an ancestor: Core Animation's
    /// way to pause) shows the same picture at every time, so its animations and particles ask
    /// for no frames while paused; only tile fade-ins, which run on frame time, still do.
    public func nextFrameTime(after time: CFTimeInterval) -> CFTimeInterval {
        lock.lock(); defer { lock.unlock() }
        var chain: [_Timing] = []
        return next(rootID, parentTime: time, globalTime: time, chain: &chain, frozen: false)
    }

    private func next(_ id: UInt64, parentTime: Double, globalTime: Double, chain: inout [_Timing], frozen: Bool) -> Double {
        guard let n = nodes[id] else { return .infinity }
        let local = n.timing.layerLocalTime(parentTime)
        chain.append(n.timing)
        defer { chain.removeLast() }
        if _TiledRenderHook.isFading(n.state.extras) { return globalTime }
        var frozen = frozen || n.timing.speed == 0
        var wake = Double.infinity
        if n.timing.duration > 0, !frozen {
            // A cycling layer (see CAMediaTiming): while active, finished animations below it
            // start again with the next cycle; before and after, its time holds.
            let raw = n.timing.localTime(parentTime)
            if raw >= 0, n.timing.layerTimeMoves(atLocal: raw) {
                if animates(id) { return globalTime }
            } else {
                frozen = true
                if raw < 0, animates(id) {
                    var g = 0.0
                    for t in chain.reversed() { g = t.parentTime(forLocal: g) ?? .infinity }
                    if g.isFinite { wake = max(g, globalTime) }
                }
            }
        }
        if frozen {
            for c in n.children + (n.mask.map { [$0] } ?? []) where next(c, parentTime: local, globalTime: globalTime,
                                                                             chain: &chain, frozen: true) == globalTime {
                return globalTime
            }
            return wake
        }
        if !n.state.extras.isEmpty, case let .opaque(h as _EmissionHistory)? = n.state.extras[CAEmitterLayer.historyKey],
           h.isActive(at: local) {
            return globalTime
        }
        var best = Double.infinity
        for a in n.animations {
            let l = a.nextChange(after: local)
            if l == local { return globalTime }
            if l.isFinite {
                var g = l
                for t in chain.reversed() { g = t.parentTime(forLocal: g) ?? .infinity }
                if g.isFinite { best = min(best, max(g, globalTime)) }
            }
        }
        for c in n.children + (n.mask.map { [$0] } ?? []) {
            let v = next(c, parentTime: local, globalTime: globalTime, chain: &chain, frozen: false)
            if v == globalTime { return v }
            best = min(best, v)
        }
        return best
    }

    /// Whether node `id` or anything below it has animations or emits particles.
    private func animates(_ id: UInt64) -> Bool {
        guard let n = nodes[id] else { return false }
        if !n.animations.isEmpty || n.state.extras[CAEmitterLayer.historyKey] != nil { return true }
        return n.children.contains(where: animates) || n.mask.map(animates) == true
    }
}
