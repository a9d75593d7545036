import Foundation

extension CALayer {
    /// Stores `new` under `key` inside the current transaction: looks up the action first (so the
    /// action sees the old value, as UIKit relies on), records the old presentation value for
    /// animations without values, stores, marks dirty, then runs the action.
    ///
    /// Non-finite values (NaN, ∞ in any component) for `CALayer`'s own numeric and geometric
    /// properties are ignored (except +∞ for `repeatCount`/`repeatDuration`: repeat forever):
    /// the property keeps its value (Core Animation raises an exception for NaN geometry;
    /// Strata never crashes). Custom keys store what they are given.
    final func _set(_ key: String, _ new: _AnimValue) {
        // ∞ is a meaningful repeatCount/repeatDuration (repeat forever), not bad geometry.
        if _LayerKeys.table[key] != nil && !new.isFinite && !(Self._endlessKeys.contains(key) && new.number == .infinity) {
            return
        }
        if Self._timingKeys.contains(key) { _flags.insert(.hasTiming) }
        if _flags.contains(.presentation) { _storage[key] = new; return }
        let tx = _TransactionState.current
        tx.touch()
        let wasHidden = key == "hidden" ? isHidden : nil
        var action: CAAction?
        if _flags.contains(.committed) {
            if !tx.disableActions { action = self.action(forKey: key) }
            // The on-screen value before this transaction's first change of `key`: where an
            // animation without values added later in the transaction starts (even when no
            // action ran, e.g. with actions disabled).
            tx.recordPrevious(of: self, key: key)
        }
        // Default values are not stored (a default layer stays small) unless a style could
        // supply another value for the key.
        if let p = _LayerKeys.table[key], p.defaultValue.isEqual(to: new), _extras?.style == nil {
            _storage[key] = nil
        } else {
            _storage[key] = new
        }
        _markDirty()
        if key == "bounds" {
            setNeedsLayout()
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        action?.run(forKey: key, object: self, arguments: nil)
        // Hiding a shown layer orders it out, showing a hidden one orders it in (Apple's
        // kCAOnOrderOut / kCAOnOrderIn), after the "hidden" action itself.
        if let wasHidden, wasHidden != isHidden, _flags.contains(.committed), !tx.disableActions {
            let event = isHidden ? kCAOnOrderOut : kCAOnOrderIn
            self.action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
        }
    }

    static let _endlessKeys: Set<String> = ["repeatCount", "repeatDuration"]
    static let _timingKeys: Set<String> = ["beginTime", "speed", "timeOffset", "duration", "repeatCount",
                                           "repeatDuration", "autoreverses"]

    /// Keys holding a `CGPath`: animatable, but without implicit animations.
    static let _pathKeys: Set<String> = ["path", "shadowPath"]
    /// Animatable keys with no implied animation (Apple's animatable-properties table: the paths,
    /// and `doubleSided`, "There is no default implied animation").
    static let _explicitOnlyKeys: Set<String> = _pathKeys.union(["doubleSided"])

    /// The action for `event`, searched in Core Animation's order: the delegate's
    /// `action(for:forKey:)`, then `actions[event]`, then `style["actions"][event]` (and nested
    /// `style["style"]` dictionaries), then `defaultAction(forKey:)`. An `NSNull` found at any
    /// step stops the search and the result is nil.
    final func _action(forKey event: String) -> CAAction? {
        if let d = _extras?.delegate, let a = d.action(for: self, forKey: event) {
            return a is NSNull ? nil : a
        }
        if let a = _extras?.actions?[event] {
            return a is NSNull ? nil : a
        }
        var style = _extras?.style
        var depth = 0
        while let s = style, depth < 64 {   // the depth bound stops self-referencing styles
            if let acts = s["actions"] as? [String: CAAction], let a = acts[event] {
                return a is NSNull ? nil : a
            }
            style = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return type(of: self).defaultAction(forKey: event)
    }

    /// The implicit animation for `event`: for animatable keys a `CABasicAnimation` with no
    /// values (it animates from the previous presentation value to the new model value with
    /// the transaction's duration and curve); for `contents` a fade `CATransition`; nil for
    /// everything else (including `onOrderIn`/`onOrderOut`) and for the `CGPath` properties
    /// (`path`, `shadowPath`) and `doubleSided`, which Apple documents as animatable explicitly
    /// but never implicitly.
    static func _defaultAction(forKey event: String, layerClass: CALayer.Type) -> CAAction? {
        guard layerClass.isAnimatable(key: event), !_explicitOnlyKeys.contains(event) else { return nil }
        if event == "contents" {
            let t = CATransition()
            t.type = .fade
            t._isImplicit = true
            return t
        }
        let a = CABasicAnimation(keyPath: event)
        a._isImplicit = true
        return a
    }
}
