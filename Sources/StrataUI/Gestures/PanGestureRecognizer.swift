import Foundation
import Strata

/// Recognizes dragging (continuous): `began` once the touches' centroid has moved more than
/// `hysteresis` points from where it went down, `changed` on every move after, `ended` when
/// fewer than `minimumNumberOfTouches` remain (an undecided pan fails then).
///
/// `translation(in:)` is the centroid's displacement since the touches went down (Strata
/// measures from the down point, hysteresis included); fingers joining or lifting do not make
/// it jump. `velocity(in:)` is the displacement over the most recent `velocityWindow` seconds of
/// samples divided by their time span (0 when the samples span no time).
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    /// Distance (root-space points) the centroid moves before the pan begins.
    public var hysteresis: CGFloat = 10
    public var velocityWindow: TimeInterval = 0.1
    /// Samples kept for the velocity (bounded memory however many events arrive).
    static let maximumSamples = 32

    /// Root-space origin: the centroid at down, shifted when fingers join or lift.
    var _origin: CGPoint = .zero
    var _centroid: CGPoint = .zero
    /// (time, centroid − origin) samples, oldest first.
    var _samples: [(TimeInterval, CGPoint)] = []

    /// The number of velocity samples held (for tests of the memory bound).
    public var sampleCount: Int { _samples.count }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        let c = _rootCentroid
        if numberOfTouches == touches.count {
            _origin = c
            _samples = [(event.timestamp, .zero)]
        } else {
            _origin = CGPoint(x: _origin.x + c.x - _centroid.x, y: _origin.y + c.y - _centroid.y)
        }
        _centroid = c
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        _centroid = _rootCentroid
        let d = CGPoint(x: _centroid.x - _origin.x, y: _centroid.y - _origin.y)
        _samples.append((event.timestamp, d))
        if _samples.count > Self.maximumSamples { _samples.removeFirst(_samples.count - Self.maximumSamples) }
        if state == .possible {
            if numberOfTouches >= minimumNumberOfTouches, hypot(d.x, d.y) > hysteresis { state = .began }
        } else {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let remaining = _touches.filter { !touches.contains($0) }
        if remaining.count < minimumNumberOfTouches {
            // The lift is a sample too, where the touches last were: a drag that rested
            // before lifting ends with the velocity of its last `velocityWindow` seconds, rest
            // included (zero after a rest that long), as in UIKit.
            if let last = _samples.last, event.timestamp.isFinite, event.timestamp > last.0 {
                _samples.append((event.timestamp, last.1))
            }
            state = state.isActive ? .ended : .failed
            return
        }
        var x = 0.0, y = 0.0
        for t in remaining { x += Double(t._location.x); y += Double(t._location.y) }
        let c = CGPoint(x: x / Double(remaining.count), y: y / Double(remaining.count))
        _origin = CGPoint(x: _origin.x + c.x - _centroid.x, y: _origin.y + c.y - _centroid.y)
        _centroid = c
    }

    open override func reset() {
        _samples = []
    }

    /// The displacement since the touches went down, in `view`'s coordinates (nil: root space).
    public func translation(in view: View?) -> CGPoint {
        Self._vector(from: _origin, to: _centroid, in: view)
    }

    /// Makes `translation(in: view)` equal `translation` now. As Apple documents, "changing the
    /// translation value resets the velocity of the pan": velocity counts from here on.
    public func setTranslation(_ translation: CGPoint, in view: View?) {
        let cur = view?.convert(_centroid, from: nil) ?? _centroid
        let o = CGPoint(x: cur.x - translation.x, y: cur.y - translation.y)
        _origin = view?.convert(o, to: nil) ?? o
        // One sample (now, at the new translation in root space): no motion yet, velocity zero.
        _samples = _samples.last.map { [($0.0, CGPoint(x: _centroid.x - _origin.x, y: _centroid.y - _origin.y))] } ?? []
    }

    /// Points per second in `view`'s coordinates.
    public func velocity(in view: View?) -> CGPoint {
        guard let last = _samples.last else { return .zero }
        guard let first = _samples.first(where: { last.0 - $0.0 <= velocityWindow }) else { return .zero }
        let dt = last.0 - first.0
        guard dt > 0 else { return .zero }
        let v = CGPoint(x: (last.1.x - first.1.x) / dt, y: (last.1.y - first.1.y) / dt)
        return Self._vector(from: _centroid, to: CGPoint(x: _centroid.x + v.x, y: _centroid.y + v.y), in: view)
    }

    static func _vector(from a: CGPoint, to b: CGPoint, in view: View?) -> CGPoint {
        guard let view else { return CGPoint(x: b.x - a.x, y: b.y - a.y) }
        let pa = view.convert(a, from: nil), pb = view.convert(b, from: nil)
        return CGPoint(x: pb.x - pa.x, y: pb.y - pa.y)
    }
}
