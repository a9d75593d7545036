import Foundation
import Strata

/// Recognizes `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers (discrete).
///
/// Fails when: more fingers than required touch down; a finger moves farther than
/// `allowableMovement` from where the tap sequence started; a press lasts longer than
/// `maximumPressDuration`; or the next tap does not start within `maximumTapInterval` of the
/// previous lift. Recognizes at the lift that completes the last tap. For the pointer, a tap
/// is a click of the primary button.
open class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    public var allowableMovement: CGFloat = 10
    public var maximumTapInterval: TimeInterval = 0.35
    public var maximumPressDuration: TimeInterval = 0.75

    private var taps = 0
    private var start: CGPoint?
    private var maxTouchesThisTap = 0
    private var timer = 0

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        if start == nil { start = _rootCentroid }
        maxTouchesThisTap = max(maxTouchesThisTap, numberOfTouches)
        timer += 1
        let mine = timer
        schedule(after: maximumPressDuration) { [weak self] in
            guard let self, self.timer == mine, self.state == .possible else { return }
            self.state = .failed
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let start else { return }
        for t in touches where hypot(t._location.x - start.x, t._location.y - start.y) > allowableMovement {
            state = .failed
            return
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        // `_touches` still holds the lifting touches here; the tap ends when the last lifts.
        guard numberOfTouches - touches.count == 0 else { return }
        guard maxTouchesThisTap == numberOfTouchesRequired else { state = .failed; return }
        taps += 1
        maxTouchesThisTap = 0
        timer += 1
        if taps >= numberOfTapsRequired {
            state = .recognized
            return
        }
        let mine = timer
        schedule(after: maximumTapInterval) { [weak self] in
            guard let self, self.timer == mine, self.state == .possible else { return }
            self.state = .failed
        }
    }

    open override func reset() {
        taps = 0
        start = nil
        maxTouchesThisTap = 0
        timer += 1
    }
}
