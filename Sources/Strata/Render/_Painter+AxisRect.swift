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
            fillDirect(c, x0: x0, x1: x1, y0: y0, y1: y1, interior: (ix0, ix1, iy0, iy1),
                       color: Self.premultipliedPixel(color), target: direct, rounded: rounded)
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
    /// per-pixel coverage, blended straight into the target's memory with pixman's OVER
    /// arithmetic (`_PixelBlend`), instead of four masks and five pixman calls per rectangle.
    /// `c` is the pixel rectangle to touch (already clipped), in target pixels.
    /// Rows that cross a corner of `rounded` take their coverage from it.
    private func fillDirect(_ c: PixelRect, x0: Double, x1: Double, y0: Double, y1: Double,
                            interior: (x0: Int, x1: Int, y0: Int, y1: Int), color: UInt32, target: DirectTarget,
                            rounded: _RoundedCoverage?) {
        // Column coverages, and the source pixel of each column in a fully covered row (colour
        // × coverage, computed once per rectangle instead of once per row).
        var columns = columnCoverage, sources = columnSource
        columnCoverage = []; columnSource = []
        defer { columnCoverage = columns; columnSource = sources }
        // Grown, never shrunk, and written through pointers (no per-element append).
        if columns.count < c.width { columns = [Double](repeating: 0, count: c.width * 2) }
        if sources.count < c.width { sources = [UInt32](repeating: 0, count: c.width * 2) }
        columns.withUnsafeMutableBufferPointer { cols in
            sources.withUnsafeMutableBufferPointer { srcs in
                let cols = cols.baseAddress!, srcs = srcs.baseAddress!
                for x in c.x..<c.maxX {
                    let o = Self.overlap(x, x0, x1)
                    cols[x - c.x] = o
                    srcs[x - c.x] = x >= interior.x0 && x < interior.x1
                        ? color : _PixelBlend.multiply(color, by: UInt32(Self.coverage(o, 1)))
                }
                guard let rounded else {
                    Self.fillRows(c, y0: y0, y1: y1, interior: interior, color: color, target: target, cols: cols, sources: srcs,
                                  corners: nil)
                    return
                }
                rounded.withRows { rows in
                    Self.fillRows(c, y0: y0, y1: y1, interior: interior, color: color, target: target, cols: cols, sources: srcs,
                                  corners: rows)
                }
            }
        }
    }

    /// `fillDirect`'s row loop: `cols[x − c.x]` is column x's overlap and `sources[x − c.x]` its
    /// pixel in a fully covered row; rows crossing a corner take their corner pixels' coverage
    /// from `corners`.
    private static func fillRows(_ c: PixelRect, y0: Double, y1: Double, interior: (x0: Int, x1: Int, y0: Int, y1: Int),
                                 color: UInt32, target: DirectTarget, cols: UnsafePointer<Double>,
                                 sources: UnsafePointer<UInt32>, corners: _RoundedCoverage.Rows?) {
        let opaque = color >> 24 == 0xFF
        let fx0 = max(interior.x0, c.x), fx1 = min(interior.x1, c.maxX)
        @inline(__always) func blend(_ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ m: UInt8) {
            if m == 255 { row[x] = _PixelBlend.over(color, row[x]) } else if m != 0 {
                row[x] = _PixelBlend.over(_PixelBlend.multiply(color, by: UInt32(m)), row[x])
            }
        }
        /// A column's pixel of a fully covered row, OVER (transparent: nothing to do).
        @inline(__always) func blendColumn(_ row: UnsafeMutablePointer<UInt32>, _ x: Int) {
            let s = sources[x - c.x]
            if s != 0 { row[x] = _PixelBlend.over(s, row[x]) }
        }
        for y in c.y..<c.maxY {
            let row = target.pixels + y * target.stride
            var xa = c.x, xb = c.maxX
            if let corners, let (span, cov) = corners.corners(y) {
                // The pixels a corner's arc crosses, from their stored coverage; those outside
                // the arcs are left alone; the middle is as for a rectangle.
                let ls = Int(span.leftStart), le = Int(span.leftEnd), rs = Int(span.rightStart), re = Int(span.rightEnd)
                let a = max(ls, c.x), b = min(le, c.maxX)
                if b > a { blendRow(row, from: a, to: b, cov + (a - ls), color: color) }
                let p = max(rs, c.x), q = min(re, c.maxX)
                if q > p { blendRow(row, from: p, to: q, cov + (le - ls) + (p - rs), color: color) }
                xa = min(max(le, c.x), c.maxX)
                xb = max(min(rs, c.maxX), xa)
                guard xb > xa else { continue }
            }
            guard y >= interior.y0, y < interior.y1, fx1 > fx0 else {
                let oy = overlap(y, y0, y1)
                if oy >= 1 {
                    for x in xa..<xb { blendColumn(row, x) }
                    continue
                }
                // A partly covered row: its inner columns share one source pixel.
                let s0 = min(max(fx0, xa), xb), s1 = max(min(fx1, xb), s0)
                for x in xa..<s0 { blend(row, x, coverage(cols[x - c.x], oy)) }
                let inner = _PixelBlend.multiply(color, by: UInt32(coverage(1, oy)))
                if inner != 0 { for x in s0..<s1 { row[x] = _PixelBlend.over(inner, row[x]) } }
                for x in s1..<xb { blend(row, x, coverage(cols[x - c.x], oy)) }
                continue
            }
            let s0 = min(max(fx0, xa), xb), s1 = max(min(fx1, xb), s0)
            for x in xa..<s0 { blendColumn(row, x) }
            if opaque {
                fillSpan(row + s0, count: s1 - s0, color)
            } else {
                for x in s0..<s1 { row[x] = _PixelBlend.over(color, row[x]) }
            }
            for x in s1..<xb { blendColumn(row, x) }
        }
    }

    /// Stores `color` into `count` pixels from `p`: short spans (a moving layer's rows) with
    /// vector stores in line, long ones through glibc's vectorized `wmemset`.
    @inline(__always)
    static func fillSpan(_ p: UnsafeMutablePointer<UInt32>, count: Int, _ color: UInt32) {
        guard count > 0 else { return }
        if count >= 512 {
            _ = UnsafeMutableRawPointer(p).withMemoryRebound(to: Int32.self, capacity: count) {
                _strata_wmemset($0, Int32(bitPattern: color), count)
            }
            return
        }
        let v = SIMD8<UInt32>(repeating: color)
        let raw = UnsafeMutableRawPointer(p)
        var i = 0
        while i + 8 <= count {
            raw.storeBytes(of: v, toByteOffset: i * 4, as: SIMD8<UInt32>.self)
            i += 8
        }
        while i < count { p[i] = color; i += 1 }
    }

    /// Blends `color` × coverage `cov[0 ..< xb − xa]` OVER pixels [xa, xb) of `row`, runs of
    /// full coverage of an opaque colour as one fill.
    private static func blendRow(_ row: UnsafeMutablePointer<UInt32>, from xa: Int, to xb: Int,
                                 _ cov: UnsafePointer<UInt8>, color: UInt32) {
        let opaque = color >> 24 == 0xFF
        var x = xa
        while x < xb {
            let m = cov[x - xa]
            if m == 255, opaque {
                var e = x + 1
                while e < xb, cov[e - xa] == 255 { e += 1 }
                fillSpan(row + x, count: e - x, color)
                x = e
                continue
            }
            if m == 255 { row[x] = _PixelBlend.over(color, row[x]) } else if m != 0 {
                row[x] = _PixelBlend.over(_PixelBlend.multiply(color, by: UInt32(m)), row[x])
            }
            x += 1
        }
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
