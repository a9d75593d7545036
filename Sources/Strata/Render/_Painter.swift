import CPixman
import Foundation

/// Executes a `_FrameList` into a pixman image, restricted to a region: backgrounds and borders
/// as antialiased shapes, group opacity and shape clips through offscreen groups, pixel-aligned
/// clips as pixman clip regions. Not thread-safe; buffers are reused across frames.
final class _Painter {
    let tessellator = _Tessellator()
    let scratch = _Scratch()
    let rasterizer = PathRasterizer()
    let shadowCache = _ShadowCache()
    let pathRasterizer = PathRasterizer()

    struct Target {
        var image: OpaquePointer
        /// Device pixel of the image's (0, 0).
        var ox: Int, oy: Int
        /// Pixels that may change, device coordinates.
        var clip: Region
        var extents: PixelRect
    }

    private struct Open {
        var node: Int
        var end: Int
        var opacityGroup = false
        var clipGroup = false
        var savedClip: Region?
    }

    var targets: [Target] = []
    /// The bitmap's rectangle (device pixels): shapes are clipped to it, never to the region,
    /// so that a pixel comes out the same whatever region is repainted.
    var surface = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Depth of the mask this painter is drawing (0: the frame itself).
    private var maskDepth = 0
    /// Draws mask layers (one level deeper), made when first needed.
    private var maskPainter: _Painter?
    /// Draws what content shadows blur (one level deeper), made when first needed.
    var contentShadowPainter: _Painter?
    /// Depth of the masks and content shadows this painter draws in (0: the frame itself).
    var nestingDepth: Int { maskDepth }
    private var open: [Open] = []
    /// Per node: its whole subtree is hidden under opaque layers painted later.
    private var hiddenTree: [Bool] = []
    /// Per node: its background and contents are hidden (its sublayers and border may show).
    private var hiddenOwn: [Bool] = []

    /// Draws simple shapes straight into target memory when the target's clip is one
    /// rectangle (same pixels as through pixman; false forces the pixman path, for tests).
    var directDrawing = true
    /// Per-column coverage, reused by the direct rectangle fill.
    var columnCoverage: [Double] = []
    /// The A8 mask of a fully covered row and of one other row, reused by the direct
    /// rectangle fill.
    var columnMask: [UInt8] = []
    /// Rounded-rectangle coverage and its row buffers, reused.
    let roundedCoverage = _RoundedCoverage()
    /// A border's inner edge, while `roundedCoverage` holds the outer one.
    let innerCoverage = _RoundedCoverage()
    /// Coverage masks of clips, borders and transformed rounded shapes, kept across frames.
    let maskCache = _CoverageMaskCache()
    /// Clips (`masksToBounds` with a rounded or transformed shape), borders and transformed
    /// backgrounds through cached coverage masks; false: the reference path, rasterized by
    /// pixman's triangles every time (kept for tests comparing the two).
    var useCoverageMasks = true
    /// The last gradient raster built and what it was built for: a frame painted in bands
    /// (`Compositor`) draws the same gradient once per band, and building the raster (colour
    /// table, radial lookup table) costs as much as filling a band.
    var lastGradient: (spec: _GradientSpec, matrix: _Matrix3, alpha: Double, raster: _GradientRaster)?
    private var occluders = _OcclusionGrid()
    private var occludersAfter: [Int] = []

    var hiddenTreeForTesting: [Bool] { hiddenTree }
    var hiddenOwnForTesting: [Bool] { hiddenOwn }

    /// Occlusion, back to front: marks what opaque layers above hide, within `extents`, and
    /// returns the pixels opaque layers cover. A subtree is tested against the layers painted
    /// after all of it; a layer's own background and contents also against its descendants.
    private func findOccluded(_ nodes: [_Node], within extents: PixelRect) -> Region {
        let n = nodes.count
        hiddenTree.removeAll(keepingCapacity: true)
        hiddenTree.append(contentsOf: repeatElement(false, count: n))
        hiddenOwn.removeAll(keepingCapacity: true)
        hiddenOwn.append(contentsOf: repeatElement(false, count: n))
        // occludersAfter[k]: opaque rectangles of the nodes from k on (back to front, so those
        // are the first ones added to the grid).
        occludersAfter.removeAll(keepingCapacity: true)
        occludersAfter.append(contentsOf: repeatElement(0, count: n + 1))
        // Moved out for the loop (no exclusivity checks on the painter's storage per access).
        var occluders = self.occluders
        self.occluders = _OcclusionGrid()
        defer { self.occluders = occluders }
        var hiddenTree = self.hiddenTree, hiddenOwn = self.hiddenOwn, occludersAfter = self.occludersAfter
        self.hiddenTree = []; self.hiddenOwn = []; self.occludersAfter = []
        defer { self.hiddenTree = hiddenTree; self.hiddenOwn = hiddenOwn; self.occludersAfter = occludersAfter }
        occluders.reset(extents: extents)
        nodes.withUnsafeBufferPointer { nodes in
            for k in stride(from: n - 1, through: 0, by: -1) {
                occludersAfter[k + 1] = occluders.count
                guard let sub = _FrameList.intersect(nodes[k].subtree, extents) else { continue }
                if occluders.covers(sub, limit: occludersAfter[nodes[k].end]) { hiddenTree[k] = true; continue }
                // A leaf's own footprint is usually its subtree: the same question, just answered.
                if let fp = _FrameList.intersect(nodes[k].footprint, extents), nodes[k].end > k + 1 || fp != sub,
                   occluders.covers(fp, limit: occluders.count) {
                    hiddenOwn[k] = true
                }
                if let o = _FrameList.intersect(nodes[k].opaque, extents) { occluders.add(o) }
            }
        }
        return occluders.count == 0 ? Region() : occluders.union()
    }

    /// Paints `region` of the bitmap. The painter uses its own pixman image over the bitmap's
    /// memory, so painters on other threads may paint disjoint regions of the same bitmap.
    ///
    /// With `bandRows`, the region is painted in horizontal bands of that many rows, each
    /// finished before the next starts (so a band's pixels stay in cache while every layer
    /// crossing it is drawn); occlusion is worked out once for the whole region. Pixels are
    /// the same whatever the banding.
    func paint(_ list: _FrameList, into bitmap: Bitmap, region: Region, surface: PixelRect? = nil, bandRows: Int = .max) {
        self.surface = surface ?? PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        maskDepth = list.maskDepth
        let surface = PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let clip = region.intersection(Region(surface))
        guard !clip.isEmpty, let image = pixman_image_create_bits_no_clear(
            PIXMAN_a8r8g8b8, Int32(bitmap.width), Int32(bitmap.height), bitmap.pixels, Int32(bitmap.bytesPerRow)) else { return }
        defer { pixman_image_unref(image) }
        let e = clip.extents
        let covered = findOccluded(list.nodes, within: e)
        // Only what no opaque layer paints over needs clearing.
        let clear = covered.isEmpty ? clip : clip.subtracting(covered)
        shadowCache.nextFrame()
        maskCache.nextFrame()
        let rows = max(1, bandRows)
        var y = e.y
        while y < e.maxY {
            let h = min(rows, e.maxY - y)
            let band = h == e.height ? clip : clip.intersection(Region(x: e.x, y: y, width: e.width, height: h))
            y += h
            guard !band.isEmpty else { continue }
            paintBand(list, image: image, clip: band, clear: h == e.height ? clear : clear.intersection(band))
        }
    }

    /// Paints one band: clears `clear` (within `clip`), then draws every node that reaches it.
    private func paintBand(_ list: _FrameList, image: OpaquePointer, clip: Region, clear: Region) {
        _ = clip.withPixmanRegion { pixman_image_set_clip_region32(image, $0) }
        var transparent = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
        var boxes: [pixman_box32_t] = []
        clear.forEachBox { boxes.append($0) }
        if !boxes.isEmpty { pixman_image_fill_boxes(PIXMAN_OP_SRC, image, &transparent, Int32(boxes.count), &boxes) }

        targets = [Target(image: image, ox: 0, oy: 0, clip: clip, extents: clip.extents)]
        open.removeAll(keepingCapacity: true)
        // Nodes are read in place (a _Node is large and holds references: copying one per
        // visit costs more than drawing a small layer).
        list.nodes.withUnsafeBufferPointer { buffer in
            guard let nodes = buffer.baseAddress else { return }
            let count = buffer.count
            var i = 0
            while i < count {
                while let o = open.last, o.end <= i { open.removeLast(); close(o, nodes) }
                // Fields, not the whole node: most nodes of a band are skipped here.
                guard !hiddenTree[i], let sub = nodes[i].subtree, _FrameList.intersect(sub, targets[targets.count - 1].extents) != nil else {
                    i = nodes[i].end; continue
                }
                openNode(i, nodes)
                i += 1
            }
            while let o = open.popLast() { close(o, nodes) }
        }
        targets.removeAll(keepingCapacity: true)
    }

    private func openNode(_ i: Int, _ nodes: UnsafePointer<_Node>) {
        let n = nodes + i
        var o = Open(node: i, end: n.pointee.end)
        if n.pointee.group, let rect = _FrameList.intersect(n.pointee.subtree, targets[targets.count - 1].extents) {
            pushTarget(rect)
            o.opacityGroup = true
        }
        let hidden = hiddenOwn[i]
        if !hidden, let sh = n.pointee.shadow { drawShadow(sh, n.pointee) }
        if !hidden, let bg = n.pointee.background { fill(n.pointee.shape, ring: nil, n.pointee.matrix, bg, alpha: n.pointee.drawAlpha) }
        // A gradient or text goes right above the background; a shape layer's shape above the
        // contents, inside the masksToBounds clip (_OwnDrawing).
        let own = hidden ? nil : n.pointee.own
        let ownShape = own?.isShape == true
        if let own, !ownShape { drawOwn(own, n.pointee) }
        // A leaf without contents draws its shape here, unless masksToBounds must clip it below.
        if n.pointee.end == i + 1, n.pointee.contents == nil, !ownShape || n.pointee.clip == _ClipKind.none {
            if let own, ownShape { drawOwn(own, n.pointee) }
            close(o, nodes)
            return
        }
        // masksToBounds on a layer with only contents: the contents go straight through the
        // cached coverage of the (rounded) bounds, no offscreen group.
        if case .shape = n.pointee.clip, n.pointee.end == i + 1, !ownShape, let c = n.pointee.contents, n.pointee.drawAlpha == 1,
           c.center == RenderLayer.unitRect, c.dest.insetBy(dx: -1e-9, dy: -1e-9).contains(n.pointee.shape.rect),
           n.pointee.matrix.isAffine {
            let clip = hidden ? nil : cachedMask(n.pointee.shape, ring: nil, n.pointee.matrix)
                ?? shapeMask(.shape(alpha: 1), n.pointee.shape, n.pointee.matrix, sigma: 0).map { PlacedMask($0.entry, x: $0.x, y: $0.y) }
            if let clip {
                let t = targets[targets.count - 1]
                let ext = PixelRect(x: t.extents.x - t.ox, y: t.extents.y - t.oy, width: t.extents.width, height: t.extents.height)
                drawImage(c.image, _ContentsLayout.Piece(source: c.source, dest: c.dest), n.pointee.matrix, target: t, ext, a8: 255,
                          confine: false, nearest: c.nearest, clip: clip)
            }
            close(o, nodes)
            return
        }
        switch n.pointee.clip {
        case .none: break
        case .rect(let r):
            let t = targets.count - 1
            o.savedClip = targets[t].clip
            targets[t].clip.formIntersection(Region(r))
            targets[t].extents = targets[t].clip.extents
            applyClip(targets[t])
        case .shape:
            if let rect = _FrameList.intersect(n.pointee.subtree, targets[targets.count - 1].extents) {
                pushTarget(rect)
                o.clipGroup = true
            }
        }
        if !hidden, let c = n.pointee.contents { drawContents(c, n.pointee.matrix, alpha: n.pointee.drawAlpha) }
        if let own, ownShape { drawOwn(own, n.pointee) }
        guard n.pointee.end > i + 1 else { close(o, nodes); return }
        open.append(o)
    }

    private func close(_ o: Open, _ nodes: UnsafePointer<_Node>) {
        let n = nodes + o.node
        if o.clipGroup { popTarget(alpha: 1, clipShape: n.pointee.shape, n.pointee.matrix) }
        if let saved = o.savedClip {
            let t = targets.count - 1
            targets[t].clip = saved
            targets[t].extents = saved.extents
            applyClip(targets[t])
        }
        if let bc = n.pointee.borderColor { fill(n.pointee.shape, ring: n.pointee.borderWidth, n.pointee.matrix, bc, alpha: n.pointee.drawAlpha) }
        if o.opacityGroup {
            popTarget(alpha: n.pointee.opacity * n.pointee.inheritedAlpha, clipShape: nil, n.pointee.matrix, mask: n.pointee.mask,
                      op: n.pointee.blend ?? PIXMAN_OP_OVER, tint: n.pointee.tint)
        }
    }

    // MARK: Targets

    private func applyClip(_ t: Target) {
        var r = t.clip
        r.translate(dx: -t.ox, dy: -t.oy)
        _ = r.withPixmanRegion { pixman_image_set_clip_region32(t.image, $0) }
    }

    /// Starts an offscreen group covering `rect` (device pixels).
    private func pushTarget(_ rect: PixelRect) {
        let mem = scratch.push(bytes: rect.width * rect.height * 4)
        let img = pixman_image_create_bits_no_clear(PIXMAN_a8r8g8b8, Int32(rect.width), Int32(rect.height),
                                                    mem.assumingMemoryBound(to: UInt32.self), Int32(rect.width * 4))!
        let clip = targets[targets.count - 1].clip.intersection(Region(rect))
        let t = Target(image: img, ox: rect.x, oy: rect.y, clip: clip, extents: clip.extents)
        applyClip(t)
        targets.append(t)
    }

    /// Ends the top group: composites it onto the one below with `alpha`, through the
    /// antialiased `clipShape` when given.
    private func popTarget(alpha: Double, clipShape: _RoundedRect?, _ matrix: _Matrix3, mask: RenderLayer? = nil,
                           op: pixman_op_t = PIXMAN_OP_OVER, tint: _Tint? = nil) {
        let g = targets.removeLast()
        defer { pixman_image_unref(g.image); scratch.pop() }
        tint?.apply(to: g.image)
        let t = targets[targets.count - 1]
        let w = Int32(pixman_image_get_width(g.image)), h = Int32(pixman_image_get_height(g.image))
        let dx = Int32(g.ox - t.ox), dy = Int32(g.oy - t.oy)
        let a8 = UInt16((min(max(alpha, 0), 1) * 255).rounded())
        if let mask {
            // The mask's rendered alpha (times the group alpha) over the group's rectangle.
            let mem = scratch.push(bytes: Int(w) * Int(h) * 4)
            defer { scratch.pop() }
            guard let mb = Bitmap(wrapping: mem, width: Int(w), height: Int(h), bytesPerRow: Int(w) * 4) else { return }
            let list = _FrameList()
            list.build(mask: mask, owner: matrix.translated(Double(-g.ox), Double(-g.oy)), depth: maskDepth + 1)
            let painter = maskPainter ?? _Painter()
            maskPainter = painter
            painter.paint(list, into: mb, region: Region(x: 0, y: 0, width: Int(w), height: Int(h)),
                          surface: PixelRect(x: surface.x - g.ox, y: surface.y - g.oy, width: surface.width, height: surface.height))
            if a8 < 255 {
                var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: a8 * 257)
                let s = pixman_image_create_solid_fill(&c)!
                pixman_image_composite32(PIXMAN_OP_IN, s, nil, mb.image, 0, 0, 0, 0, 0, 0, w, h)
                pixman_image_unref(s)
            }
            pixman_image_composite32(op, g.image, mb.image, t.image, 0, 0, 0, 0, dx, dy, w, h)
            return
        }
        if let shape = clipShape, a8 == 255, let m = cachedMask(shape, ring: nil, matrix),
           let ext = _FrameList.intersect(PixelRect(x: t.extents.x - t.ox, y: t.extents.y - t.oy, width: t.extents.width,
                                                    height: t.extents.height),
                                          PixelRect(x: Int(dx), y: Int(dy), width: Int(w), height: Int(h))) {
            let pixels = pixman_image_get_data(g.image).map {
                (base: UnsafePointer($0), stride: Int(pixman_image_get_stride(g.image)) / 4, width: Int(w), height: Int(h))
            }
            composite(.image(g.image, dx: t.ox - g.ox, dy: t.oy - g.oy, opaque: false, pixels: pixels), through: m, target: t,
                      within: ext)
        } else if let shape = clipShape {
            let r = PixelRect(x: 0, y: 0, width: Int(w), height: Int(h))
            tessellator.reset(clip: surfaceRect(in: g))
            tessellator.fill(shape, matrix, shift: SIMD2(Double(-g.ox), Double(-g.oy)))
            guard let mask = coverageMask(r, a8: a8) else { return }
            defer { pixman_image_unref(mask); scratch.pop() }
            pixman_image_composite32(PIXMAN_OP_OVER, g.image, mask, t.image, 0, 0, 0, 0, dx, dy, w, h)
        } else if a8 < 255 {
            var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: a8 * 257)
            let s = pixman_image_create_solid_fill(&c)!
            pixman_image_composite32(op, g.image, s, t.image, 0, 0, 0, 0, dx, dy, w, h)
            pixman_image_unref(s)
        } else {
            pixman_image_composite32(op, g.image, nil, t.image, 0, 0, 0, 0, dx, dy, w, h)
        }
    }

    // MARK: Shapes

    /// Premultiplied 8-bit ARGB of `color` with its alpha multiplied by `alpha`, rounded.
    static func premultiplied(_ color: CGColor, alpha: Double) -> UInt32 {
        let a = min(max(color.alpha * alpha, 0), 1)
        let a8 = UInt32((a * 255).rounded())
        let r = UInt32((color.red * a * 255).rounded()), g = UInt32((color.green * a * 255).rounded())
        let b = UInt32((color.blue * a * 255).rounded())
        return a8 << 24 | r << 16 | g << 8 | b
    }

    static func pixmanColor(_ p: UInt32) -> pixman_color_t {
        pixman_color_t(red: UInt16((p >> 16) & 0xFF) * 257, green: UInt16((p >> 8) & 0xFF) * 257,
                       blue: UInt16(p & 0xFF) * 257, alpha: UInt16(p >> 24) * 257)
    }

    /// Fills `shape` (or, with `ring`, the border band of that width) mapped by `matrix` with
    /// `color` × `alpha`, OVER, into the top target.
    private func fill(_ shape: _RoundedRect, ring: Double?, _ matrix: _Matrix3, _ color: CGColor, alpha: Double) {
        let p = Self.premultiplied(color, alpha: alpha)
        guard p >> 24 != 0 else { return }
        let t = targets[targets.count - 1]
        let m = matrix.translated(Double(-t.ox), Double(-t.oy))
        let ext = PixelRect(x: t.extents.x - t.ox, y: t.extents.y - t.oy, width: t.extents.width, height: t.extents.height)
        var c = Self.pixmanColor(p)
        if ring == nil, shape.isRect, m.isAxisAligned, let r = Self.integralRect(shape.rect, m),
           let b = _FrameList.intersect(r, ext) {
            // Opaque: OVER is a plain fill (the frame's background, most of a frame's bytes).
            if p >> 24 == 255, blitFill(b, p, target: t) { return }
            var box = pixman_box32_t(x1: Int32(b.x), y1: Int32(b.y), x2: Int32(b.maxX), y2: Int32(b.maxY))
            pixman_image_fill_boxes(PIXMAN_OP_OVER, t.image, &c, 1, &box)
            return
        }
        if ring == nil, m.isAxisAligned, fillAxisAlignedRect(shape.rect, m, &c, within: ext, target: t, radii: shape.radii) {
            return
        }
        if ring != nil || !m.isAxisAligned, let mask = cachedMask(shape, ring: ring, matrix) {
            composite(.solid(c), through: mask, target: t, within: ext)
            return
        }
        tessellator.reset(clip: surfaceRect(in: t))
        let shift = SIMD2(Double(-t.ox), Double(-t.oy))
        if let w = ring { tessellator.ring(shape, width: w, matrix, shift: shift) } else { tessellator.fill(shape, matrix, shift: shift) }
        guard let px = _FrameList.intersect(tessellator.touchedPixels, ext), let mask = coverageMask(px, a8: 255) else { return }
        defer { pixman_image_unref(mask); scratch.pop() }
        let solid = pixman_image_create_solid_fill(&c)!
        defer { pixman_image_unref(solid) }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, t.image, 0, 0, 0, 0,
                                 Int32(px.x), Int32(px.y), Int32(px.width), Int32(px.height))
    }

    /// The surface in `t`'s pixel coordinates.
    func surfaceRect(in t: Target) -> PixelRect {
        PixelRect(x: surface.x - t.ox, y: surface.y - t.oy, width: surface.width, height: surface.height)
    }

    /// An A8 image over `r` (target pixels) holding the tessellator's triangles' coverage
    /// times `a8`/255, in scratch memory; nil when there are no triangles. The caller unrefs
    /// the image and pops the scratch buffer.
    func coverageMask(_ r: PixelRect, a8: UInt16) -> OpaquePointer? {
        guard !tessellator.triangles.isEmpty else { return nil }
        let stride = (r.width + 3) & ~3 // pixman rows are 4-byte aligned
        let mem = scratch.push(bytes: stride * r.height)
        let mask = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(r.width), Int32(r.height),
                                                     mem.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        tessellator.triangles.withUnsafeBufferPointer {
            pixman_add_triangles(mask, Int32(-r.x), Int32(-r.y), Int32($0.count), $0.baseAddress)
        }
        if a8 < 255 {
            var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: a8 * 257)
            let s = pixman_image_create_solid_fill(&c)!
            pixman_image_composite32(PIXMAN_OP_IN, s, nil, mask, 0, 0, 0, 0, 0, 0, Int32(r.width), Int32(r.height))
            pixman_image_unref(s)
        }
        return mask
    }

    /// The device rectangle of `rect` under an axis-aligned `m` when all its edges land on
    /// whole pixels (within 1e-9).
    static func integralRect(_ rect: CGRect, _ m: _Matrix3) -> PixelRect? {
        let a = m.apply(rect.minX, rect.minY), b = m.apply(rect.maxX, rect.maxY)
        // Scalars, not arrays: called for every rectangle drawn.
        @inline(__always) func whole(_ v: Double) -> Bool { abs(v - v.rounded()) <= 1e-9 && abs(v) <= Double(Region.limit) }
        guard whole(a.x), whole(a.y), whole(b.x), whole(b.y) else { return nil }
        let x0 = Int(min(a.x, b.x).rounded()), x1 = Int(max(a.x, b.x).rounded())
        let y0 = Int(min(a.y, b.y).rounded()), y1 = Int(max(a.y, b.y).rounded())
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
