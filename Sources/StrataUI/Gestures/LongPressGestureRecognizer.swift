import Foundation
import Strata

/// Recognizes fingers held down for `minimumPressDuration` (continuous): `began` when the
/// timer fires (on the router's scheduler), `changed` on each move after that, `ended` when
/// the fingers lift. Fails on a lift before the timer or on moving farther than
/// `allowableMovement` before it.
open class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration: TimeInterval = 0.5
    public var numberOfTouchesRequired = 1
    public var allowableMovement: CGFloat = 10

    private var start: CGPoint?
    private var generation = 0

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        start = _rootCentroid
        generation += 1
        let mine = generation
        schedule(after: minimumPressDuration) { [weak self] in
            guard let self, self.generation == mine, self.state == .possible else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state.isActive { state = .changed; return }
        guard let start else { return }
        let c = _rootCentroid
        if hypot(c.x - start.x, c.y - start.y) > allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        state = state.isActive ? .ended : .failed
    }

    open override func reset() {
        start = nil
        generation += 1
    }
}
