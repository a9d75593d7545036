import CPixman
import Foundation

/// Drawing images.
extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space). As in Core Graphics, the image's first
    /// row goes at the rectangle's maxY edge: upright in a y-up context, upside down in a
    /// y-down (layer or image-renderer) context, as on iOS. With `byTiling`, copies of the image
    /// at that size repeat over the whole clip. Scaled or rotated images are filtered
    /// bilinearly (nearest pixel with `interpolationQuality = .none`); edges are antialiased.
    /// A 0×0 image or an empty or non-finite rectangle draws nothing.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard image.width > 0, image.height > 0, !r.isNull, r.width > 0, r.height > 0,
              r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let kx = r.width / CGFloat(image.width), ky = r.height / CGFloat(image.height)
        let toUser = CGAffineTransform(a: kx, b: 0, c: 0, d: -ky, tx: r.minX, ty: r.maxY)
        drawPixels(image, imageToUser: toUser, tiled: byTiling)
    }

    /// Draws `image` with image pixel (u, v) at user point (u, v)·`imageToUser`, covering the
    /// image's rectangle (or the whole clip when `tiled`).
    func drawPixels(_ image: CGImage, imageToUser: CGAffineTransform, tiled: Bool) {
        let toDevice = imageToUser.concatenating(state.ctm)
        let det = toDevice.a * toDevice.d - toDevice.b * toDevice.c
        guard det != 0, det.isFinite, Self.isFinite(toDevice) else { return }
        let inv = toDevice.inverted()
        let entries = [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty]
        // Outside 16.16 fixed point the mapping cannot be expressed: documented as not drawn.
        guard entries.allSatisfy({ abs($0) < 32767 }),
              let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height),
                                                 UnsafeMutablePointer(mutating: image.pixels), Int32(image.width * 4))
        else { return }
        defer { pixman_image_unref(src) }
        func f(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }
        var tr = pixman_transform_t(matrix: ((f(inv.a), f(inv.c), f(inv.tx)), (f(inv.b), f(inv.d), f(inv.ty)),
                                             (0, 0, pixman_fixed_t(65536))))
        pixman_image_set_transform(src, &tr)
        let integral = toDevice.a == 1 && toDevice.d == 1 && toDevice.b == 0 && toDevice.c == 0
            && toDevice.tx == toDevice.tx.rounded() && toDevice.ty == toDevice.ty.rounded()
        let nearest = integral || state.interpolationQuality == .none
        pixman_image_set_filter(src, nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(src, tiled ? PIXMAN_REPEAT_NORMAL : PIXMAN_REPEAT_PAD)
        if tiled {
            paint(.everywhere, with: .image(src))
            return
        }
        let quad = CGPath(rect: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        var t = toDevice
        guard let device = quad.copy(using: &t) else { return }
        paint(.fill(device, .winding), with: .image(src))
    }
}
