import Foundation

/// UIKit's drawing methods of `UIBezierPath` on a given context. StrataUI's `fill()`,
/// `stroke()`, `fill(with:alpha:)`, `stroke(with:alpha:)` and `addClip()` call these with the
/// current context (`GraphicsGetCurrentContext()`); `_`-prefixed: not API of their own.
extension BezierPath {
    /// Fills the path's interior (`usesEvenOddFillRule` decides it) with `ctx`'s fill colour, in
    /// its user space. As UIKit documents, the graphics state is saved before and restored after,
    /// so `blendMode` and `alpha` (when given; `alpha` replaces the context's alpha) last for
    /// this call only; the context's current path is left alone.
    public func _fill(in ctx: CGContext, blendMode: CGBlendMode? = nil, alpha: CGFloat? = nil) {
        var ctm = ctx.state.ctm
        guard let device = cgPath.copy(using: &ctm) else { return }
        ctx._withState(blendMode: blendMode, alpha: alpha) {
            ctx.paint(.fill(device, usesEvenOddFillRule ? .evenOdd : .winding), with: .color(ctx.state.fillColor))
        }
    }

    /// Strokes the path with `ctx`'s stroke colour and this path's line settings (`lineWidth`,
    /// `lineCapStyle`, `lineJoinStyle`, `miterLimit`, the dash of `setLineDash`), whatever the
    /// context's own line settings; state saved and restored, and the current path left alone, as
    /// in `_fill`. A `lineWidth` of 0 is "the thinnest line that can be rendered" (UIKit): one
    /// device pixel wide.
    public func _stroke(in ctx: CGContext, blendMode: CGBlendMode? = nil, alpha: CGFloat? = nil) {
        var style = strokeStyle
        if lineWidth == 0 {
            let t = ctx.state.ctm
            let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
            guard scale > 0, scale.isFinite else { return }
            style.lineWidth = 1 / scale
        }
        ctx._withState(blendMode: blendMode, alpha: alpha) {
            ctx.paint(.stroke(cgPath, style, ctx.state.ctm), with: .color(ctx.state.strokeColor))
        }
    }

    /// Intersects `ctx`'s clip with the path's interior (`usesEvenOddFillRule`). Not undone by
    /// anything but `restoreGState()` (UIKit: save the state first to get the clip back).
    public func _addClip(in ctx: CGContext) {
        guard !isEmpty else { return }          // no path: the clip is left alone (Core Graphics)
        var ctm = ctx.state.ctm
        guard let device = cgPath.copy(using: &ctm) else { return }
        ctx.clipDevice(device, rule: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
