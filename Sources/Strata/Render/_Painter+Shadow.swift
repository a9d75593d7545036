import CPixman
import Foundation

extension _Painter {
    /// Draws the layer's shadow below the layer, OVER the top target, with the layer's alpha.
    func drawShadow(_ s: _Shadow, _ n: _Node) {
        let shapeAlpha: Double
        switch s.source {
        case .content, .path: shapeAlpha = 1
        case .shape(let a): shapeAlpha = a
        }
        let p = Self.premultiplied(s.color, alpha: shapeAlpha * n.drawAlpha)
        guard p >> 24 != 0 else { return }
        let t = targets[targets.count - 1]
        let ms = s.matrix(n.matrix)
        let found: (entry: _ShadowCache.Entry, x: Int, y: Int)?
        if case .content = s.source {
            found = n.shadowContent.flatMap { contentMask($0, ms, sigma: s.sigma(ms)) }
        } else {
            found = shapeMask(s.source, n.shape, ms, sigma: s.sigma(ms))
        }
        guard let mask = found else { return }
        var c = Self.pixmanColor(p)
        guard let solid = pixman_image_create_solid_fill(&c) else { return }
        defer { pixman_image_unref(solid) }
        let x = mask.x - t.ox, y = mask.y - t.oy
        let ext = PixelRect(x: t.extents.x - t.ox, y: t.extents.y - t.oy, width: t.extents.width, height: t.extents.height)
        guard let r = _FrameList.intersect(PixelRect(x: x, y: y, width: mask.entry.width, height: mask.entry.height), ext) else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.entry.image, t.image, 0, 0, Int32(r.x - x), Int32(r.y - y),
                                 Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    /// The blurred coverage of the shadow's shape mapped by `ms`, and where its pixel (0, 0)
    /// lands in device pixels; cached when affine and of reasonable size.
    /// (σ = 0: the plain antialiased coverage, used to clip contents to rounded bounds.)
    func shapeMask(_ source: _Shadow.Source, _ shape: _RoundedRect, _ ms: _Matrix3,
                   sigma: Double) -> (entry: _ShadowCache.Entry, x: Int, y: Int)? {
        let margin = _Blur.margin(sigma: sigma)
        let rect: CGRect
        if case .path(let path) = source { rect = path.boundingBox } else { rect = shape.rect }
        guard let box = _FrameList.deviceBox(rect, ms), ms.isAffine else { return nil }
        let ix = ms.m31.rounded(.down), iy = ms.m32.rounded(.down)
        guard abs(ix) < Double(Region.limit), abs(iy) < Double(Region.limit) else { return nil }
        let key = _ShadowCache.Key(source: source, shape: shape, linear: SIMD4(ms.m11, ms.m12, ms.m21, ms.m22),
                                   fraction: SIMD2(ms.m31 - ix, ms.m32 - iy), sigma: sigma)
        if let e = shadowCache.lookup(key) { return (e, Int(ix) + e.dx, Int(iy) + e.dy) }
        // Mask rectangle relative to the integer translation, grown by the blur's reach; a
        // shape reaching beyond the surface grown by the reach is cut to it first (exact, see
        // `_Blur.margin`), so a wide blur costs at most the surface plus one reach per side.
        var full = box.outset(by: margin)
        guard let clipped = _FrameList.intersect(full, surface.outset(by: margin)) else { return nil }
        let cacheable = clipped == full
        full = clipped
        let w = full.width, h = full.height, stride = (w + 3) & ~3
        guard let mem = calloc(stride * h, 1) else { return nil }
        guard let img = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(w), Int32(h), mem.assumingMemoryBound(to: UInt32.self),
                                                          Int32(stride)) else { free(mem); return nil }
        // Rasterise at the mask's origin: device = mask + full.origin.
        let local = ms.translated(Double(-full.x), Double(-full.y))
        switch source {
        case .path(let path):
            let t = CGAffineTransform(a: local.m11, b: local.m12, c: local.m21, d: local.m22, tx: local.m31, ty: local.m32)
            pathRasterizer.fill(path: path, rule: .winding, transform: t, color: .white, into: img)
        default:
            tessellator.reset(clip: PixelRect(x: 0, y: 0, width: w, height: h))
            tessellator.fill(shape, local)
            tessellator.triangles.withUnsafeBufferPointer { pixman_add_triangles(img, 0, 0, Int32($0.count), $0.baseAddress) }
        }
        let temp = scratch.push(bytes: stride * h)
        _Blur.gaussian(mem.assumingMemoryBound(to: UInt8.self), width: w, height: h, stride: stride, sigma: sigma,
                       temp: temp.assumingMemoryBound(to: UInt8.self))
        scratch.pop()
        let entry = _ShadowCache.Entry(image: img, memory: mem, dx: full.x - Int(ix), dy: full.y - Int(iy), width: w, height: h,
                                       frame: shadowCache.frame)
        if cacheable { shadowCache.store(key, entry) }
        return (entry, full.x, full.y)
    }
}
