import Foundation
import Strata

/// Draws images offscreen (UIKit's UIGraphicsImageRenderer): each `image(actions:)` call gets
/// a fresh transparent context of `size` points at `scale` pixels per point, top-left origin,
/// y down, current while `actions` runs.
///
/// Documented differences: images are `CGImage`s (pixel size = size × scale, rounded up);
/// there is no format object, opaque mode or wide colour.
/// `scale` defaults to 1, not to a main screen's scale (there is none: pass the scale of the
/// output the image is for, e.g. a window's). A size the context refuses (zero, negative,
/// non-finite, too many pixels; see `CGContext` in Strata) gives nil without drawing.
public final class GraphicsImageRenderer {
    public let size: CGSize
    public let scale: CGFloat

    public init(size: CGSize, scale: CGFloat = 1) {
        self.size = size
        self.scale = scale
    }

    /// Runs `actions` with a new context and returns what it drew.
    public func image(actions: (GraphicsImageRendererContext) -> Void) -> CGImage? {
        guard let ctx = CGContext(width: size.width, height: size.height, scale: scale) else { return nil }
        GraphicsPushContext(ctx)
        actions(GraphicsImageRendererContext(ctx))
        GraphicsPopContext()
        return ctx.makeImage()
    }

    /// What `actions` draw, as PNG bytes (UIKit's `pngData(actions:)`: 8-bit RGBA, alpha kept).
    /// Empty when the context cannot be made (see `image(actions:)`) or encoding fails.
    public func pngData(actions: (GraphicsImageRendererContext) -> Void) -> Data {
        guard let image = image(actions: actions),
              let bytes = try? PNGImage.encode(width: image.width, height: image.height, rowStride: image.width,
                                               pixels: image.pixels) else { return Data() }
        return Data(bytes)
    }

    /// What `actions` draw, as JPEG bytes (UIKit's `jpegData(withCompressionQuality:actions:)`):
    /// `compressionQuality` 0…1 (clamped; not finite: 0.9) maps to libjpeg's quality 1…100;
    /// JPEG has no alpha, so transparent pixels come out black. Empty as for `pngData`.
    public func jpegData(withCompressionQuality compressionQuality: CGFloat,
                         actions: (GraphicsImageRendererContext) -> Void) -> Data {
        let q = compressionQuality.isFinite ? min(max(compressionQuality, 0), 1) : 0.9
        guard let image = image(actions: actions),
              let bytes = try? image.jpegData(quality: max(1, Int((q * 100).rounded()))) else { return Data() }
        return Data(bytes)
    }
}

/// What `GraphicsImageRenderer.image(actions:)` hands its block.
public final class GraphicsImageRendererContext {
    /// The Core Graphics context to draw with.
    public let cgContext: CGContext

    init(_ ctx: CGContext) { cgContext = ctx }

    /// What has been drawn so far.
    public var currentImage: CGImage? { cgContext.makeImage() }

    /// Fills `rect` with the context's fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Fills `rect` with the context's fill colour and `blendMode` (for this call only).
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext._withState(blendMode: blendMode) { cgContext.fill(rect) }
    }
    /// Strokes `rect`'s outline with the context's stroke colour and line width.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Strokes `rect`'s outline with `blendMode` (for this call only).
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext._withState(blendMode: blendMode) { cgContext.stroke(rect) }
    }
    /// Clips to `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}
