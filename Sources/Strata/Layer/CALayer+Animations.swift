import Foundation

extension CALayer {
    /// Adds a copy of `anim` under `key`, replacing (and stopping, `finished: false`) any
    /// animation already under that key. The copy's `beginTime` 0 is stamped with the commit
    /// time when the transaction commits; an invalid `duration` gets the transaction's
    /// `animationDuration`; a nil `timingFunction` gets the transaction's
    /// `animationTimingFunction` when one is set (implicit animations otherwise use the
    /// `.default` curve). A nil `key` adds an animation that `animationKeys()` does not list.
    /// Adding to a presentation layer does nothing.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard !_flags.contains(.presentation), let copy = anim.copy() as? CAAnimation else { return }
        let tx = _TransactionState.current
        tx.touch()
        copy._normalize(defaultDuration: tx.animationDuration)
        if copy.timingFunction == nil {
            if let f = tx.timingFunction { copy.timingFunction = f }
            else if anim._isImplicit { copy.timingFunction = CAMediaTimingFunction(name: .default) }
        }
        if let b = copy as? CABasicAnimation, b.fromValue == nil, b.toValue == nil, b.byValue == nil,
           let path = b.keyPath {
            let kp = _KeyPath(path)
            let root = Self._canonicalKey(kp.root)
            let whole = tx.previousValue(of: self, key: root) ?? _presentationValue(forKey: root)
            b._capturedFrom = kp.field.flatMap { _KeyPath.get($0, in: whole) } ?? (kp.field == nil ? whole : nil)
        }
        let x = extras
        let k: String
        if copy is CATransition { k = kCATransition } else if let key { k = key } else {
            x.anonymousAnimationCount += 1
            k = "\u{0}anonymous-\(x.anonymousAnimationCount)"
        }
        if let old = x.animations[k] {
            x.animationKeys.removeAll { $0 == k }
            tx.animationRemoved(old)
        }
        x.animations[k] = copy
        x.animationKeys.append(k)
        tx.animationAdded(copy, to: self, key: k)
        _markDirty()
    }

    /// Keys of the attached animations in the order they were added (nil when none).
    public func animationKeys() -> [String]? {
        let keys = (_extras?.animationKeys ?? []).filter { !$0.hasPrefix("\u{0}") }
        return keys.isEmpty ? nil : keys
    }

    /// The animation under `key`. It is the layer's own copy: mutating it is undefined in
    /// Core Animation; in Strata it has no effect until the next time the layer is committed.
    public func animation(forKey key: String) -> CAAnimation? { _extras?.animations[key] }

    public func removeAnimation(forKey key: String) {
        guard let x = _extras, let a = x.animations.removeValue(forKey: key) else { return }
        x.animationKeys.removeAll { $0 == key }
        _TransactionState.current.animationRemoved(a)
        _markDirty()
    }

    public func removeAllAnimations() {
        guard let x = _extras, !x.animations.isEmpty else { return }
        let tx = _TransactionState.current
        for k in x.animationKeys { if let a = x.animations[k] { tx.animationRemoved(a) } }
        x.animations = [:]
        x.animationKeys = []
        _markDirty()
    }

    /// Removal when the animation finished (no stop event: the caller delivers it).
    final func _removeFinished(_ anim: CAAnimation) {
        guard let x = _extras, let k = x.animations.first(where: { $0.value === anim })?.key else { return }
        x.animations[k] = nil
        x.animationKeys.removeAll { $0 == k }
        _markDirty()
    }

    final var _orderedAnimations: [CAAnimation] {
        guard let x = _extras else { return [] }
        return x.animationKeys.compactMap { x.animations[$0] }
    }

    // MARK: Model and presentation

    /// The model value of a key path's root property.
    final func _modelValue(forKeyPath path: String) -> _AnimValue {
        _value(Self._canonicalKey(_KeyPath(path).root))
    }

    /// The model state as the render side sees it.
    final func _modelState() -> _LayerState {
        var s = _LayerState(layer: RenderLayer(id: _layerID), extras: [:])
        if _extras?.style != nil {
            for (k, v) in _styleValues() {
                if let slot = _LayerKeys.table[k]?.slot { slot.write(&s.layer, v) } else { s.extras[k] = v }
            }
        }
        for (k, v) in _storage {
            if let slot = _LayerKeys.table[k]?.slot { slot.write(&s.layer, v) } else { s.extras[k] = v }
        }
        return s
    }

    /// The model state with this layer's animations applied at media time `time`.
    final func _evaluatedState(at time: CFTimeInterval) -> _LayerState {
        var s = _modelState()
        let anims = _orderedAnimations
        if anims.isEmpty { return s }
        let local = convertTime(time, from: nil)
        for a in anims { a._compile(for: self, nested: false).apply(at: local, to: &s) }
        return s
    }

    /// The value `key` shows now (model value plus running animations).
    final func _presentationValue(forKey key: String) -> _AnimValue {
        guard let x = _extras, !x.animations.isEmpty else { return _value(key) }
        let s = _evaluatedState(at: CACurrentMediaTime())
        return s.get(key, slot: _LayerKeys.table[key]?.slot, fallback: _value(key))
    }

    /// A copy of the layer showing what is on screen now: the model values with all running
    /// animations applied at `CACurrentMediaTime()`. Its sublayers and mask are presentation
    /// layers too; its `superlayer` is the presentation layer of the model's superlayer; its
    /// `model()` is this layer. Nil before the layer's first commit (as in Core Animation).
    /// Calling it on a presentation layer returns that layer.
    public func presentation() -> Self? {
        if _flags.contains(.presentation) { return self }
        guard _flags.contains(.committed) else { return nil }
        return _makePresentation(at: CACurrentMediaTime())
    }

    /// The presentation copy of this layer's subtree, made without recursion (any depth), in
    /// the order a recursive walk has: a layer, its sublayers' subtrees, its mask's subtree.
    final func _makePresentation(at time: CFTimeInterval) -> Self {
        let top = _presentationCopy(at: time)
        // Copies are made as layers are popped (the recursive order); each joins its parent's
        // copy, which exists by then.
        var stack: [(model: CALayer, parent: CALayer, isMask: Bool)] = []
        func push(_ model: CALayer, _ copy: CALayer) {
            if let m = model._extras?.mask { stack.append((m, copy, true)) }
            for sub in model._sublayers.reversed() { stack.append((sub, copy, false)) }
        }
        push(self, top)
        while let (model, parent, isMask) = stack.popLast() {
            let copy = model._presentationCopy(at: time)
            copy._superlayer = parent
            if isMask {
                copy._flags.insert(.isMask)
                parent.extras.mask = copy
            } else {
                parent._sublayers.append(copy)
            }
            push(model, copy)
        }
        return top
    }

    /// A presentation layer showing this layer's values at `time`, without sublayers or mask.
    final func _presentationCopy(at time: CFTimeInterval) -> Self {
        let p = type(of: self).init(layer: self)
        p._flags = [.presentation, .committed]
        let s = _evaluatedState(at: time)
        var storage: [String: _AnimValue] = [:]
        // With a style, a value equal to the default must still be stored: the style would
        // otherwise supply its own value for that key.
        let keepDefaults = _extras?.style != nil
        for (k, slot) in _LayerKeys.slotted {
            let v = slot.read(s.layer)
            if keepDefaults || !(_LayerKeys.table[k]?.defaultValue.isEqual(to: v) ?? false) { storage[k] = v }
        }
        for (k, v) in _storage where _LayerKeys.table[k]?.slot == nil { storage[k] = v }
        for (k, v) in s.extras { storage[k] = v }
        p._storage = storage
        p.extras.modelLayer = self
        return p
    }

    /// The model layer of a presentation layer; `self` for model layers.
    public func model() -> Self {
        if _flags.contains(.presentation), let m = _extras?.modelLayer as? Self { return m }
        return self
    }

    // MARK: Time

    /// The layer's own timing; the default (identity) mapping unless a timing key was set.
    final var _layerTiming: _Timing {
        _flags.contains(.hasTiming) ? _Timing(self, removedOnCompletion: false) : _Timing()
    }

    /// Converts `t` from `layer`'s time space (nil: global media time) to this layer's.
    /// Each level maps `t_local = (t_parent − beginTime) × speed + timeOffset`; a level with
    /// speed 0 maps every parent time to its `timeOffset`, so converting upwards through it
    /// returns its `beginTime` (the inverse is not unique).
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let global = layer.map { $0._toGlobalTime($0._fromSelf(t)) } ?? t
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let c = l { chain.append(c); l = c._timingParent }
        var time = global
        for c in chain.reversed() { time = c._layerTiming.layerLocalTime(time) }
        return time
    }

    /// Converts `t` from this layer's time space to `layer`'s (nil: global media time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let global = _toGlobalTime(t)
        guard let layer else { return global }
        return layer.convertTime(global, from: nil)
    }

    private func _fromSelf(_ t: CFTimeInterval) -> CFTimeInterval { t }

    final func _toGlobalTime(_ t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var l: CALayer? = self
        while let c = l {
            let tm = c._layerTiming
            time = tm.parentTime(forLocal: time) ?? tm.beginTime
            l = c._timingParent
        }
        return time
    }

    /// The parent in time: the superlayer (presentation layers use their model's chain).
    final var _timingParent: CALayer? {
        if _flags.contains(.presentation) { return _extras?.modelLayer?._superlayer }
        return _superlayer
    }
}

extension CAAnimation {
    /// Set on animations made by `CALayer.defaultAction(forKey:)`.
    var _isImplicit: Bool {
        get { _userValues["\u{0}implicit"] != nil }
        set { _userValues["\u{0}implicit"] = newValue ? true : nil }
    }
}
