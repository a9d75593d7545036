import Foundation
import Strata

// UIKit's rectangle functions (UIRectFill, UIRectFrame, UIRectClip and the blend-mode forms),
// without the UI prefix: they draw into the current context (`GraphicsGetCurrentContext()`)
// and do nothing without one. The context's blend mode is left as it was.

/// Fills `rect` with the current fill colour in copy mode: what was there is replaced, alpha
/// included (UIKit's `UIRectFill`).
public func RectFill(_ rect: CGRect) { RectFillUsingBlendMode(rect, .copy) }

/// Fills `rect` with the current fill colour and `blendMode`.
public func RectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = GraphicsGetCurrentContext() else { return }
    ctx._withState(blendMode: blendMode) { ctx.fill(rect) }
}

/// Draws a frame 1 unit wide along the inside of `rect` in copy mode (UIKit's `UIRectFrame`).
///
/// Colour: Apple's page for `UIRectFrame` names the stroke colour, its page for
/// `UIRectFrameUsingBlendMode` the fill colour ("not stroke colour", as AppKit's `NSFrameRect`);
/// Strata uses the fill colour for both.
public func RectFrame(_ rect: CGRect) { RectFrameUsingBlendMode(rect, .copy) }

/// `RectFrame` with `blendMode`. The frame's four sides do not overlap, so every pixel is
/// blended once; a rectangle 2 units or less across is filled whole.
public func RectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = GraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard !r.isEmpty, r.width.isFinite, r.height.isFinite else { return }
    ctx._withState(blendMode: blendMode) {
        if r.width <= 2 || r.height <= 2 {
            ctx.fill(r)
        } else {
            ctx.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: 1),
                      CGRect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1),
                      CGRect(x: r.minX, y: r.minY + 1, width: 1, height: r.height - 2),
                      CGRect(x: r.maxX - 1, y: r.minY + 1, width: 1, height: r.height - 2)])
        }
    }
}

/// Intersects the current context's clip with `rect` (UIKit's `UIRectClip`).
public func RectClip(_ rect: CGRect) { GraphicsGetCurrentContext()?.clip(to: rect) }
