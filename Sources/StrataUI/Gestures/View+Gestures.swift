import Foundation

extension View {
    /// The recognizers attached to this view (nil when none, as in UIKit).
    public var gestureRecognizers: [GestureRecognizer]? { _gestureRecognizers.isEmpty ? nil : _gestureRecognizers }

    /// Attaches `recognizer` (moving it from another view if needed).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        _gestureRecognizers.append(recognizer)
    }

    /// Detaches `recognizer`; one in progress is cancelled (or fails when undecided) first.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        if recognizer._router != nil {
            recognizer.state = recognizer.state.isActive ? .cancelled : .failed
            recognizer._touches = []
            recognizer._router?._afterDispatch()
        }
        _gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}
