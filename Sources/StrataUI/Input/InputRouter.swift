import Foundation
import Strata

/// Delivers a surface's input to a view tree: hit testing, hover, clicks, scrolling, touches
/// through gesture recognizers, and keys to the first responder. It ends the responder chain.
///
/// Platform neutral: the Wayland host (`ViewHost`) feeds it the seat's events; tests feed it
/// directly. Positions are in the root space (the root view's superlayer's coordinates — the
/// surface's, for a hosted root view). Times are seconds; an omitted time means
/// `scheduler.now`. Main thread only.
///
/// Bad input has documented outcomes, never a crash: moves, ups and cancels for touch ids that
/// are not down are ignored; a second down for an id that is down cancels the old touch first;
/// a button release without a press and a press of a button already down are ignored; events
/// for views that left the tree go on to them only while a touch or press that began on them
/// lasts; non-finite positions are ignored. Input arriving inside an open `CATransaction`
/// is handled at once; the views' changes commit with that transaction.
public final class InputRouter: Responder {
    public let rootView: View
    public let scheduler: InputScheduler

    /// Presses of one button closer than this in time (seconds) and `multiClickDistance` in
    /// space count up `clickCount`.
    public var multiClickInterval: TimeInterval = 0.4
    public var multiClickDistance: CGFloat = 5
    /// Finger taps closer than `multiClickInterval` in time and this in space (fingers land
    /// less precisely than a pointer) count up `Touch.tapCount`; a finger that goes down while
    /// another is down starts at 1.
    public var multiTapDistance: CGFloat = 40
    /// The most touches tracked at once; further downs are ignored.
    public static let maximumTouches = 32

    weak var _firstResponder: Responder?
    /// Called when the cursor the hovered views ask for changes (`View.cursorName`, the first
    /// non-nil one from the frontmost view up; "default" when none). The Wayland host sets the
    /// seat's cursor from it.
    public var onCursorChange: ((String) -> Void)?
    /// The cursor name last reported.
    public internal(set) var cursorName = "default"

    /// Modifiers from the keyboard, attached to pointer and touch events.
    public internal(set) var modifiers: KeyModifiers = []
    /// Whether the surface has keyboard focus.
    public internal(set) var hasKeyboardFocus = false

    // Touches and recognizers.
    var _touches: [Int32: Touch] = [:]
    var _pointerTouch: Touch?
    var _activeRecognizers: [GestureRecognizer] = []

    // Pointer.
    var _pointerLocation: CGPoint?
    var _hovered: [WeakBox<View>] = []
    /// Buttons down and the view each went down on (nil: nothing was hit).
    var _pressTargets: [UInt32: View?] = [:]
    var _scrollTarget: WeakBox<View>?
    var _lastClick: (button: UInt32, time: TimeInterval, location: CGPoint, count: Int)?
    var _lastTap: (time: TimeInterval, location: CGPoint, count: Int)?
    var _touchpadScrolling = false
    var _touchpadPinches: [any _TouchpadPinchFollower] = []
    /// Touches with phases held back from their views (`delaysTouchesBegan/Ended`), in order.
    var _heldTouches: [Touch] = []

    public init(rootView: View, scheduler: InputScheduler) {
        self.rootView = rootView
        self.scheduler = scheduler
        super.init()
        rootView._router = self
    }

    override var _inputRouter: InputRouter? { self }

    /// The responder that receives key events first (nil: the router itself).
    public var firstResponder: Responder? { _firstResponder }

    func _time(_ t: TimeInterval?) -> TimeInterval {
        guard let t, t.isFinite else { return scheduler.now }
        return t
    }

    func _setFirstResponder(_ r: Responder?) -> Bool {
        if r === _firstResponder { return true }
        if let old = _firstResponder, !old.canResignFirstResponder { return false }
        _firstResponder = r
        _onFirstResponderChange?()
        return true
    }

    /// Told after the first responder changed (the host's text input follows it).
    var _onFirstResponderChange: (() -> Void)?

    // MARK: Keyboard

    /// The surface gained or lost keyboard focus. Losing it keeps the first responder (it gets
    /// keys again when focus returns).
    public func keyboardFocusChanged(_ focused: Bool) { hasKeyboardFocus = focused }

    public func modifiersChanged(_ m: KeyModifiers) { modifiers = m }

    /// A key press, repeat or release: to the first responder (the router when none), up the
    /// chain while unhandled. A first responder that is a `KeyInput` gets the presses that type
    /// text, Return and BackSpace as edits instead (see that protocol).
    public func key(_ press: KeyPress) {
        var p = press
        if !p.timestamp.isFinite { p.timestamp = scheduler.now }
        modifiers = p.modifiers
        var target: Responder = _firstResponder ?? rootView
        // UIKit: a view with isUserInteractionEnabled false ignores keyboard events, and a
        // hidden one receives no input: the keys go to the router instead (Tab still moves on).
        if let v = target as? View, !v._takesKeys { target = self }
        if target === _firstResponder, let input = target as? KeyInput, let edit = p.keyInputEdit {
            switch edit {
            case let .insert(text): input.insertText(text)
            case .deleteBackward: input.deleteBackward()
            }
        } else if p.isPressed {
            target.keyDown(p)
        } else {
            target.keyUp(p)
        }
        _afterDispatch()
    }

    /// End of the chain: Tab and Shift-Tab move focus through the views that can become first
    /// responder, in tree order (depth first, back to front); other keys are dropped.
    public override func keyDown(_ event: KeyPress) {
        guard event.keysym == KeyPress.tabKeysym || event.keysym == KeyPress.leftTabKeysym else { return }
        let backwards = event.keysym == KeyPress.leftTabKeysym || event.modifiers.contains(.shift)
        moveFocus(backwards: backwards)
    }

    public override func keyUp(_ event: KeyPress) {}
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
    public override func pointerMoved(_ event: HoverEvent) {}
    public override func buttonDown(_ event: ButtonEvent) {}
    public override func buttonUp(_ event: ButtonEvent) {}
    public override func scrollWheel(_ event: ScrollEvent) {}

    /// Makes the next (or previous) focusable visible view the first responder, wrapping
    /// around. Returns the new first responder.
    @discardableResult
    public func moveFocus(backwards: Bool = false) -> Responder? {
        var order: [View] = []
        func walk(_ v: View) {
            guard !v.isHidden, v.isUserInteractionEnabled else { return }
            if v.canBecomeFirstResponder { order.append(v) }
            for s in v.subviews { walk(s) }
        }
        walk(rootView)
        guard !order.isEmpty else { return _firstResponder }
        let cur = order.firstIndex { $0 === _firstResponder }
        let next: Int
        if let cur { next = (cur + (backwards ? order.count - 1 : 1)) % order.count } else { next = backwards ? order.count - 1 : 0 }
        order[next].becomeFirstResponder()
        return _firstResponder
    }

    // MARK: Housekeeping

    /// After each dispatch: recognizers that are done and have no touch down reset. `mayEdit`:
    /// whether the event could have changed a field's text or caret (a hover cannot), which
    /// decides whether `_onDispatched` runs.
    func _afterDispatch(mayEdit: Bool = true) {
        _releaseHeldTouches()
        var keep: [GestureRecognizer] = []
        for r in _activeRecognizers {
            if r._state.isTerminal && r._touches.isEmpty {
                r._reset()
                r._router = nil
            } else {
                keep.append(r)
            }
        }
        _activeRecognizers = keep
        if mayEdit { _onDispatched?() }
    }

    /// Called at the end of each dispatch that may have edited (the host's text input re-reads
    /// the first responder's context, which the event may have changed).
    var _onDispatched: (() -> Void)?

    /// A required recognizer failed or recognized: recognizers waiting on it decide now.
    func _requirementResolved(_ r: GestureRecognizer) {
        for x in _activeRecognizers where x._pending != nil && x._requires(r) {
            if let p = x._pending { x._pending = nil; x._tryToRecognize(as: p) }
        }
    }

    /// `view`'s subtree leaves the tree: the first responder inside it resigns, hovered views
    /// inside it get `pointerExited`. Touches and presses on it keep going to their views.
    func _subtreeWillLeave(_ view: View) {
        if let fr = _firstResponder as? View, fr.isDescendant(of: view) {
            _firstResponder = nil
            _onFirstResponderChange?()
        }
        let leaving = _hovered.compactMap(\.value).filter { $0.isDescendant(of: view) }
        guard !leaving.isEmpty else { return }
        _hovered.removeAll { b in b.value.map { v in leaving.contains { $0 === v } } ?? true }
        let e = HoverEvent(phase: .exited, rootLocation: _pointerLocation ?? .zero, timestamp: scheduler.now, modifiers: modifiers)
        for v in leaving.reversed() { v.pointerExited(e) }
    }
}
