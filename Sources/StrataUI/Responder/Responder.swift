import Foundation
import Strata

/// An object that handles events, linked into a chain (`next`) along which unhandled events
/// travel: a view's next responder is its superview; the root view's is its `InputRouter`,
/// which ends the chain.
///
/// Every event method's default implementation forwards the event to `next` (so overriding
/// one and not calling `super` consumes it), except `pointerEntered`/`pointerExited`, which are
/// per-view notifications and are not forwarded.
open class Responder {
    public init() {}

    /// The next responder in the chain; nil ends it.
    open var next: Responder? { nil }

    // MARK: Touches (fingers, and the primary pointer button)

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Pointer

    /// The pointer moved onto this view or one of its subviews (hover); not forwarded.
    open func pointerEntered(_ event: HoverEvent) {}
    /// The pointer left this view and its subviews (or the view left the hierarchy); not forwarded.
    open func pointerExited(_ event: HoverEvent) {}
    /// The pointer moved over this view (sent to the frontmost view under it).
    open func pointerMoved(_ event: HoverEvent) { next?.pointerMoved(event) }
    /// Any pointer button went down over this view (the primary button also starts a touch).
    open func buttonDown(_ event: ButtonEvent) { next?.buttonDown(event) }
    /// A button that went down over this view was released (sent to the view that got the press).
    open func buttonUp(_ event: ButtonEvent) { next?.buttonUp(event) }
    /// Wheel or touchpad scrolling over this view.
    open func scrollWheel(_ event: ScrollEvent) { next?.scrollWheel(event) }

    // MARK: Keyboard

    /// A key press (or repeat) for the first responder.
    open func keyDown(_ event: KeyPress) { next?.keyDown(event) }
    open func keyUp(_ event: KeyPress) { next?.keyUp(event) }

    // MARK: First responder

    /// Whether this responder accepts keyboard focus. Default: false.
    open var canBecomeFirstResponder: Bool { false }
    /// Whether it gives keyboard focus up when asked. Default: true.
    open var canResignFirstResponder: Bool { true }

    /// The router that would deliver keyboard events to this responder (a view's is its root's).
    var _inputRouter: InputRouter? { nil }

    /// True when keyboard events go to this responder first.
    public var isFirstResponder: Bool { _inputRouter?.firstResponder === self }

    /// Asks to receive keyboard events: succeeds when `canBecomeFirstResponder` is true, the
    /// responder is attached to a router, and the current first responder resigns.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let router = _inputRouter else { return false }
        return router._setFirstResponder(self)
    }

    /// Gives up keyboard focus: succeeds (and the router has no first responder) when this
    /// is the first responder and `canResignFirstResponder` is true; true when it was not.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let router = _inputRouter, router.firstResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        return router._setFirstResponder(nil)
    }
}
