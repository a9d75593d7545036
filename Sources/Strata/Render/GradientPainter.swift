import CPixman
import Foundation

extension _Painter {
    /// Fills `shape` (layer space, mapped by `matrix` to device pixels) with the gradient,
    /// colours multiplied by `alpha`, OVER the top target.
    ///
    /// An opaque gradient on a pixel-aligned rectangle is written straight into the target's
    /// pixels (per box of the target's clip region): no intermediate image, no blending. Anything
    /// else (translucent colours, rounded or rotated shapes) is rendered into a scratch image
    /// over the shape's clipped device box and composited through the antialiased coverage of
    /// the shape.
    func drawGradient(_ g: _GradientSpec, _ shape: _RoundedRect, _ matrix: _Matrix3, alpha: Double) {
        guard alpha > 0 else { return }
        let t = targets[targets.count - 1]
        let m = matrix.translated(Double(-t.ox), Double(-t.oy))
        let ext = PixelRect(x: t.extents.x - t.ox, y: t.extents.y - t.oy, width: t.extents.width, height: t.extents.height)
        guard let box = _FrameList.deviceBox(shape.rect, m), let area = _FrameList.intersect(box, ext) else { return }
        let a = min(alpha, 1)
        let raster: _GradientRaster
        if let last = lastGradient, last.spec == g, last.matrix == m, last.alpha == a {
            raster = last.raster
        } else {
            guard let r = _GradientRaster(g, matrix: m, alpha: a) else { return }
            raster = r
            lastGradient = (g, m, a, r)
        }

        if raster.isOpaque, shape.isRect, m.isAxisAligned, let r = Self.integralRect(shape.rect, m),
           let base = pixman_image_get_data(t.image) {
            let stride = Int(pixman_image_get_stride(t.image)) / 4
            var clip = t.clip
            clip.translate(dx: -t.ox, dy: -t.oy)
            clip.forEachBox { b in
                guard let s = _FrameList.intersect(r, PixelRect(x: Int(b.x1), y: Int(b.y1), width: Int(b.x2 - b.x1),
                                                                height: Int(b.y2 - b.y1))) else { return }
                raster.renderBlock(base + s.y * stride + s.x, stride: stride, x: s.x, y: s.y, width: s.width, height: s.height)
            }
            return
        }

        let mem = scratch.push(bytes: area.width * area.height * 4)
        defer { scratch.pop() }
        let px = mem.assumingMemoryBound(to: UInt32.self)
        raster.renderBlock(px, stride: area.width, x: area.x, y: area.y, width: area.width, height: area.height)
        guard let src = pixman_image_create_bits_no_clear(PIXMAN_a8r8g8b8, Int32(area.width), Int32(area.height),
                                                           px, Int32(area.width * 4)) else { return }
        defer { pixman_image_unref(src) }
        var mask: OpaquePointer?
        if !(shape.isRect && m.isAxisAligned && Self.integralRect(shape.rect, m) != nil) {
            tessellator.reset(clip: area)
            tessellator.fill(shape, matrix, shift: SIMD2(Double(-t.ox), Double(-t.oy)))
            mask = coverageMask(area, a8: 255)
            guard mask != nil else { return }
        }
        defer { if let mask { pixman_image_unref(mask); scratch.pop() } }
        let op = raster.isOpaque && mask == nil ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        pixman_image_composite32(op, src, mask, t.image, 0, 0, 0, 0, Int32(area.x), Int32(area.y),
                                 Int32(area.width), Int32(area.height))
    }
}
