import Foundation
import Strata

/// UIKit's older offscreen drawing calls (UIGraphicsBeginImageContextWithOptions and its
/// partners), kept for the code that still uses them; `GraphicsImageRenderer` is the newer way.
/// Each begin pushes a fresh context (top-left, y down, as the renderer's) that stays current
/// until the matching end; the contexts nest, per thread.
///
/// Differences: the image is a `CGImage`; a `scale` of 0 means 1, not a main screen's scale
/// (there is none: pass the scale of the output the image is for). An `opaque` context starts
/// opaque black (its undrawn pixels are what UIKit's opaque bitmap shows: no alpha to reveal).
public func GraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale == 0 ? 1 : scale
    guard let ctx = CGContext(width: size.width, height: size.height, scale: s) else {
        // Nothing to draw into (a size the context refuses): still balance the end call.
        _GraphicsContextStack.current.imageContexts.append(nil)
        return
    }
    if opaque {
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        ctx.fill(CGRect(origin: .zero, size: size))
    }
    _GraphicsContextStack.current.imageContexts.append(ctx)
    GraphicsPushContext(ctx)
}

/// `GraphicsBeginImageContextWithOptions(size, false, 1)`.
public func GraphicsBeginImageContext(_ size: CGSize) {
    GraphicsBeginImageContextWithOptions(size, false, 1)
}

/// What the current image context holds so far; nil when the current context is not one
/// begun by `GraphicsBeginImageContextWithOptions`.
public func GraphicsGetImageFromCurrentImageContext() -> CGImage? {
    let stack = _GraphicsContextStack.current
    guard let ctx = stack.contexts.last, let image = stack.imageContexts.last ?? nil, image === ctx else { return nil }
    return ctx.makeImage()
}

/// Ends the innermost image context (and makes the context before it current); ignored
/// when none is open.
public func GraphicsEndImageContext() {
    let stack = _GraphicsContextStack.current
    guard let last = stack.imageContexts.popLast() else { return }
    if let ctx = last, let i = stack.contexts.lastIndex(where: { $0 === ctx }) { stack.contexts.remove(at: i) }
}
