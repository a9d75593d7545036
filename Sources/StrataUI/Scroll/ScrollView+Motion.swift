import Foundation
import Strata

/// Dragging, release, momentum, bounce and paging.
extension ScrollView {
    /// Speed (points per second) below which motion ends.
    static let restingSpeed = 0.5

    func _touchDown() {
        if isDecelerating { _stopMotion(notify: true) }
    }

    func _handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            _stopMotion(notify: false)
            isDragging = true
            // The drag counts from here (not from touch-down: the content does not jump by the
            // recognizer's slop). Measured rather than reset with setTranslation, which would
            // also reset the velocity the release flings with.
            let t0 = pan.translation(in: self)
            let start = _unbandedOffset(contentOffset)
            _dragStart = CGPoint(x: start.x + t0.x, y: start.y + t0.y)
            _showIndicators()
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            let t = pan.translation(in: self)
            _setOffset(_bandedOffset(CGPoint(x: _dragStart.x - t.x, y: _dragStart.y - t.y)))
        case .ended, .cancelled:
            isDragging = false
            let v = pan.velocity(in: self)
            _release(velocity: pan.state == .ended ? CGPoint(x: -v.x, y: -v.y) : .zero)
        default:
            break
        }
    }

    /// Starts what follows a drag or touchpad scroll: paging settle, bounce back, momentum or
    /// nothing. `velocity` is the content's (offset change per second).
    func _release(velocity: CGPoint) {
        let now = router?.scheduler.now ?? 0
        let off = contentOffset, mn = minimumContentOffset, mx = maximumContentOffset
        func axis(_ o: CGFloat, _ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ page: CGFloat, _ scrolls: Bool) -> _AxisMotion? {
            guard scrolls else { return nil }
            let o = Double(o), v = Double(v).isFinite ? Double(v) : 0
            if isPagingEnabled, page > 0 {
                let p = (o - Double(lo)) / Double(page)
                var n: Double
                if v > 50 { n = floor(p) + 1 } else if v < -50 { n = ceil(p) - 1 } else { n = p.rounded() }
                let maxPage = ceil((Double(hi) - Double(lo)) / Double(page))
                n = min(max(n, 0), maxPage)
                let target = min(max(Double(lo) + n * Double(page), Double(lo)), Double(hi))
                if abs(target - o) < 0.5 && abs(v) < Self.restingSpeed { return nil }
                return _AxisMotion(kind: .spring(target: target), start: o - target, velocity: v, startTime: now)
            }
            if o < Double(lo) || o > Double(hi) {
                let edge = o < Double(lo) ? Double(lo) : Double(hi)
                return _AxisMotion(kind: .spring(target: edge), start: o - edge, velocity: v, startTime: now)
            }
            guard abs(v) > Self.restingSpeed else { return nil }
            return _AxisMotion(kind: .decelerate, start: o, velocity: v, startTime: now)
        }
        _motion = (axis(off.x, velocity.x, mn.x, mx.x, bounds.width, scrollsHorizontally),
                   axis(off.y, velocity.y, mn.y, mx.y, bounds.height, scrollsVertically))
        let moving = isDecelerating && router != nil
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moving)
        if moving { _scheduleTick() } else { _motion = (nil, nil); _hideIndicators() }
    }

    func _scheduleTick() {
        guard let scheduler = router?.scheduler else { return }
        _tick = scheduler.schedule(at: scheduler.now + frameInterval) { [weak self] in
            self?._tick = nil
            self?._step()
        }
    }

    /// One motion step at the scheduler's time.
    func _step() {
        guard let now = router?.scheduler.now else { _motion = (nil, nil); return }
        let mn = minimumContentOffset, mx = maximumContentOffset
        var off = contentOffset
        if let m = _motion.x {
            let (o, next) = _advance(m, now: now, lo: Double(mn.x), hi: Double(mx.x))
            off.x = CGFloat(o)
            _motion.x = next
        }
        if let m = _motion.y {
            let (o, next) = _advance(m, now: now, lo: Double(mn.y), hi: Double(mx.y))
            off.y = CGFloat(o)
            _motion.y = next
        }
        _setOffset(off)
        if isDecelerating {
            _scheduleTick()
        } else {
            _hideIndicators()
            delegate?.scrollViewDidEndDecelerating(self)
        }
    }

    /// The offset of one axis at `now` and the motion that continues (nil: at rest).
    /// Momentum that crosses an edge turns into a spring back to it (or stops there without
    /// `bounces`).
    func _advance(_ m: _AxisMotion, now: TimeInterval, lo: Double, hi: Double) -> (Double, _AxisMotion?) {
        let t = max(0, now - m.startTime)
        switch m.kind {
        case .decelerate:
            let o = ScrollPhysics.decelerationOffset(from: m.start, velocity: m.velocity, rate: decelerationRate, at: t)
            let v = ScrollPhysics.decelerationVelocity(m.velocity, rate: decelerationRate, at: t)
            if o < lo || o > hi {
                let edge = o < lo ? lo : hi
                guard bounces else { return (edge, nil) }
                return (o, _AxisMotion(kind: .spring(target: edge), start: o - edge, velocity: v, startTime: now))
            }
            if abs(v) <= Self.restingSpeed {
                let rest = ScrollPhysics.decelerationRestingOffset(from: m.start, velocity: m.velocity, rate: decelerationRate)
                return (min(max(rest, lo), hi), nil)
            }
            return (o, m)
        case let .spring(target):
            let (x, v) = ScrollPhysics.spring(displacement: m.start, velocity: m.velocity, omega: springFrequency, at: t)
            if abs(x) < 0.5 && abs(v) < 5 { return (target, nil) }
            return (target + x, m)
        }
    }

    func _stopMotion(notify: Bool) {
        if let id = _tick { router?.scheduler.cancel(id) }
        _tick = nil
        let was = isDecelerating
        _motion = (nil, nil)
        if was && notify { delegate?.scrollViewDidEndDecelerating(self) }
    }
}
