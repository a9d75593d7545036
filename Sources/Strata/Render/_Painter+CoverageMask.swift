import CPixman
import Foundation

extension _Painter {
    /// An A8 mask placed in device pixels, cut into pieces (see `_CoverageMask`).
    struct PlacedMask {
        var image: OpaquePointer
        /// Device pixel of the mask's (0, 0).
        var x: Int, y: Int
        var width: Int, height: Int
        var pieces: [_CoverageMask.Piece]
        /// Keeps the mask's memory alive while this is used.
        var owner: AnyObject

        init(_ m: _CoverageMask, x: Int, y: Int) {
            image = m.image; self.x = x; self.y = y; width = m.width; height = m.height; pieces = m.pieces; owner = m
        }

        /// A mask without pieces: all of it goes through the mask.
        init(_ e: _ShadowCache.Entry, x: Int, y: Int) {
            image = e.image; self.x = x; self.y = y; width = e.width; height = e.height; owner = e
            pieces = [_CoverageMask.Piece(rect: PixelRect(x: 0, y: 0, width: e.width, height: e.height), coverage: .partial)]
        }
    }

    /// What is composited through a `PlacedMask`.
    enum MaskSource {
        case solid(pixman_color_t)
        /// Target pixel (x, y) reads source pixel (x + dx, y + dy); `opaque`: every pixel the
        /// source gives is opaque (fully covered pieces are then copied with SRC); `pixels`:
        /// the source's memory (`width`×`height` pixels) when it is untransformed: full pieces
        /// inside it go through CBlit's kernels when they apply.
        case image(OpaquePointer, dx: Int, dy: Int, opaque: Bool, pixels: (base: UnsafePointer<UInt32>, stride: Int, width: Int, height: Int)? = nil)
    }

    /// The cached coverage of `shape` (or, with `ring`, of its border band that wide) mapped by
    /// the affine device map `m`, made on first use: exact area coverage (`_RoundedCoverage`)
    /// when `m` keeps rectangles axis-aligned (quarter turns included), pixman's triangles
    /// otherwise. Nil when masks are
    /// off (`useCoverageMasks`), `m` is projective or not finite, or the mask would be too large
    /// to keep (the caller rasterizes the shape as before).
    func cachedMask(_ shape: _RoundedRect, ring: Double?, _ m: _Matrix3) -> PlacedMask? {
        guard useCoverageMasks, m.isAffine, m.isFinite, let box = _FrameList.deviceBox(shape.rect, m),
              box.width > 0, box.height > 0 else { return nil }
        let ix = m.m31.rounded(.down), iy = m.m32.rounded(.down)
        guard abs(ix) < Double(Region.limit), abs(iy) < Double(Region.limit) else { return nil }
        let key = _CoverageMaskCache.Key(shape: shape, ring: ring ?? 0, linear: SIMD4(m.m11, m.m12, m.m21, m.m22),
                                         fraction: SIMD2(m.m31 - ix, m.m32 - iy))
        if let e = maskCache.lookup(key) { return PlacedMask(e, x: Int(ix) + e.dx, y: Int(iy) + e.dy) }
        guard box.width <= 1 << 15, box.height <= 1 << 15, maskCache.admits(bytes: ((box.width + 3) & ~3) * box.height) else {
            return nil
        }
        // Rasterized with the mask's pixel (0, 0) at the box's corner.
        let local = Self.snappedToAxes(m.translated(Double(-box.x), Double(-box.y)))
        let w = box.width, h = box.height
        guard let mask = _CoverageMask(width: w, height: h, dx: box.x - Int(ix), dy: box.y - Int(iy), frame: maskCache.frame,
                                       draw: { rows, stride, image in
            if Self.keepsAxes(local) {
                exactCoverage(shape, ring: ring, local, rows: rows, stride: stride, width: w, height: h)
            } else {
                tessellator.reset(clip: PixelRect(x: 0, y: 0, width: w, height: h))
                if let ring { tessellator.ring(shape, width: ring, local) } else { tessellator.fill(shape, local) }
                tessellator.triangles.withUnsafeBufferPointer {
                    pixman_add_triangles(image, 0, 0, Int32($0.count), $0.baseAddress)
                }
            }
        }) else { return nil }
        maskCache.store(key, mask)
        return PlacedMask(mask, x: box.x, y: box.y)
    }

    /// Exact area coverage of `shape` (minus `shape.inset(by: ring)` for a border) under the
    /// axis-aligned `m`, into `rows` (`width`×`height`, mask pixels = `m`'s device pixels).
    private func exactCoverage(_ shape: _RoundedRect, ring: Double?, _ m: _Matrix3, rows: UnsafeMutablePointer<UInt8>,
                               stride: Int, width: Int, height: Int) {
        let visible = PixelRect(x: 0, y: 0, width: width, height: height)
        func prepare(_ c: _RoundedCoverage, _ s: _RoundedRect) -> Bool {
            let a = m.apply(s.rect.minX, s.rect.minY), b = m.apply(s.rect.maxX, s.rect.maxY)
            let x0 = min(a.x, b.x), x1 = max(a.x, b.x), y0 = min(a.y, b.y), y1 = max(a.y, b.y)
            guard x1 > x0, y1 > y0 else { return false }
            c.prepare(x0: x0, x1: x1, y0: y0, y1: y1, radii: Self.permutedRadii(s, m), visible: visible)
            return true
        }
        guard prepare(roundedCoverage, shape) else { return }
        for j in 0..<height { roundedCoverage.row(j, from: 0, to: width, into: rows + j * stride) }
        // A border as wide as half the shorter side is the whole shape (as the tessellator's ring).
        guard let ring else { return }
        let inner = shape.inset(by: ring)
        guard inner.rect.width > 0, inner.rect.height > 0, prepare(innerCoverage, inner) else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width) { tmp in
            let t = tmp.baseAddress!
            for j in 0..<height {
                innerCoverage.row(j, from: 0, to: width, into: t)
                let row = rows + j * stride
                for i in 0..<width { row[i] -= min(row[i], t[i]) }
            }
        }
    }

    /// `m` with linear entries below 1e-12 of its scale set to 0: a quarter turn made by
    /// `CATransform3DMakeRotation(.pi / 2, …)` has a cosine of 6e-17, not 0.
    static func snappedToAxes(_ m: _Matrix3) -> _Matrix3 {
        let eps = 1e-12 * m.maxScale
        var r = m
        if abs(r.m11) < eps { r.m11 = 0 }
        if abs(r.m12) < eps { r.m12 = 0 }
        if abs(r.m21) < eps { r.m21 = 0 }
        if abs(r.m22) < eps { r.m22 = 0 }
        return r
    }

    /// Affine and mapping the axes onto the axes: scales, flips and quarter turns.
    static func keepsAxes(_ m: _Matrix3) -> Bool {
        m.isAffine && ((m.m12 == 0 && m.m21 == 0) || (m.m11 == 0 && m.m22 == 0))
    }

    /// Device semi-axes of `s`'s corners under `m` (which `keepsAxes`), in `_RoundedCoverage`
    /// order (top-left, top-right, bottom-right, bottom-left on the device): each layer corner
    /// goes where `m` puts it, its radius scaled by `m`'s stretch along each device axis.
    static func permutedRadii(_ s: _RoundedRect, _ m: _Matrix3) -> [SIMD2<Double>] {
        var out = [SIMD2<Double>](repeating: .zero, count: 4)
        let quarter = m.m11 == 0 && m.m22 == 0
        let kx = quarter ? abs(m.m21) : abs(m.m11), ky = quarter ? abs(m.m12) : abs(m.m22)
        let r = s.rect, centre = m.apply(r.midX, r.midY)
        // Layer corners in `_RoundedRect` order.
        let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
        for (k, (x, y)) in corners.enumerated() where s.radii[k] > 0 {
            let p = m.apply(x, y)
            let right = p.x > centre.x, bottom = p.y > centre.y
            out[bottom ? (right ? 2 : 3) : (right ? 1 : 0)] = SIMD2(s.radii[k] * kx, s.radii[k] * ky)
        }
        return out
    }

    /// Composites `source` OVER the top target through `p`, limited to `ext` (target pixels):
    /// fully covered pieces without the mask (SRC for an opaque source), empty ones skipped.
    func composite(_ source: MaskSource, through p: PlacedMask, target t: Target, within ext: PixelRect) {
        let mx = p.x - t.ox, my = p.y - t.oy
        var solidImage: OpaquePointer?
        defer { if let s = solidImage { pixman_image_unref(s) } }
        for piece in p.pieces where piece.coverage != .empty {
            guard let r = _FrameList.intersect(PixelRect(x: mx + piece.rect.x, y: my + piece.rect.y,
                                                         width: piece.rect.width, height: piece.rect.height), ext) else { continue }
            let w = Int32(r.width), h = Int32(r.height)
            switch source {
            case .solid(var c):
                if piece.coverage == .full {
                    if c.alpha == 0xFFFF, blitFill(r, Self.premultipliedPixel(c), target: t) { continue }
                    var box = pixman_box32_t(x1: Int32(r.x), y1: Int32(r.y), x2: Int32(r.maxX), y2: Int32(r.maxY))
                    pixman_image_fill_boxes(c.alpha == 0xFFFF ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, t.image, &c, 1, &box)
                } else {
                    if blitThroughMask(p, mx: mx, my: my, r, target: t, pixel: Self.premultipliedPixel(c)) { continue }
                    if solidImage == nil { solidImage = pixman_image_create_solid_fill(&c) }
                    guard let s = solidImage else { return }
                    pixman_image_composite32(PIXMAN_OP_OVER, s, p.image, t.image, 0, 0, Int32(r.x - mx), Int32(r.y - my),
                                             Int32(r.x), Int32(r.y), w, h)
                }
            case .image(let img, let dx, let dy, let opaque, let pixels):
                if piece.coverage == .full, let px = pixels, r.x + dx >= 0, r.y + dy >= 0, r.maxX + dx <= px.width,
                   r.maxY + dy <= px.height, blitTranslated(px.base, stride: px.stride, tx: -dx, ty: -dy, r, target: t, copy: opaque, a8: 255) {
                    continue
                }
                if piece.coverage == .partial, let px = pixels, r.x + dx >= 0, r.y + dy >= 0, r.maxX + dx <= px.width,
                   r.maxY + dy <= px.height,
                   blitThroughMask(p, mx: mx, my: my, r, target: t, pixel: 0, source: (px.base, px.stride, dx, dy)) {
                    continue
                }
                if piece.coverage == .full {
                    pixman_image_composite32(opaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, img, nil, t.image, Int32(r.x + dx),
                                             Int32(r.y + dy), 0, 0, Int32(r.x), Int32(r.y), w, h)
                } else {
                    pixman_image_composite32(PIXMAN_OP_OVER, img, p.image, t.image, Int32(r.x + dx), Int32(r.y + dy),
                                             Int32(r.x - mx), Int32(r.y - my), Int32(r.x), Int32(r.y), w, h)
                }
            }
        }
    }
}
