import CBlit
import CPixman

extension _Painter {
    /// Whether contents images go through CBlit's kernels instead of pixman where both apply:
    /// with AVX2 only (without it pixman's SSE2 paths beat the portable kernels). Both give
    /// the same pixels (CBlit.h; RenderBlitTests).
    static let blitKernels = cblit_has_avx2() != 0

    /// Draws `source` (pixels `sw`×`sh`, row stride `stride`) at the whole-pixel offset
    /// (`tx`, `ty`) over target rectangle `r`: SRC when `copy`, else OVER scaled by `a8`.
    /// Returns false (nothing drawn) when the target's clip is not one rectangle: pixman's turn.
    func blitTranslated(_ source: UnsafePointer<UInt32>, stride: Int, tx: Int, ty: Int, _ r: PixelRect, target t: Target,
                        copy: Bool, a8: UInt16) -> Bool {
        guard Self.blitKernels, let direct = directTarget(t) else { return false }
        guard let c = _FrameList.intersect(r, direct.clip) else { return true }
        let src = source + (c.y - ty) * stride + (c.x - tx)
        let dst = direct.pixels + c.y * direct.stride + c.x
        if copy {
            cblit_copy(dst, direct.stride, src, stride, Int32(c.width), Int32(c.height))
        } else {
            cblit_over(dst, direct.stride, src, stride, Int32(c.width), Int32(c.height), UInt32(a8))
        }
        return true
    }

    /// Sets target rectangle `r` to `pixel` (pixman_image_fill_boxes with SRC, or OVER with an
    /// opaque colour). Returns false (nothing drawn) when the target's clip is not one
    /// rectangle: pixman's turn.
    func blitFill(_ r: PixelRect, _ pixel: UInt32, target t: Target) -> Bool {
        guard Self.blitKernels, let direct = directTarget(t) else { return false }
        guard let c = _FrameList.intersect(r, direct.clip) else { return true }
        cblit_fill(direct.pixels + c.y * direct.stride + c.x, direct.stride, Int32(c.width), Int32(c.height), pixel)
        return true
    }

    /// pixman_image_composite32(OVER, source under the inverse transform `inverse` with
    /// bilinear filtering and no repeat, alpha `a8`, target) over target rectangle `r`, whose
    /// first pixel samples the source at `inverse` · (r.x + ox + ½, r.y + oy + ½). Returns false
    /// (nothing drawn) when CBlit cannot draw it exactly so: pixman's turn.
    func blitBilinear(_ source: UnsafePointer<UInt32>, stride: Int, width: Int, height: Int, inverse tr: pixman_transform_t,
                      _ r: PixelRect, target t: Target, a8: UInt16) -> Bool {
        guard Self.blitKernels, tr.matrix.2 == (0, 0, 65536), let direct = directTarget(t) else { return false }
        guard let c = _FrameList.intersect(r, direct.clip) else { return true }
        var m = cblit_affine(xx: tr.matrix.0.0, xy: tr.matrix.0.1, x0: tr.matrix.0.2,
                             yx: tr.matrix.1.0, yy: tr.matrix.1.1, y0: tr.matrix.1.2)
        let dst = direct.pixels + c.y * direct.stride + c.x
        return cblit_over_bilinear(dst, direct.stride, Int32(c.width), Int32(c.height), Int32(c.x + t.ox), Int32(c.y + t.oy),
                                   source, stride, Int32(width), Int32(height), &m, UInt32(a8)) != 0
    }
}

extension _Painter {
    /// The pixels of an A8 mask image: base, row stride in bytes, size. Nil for other formats.
    static func maskBytes(_ image: OpaquePointer) -> (base: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int)? {
        guard pixman_image_get_format(image) == PIXMAN_a8, let data = pixman_image_get_data(image) else { return nil }
        return (UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), Int(pixman_image_get_stride(image)),
                Int(pixman_image_get_width(image)), Int(pixman_image_get_height(image)))
    }

    /// OVER through mask `p` (whose pixel (0, 0) is target pixel (`mx`, `my`)) over target
    /// rectangle `r` (inside the mask): of the solid `pixel`, or of `source` (target pixel
    /// (x, y) reads source pixel (x + dx, y + dy), inside it), exactly as pixman composites it.
    /// Returns false (nothing drawn) when the target's clip is not one rectangle: pixman's turn.
    func blitThroughMask(_ p: PlacedMask, mx: Int, my: Int, _ r: PixelRect, target t: Target, pixel: UInt32,
                         source: (base: UnsafePointer<UInt32>, stride: Int, dx: Int, dy: Int)? = nil) -> Bool {
        guard Self.blitKernels, let direct = directTarget(t), let mask = Self.maskBytes(p.image),
              r.x >= mx, r.y >= my, r.maxX <= mx + mask.width, r.maxY <= my + mask.height else { return false }
        guard let c = _FrameList.intersect(r, direct.clip) else { return true }
        let dst = direct.pixels + c.y * direct.stride + c.x
        let m = mask.base + (c.y - my) * mask.stride + (c.x - mx)
        if let s = source {
            cblit_over_a8(dst, direct.stride, s.base + (c.y + s.dy) * s.stride + (c.x + s.dx), s.stride, m, mask.stride,
                          Int32(c.width), Int32(c.height))
        } else {
            cblit_over_solid_a8(dst, direct.stride, pixel, m, mask.stride, Int32(c.width), Int32(c.height))
        }
        return true
    }
}
