import Foundation
import Strata

/// One change of one touch point, as the platform reports it.
public struct TouchInput: Sendable {
    public enum Phase: Hashable, Sendable { case down, motion, up }
    public var id: Int32
    public var phase: Phase
    /// Root-space position (ignored for `up`, which keeps the last position).
    public var location: CGPoint
    /// Half the contact ellipse's major axis in root-space points, when the device reports it
    /// (`wl_touch.shape`); nil keeps the touch's previous radius. Ignored for `up`.
    public var majorRadius: CGFloat?

    public init(id: Int32, phase: Phase, location: CGPoint = .zero, majorRadius: CGFloat? = nil) {
        self.id = id
        self.phase = phase
        self.location = location
        self.majorRadius = majorRadius
    }
}

/// Touches: hit testing at down, recognizers first, then the views.
extension InputRouter {
    /// One frame of touch changes (several fingers at once). Invalid changes are dropped (see
    /// the type's documentation); several changes of one id in a frame are applied in order.
    public func touches(_ changes: [TouchInput], time: TimeInterval? = nil) {
        let t = _time(time)
        var batch: [(Touch, Touch.Phase)] = []
        for c in changes {
            switch c.phase {
            case .down:
                guard c.location.x.isFinite, c.location.y.isFinite else { continue }
                if let old = _touches[c.id] {
                    // Its begin may still wait in this frame's batch: deliver it first (as for a
                    // down and up in one frame) and drop any pending move, so the cancel really
                    // ends it — a begin dispatched after the cancel left it held by recognizers.
                    if let i = batch.firstIndex(where: { $0.0 === old }), batch[i].1 == .began {
                        _dispatch([batch.remove(at: i)], time: t)
                    }
                    batch.removeAll { $0.0 === old }
                    _dispatch([(old, .cancelled)], time: t)
                }
                guard _touches.count < Self.maximumTouches else { continue }
                var count = 1
                if _touches.isEmpty, let last = _lastTap, t - last.time <= multiClickInterval, t >= last.time,
                   hypot(c.location.x - last.location.x, c.location.y - last.location.y) <= multiTapDistance {
                    count = last.count + 1
                }
                _lastTap = (t, c.location, count)
                let touch = Touch(id: c.id, kind: .direct, location: c.location, timestamp: t, tapCount: count)
                touch._setRadius(c.majorRadius)
                _touches[c.id] = touch
                batch.append((touch, .began))
            case .motion:
                guard let touch = _touches[c.id], c.location.x.isFinite, c.location.y.isFinite else { continue }
                touch._previous = touch._location
                touch._location = c.location
                touch._setRadius(c.majorRadius)
                if !batch.contains(where: { $0.0 === touch }) { batch.append((touch, .moved)) }
            case .up:
                guard let touch = _touches.removeValue(forKey: c.id) else { continue }
                if let i = batch.firstIndex(where: { $0.0 === touch }), batch[i].1 == .began {
                    // Down and up in one frame: deliver both.
                    _dispatch([batch.remove(at: i)], time: t)
                }
                batch.removeAll { $0.0 === touch }
                batch.append((touch, .ended))
            }
        }
        if !batch.isEmpty { _dispatch(batch, time: t) }
        _afterDispatch()
    }

    /// The compositor cancelled every touch (`wl_touch.cancel`).
    public func cancelAllTouches(time: TimeInterval? = nil) {
        let t = _time(time)
        let all = _touches.values.sorted { $0.id < $1.id }
        _touches = [:]
        if !all.isEmpty { _dispatch(all.map { ($0, .cancelled) }, time: t) }
        _afterDispatch()
    }

    /// Every touch down or changing now, the pointer's included.
    var _allTouches: Set<Touch> {
        var s = Set(_touches.values)
        if let p = _pointerTouch { s.insert(p) }
        return s
    }

    /// Runs one batch through recognizers and views. `.began` touches are hit-tested here.
    func _dispatch(_ batch: [(Touch, Touch.Phase)], time: TimeInterval) {
        for (touch, phase) in batch {
            touch.phase = phase
            touch.timestamp = time
            if phase == .began { _attach(touch) }
        }
        let event = Event(timestamp: time, modifiers: modifiers, allTouches: _allTouches.union(batch.map(\.0)))

        // Recognizers first, in the order they first appear (deepest view first).
        var order: [GestureRecognizer] = []
        for (touch, _) in batch {
            for r in touch.gestureRecognizers where !order.contains(where: { $0 === r }) { order.append(r) }
        }
        // A recognizer removed or reset meanwhile (router cleared) hears no more of these touches.
        for r in order where r._router === self {
            for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
                let set = Set(batch.filter { $0.1 == phase && $0.0.gestureRecognizers.contains { $0 === r } }.map(\.0))
                guard !set.isEmpty else { continue }
                if phase == .began { for t in set where !r._touches.contains(t) { r._touches.append(t); r._seen.insert(ObjectIdentifier(t)) } }
                let done = phase == .ended || phase == .cancelled
                if done { r._lastLocation = r._rootCentroid }
                if r._state == .possible || r._state.isActive, r.isEnabled {
                    switch phase {
                    case .began: r.touchesBegan(set, with: event)
                    case .moved: r.touchesMoved(set, with: event)
                    case .ended: r.touchesEnded(set, with: event)
                    default: r.touchesCancelled(set, with: event)
                    }
                }
                if done {
                    r._touches.removeAll { set.contains($0) }
                    if !r._touches.isEmpty { r._lastLocation = r._rootCentroid }
                }
            }
        }

        // Then the views, grouped per view and phase (phases that recognizers delay are held).
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            var groups: [(View, Set<Touch>)] = []
            for (touch, p) in batch where p == phase && !touch._cancelledForView && !_hold(touch, phase) {
                guard let v = touch.view else { continue }
                if let i = groups.firstIndex(where: { $0.0 === v }) { groups[i].1.insert(touch) } else { groups.append((v, [touch])) }
            }
            for (v, set) in groups {
                switch phase {
                case .began:
                    guard _contentMayBegin(set, in: v, event) else { continue }
                    for t in set { t._viewSawBegan = true }
                    v.touchesBegan(set, with: event)
                case .moved: v.touchesMoved(set, with: event)
                case .ended: v.touchesEnded(set, with: event)
                default: v.touchesCancelled(set, with: event)
                }
            }
        }
    }

    /// Asks the scroll view whose content `view` is (the nearest one above it) whether the
    /// touches may begin there (`ScrollView.touchesShouldBegin(_:with:in:)`). Refused touches
    /// are marked so that the view hears nothing of them; recognizers still get them.
    func _contentMayBegin(_ touches: Set<Touch>, in view: View, _ event: Event) -> Bool {
        var s = view._superview
        while let c = s, !(c is ScrollView) { s = c._superview }
        guard let scroll = s as? ScrollView, !scroll.touchesShouldBegin(touches, with: event, in: view) else { return true }
        for t in touches { t._cancelledForView = true }
        return false
    }

    /// Hit-tests a new touch and gives it its recognizers (the hit view's, then its
    /// ancestors', each enabled and willing per its delegate, and not busy finishing).
    func _attach(_ touch: Touch) {
        let event = Event(timestamp: touch.timestamp, modifiers: modifiers, allTouches: [touch])
        touch.view = rootView._hitTest(rootPoint: touch._location, with: event)
        var list: [GestureRecognizer] = []
        var v = touch.view
        while let c = v {
            for r in c._gestureRecognizers {
                // Left mid-gesture by a router that has gone (its surface closed with fingers
                // down): start afresh.
                if r._router == nil, r._state != .possible || !r._trackedTouches.isEmpty { r._reset() }
                guard r.isEnabled, !r._state.isTerminal else { continue }
                if let d = r.delegate, !d.gestureRecognizer(r, shouldReceive: touch) { continue }
                list.append(r)
                if r._router == nil {
                    r._router = self
                    _activeRecognizers.append(r)
                }
            }
            v = c._superview
        }
        touch.gestureRecognizers = list
    }

    /// `recognizer` recognized with `cancelsTouchesInView`: its touches' views get
    /// `touchesCancelled` (if they had seen them begin) and hear no more of them.
    func _cancelTouchesInViews(of recognizer: GestureRecognizer) {
        var groups: [(View, Set<Touch>)] = []
        for t in recognizer._touches where !t._cancelledForView {
            t._cancelledForView = true
            guard let v = t.view, t._viewSawBegan else { continue }
            if let i = groups.firstIndex(where: { $0.0 === v }) { groups[i].1.insert(t) } else { groups.append((v, [t])) }
        }
        guard !groups.isEmpty else { return }
        let event = Event(timestamp: scheduler.now, modifiers: modifiers, allTouches: _allTouches)
        for (v, set) in groups { v.touchesCancelled(set, with: event) }
    }
}
