import Foundation

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self(rawValue: "fade"), moveIn = Self(rawValue: "moveIn")
    public static let push = Self(rawValue: "push"), reveal = Self(rawValue: "reveal")
}

public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self(rawValue: "fromRight"), fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop"), fromBottom = Self(rawValue: "fromBottom")
}

/// An animated transition of a whole layer between its previous and its new rendering.
///
/// Strata renders a transition in the render tree as `RenderLayer.transition` (type, subtype,
/// eased progress between `startProgress` and `endProgress`, clamped to 0…1) plus the layer's
/// previous appearance, captured from its `RenderTree` when the transition is committed, for
/// the compositor to blend or slide. Whatever key it is added under, a transition is stored
/// under `kCATransition` ("transition"), as in Core Animation. Layers outside any render tree
/// (and `presentation()` layers) show no transition.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    public required init() { super.init() }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "type": return type
        case "subtype": return subtype
        case "startProgress": return startProgress
        case "endProgress": return endProgress
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "type": if let t = _AnimationKVC.named(value, CATransitionType.self) { type = t }
        case "subtype":
            if value == nil { subtype = nil } else if let s = _AnimationKVC.named(value, CATransitionSubtype.self) { subtype = s }
        case "startProgress": if let n = _AnimationKVC.number(value) { startProgress = Float(n) }
        case "endProgress": if let n = _AnimationKVC.number(value) { endProgress = Float(n) }
        default: super.setValue(value, forKey: key)
        }
    }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
        _from = o._from; _captured = o._captured
    }

    /// The layer's rendered subtree when the transition was committed (captured by the
    /// `RenderTree` the layer belongs to).
    final var _from: RenderLayer?
    final var _captured = false

    override func _compile(for layer: CALayer, nested: Bool) -> _CompiledAnimation {
        let s = Double(startProgress.isFinite ? min(max(startProgress, 0), 1) : 0)
        let e = Double(endProgress.isFinite ? min(max(endProgress, 0), 1) : 1)
        return _CompiledAnimation(timing: _timing(nested: nested), body: .transition(_TransitionTrack(
            type: type.rawValue, subtype: subtype?.rawValue, start: s, end: max(s, e),
            timing: timingFunction, from: _from)))
    }
}

/// The render side of a `CATransition`.
final class _TransitionTrack: Sendable {
    let type: String
    let subtype: String?
    let start: Double, end: Double
    let timing: CAMediaTimingFunction?
    let from: RenderLayer?

    init(type: String, subtype: String?, start: Double, end: Double, timing: CAMediaTimingFunction?, from: RenderLayer?) {
        self.type = type; self.subtype = subtype; self.start = start; self.end = end
        self.timing = timing; self.from = from
    }

    func apply(time t: Double, duration: Double, to state: inout _LayerState) {
        let p = duration > 0 ? t / duration : 1
        let eased = timing?.evaluate(p) ?? p
        state.layer.transition = RenderTransition(type: type, subtype: subtype,
                                                  progress: start + (end - start) * eased, from: from)
    }
}
