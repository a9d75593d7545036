import Foundation

/// Key-value coding on layers, with Core Animation's container semantics: any key can be set
/// and read back (custom keys are stored like properties, can be animated and reach the render
/// side when their values are `Sendable`); unknown keys read as `defaultValue(forKey:)` (nil).
///
/// Key paths may name fields (see `_KeyPath`): `value(forKeyPath: "position.x")`,
/// `setValue(0.5, forKeyPath: "transform.scale")`. A value of the wrong type for a built-in
/// key is converted when sensible (numbers ↔ Bool, any number type) and otherwise ignored.
extension CALayer {
    /// Maps KVC keys to stored keys (Apple's property names are accepted as aliases).
    static func _canonicalKey(_ key: String) -> String {
        switch key {
        case "isHidden": return "hidden"
        case "isDoubleSided": return "doubleSided"
        case "isOpaque": return "opaque"
        case "isGeometryFlipped": return "geometryFlipped"
        default: return key
        }
    }

    final func _kvcValue(forKey key: String) -> Any? {
        let k = Self._canonicalKey(key)
        switch k {
        case "frame": return frame
        case "name": return name
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "mask": return mask
        case "delegate": return delegate
        default: return _value(k).anyValue
        }
    }

    final func _kvcSetValue(_ value: Any?, forKey key: String) {
        let k = Self._canonicalKey(key)
        switch k {
        case "frame": if let r = value as? CGRect { frame = r }; return
        case "name": name = value as? String; return
        case "sublayers": sublayers = value as? [CALayer]; return
        case "mask": mask = value as? CALayer; return
        default: break
        }
        let v = _AnimValue(any: value)
        let model = _value(k)
        if _LayerKeys.table[k] != nil || !model.isNone {
            guard let c = v.coerced(like: model) else { return }
            _set(k, c)
        } else {
            _set(k, v)
        }
    }

    public func value(forKeyPath keyPath: String) -> Any? {
        // A particle cell's property: "emitterCells.<cell name>.<key>".
        if let emitter = self as? CAEmitterLayer, keyPath.hasPrefix("emitterCells.") {
            let parts = keyPath.split(separator: ".", maxSplits: 2)
            guard parts.count == 3 else { return nil }
            return emitter._cells?.first(where: { $0.name == String(parts[1]) })?.value(forKey: String(parts[2]))
        }
        let kp = _KeyPath(keyPath)
        guard let f = kp.field else { return value(forKey: keyPath) }
        let root = Self._canonicalKey(kp.root)
        if root == "frame" { return _KeyPath.get(f, in: .rect(frame))?.anyValue }
        return _KeyPath.get(f, in: _value(root))?.anyValue
    }

    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        // A particle cell's property: "emitterCells.<cell name>.<key>".
        if let emitter = self as? CAEmitterLayer, keyPath.hasPrefix("emitterCells.") {
            let parts = keyPath.split(separator: ".", maxSplits: 2)
            if parts.count == 3 { _ = emitter._setCellValue(value, name: String(parts[1]), key: String(parts[2])) }
            return
        }
        let kp = _KeyPath(keyPath)
        guard let f = kp.field else { setValue(value, forKey: keyPath); return }
        let root = Self._canonicalKey(kp.root)
        if root == "frame" {
            frame = _KeyPath.set(f, in: .rect(frame), to: _AnimValue(any: value)).rect ?? frame
            return
        }
        _set(root, _KeyPath.set(f, in: _value(root), to: _AnimValue(any: value)))
    }
}
