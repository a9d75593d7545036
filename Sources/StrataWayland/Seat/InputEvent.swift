/// Everything a `Seat` delivers to its subscriber, in the order the compositor sent it.
public enum InputEvent {
    case pointer(PointerEvent)
    case keyboard(KeyboardEvent)
    case touch(TouchEvent)
    /// Touchpad swipe/pinch/hold, when the compositor offers pointer gestures.
    case gesture(PointerGestureEvent)
}
