import Foundation
import Strata

/// Pixel density of the view's bitmap content (UIKit's `contentScaleFactor`).
///
/// A view's layer draws its `draw(_:)` backing store, text or image at `contentsScale` pixels
/// per point; on a 2× output a view left at 1 is upscaled and blurry. As on iOS, views take the
/// scale of where they are shown: a `ViewHost` gives its whole tree the surface's scale, again
/// whenever the window moves to an output of another scale, and to subviews added later.
/// Setting `contentScaleFactor` fixes it for that view (not for its subviews); plain layers
/// that are not a view's own keep `contentsScale` 1 unless set, as Core Animation's do.
extension View {
    /// Device pixels per point of the view's content: its layer's `contentsScale`. Setting a
    /// value fixes it (it no longer follows the host); non-finite or non-positive values are
    /// ignored. A change marks the content for redrawing.
    public var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            _fixedContentScale = true
            _setContentScale(newValue)
        }
    }

    /// Gives this view (unless fixed) and its subtree the host's `scale`.
    final func _applyHostContentScale(_ scale: CGFloat) {
        if !_fixedContentScale { _setContentScale(scale) }
        for v in _subviews { v._applyHostContentScale(scale) }
    }

    /// The scale of the host showing this view's tree (nil when not hosted).
    final var _treeHostContentScale: CGFloat? { rootView._hostContentScale }

    private func _setContentScale(_ scale: CGFloat) {
        guard layer.contentsScale != scale else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.contentsScale = scale
        CATransaction.commit()
        // A view class known to draw nothing has no backing store to redraw.
        if !View._nonDrawingClasses.contains(ObjectIdentifier(type(of: self))) { layer.setNeedsDisplay() }
        _contentScaleDidChange()
    }
}
