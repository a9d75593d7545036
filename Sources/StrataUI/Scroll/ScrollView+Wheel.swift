import Foundation
import Strata

/// Wheel and touchpad scrolling.
extension ScrollView {
    /// See `scrollWheel(_:)`.
    func _scrollWheel(_ event: ScrollEvent) {
        guard isScrollEnabled else { next?.scrollWheel(event); return }
        switch event.source {
        case .wheel, .continuous:
            var dx = event.wheelStepsX != 0 ? CGFloat(event.wheelStepsX) * wheelStepDistance : CGFloat(event.deltaX)
            var dy = event.wheelStepsY != 0 ? CGFloat(event.wheelStepsY) * wheelStepDistance : CGFloat(event.deltaY)
            if !scrollsHorizontally { dx = 0 }
            if !scrollsVertically { dy = 0 }
            let cur = contentOffset
            let target = _clamped(CGPoint(x: cur.x + dx, y: cur.y + dy))
            guard target != cur else { next?.scrollWheel(event); return }
            _stopMotion(notify: true)
            _setOffset(target)
        case .touchpad:
            _touchpadScroll(event)
        }
    }

    func _touchpadScroll(_ event: ScrollEvent) {
        switch event.phase {
        case .began, .none:
            let canX = scrollsHorizontally && event.deltaX != 0, canY = scrollsVertically && event.deltaY != 0
            guard canX || canY || event.phase == .none else { _touchpadForwarding = true; next?.scrollWheel(event); return }
            _touchpadForwarding = false
            _stopMotion(notify: true)
            _rawOffset = _unbandedOffset(contentOffset)
            _samples = []
            _showIndicators()
            _touchpadMove(event)
        case .changed:
            if _touchpadForwarding { next?.scrollWheel(event); return }
            _touchpadMove(event)
        case .ended:
            if _touchpadForwarding { _touchpadForwarding = false; next?.scrollWheel(event); return }
            _touchpadMove(event)
            _release(velocity: _touchpadVelocity(at: event.timestamp))
            _samples = []
        }
    }

    func _touchpadMove(_ event: ScrollEvent) {
        _rawOffset.x += scrollsHorizontally ? CGFloat(event.deltaX) : 0
        _rawOffset.y += scrollsVertically ? CGFloat(event.deltaY) : 0
        _samples.append((event.timestamp, _rawOffset))
        if _samples.count > 32 { _samples.removeFirst(_samples.count - 32) }
        _setOffset(_bandedOffset(_rawOffset))
    }

    /// Offset change per second over the samples of the last 0.1 s before `time` (0 when they
    /// span no time).
    func _touchpadVelocity(at time: TimeInterval) -> CGPoint {
        guard let last = _samples.last, let first = _samples.first(where: { time - $0.0 <= 0.1 }) else { return .zero }
        let dt = last.0 - first.0
        guard dt > 0 else { return .zero }
        return CGPoint(x: (last.1.x - first.1.x) / dt, y: (last.1.y - first.1.y) / dt)
    }
}
