import Foundation
import Strata

/// Turns touch sequences into gestures, with Apple's state machine:
///
/// ```
/// discrete:    possible → ended (= recognized) | failed
/// continuous:  possible → began → changed* → ended | cancelled,  or possible → failed
/// ```
/// Subclasses set `state` from their `touches…` methods. Transitions not in this machine are
/// ignored (documented outcome, never a crash). Leaving `possible`:
/// - asks the delegate (`gestureRecognizerShouldBegin`); false → `failed`;
/// - waits while a recognizer given to `require(toFail:)` is still undecided (the transition
///   happens when it fails; if it recognizes, this one fails). A required recognizer that is
///   not receiving the same touches counts as failed;
/// - fails if another recognizer sharing a touch has already begun and the two may not
///   recognize simultaneously; otherwise makes every such undecided recognizer fail;
/// - with `cancelsTouchesInView`, the touches' views get `touchesCancelled` and no more of
///   those touches; `delaysTouchesBegan`/`delaysTouchesEnded` hold phases back from the views
///   while the recognizer is undecided (see `InputRouter`'s delayed touches).
/// A recognizer in `ended`, `cancelled` or `failed` resets to `possible` (calling `reset()`)
/// once none of its touches is still down, at the end of the dispatch.
///
/// Actions run for `began`, `changed`, `ended` and `cancelled`.
open class GestureRecognizer {
    public enum State: Hashable, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's success (the same value as `ended`).
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
        var isActive: Bool { self == .began || self == .changed }
    }

    /// The current state. Subclasses set it; the transition rules above apply.
    public var state: State {
        get { _state }
        set { _requestTransition(to: newValue) }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    public weak var delegate: GestureRecognizerDelegate?
    /// Disabling an active recognizer cancels it (an undecided one fails).
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if _state.isActive { _requestTransition(to: .cancelled) } else if _state == .possible, _router != nil {
                _requestTransition(to: .failed)
            }
        }
    }
    /// Whether recognition takes the touches away from the view (`touchesCancelled`). Default true.
    public var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` (and the touch's moves) wait while this recognizer is
    /// undecided. If it then recognizes, the view never hears of the touch; if it fails, the
    /// view gets `touchesBegan` then (and one `touchesMoved` if the touch moved meanwhile).
    /// Default false.
    public var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits while this recognizer is undecided (a double tap
    /// waiting for its second tap). If it then recognizes, the view gets `touchesCancelled`
    /// instead; if it fails, `touchesEnded`. Default true, as in UIKit.
    public var delaysTouchesEnded = true
    public var name: String?
    /// Strata addition: called after every state change (not for the reset to `possible`),
    /// so tests and tools can watch the machine.
    public var onStateChange: ((State) -> Void)?

    var _state: State = .possible
    var _actions: [(GestureRecognizer) -> Void] = []
    var _failureRequirements: [WeakBox<GestureRecognizer>] = []
    /// A transition waiting for required recognizers to fail.
    var _pending: State?
    /// Touches still down that this recognizer tracks, in the order they began.
    ///
    /// Held weakly: the router owns the touches that are down (and a dispatch owns the ones
    /// ending in it), while a touch holds its view and recognizers. Strong references here
    /// closed a cycle (touch → recognizer → touch, and touch → view → recognizer → touch), so
    /// a router dropped with fingers still down (a closed window or popup) leaked its view
    /// tree. A touch freed with its router simply drops out of this list.
    var _touches: [Touch] {
        get { _trackedTouches.compactMap(\.value) }
        set { _trackedTouches = newValue.map(WeakBox.init) }
    }
    var _trackedTouches: [WeakBox<Touch>] = []
    /// Every touch seen since the last reset (for "sharing a touch").
    var _seen: Set<ObjectIdentifier> = []
    weak var _router: InputRouter?
    var _timers: [Int] = []
    var _lastLocation: CGPoint = .zero

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { _actions.append(action) }
    }

    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) { _actions.append(action) }

    /// This recognizer leaves `possible` only after `other` fails (it fails if `other` succeeds).
    public func require(toFail other: GestureRecognizer) {
        guard other !== self else { return }
        _failureRequirements.append(WeakBox(other))
    }

    /// Touches currently tracked.
    public var numberOfTouches: Int { _touches.count }

    /// The centroid of the tracked touches in `view`'s coordinates (the last one once they
    /// have lifted).
    public func location(in view: View?) -> CGPoint {
        view?.convert(_rootCentroid, from: nil) ?? _rootCentroid
    }

    public func location(ofTouch index: Int, in view: View?) -> CGPoint {
        guard _touches.indices.contains(index) else { return location(in: view) }
        return _touches[index].location(in: view)
    }

    var _rootCentroid: CGPoint {
        guard !_touches.isEmpty else { return _lastLocation }
        var x = 0.0, y = 0.0
        for t in _touches { x += Double(t._location.x); y += Double(t._location.y) }
        let n = Double(_touches.count)
        return CGPoint(x: x / n, y: y / n)
    }

    // MARK: For subclasses

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Default: an active recognizer is cancelled, an undecided one fails.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        state = _state.isActive ? .cancelled : .failed
    }
    /// Called when the recognizer returns to `possible`: clear per-gesture state here.
    open func reset() {}

    /// Runs `action` after `seconds` on the router's scheduler (cancelled at reset). Does
    /// nothing when the recognizer is not receiving touches.
    public func schedule(after seconds: TimeInterval, _ action: @escaping () -> Void) {
        guard let router = _router else { return }
        var id = 0
        id = router.scheduler.schedule(at: router.scheduler.now + seconds) { [weak self, weak router] in
            // A timer of a router that has gone (or that this recognizer left) has nothing to decide.
            guard let self, let router, self._router === router else { return }
            self._timers.removeAll { $0 == id }
            action()
            router._afterDispatch()
        }
        _timers.append(id)
    }

    /// The scheduler's clock (0 when not receiving touches).
    public var now: TimeInterval { _router?.scheduler.now ?? 0 }
}

/// A weak reference in a collection.
struct WeakBox<T: AnyObject> {
    weak var value: T?
    init(_ value: T) { self.value = value }
}
