import CPixman
import Foundation

/// Clipping to an image mask (`clip(to:mask:)`).
extension CGContext {
    /// Intersects the clip with `mask` drawn into `rect` (user space), placed as
    /// ``draw(_:in:byTiling:)`` places an image (first row at the rectangle's maxY edge, so in a
    /// y-down context the mask is used upside down, as on iOS). An image with transparency clips
    /// by its alpha — drawing shows where the mask is opaque; an opaque image by its brightness
    /// (white shows, black hides), Core Graphics' rule for greyscale masks. Outside `rect`
    /// everything is clipped away. A 0×0 image or an empty or non-finite rectangle clips
    /// everything away.
    public func clip(to rect: CGRect, mask: CGImage) {
        var ctm = state.ctm
        let quad = CGPath(rect: rect.standardized).copy(using: &ctm)
        state.clipBounds = state.clipBounds.intersection(quad?.boundingBoxOfPath ?? .null)
        guard let quad,
              let box = intersect(state.clip, Self.enclosing(quad.boundingBoxOfPath, grow: 0)),
              let drawn = Bitmap(width: box.width, height: box.height),
              let clipMask = _ClipMask(width: width, height: height) else {
            state.clip = PixelRect(x: 0, y: 0, width: 0, height: 0)
            state.clipMask = nil
            return
        }
        // The mask drawn as an image would be, into a transparent box-sized bitmap.
        let shifted = CGContext(bitmap: drawn, baseTransform: state.ctm.concatenating(
            CGAffineTransform(translationX: CGFloat(-box.x), y: CGFloat(-box.y))))
        shifted.interpolationQuality = state.interpolationQuality
        shifted.draw(mask, in: rect)
        // Its coverage: the alpha (pixman keeps it when writing A8), or for an opaque image the
        // brightness (ITU-R BT.601 weights; premultiplied, so it already carries edge alpha).
        if !mask.isOpaque {
            pixman_image_composite32(PIXMAN_OP_SRC, drawn.image, nil, clipMask.image, 0, 0, 0, 0,
                                     Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        } else if let bits = pixman_image_get_data(clipMask.image) {
            let data = UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self)
            let stride = Int(pixman_image_get_stride(clipMask.image))
            for y in 0..<box.height {
                let row = drawn.row(y)
                let out = data + (box.y + y) * stride + box.x
                for x in 0..<box.width {
                    let p = row[x]
                    let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                    out[x] = UInt8((299 * r + 587 * g + 114 * b + 500) / 1000)
                }
            }
        }
        if let old = state.clipMask {
            pixman_image_composite32(PIXMAN_OP_IN, old.image, nil, clipMask.image, Int32(box.x), Int32(box.y), 0, 0,
                                     Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        }
        state.clip = box
        state.clipMask = clipMask
    }
}
