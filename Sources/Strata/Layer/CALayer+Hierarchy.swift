import Foundation

/// The layer tree. Bad input has documented outcomes, never a crash:
/// - adding a layer to itself or to one of its own descendants (a cycle) is ignored;
/// - a layer used as another layer's `mask` cannot become a sublayer (ignored) and vice versa:
///   assigning a mask that already has a superlayer removes it from that superlayer first;
/// - insertion indices beyond the end append.
extension CALayer {
    /// The layer this one is a sublayer of (or, for a mask, the layer it masks). For the
    /// layer `presentation()` returned, the presentation layer of the model's superlayer.
    public var superlayer: CALayer? {
        if _superlayer == nil, _flags.contains(.presentation) {
            return _extras?.modelLayer?._superlayer?.presentation()
        }
        return _superlayer
    }

    /// The sublayers in back-to-front order; nil when there are none (as in Core Animation).
    /// Setting it replaces them all (cycles and masks in the new array are skipped).
    public var sublayers: [CALayer]? {
        get { _sublayers.isEmpty ? nil : _sublayers }
        set {
            // Detached together (one by one would search and shift the array once per layer).
            for s in _sublayers where s._superlayer === self { s._runOrderAction(kCAOnOrderOut) }
            for s in _sublayers { s._superlayer = nil }
            _sublayers = []
            for s in newValue ?? [] { insertSublayer(s, at: UInt32(clamping: _sublayers.count)) }
            _markStructureDirty()
        }
    }

    /// True when `layer` is `self` or one of `self`'s ancestors (so adding it would make a cycle).
    final func _wouldCycle(_ layer: CALayer) -> Bool {
        if layer === self { return true }
        // Only a layer with sublayers or a mask is anyone's ancestor: adding a new leaf (the
        // usual case, and building a chain top-down) does not walk up a deep tree.
        if layer._sublayers.isEmpty && layer._extras?.mask == nil { return false }
        var p: CALayer? = self
        while let q = p {
            if q === layer { return true }
            p = q._superlayer
        }
        return false
    }

    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(clamping: _sublayers.count))
    }

    /// Inserts `layer` at `idx` (an index into the resulting array; beyond the end appends).
    /// A layer already in this layer's sublayers moves.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard !_wouldCycle(layer), !layer._flags.contains(.isMask) else { return }
        let index = Int(idx)
        if layer._superlayer === self, let cur = _sublayers.firstIndex(where: { $0 === layer }) {
            _sublayers.remove(at: cur)
            _sublayers.insert(layer, at: min(index, _sublayers.count))
            _markStructureDirty()
            return
        }
        layer._detachFromParent(runOrderOut: false)
        _sublayers.insert(layer, at: min(index, _sublayers.count))
        layer._superlayer = self
        _markStructureDirty()
        layer._markSubtreeDirty()
        layer._runOrderAction(kCAOnOrderIn)
    }

    /// The index `sibling` has once `layer` is taken out of the sublayers.
    private func _index(of sibling: CALayer, without layer: CALayer) -> Int? {
        _sublayers.filter { $0 !== layer }.firstIndex(where: { $0 === sibling })
    }

    /// Inserts below `sibling` (at the bottom when it is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, sibling !== layer, let i = _index(of: sibling, without: layer) else {
            insertSublayer(layer, at: 0); return
        }
        insertSublayer(layer, at: UInt32(clamping: i))
    }

    /// Inserts above `sibling` (at the top when it is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, sibling !== layer, let i = _index(of: sibling, without: layer) else {
            addSublayer(layer); return
        }
        insertSublayer(layer, at: UInt32(clamping: i + 1))
    }

    /// Replaces `oldLayer` (which must be a sublayer; otherwise nothing happens) with `newLayer`.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = _sublayers.firstIndex(where: { $0 === oldLayer }) else { return }
        if oldLayer === newLayer { return }
        guard !_wouldCycle(newLayer), !newLayer._flags.contains(.isMask) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(clamping: min(i, _sublayers.count)))
    }

    public func removeFromSuperlayer() {
        guard let parent = _superlayer else { return }
        if parent._extras?.mask === self {
            parent.mask = nil
            return
        }
        _detachFromParent(runOrderOut: true)
    }

    final func _detachFromParent(runOrderOut: Bool) {
        guard let parent = _superlayer else { return }
        if runOrderOut { _runOrderAction(kCAOnOrderOut) }
        if _flags.contains(.isMask) {
            parent._extras?.mask = nil
            _flags.remove(.isMask)
        } else if let i = parent._sublayers.firstIndex(where: { $0 === self }) {
            parent._sublayers.remove(at: i)
        }
        _superlayer = nil
        parent._markStructureDirty()
    }

    /// A layer whose alpha masks this one; its geometry is relative to this layer's bounds.
    /// Assigning a layer that has a superlayer removes it from there first; a layer that is
    /// this layer or an ancestor of it is ignored (it would make a cycle).
    public var mask: CALayer? {
        get { _extras?.mask }
        set {
            if newValue === _extras?.mask { return }
            if let m = newValue, _wouldCycle(m) { return }
            if let old = _extras?.mask {
                old._superlayer = nil
                old._flags.remove(.isMask)
                _extras?.mask = nil
            }
            if let m = newValue {
                m._detachFromParent(runOrderOut: false)
                extras.mask = m
                m._superlayer = self
                m._flags.insert(.isMask)
                m._markSubtreeDirty()
            }
            _markStructureDirty()
        }
    }

    // MARK: Dirty tracking for commits

    /// Records that this layer's state must be copied to the render side at the next commit.
    final func _markDirty() {
        if _flags.contains(.presentation) { return }
        let tx = _TransactionState.current
        tx.touch()
        if !_flags.contains(.dirty) {
            _flags.insert(.dirty)
            tx.dirtyLayers.append(self)
        }
    }

    final func _markStructureDirty() { _markDirty() }

    /// Records that this layer and everything under it must be copied at the next commit (it
    /// joined a tree). Only this layer is listed now; the commit lists its subtree as it is
    /// then (`_Commit.listSubtrees`), so attaching a deep subtree costs one walk, at commit.
    final func _markSubtreeDirty() {
        if _flags.contains(.presentation) { return }
        _markDirty()
        _flags.insert(.subtreeDirty)
    }

    /// This layer and all layers under it (sublayers and masks) in depth-first order: a layer,
    /// then each sublayer's subtree in order, then its mask's subtree. Iterative: any depth.
    final var _subtree: [CALayer] {
        var all: [CALayer] = []
        var stack: [CALayer] = [self]
        while let l = stack.popLast() {
            all.append(l)
            if let m = l._extras?.mask { stack.append(m) }
            stack.append(contentsOf: l._sublayers.reversed())
        }
        return all
    }

    /// The root of this layer's tree.
    final var _root: CALayer {
        var l = self
        while let p = l._superlayer { l = p }
        return l
    }

    /// Runs `onOrderIn` (after insertion into a committed tree) or `onOrderOut` (before
    /// removal of a committed layer) through the action lookup.
    final func _runOrderAction(_ event: String) {
        let live = event == kCAOnOrderIn ? (_superlayer?._flags.contains(.committed) ?? false) : _flags.contains(.committed)
        guard live, !CATransaction.disableActions() else { return }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }
}
