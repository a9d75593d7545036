import Foundation

/// One entry of a ``CGContext``'s graphics state stack: everything `saveGState()` saves.
struct _GState {
    var ctm: CGAffineTransform
    /// Pixels drawing may touch (device), before the clip mask; empty when everything is clipped.
    var clip: PixelRect
    /// Antialiased coverage of a clip path (nil: the clip is exactly `clip`).
    var clipMask: _ClipMask?
    /// The clip's exact bounding box (device space): the bitmap's bounds intersected with
    /// every clipping shape's bounding box (`boundingBoxOfClipPath`).
    var clipBounds: CGRect
    var fillColor: CGColor = .black
    var strokeColor: CGColor = .black
    var stroke = StrokeStyle()
    var alpha: CGFloat = 1
    var blendMode: CGBlendMode = .normal
    var interpolationQuality: CGInterpolationQuality = .default
    var shouldAntialias = true
    /// `setShadow(offset:blur:color:)`: base-space offset and blur, colour (nil: no shadow).
    var shadow: Shadow?

    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: CGColor
    }
}
