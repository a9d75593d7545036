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
    /// Read and written with `lock` held.
    var nodes: [UInt64: Node] = [:]
    let rootID: UInt64
    /// Main-thread only: the model root (never read by `snapshot`).
    private let root: CALayer
    /// False for a model copy (`init(modelCopyOf:)`): no animations, no transition sources.
    private let takesAnimations: Bool
    private var _onCommit: (@Sendable () -> Void)?

    /// Registers `root`'s tree: commits that touch it land here. The tree starts with the
    /// current model state of every layer under `root`. `root` must stay the top of its tree
    /// (a commit finds a layer's tree through its topmost ancestor): a root later added as
    /// someone's sublayer stops receiving commits. The tree keeps `root` alive.
    public init(root: CALayer) {
        self.root = root
        rootID = root._layerID
        takesAnimations = true
        root.extras.renderTree = self
        _apply(root._subtree)
    }

    /// A copy of `layer`'s subtree at its model values, its animations left out, registered
    /// for no commits (`layer` may sit in another tree; `CALayer.render(in:)`). Main thread.
    init(modelCopyOf layer: CALayer) {
        root = layer
        rootID = layer._layerID
        takesAnimations = false
        _apply(layer._subtree)
    }

    /// Called (on the committing thread) after every commit that changed this tree.
    public var onCommit: (@Sendable () -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return _onCommit }
        set { lock.lock(); _onCommit = newValue; lock.unlock() }
    }

    /// Copies `layers` (all in this tree) from the model. Main thread.
    func _apply(_ layers: [CALayer]) {
        if takesAnimations { captureTransitionSources(layers) }
        var updates: [(UInt64, Node)] = []
        updates.reserveCapacity(layers.count)
        for l in layers {
            var state = l._modelState()
            state.layer.layerClass = String(describing: type(of: l))
            let node = Node(
                state: state, timing: l._layerTiming,
                children: l._sublayers.map(\._layerID), mask: l._extras?.mask?._layerID,
                animations: takesAnimations ? l._orderedAnimations.map { $0._compileForRender(for: l) } : [],
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
        nextFrame(after: time).time
    }

    /// `nextFrameTime(after:)` with the rate the picture changes at when that is `time` itself:
    /// ∞ (every frame) unless everything moving at `time` is an animation with a reduced
    /// `preferredFrameRateRange`, whose highest rate it is then (frames per second). Later
    /// changes come with ∞.
    public func nextFrame(after time: CFTimeInterval) -> (time: CFTimeInterval, frameRate: Double) {
        let n = frameSchedule(after: time)
        return (n.time, n.frameRate)
    }

    /// `nextFrame(after:)` with how long its answer holds: while the picture moves at a
    /// reduced rate, the earliest time at which that may change — one of the animations
    /// running at it ends (at its active interval's end; now, when that cannot be told), or
    /// something else begins to change. Otherwise `steadyUntil` is the answer's `time`.
    public func frameSchedule(after time: CFTimeInterval) -> (time: CFTimeInterval, frameRate: Double, steadyUntil: CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        return next(after: time)
    }
}
