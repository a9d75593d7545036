import Foundation

/// The `style` dictionary as a source of property values (Core Animation's documented rules):
/// a property that was never set reads its value from `style[key]`, then from the nested
/// `style["style"][key]` and so on (the shallowest value wins), and only then from
/// `defaultValue(forKey:)`. `bounds` and `frame` never come from the style; the "actions" and
/// "style" entries are not property values. A style value of the wrong type for a built-in
/// key, or a non-finite one, is ignored (the lookup continues). Setting the property stores a
/// value of its own, which then wins over the style (documented limit: a value equal to the
/// class default set while the layer had no style is not remembered, so a style assigned
/// later shows through it). Values from the style reach the render
/// side like set values. Nesting deeper than 64 levels is not followed (self-referencing
/// styles cannot loop).
extension CALayer {
    static let _notStyleKeys: Set<String> = ["bounds", "frame", "actions", "style"]

    /// The value `style` provides for `key`, nil when none applies.
    final func _styleValue(_ key: String, in style: [AnyHashable: Any]) -> _AnimValue? {
        if Self._notStyleKeys.contains(key) { return nil }
        var level: [AnyHashable: Any]? = style
        var depth = 0
        while let s = level, depth < 64 {
            if let raw = s[key], let v = Self._styleEntry(key, raw) { return v }
            level = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return nil
    }

    /// Every property value the style hierarchy provides (shallowest wins), for keys the layer
    /// has not set itself.
    final func _styleValues() -> [String: _AnimValue] {
        guard let style = _extras?.style else { return [:] }
        var levels: [[AnyHashable: Any]] = []
        var level: [AnyHashable: Any]? = style
        while let s = level, levels.count < 64 {
            levels.append(s)
            level = s["style"] as? [AnyHashable: Any]
        }
        var out: [String: _AnimValue] = [:]
        for s in levels.reversed() {
            for (k, raw) in s {
                guard let key = k as? String, _storage[key] == nil, !Self._notStyleKeys.contains(key),
                      let v = Self._styleEntry(key, raw) else { continue }
                out[key] = v
            }
        }
        return out
    }

    /// `raw` as the engine value of `key`, nil when it does not fit the built-in key's type.
    private static func _styleEntry(_ key: String, _ raw: Any) -> _AnimValue? {
        let v = _AnimValue(any: raw)
        guard let p = _LayerKeys.table[key] else { return v }
        guard v.isFinite, let c = v.coerced(like: p.defaultValue) else { return nil }
        return c
    }
}
