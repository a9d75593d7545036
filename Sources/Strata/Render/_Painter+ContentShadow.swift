import CPixman
import Foundation

extension _Painter {
    /// The blurred alpha of everything `layer` draws, placed by `ms` (the layer's bounds space
    /// → device map moved by the shadow offset), and the device pixel its (0, 0) lands on.
    ///
    /// The drawing is flattened without its integer translation, so a layer moving by whole
    /// pixels reuses the cached mask; it is painted into an offscreen covering its pixels grown
    /// by the blur's reach and cut to the surface grown by the reach (`_Blur.margin`: no pixel
    /// beyond it changes a surface pixel, and the blur computes every pixel it needs inside
    /// it) — never to the repainted region, so every region and band gets the same pixels.
    /// Memory and time are bounded by the surface, not by the layer's size. Projective maps
    /// are drawn uncached.
    func contentMask(_ layer: RenderLayer, _ ms: _Matrix3, sigma: Double) -> (entry: _ShadowCache.Entry, x: Int, y: Int)? {
        let margin = _Blur.margin(sigma: sigma)
        let affine = ms.isAffine
        let ix = affine ? ms.m31.rounded(.down) : 0, iy = affine ? ms.m32.rounded(.down) : 0
        guard abs(ix) < Double(Region.limit), abs(iy) < Double(Region.limit) else { return nil }
        let local = ms.translated(-ix, -iy)
        let list = _FrameList()
        list.build(layer: layer, matrix: local, depth: nestingDepth + 1)
        guard let box = list.nodes.first?.subtree else { return nil }
        var reach = surface.outset(by: margin)
        reach.x -= Int(ix); reach.y -= Int(iy)
        guard let full = _FrameList.intersect(box.outset(by: margin), reach) else { return nil }
        var h = Hasher()
        for n in list.nodes { h.combine(n.key); h.combine(n.footprint) }
        h.combine(full)
        let key = _ShadowCache.Key(source: .content, shape: _RoundedRect(rect: .zero, radii: .zero),
                                   linear: SIMD4(ms.m11, ms.m12, ms.m21, ms.m22), fraction: SIMD2(ms.m31 - ix, ms.m32 - iy),
                                   sigma: sigma, content: h.finalize())
        if affine, let e = shadowCache.lookup(key) { return (e, Int(ix) + e.dx, Int(iy) + e.dy) }

        // The drawing, at the offscreen's origin.
        let w = full.width, hgt = full.height
        let argb = scratch.push(bytes: w * hgt * 4)
        defer { scratch.pop() }
        guard let bitmap = Bitmap(wrapping: argb, width: w, height: hgt, bytesPerRow: w * 4) else { return nil }
        list.build(layer: layer, matrix: local.translated(Double(-full.x), Double(-full.y)), depth: nestingDepth + 1)
        let painter = contentShadowPainter ?? _Painter()
        contentShadowPainter = painter
        painter.paint(list, into: bitmap, region: Region(x: 0, y: 0, width: w, height: hgt))

        // Its alpha, blurred.
        let stride = (w + 3) & ~3
        guard let mem = calloc(stride * hgt, 1) else { return nil }
        let alpha = mem.assumingMemoryBound(to: UInt8.self)
        for y in 0..<hgt {
            let src = bitmap.row(y), dst = alpha + y * stride
            for x in 0..<w { dst[x] = UInt8(truncatingIfNeeded: src[x] >> 24) }
        }
        let temp = scratch.push(bytes: stride * hgt)
        _Blur.gaussian(alpha, width: w, height: hgt, stride: stride, sigma: sigma, temp: temp.assumingMemoryBound(to: UInt8.self))
        scratch.pop()
        guard let img = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(w), Int32(hgt), mem.assumingMemoryBound(to: UInt32.self),
                                                          Int32(stride)) else { free(mem); return nil }
        let entry = _ShadowCache.Entry(image: img, memory: mem, dx: full.x, dy: full.y, width: w, height: hgt, frame: shadowCache.frame)
        if affine { shadowCache.store(key, entry) }
        return (entry, Int(ix) + full.x, Int(iy) + full.y)
    }
}
