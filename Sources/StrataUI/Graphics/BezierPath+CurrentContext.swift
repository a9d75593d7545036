import Foundation
import Strata

/// `UIBezierPath`'s drawing methods: they draw into the current context (a view's `draw(_:)`,
/// `GraphicsImageRenderer`, or one pushed with `GraphicsPushContext`) and do nothing without
/// one. Colours come from the context: `Color.setFill()` / `setStroke()` before them.
extension BezierPath {
    /// Fills the interior with the current fill colour (graphics state saved and restored).
    public func fill() { GraphicsGetCurrentContext().map { _fill(in: $0) } }

    /// Fills with `blendMode` and `alpha` for this call only.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        GraphicsGetCurrentContext().map { _fill(in: $0, blendMode: blendMode, alpha: alpha) }
    }

    /// Strokes with the current stroke colour and this path's line settings.
    public func stroke() { GraphicsGetCurrentContext().map { _stroke(in: $0) } }

    /// Strokes with `blendMode` and `alpha` for this call only.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        GraphicsGetCurrentContext().map { _stroke(in: $0, blendMode: blendMode, alpha: alpha) }
    }

    /// Intersects the current context's clip with the interior (until the state is restored).
    public func addClip() { GraphicsGetCurrentContext().map { _addClip(in: $0) } }
}
