import CPixman
import Foundation

extension _Painter {
    /// Draws a layer's contents image OVER the top target with `alpha`.
    func drawContents(_ c: _ContentsLayout, _ matrix: _Matrix3, alpha: Double) {
        let a8 = UInt16((min(max(alpha, 0), 1) * 255).rounded())
        guard a8 > 0 else { return }
        let t = targets[targets.count - 1]
        let ext = PixelRect(x: t.extents.x - t.ox, y: t.extents.y - t.oy, width: t.extents.width, height: t.extents.height)
        let pieces = c.pieces(scale: c.scale)
        for p in pieces {
            drawImage(c.image, p, matrix, target: t, ext, a8: a8, confine: pieces.count > 1, nearest: c.nearest)
        }
    }

    /// One source rectangle of `image` onto a layer-space rectangle mapped by `m`.
    ///
    /// Three ways, fastest first: an integer translation is a plain blit; a mild resampling
    /// uses bilinear filtering with a transparent border (soft, antialiased edges, as Cairo and
    /// pixman users do); strong magnification and nine-slice pieces (`confine`) extend edge
    /// pixels and clip to the destination through an antialiased coverage mask, so nothing
    /// bleeds past the destination.
    ///
    /// With `clip` (an A8 coverage image and its device position), the image is drawn through
    /// that mask instead, edge pixels extended (masksToBounds without an offscreen group).
    func drawImage(_ image: CGImage, _ piece: _ContentsLayout.Piece, _ device: _Matrix3, target t: Target,
                   _ ext: PixelRect, a8: UInt16, confine: Bool, nearest: Bool,
                   clip: PlacedMask? = nil) {
        let target = t.image
        let m = device.translated(Double(-t.ox), Double(-t.oy))
        let s = piece.source
        let sx0 = max(0, Int(s.minX.rounded(.down))), sy0 = max(0, Int(s.minY.rounded(.down)))
        let sx1 = min(image.width, Int(s.maxX.rounded(.up))), sy1 = min(image.height, Int(s.maxY.rounded(.up)))
        guard sx1 > sx0, sy1 > sy0 else { return }
        let sw = sx1 - sx0, sh = sy1 - sy0
        guard let sub = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(sw), Int32(sh),
                                                 UnsafeMutablePointer(mutating: image.pixels + sy0 * image.width + sx0),
                                                 Int32(image.width * 4)) else { return }
        defer { pixman_image_unref(sub) }
        let d = piece.dest
        let kx = d.width / s.width, ky = d.height / s.height
        // Sub-image pixel space → layer space → target pixels.
        let a = _Matrix3.scale(kx, ky).translated(d.minX - (s.minX - Double(sx0)) * kx, d.minY - (s.minY - Double(sy0)) * ky).then(m)
        var solid: OpaquePointer?
        if a8 < 255 {
            var col = pixman_color_t(red: 0, green: 0, blue: 0, alpha: a8 * 257)
            solid = pixman_image_create_solid_fill(&col)
        }
        defer { if let solid { pixman_image_unref(solid) } }

        let integral = a.isAxisAligned && a.m11 == 1 && a.m22 == 1 && a.m31 == a.m31.rounded() && a.m32 == a.m32.rounded()
            && abs(a.m31) < Double(Region.limit) && abs(a.m32) < Double(Region.limit)
        if let clip, integral {
            pixman_image_set_repeat(sub, PIXMAN_REPEAT_PAD)
            composite(.image(sub, dx: -Int(a.m31), dy: -Int(a.m32), opaque: image.isOpaque,
                             pixels: (image.pixels + sy0 * image.width + sx0, image.width, sw, sh)),
                      through: clip, target: t, within: ext)
            return
        }
        if !confine, clip == nil, integral {
            let tx = Int(a.m31), ty = Int(a.m32)
            guard let r = _FrameList.intersect(PixelRect(x: tx, y: ty, width: sw, height: sh), ext) else { return }
            // Opaque pixels replace the destination: SRC skips reading it.
            let op = image.isOpaque && solid == nil ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
            let source = image.pixels + sy0 * image.width + sx0
            if blitTranslated(source, stride: image.width, tx: tx, ty: ty, r, target: t, copy: op == PIXMAN_OP_SRC, a8: a8) {
                return
            }
            pixman_image_composite32(op, sub, solid, target, Int32(r.x - tx), Int32(r.y - ty), 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            return
        }
        // Resampling is set up in device pixels so that a pixel's value does not depend on
        // which offscreen group (at which origin) it is drawn in.
        let aDevice = a.translated(Double(t.ox), Double(t.oy))
        guard var inv = aDevice.inverted() else { return }
        if inv.m33 != 0, inv.m33.isFinite { // keep the fixed-point entries small
            let k = 1 / inv.m33
            inv = _Matrix3(m11: inv.m11 * k, m12: inv.m12 * k, m13: inv.m13 * k, m21: inv.m21 * k, m22: inv.m22 * k,
                           m23: inv.m23 * k, m31: inv.m31 * k, m32: inv.m32 * k, m33: 1)
        }
        let entries = [inv.m11, inv.m21, inv.m31, inv.m12, inv.m22, inv.m32, inv.m13, inv.m23, inv.m33]
        // Outside 16.16 fixed point the mapping cannot be expressed: documented as not drawn.
        guard entries.allSatisfy({ $0.isFinite && abs($0) < 32767 }) else { return }
        func f(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }
        var tr = pixman_transform_t(matrix: ((f(inv.m11), f(inv.m21), f(inv.m31)),
                                             (f(inv.m12), f(inv.m22), f(inv.m32)),
                                             (f(inv.m13), f(inv.m23), f(inv.m33))))
        pixman_image_set_transform(sub, &tr)
        pixman_image_set_filter(sub, nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        if let clip {
            pixman_image_set_repeat(sub, PIXMAN_REPEAT_PAD)
            composite(.image(sub, dx: t.ox, dy: t.oy, opaque: image.isOpaque), through: clip, target: t, within: ext)
            return
        }
        guard let box = _FrameList.deviceBox(d, m),
              let r = _FrameList.intersect(PixelRect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2), ext)
        else { return }
        if confine || a.maxScale > 2 {
            pixman_image_set_repeat(sub, PIXMAN_REPEAT_PAD)
            tessellator.reset(clip: surfaceRect(in: t))
            tessellator.fill(_RoundedRect(rect: d, radii: .zero), device, shift: SIMD2(Double(-t.ox), Double(-t.oy)))
            guard let mask = coverageMask(r, a8: a8) else { return }
            defer { pixman_image_unref(mask); scratch.pop() }
            pixman_image_composite32(PIXMAN_OP_OVER, sub, mask, target, Int32(r.x + t.ox), Int32(r.y + t.oy), 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        } else if nearest || !blitBilinear(image.pixels + sy0 * image.width + sx0, stride: image.width, width: sw, height: sh,
                                           inverse: tr, r, target: t, a8: a8) {
            pixman_image_composite32(PIXMAN_OP_OVER, sub, solid, target, Int32(r.x + t.ox), Int32(r.y + t.oy), 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
    }
}
