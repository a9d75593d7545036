import CBlit
import CPixman
import Foundation

extension _Painter {
    /// Fills an axis-aligned rectangle whose edges fall anywhere (moving layers sit at
    /// fractional positions most of the time): whole pixels inside it as a box, the pixels its
    /// edges cross through an A8 mask of their exact covered area (column overlap × row overlap).
    ///
    /// Why: the general path rasterizes every shape with pixman's triangle sampler, which costs
    /// ~0.2 ms for a 64-point square; this costs a few microseconds and gives the exact area
    /// coverage (each pixel's value does not depend on the region being repainted).
    /// Returns false (nothing drawn) when the device rectangle is not finite or absurdly large.
    ///
    /// With `radii` (layer units, `_RoundedRect` order) the corners are elliptical arcs whose
    /// pixels get their exact covered area from `_RoundedCoverage`; the rest is as for a
    /// rectangle.
    func fillAxisAlignedRect(_ rect: CGRect, _ m: _Matrix3, _ color: inout pixman_color_t,
                             within ext: PixelRect, target t: Target, radii: SIMD4<Double> = .zero) -> Bool {
        let a = m.apply(rect.minX, rect.minY), b = m.apply(rect.maxX, rect.maxY)
        let lim = Double(Region.limit)
        let x0 = min(a.x, b.x), x1 = max(a.x, b.x), y0 = min(a.y, b.y), y1 = max(a.y, b.y)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite,
              x0 > -lim, x1 < lim, y0 > -lim, y1 < lim else { return false }
        guard x1 > x0, y1 > y0 else { return true }
        let s = surfaceRect(in: t)
        let px0 = max(Int(x0.rounded(.down)), s.x, ext.x), px1 = min(Int(x1.rounded(.up)), s.maxX, ext.maxX)
        let py0 = max(Int(y0.rounded(.down)), s.y, ext.y), py1 = min(Int(y1.rounded(.up)), s.maxY, ext.maxY)
        guard px1 > px0, py1 > py0 else { return true }
        // Whole pixels: [ceil(x0), floor(x1)) × [ceil(y0), floor(y1)).
        let ix0 = max(Int(x0.rounded(.up)), px0), ix1 = min(Int(x1.rounded(.down)), px1)
        let iy0 = max(Int(y0.rounded(.up)), py0), iy1 = min(Int(y1.rounded(.down)), py1)
        let visible = PixelRect(x: px0, y: py0, width: px1 - px0, height: py1 - py0)
        var rounded: _RoundedCoverage?
        if radii != .zero {
            roundedCoverage.prepare(x0: x0, x1: x1, y0: y0, y1: y1, radii: Self.deviceRadii(radii, m), visible: visible)
            rounded = roundedCoverage
        }
        if let direct = directTarget(t) {
            guard let c = _FrameList.intersect(visible, direct.clip) else { return true }
            fillDirect(c, x0: x0, x1: x1, y0: y0, y1: y1, color: Self.premultipliedPixel(color), target: direct, rounded: rounded)
            return true
        }
        if let rounded {
            // Clipped by a region: one mask over the visible pixels, composited by pixman.
            let stride = (visible.width + 3) & ~3
            let mem = scratch.push(bytes: stride * visible.height)
            defer { scratch.pop() }
            let bytes = mem.assumingMemoryBound(to: UInt8.self)
            for j in 0..<visible.height {
                rounded.row(visible.y + j, from: visible.x, to: visible.maxX, into: bytes + j * stride)
            }
            let mask = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(visible.width), Int32(visible.height),
                                                         mem.assumingMemoryBound(to: UInt32.self), Int32(stride))!
            let solid = pixman_image_create_solid_fill(&color)!
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, t.image, 0, 0, 0, 0, Int32(visible.x), Int32(visible.y),
                                     Int32(visible.width), Int32(visible.height))
            pixman_image_unref(solid)
            pixman_image_unref(mask)
            return true
        }
        // One solid source for the (up to four) edge strips.
        var solidImage: OpaquePointer?
        defer { if let s = solidImage { pixman_image_unref(s) } }
        /// Composites the mask of pixels [cx0, cx1) × [cy0, cy1).
        func edgeStrip(_ cx0: Int, _ cx1: Int, _ cy0: Int, _ cy1: Int) {
            let w = cx1 - cx0, h = cy1 - cy0
            guard w > 0, h > 0 else { return }
            let stride = (w + 3) & ~3
            let mem = scratch.push(bytes: stride * h)
            defer { scratch.pop() }
            let bytes = mem.assumingMemoryBound(to: UInt8.self)
            for j in 0..<h {
                let cy = Self.overlap(cy0 + j, y0, y1)
                let row = bytes + j * stride
                for i in 0..<w {
                    row[i] = Self.coverage(Self.overlap(cx0 + i, x0, x1), cy)
                }
            }
            let mask = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(w), Int32(h),
                                                         mem.assumingMemoryBound(to: UInt32.self), Int32(stride))!
            defer { pixman_image_unref(mask) }
            if solidImage == nil { solidImage = pixman_image_create_solid_fill(&color) }
            guard let solid = solidImage else { return }
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, t.image, 0, 0, 0, 0,
                                     Int32(cx0), Int32(cy0), Int32(w), Int32(h))
        }
        guard ix1 > ix0, iy1 > iy0 else {
            // Thinner than a pixel on an axis: the whole rectangle is edge.
            edgeStrip(px0, px1, py0, py1)
            return true
        }
        var box = pixman_box32_t(x1: Int32(ix0), y1: Int32(iy0), x2: Int32(ix1), y2: Int32(iy1))
        pixman_image_fill_boxes(PIXMAN_OP_OVER, t.image, &color, 1, &box)
        edgeStrip(px0, px1, py0, iy0)    // top rows
        edgeStrip(px0, px1, iy1, py1)    // bottom rows
        edgeStrip(px0, ix0, iy0, iy1)    // left columns
        edgeStrip(ix1, px1, iy0, iy1)    // right columns
        return true
    }

    /// Fraction of pixel column (or row) `i` inside [lo, hi].
    @inline(__always)
    static func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
        max(0, min(Double(i + 1), hi) - max(Double(i), lo))
    }

    /// The 8-bit coverage of a pixel overlapped `ox` by `oy`.
    @inline(__always)
    static func coverage(_ ox: Double, _ oy: Double) -> UInt8 {
        // Rounding half away from zero of a value in [0, 255] without a libm call: the
        // truncation is exact and so is the difference.
        let v = ox * oy * 255
        let i = Int(v)
        return UInt8(min(255, v - Double(i) >= 0.5 ? i + 1 : i))
    }

    /// `color` (16-bit channels holding 8-bit values × 257) as one a8r8g8b8 pixel, the way
    /// pixman reduces a solid colour (the high byte of each channel).
    static func premultipliedPixel(_ c: pixman_color_t) -> UInt32 {
        UInt32(c.alpha >> 8) << 24 | UInt32(c.red >> 8) << 16 | UInt32(c.green >> 8) << 8 | UInt32(c.blue >> 8)
    }

    /// The fast path of `fillAxisAlignedRect` (the target's clip is one rectangle): the same
    /// per-pixel coverage, blended straight into the target's memory by CBlit's OVER through an
    /// A8 mask (pixman's arithmetic), instead of four masks and five pixman calls per rectangle.
    /// `c` is the pixel rectangle to touch (already clipped), in target pixels.
    /// Rows that cross a corner of `rounded` take their coverage from it.
    private func fillDirect(_ c: PixelRect, x0: Double, x1: Double, y0: Double, y1: Double,
                            color: UInt32, target: DirectTarget, rounded: _RoundedCoverage?) {
        // Column overlaps, the mask of a fully covered row (computed once per rectangle) and
        // one row of mask for the other rows.
        var columns = columnCoverage, masks = columnMask
        columnCoverage = []; columnMask = []
        defer { columnCoverage = columns; columnMask = masks }
        // Grown, never shrunk, and written through pointers (no per-element append).
        if columns.count < c.width { columns = [Double](repeating: 0, count: c.width * 2) }
        if masks.count < 2 * c.width { masks = [UInt8](repeating: 0, count: c.width * 4) }
        columns.withUnsafeMutableBufferPointer { cols in
            masks.withUnsafeMutableBufferPointer { m in
                let cols = cols.baseAddress!, full = m.baseAddress!, row = full + c.width
                for x in c.x..<c.maxX { cols[x - c.x] = Self.overlap(x, x0, x1) }
                Self.rowMask(full, cols, count: c.width, oy: 1)
                let rows = MaskRows(c: c, y0: y0, y1: y1, cols: cols, full: full, row: row)
                guard let rounded else {
                    Self.fillRows(rows, color: color, target: target, corners: nil)
                    return
                }
                rounded.withRows { Self.fillRows(rows, color: color, target: target, corners: $0) }
            }
        }
    }

    /// What `fillRows` reads: the pixels to touch `c`, the rectangle's rows [y0, y1], column
    /// overlaps `cols[x − c.x]`, the mask of a fully covered row `full[x − c.x]` and scratch
    /// for one row's mask.
    private struct MaskRows {
        var c: PixelRect, y0: Double, y1: Double
        var cols: UnsafePointer<Double>, full: UnsafePointer<UInt8>, row: UnsafeMutablePointer<UInt8>
    }

    /// `fillDirect`'s row loop: runs of fully covered rows in one kernel call (their mask is the
    /// same row repeated), every other row through its own mask; rows crossing a corner take
    /// their corner pixels' coverage from `corners` (pixels outside the arcs get 0).
    private static func fillRows(_ r: MaskRows, color: UInt32, target: DirectTarget, corners: _RoundedCoverage.Rows?) {
        let c = r.c, stride = target.stride
        var block = -1 // first row of the current run of fully covered rows
        @inline(__always) func flush(_ end: Int) {
            guard block >= 0 else { return }
            cblit_over_solid_a8(target.pixels + block * stride + c.x, stride, color, r.full, 0, Int32(c.width), Int32(end - block))
            block = -1
        }
        for y in c.y..<c.maxY {
            let oy = overlap(y, r.y0, r.y1)
            let corner = corners?.corners(y)
            if corner == nil, oy >= 1 {
                if block < 0 { block = y }
                continue
            }
            flush(y)
            let row = r.row
            if oy >= 1 {
                row.update(from: r.full, count: c.width)
            } else {
                rowMask(row, r.cols, count: c.width, oy: oy)
            }
            var a = c.x, b = c.maxX
            if let (span, cov) = corner {
                // Outside [leftStart, rightEnd): outside the arcs; the corner spans' coverage
                // replaces the rectangle's; the middle keeps it.
                let ls = Int(span.leftStart), le = Int(span.leftEnd), rs = Int(span.rightStart), re = Int(span.rightEnd)
                a = min(max(ls, c.x), c.maxX)
                b = max(min(re, c.maxX), a)
                for x in a..<min(max(le, a), b) { row[x - c.x] = cov[x - ls] }
                for x in min(max(rs, a), b)..<b { row[x - c.x] = cov[(le - ls) + (x - rs)] }
            }
            if b > a {
                cblit_over_solid_a8(target.pixels + y * stride + a, stride, color, row + (a - c.x), 0, Int32(b - a), 1)
            }
        }
        flush(c.maxY)
    }

    /// The mask of a row overlapped `oy` by the rectangle: `coverage(cols[i], oy)` for each of
    /// `count` columns. Only the first and last columns of a rectangle overlap it partly (the
    /// others overlap it exactly 1), so the rest is one value stored in a run.
    @inline(__always)
    static func rowMask(_ out: UnsafeMutablePointer<UInt8>, _ cols: UnsafePointer<Double>, count: Int, oy: Double) {
        out.update(repeating: coverage(1, oy), count: count)
        var i = 0
        while i < count, cols[i] < 1 { out[i] = coverage(cols[i], oy); i += 1 }
        var j = count - 1
        while j >= i, cols[j] < 1 { out[j] = coverage(cols[j], oy); j -= 1 }
    }

    /// Device semi-axes (x, y) of the corners of a `_RoundedRect` with `radii` mapped by the
    /// axis-aligned `m`, in device order: top-left, top-right, bottom-right, bottom-left
    /// (a negative scale swaps sides).
    static func deviceRadii(_ radii: SIMD4<Double>, _ m: _Matrix3) -> [SIMD2<Double>] {
        var out = [SIMD2<Double>](repeating: .zero, count: 4)
        let sx = abs(m.m11), sy = abs(m.m22)
        // Layer corners in _RoundedRect order: (maxX?, maxY?).
        let layerCorners = [(false, false), (true, false), (true, true), (false, true)]
        for (k, (maxX, maxY)) in layerCorners.enumerated() where radii[k] > 0 {
            let right = maxX != (m.m11 < 0), bottom = maxY != (m.m22 < 0)
            let device = bottom ? (right ? 2 : 3) : (right ? 1 : 0)
            out[device] = SIMD2(radii[k] * sx, radii[k] * sy)
        }
        return out
    }

    /// A target whose clip is a single rectangle, as raw memory: drawing into it needs no
    /// pixman clip region.
    struct DirectTarget {
        var pixels: UnsafeMutablePointer<UInt32>
        /// Row stride in pixels.
        var stride: Int
        /// The clip rectangle, in target pixels.
        var clip: PixelRect
    }

    /// The top target as raw memory when its clip is one rectangle (nil otherwise).
    func directTarget(_ t: Target) -> DirectTarget? {
        guard directDrawing, t.clip.isRectangle, let data = pixman_image_get_data(t.image) else { return nil }
        let w = Int(pixman_image_get_width(t.image)), h = Int(pixman_image_get_height(t.image))
        let e = t.clip.extents
        guard let clip = _FrameList.intersect(PixelRect(x: e.x - t.ox, y: e.y - t.oy, width: e.width, height: e.height),
                                              PixelRect(x: 0, y: 0, width: w, height: h)) else { return nil }
        return DirectTarget(pixels: data, stride: Int(pixman_image_get_stride(t.image)) / 4, clip: clip)
    }
}
