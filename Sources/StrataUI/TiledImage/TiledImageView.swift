import Foundation
import Strata

/// A view that shows a huge `TiledImageSource` and lets the user pan and zoom it: a photo or
/// map viewer. Strata addition (UIKit apps build this from a zooming `UIScrollView` over a
/// `CATiledLayer`-backed view).
///
/// The picture is a `TiledImageLayer` (tiles drawn on background threads at the zoom's level
/// of detail) scaled by ``zoomScale`` view points per image pixel. The view state is the zoom
/// and ``centerPoint``, the image point shown at the middle of the view; ``contentOffset`` (the
/// image point at the view's top-left corner) follows from them and the bounds, so resizing the
/// view keeps the middle of the picture in place.
///
/// Input (see `TiledImageView+Input.swift`): pointer drag and one-finger drag pan; a wheel
/// detent zooms by √2 about the pointer (up: in); touchpad and other smooth scrolling pans;
/// pinch (two fingers or a touchpad) zooms about the fingers' centroid and follows it; keys
/// `+`/`=` and `-` zoom by 2 about the middle and `0` fits the whole image, when the view is
/// first responder.
///
/// Limits: the zoom stays within ``minimumZoomScale`` … ``maximumZoomScale``. Along an axis
/// where the image is narrower than the view it is centred; otherwise the offset stays within
/// the image (no empty margin). Non-finite or non-positive requests are ignored.
open class TiledImageView: View {
    /// The layer drawing the image (a sublayer of the view's layer).
    public let imageLayer: TiledImageLayer
    /// The image shown.
    public var source: TiledImageSource { imageLayer.source! }

    /// The smallest zoom: nil (the default) means the smaller of 1 and ``fitZoomScale``.
    public var minimumZoomScale: CGFloat? { didSet { _place() } }
    /// The largest zoom (default 16: an image pixel 16 points wide).
    public var maximumZoomScale: CGFloat = 16 { didSet { _place() } }

    /// Called after every change of zoom or centre made by input (gestures, wheel, keys), not
    /// by the methods below.
    public var onChange: ((TiledImageView) -> Void)?

    /// nil: fit the whole image (resolved against the current bounds).
    var _zoom: CGFloat?
    /// nil: the image's middle.
    var _center: CGPoint?
    /// Gesture state: the root-space centroid of the pinch's previous event.
    var _pinchCentroid: CGPoint?

    /// A view showing `source`, fitted whole until the zoom or centre is set.
    public init(source: TiledImageSource, frame: CGRect = .zero) {
        imageLayer = TiledImageLayer(source: source)
        super.init(frame: frame)
        clipsToBounds = true
        imageLayer.anchorPoint = .zero
        layer.addSublayer(imageLayer)
        _installGestures()
        _place()
    }

    /// The image layer's tiles are drawn at the view's pixel density (see `contentScaleFactor`).
    override func _contentScaleDidChange() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        imageLayer.contentsScale = contentScaleFactor
        CATransaction.commit()
    }

    // MARK: State

    /// The zoom at which the whole image just fits the bounds (1 for empty bounds).
    public var fitZoomScale: CGFloat {
        let b = bounds.size
        guard b.width > 0, b.height > 0 else { return 1 }
        return min(b.width / CGFloat(source.width), b.height / CGFloat(source.height))
    }

    /// View points per image pixel.
    public var zoomScale: CGFloat { _clampZoom(_zoom ?? fitZoomScale) }

    /// The image point at the middle of the view (after the offset limits).
    public var centerPoint: CGPoint { _clampedCenter(zoom: zoomScale) }

    /// The image point at the view's top-left corner.
    public var contentOffset: CGPoint {
        let z = zoomScale, c = centerPoint
        return CGPoint(x: c.x - bounds.width / 2 / z, y: c.y - bounds.height / 2 / z)
    }

    /// Sets the zoom, keeping the image point under `point` (view coordinates; nil: the middle)
    /// where it is (as far as the limits allow).
    public func setZoomScale(_ zoom: CGFloat, about point: CGPoint? = nil) {
        guard zoom.isFinite, zoom > 0 else { return }
        let p = point ?? CGPoint(x: bounds.midX, y: bounds.midY)
        guard p.x.isFinite, p.y.isFinite else { return }
        let anchor = imagePoint(at: p)
        let z = _clampZoom(zoom)
        // The new centre puts `anchor` back under `p`.
        _zoom = z
        _center = CGPoint(x: anchor.x + (bounds.midX - p.x) / z, y: anchor.y + (bounds.midY - p.y) / z)
        _center = _clampedCenter(zoom: z)
        _place()
    }

    /// Shows image point `point` at the middle of the view (as far as the limits allow).
    public func setCenterPoint(_ point: CGPoint) {
        guard point.x.isFinite, point.y.isFinite else { return }
        _zoom = zoomScale
        _center = point
        _center = _clampedCenter(zoom: zoomScale)
        _place()
    }

    /// Moves the picture by `delta` view points (positive x: the picture moves right).
    public func pan(by delta: CGPoint) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        let z = zoomScale, c = centerPoint
        setCenterPoint(CGPoint(x: c.x - delta.x / z, y: c.y - delta.y / z))
    }

    /// Fits the whole image again (and keeps fitting it as the bounds change).
    public func zoomToFit() {
        _zoom = nil
        _center = nil
        _place()
    }

    /// The image point under view point `p`.
    public func imagePoint(at p: CGPoint) -> CGPoint {
        let o = contentOffset, z = zoomScale
        return CGPoint(x: o.x + (p.x - bounds.minX) / z, y: o.y + (p.y - bounds.minY) / z)
    }

    open override func scrollWheel(_ event: ScrollEvent) { _scrollWheel(event) }

    open override var canBecomeFirstResponder: Bool { true }

    open override func keyDown(_ event: KeyPress) {
        if !_key(event) { super.keyDown(event) }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        _place()
    }

    // MARK: Limits and the layer

    func _clampZoom(_ z: CGFloat) -> CGFloat {
        let lo = minimumZoomScale ?? min(1, fitZoomScale)
        return min(max(z, lo), max(lo, maximumZoomScale))
    }

    /// The requested centre moved so that the image covers the view along each axis it can
    /// (or is centred along an axis where it is narrower than the view).
    func _clampedCenter(zoom z: CGFloat) -> CGPoint {
        let want = _center ?? CGPoint(x: CGFloat(source.width) / 2, y: CGFloat(source.height) / 2)
        func axis(_ c: CGFloat, extent: CGFloat, size: CGFloat) -> CGFloat {
            let half = extent / 2 / z
            if 2 * half >= size { return size / 2 }
            return min(max(c, half), size - half)
        }
        return CGPoint(x: axis(want.x, extent: bounds.width, size: CGFloat(source.width)),
                       y: axis(want.y, extent: bounds.height, size: CGFloat(source.height)))
    }

    /// Puts the image layer where the state says: scaled by the zoom, the content offset at
    /// the view's top-left corner.
    func _place() {
        let z = zoomScale, o = contentOffset
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        imageLayer.position = CGPoint(x: bounds.minX - o.x * z, y: bounds.minY - o.y * z)
        imageLayer.setAffineTransform(CGAffineTransform(scaleX: z, y: z))
        CATransaction.commit()
    }
}
