import Foundation
import Strata

/// Pan, zoom and keys for ``TiledImageView``.
extension TiledImageView: GestureRecognizerDelegate {
    /// Zoom factor per wheel detent: √2, so two detents zoom by exactly 2.
    public static func wheelZoomFactor(steps: Double) -> CGFloat { CGFloat(pow(2, -steps / 2)) }

    func _installGestures() {
        let pan = PanGestureRecognizer { [unowned self] r in self._panned(r as! PanGestureRecognizer) }
        // Any movement pans: a viewer has nothing else to drag.
        pan.hysteresis = 0
        pan.delegate = self
        let pinch = PinchGestureRecognizer { [unowned self] r in self._pinched(r as! PinchGestureRecognizer) }
        pinch.delegate = self
        addGestureRecognizer(pan)
        addGestureRecognizer(pinch)
        cursorName = "grab"
    }

    /// Pan and pinch run together: two fingers are the pinch's, which follows their centroid
    /// itself, so the pan ignores moves while more than one touch is down.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }

    func _panned(_ pan: PanGestureRecognizer) {
        let t = pan.translation(in: self)
        pan.setTranslation(.zero, in: self)
        guard pan.numberOfTouches == 1, _pinchCentroid == nil, pan.state == .began || pan.state == .changed else { return }
        self.pan(by: t)
        onChange?(self)
    }

    func _pinched(_ pinch: PinchGestureRecognizer) {
        let c = pinch.location(in: self)
        switch pinch.state {
        case .began, .changed:
            // The image point under the previous centroid goes under the new one, zoomed.
            let previous = _pinchCentroid ?? c
            let anchor = imagePoint(at: previous)
            let z = _clampZoom(zoomScale * pinch.scale)
            pinch.scale = 1
            _zoom = z
            _center = CGPoint(x: anchor.x + (bounds.midX - c.x) / z, y: anchor.y + (bounds.midY - c.y) / z)
            _center = _clampedCenter(zoom: z)
            _pinchCentroid = c
            _place()
            onChange?(self)
        default:
            _pinchCentroid = nil
        }
    }

    /// Wheel detents zoom about the pointer; smooth scrolling (touchpads) pans.
    func _scrollWheel(_ event: ScrollEvent) {
        switch event.source {
        case .wheel where event.wheelStepsY != 0:
            setZoomScale(zoomScale * Self.wheelZoomFactor(steps: event.wheelStepsY), about: event.location(in: self))
        case .wheel:
            pan(by: CGPoint(x: -event.wheelStepsX * 40, y: 0))
        case .touchpad, .continuous:
            pan(by: CGPoint(x: -event.deltaX, y: -event.deltaY))
        }
        onChange?(self)
    }

    /// `+`/`=` zoom in by 2, `-` out by 2 (about the middle), `0` fits the image; false for
    /// other keys.
    func _key(_ event: KeyPress) -> Bool {
        switch event.text {
        case "+", "=": setZoomScale(zoomScale * 2)
        case "-": setZoomScale(zoomScale / 2)
        case "0": zoomToFit()
        default: return false
        }
        onChange?(self)
        return true
    }
}
