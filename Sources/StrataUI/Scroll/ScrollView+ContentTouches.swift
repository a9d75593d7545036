import Foundation
import Strata

/// Content touches: how a finger's touch is shared between the scroll view's drag and the
/// views inside it (UIKit's `delaysContentTouches`, `canCancelContentTouches` and
/// `touchesShouldCancel(in:)`).
extension ScrollView {
    /// How long a still finger is held back from the content (UIKit's 150 ms).
    public static let contentTouchDelay: TimeInterval = 0.15

    /// Whether the drag may take the touches now (see `touchesShouldCancel(in:)`).
    func _mayTakeContentTouches(_ touches: [Touch]) -> Bool {
        for t in touches where t._viewSawBegan && !t._cancelledForView {
            guard let v = t.view, v !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: v) { return false }
        }
        return true
    }
}

/// `delaysContentTouches`: a recognizer that never recognizes. While it is undecided it holds
/// back its touches' `touchesBegan` (and what follows) from the views; it fails, releasing them,
/// when a finger stays down `contentTouchDelay` seconds, when the touches end or are cancelled,
/// or at once for a pointer press. When the scroll view's drag begins first, it fails as the
/// drag's rival, and the drag (which cancels touches in views) has the held touches dropped, so
/// the content never hears of them.
final class _ContentTouchDelayRecognizer: GestureRecognizer {
    init() {
        super.init()
        delaysTouchesBegan = true
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if touches.contains(where: { $0.kind != .direct }) { state = .failed; return }
        // One timer per sequence: the first finger's. Later fingers join the same wait.
        if numberOfTouches == touches.count {
            schedule(after: ScrollView.contentTouchDelay) { [weak self] in
                if self?.state == .possible { self?.state = .failed }
            }
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }
}
