import CPixman
import CRaster
import CStroke
import Foundation

/// Fills and strokes `CGPath`s into pixman images with anti-aliasing.
///
/// The pipeline: flatten the path in device space (tolerance `tolerance`, default 0.1 px, cairo's
/// default, with the polyline straddling the curve; strokes flatten their centre line with
/// `strokeTolerance`, 0.1 px, on the curve) → edges
/// clipped to the target and clip rectangle → exact-area coverage per pixel, band by band, with interior runs kept as spans → solid-colour OVER, written straight
/// into a8r8g8b8/x8r8g8b8/a8 images (full-coverage opaque spans are plain fills); other formats go
/// through an A8 mask composited by pixman. Strokes at most 1 device pixel wide whose subpaths
/// are all closed skip the outline and the scan converter: each segment's band is drawn straight
/// into the target (`_ThinStroke`; joins are left out, at most w²/4 of a pixel per vertex).
///
/// An instance owns scratch buffers reused across calls, so it is not thread-safe: use one per
/// rendering thread. Bad input has fixed outcomes: a path with any non-finite point, a colour with
/// zero alpha, an empty clip or a singular/non-finite transform draws nothing (so does a path
/// whose edges get no memory); coordinates far
/// outside the target (±1e9) are clipped before any integer conversion. A dashed stroke only makes
/// the dashes that can reach the clip; if those would take more than 250 000 outline points
/// (62 500 butt-capped dashes, fewer with other caps) the stroke is drawn solid instead.
public final class PathRasterizer {
    /// Maximum distance in device pixels between a filled curve and its flattened polyline
    /// (for cubics cut by their curvature, about it: see `_PathFlattener`).
    ///
    /// Curves are cut into as many equal pieces as keep each chord within `tolerance`, and the
    /// polyline's inner points are then moved outward by half the sagitta of the chords beside
    /// them, so that the chords cross the curve instead of lying inside it: the polyline keeps
    /// within about half the tolerance (¾ of it in a curve's first and last piece), and the
    /// area a filled curve loses to its chords nearly vanishes. Default 0.1 px: every fill
    /// benchmark scene then agrees with cairo's render better than Skia does (RasterGoldenTests);
    /// chords on the curve needed 0.05 px, and so 1.4× the pieces, for the circles to do so.
    public var tolerance: Double = 0.1
    /// The same for the centre line of strokes (and the chords of round joins and caps). Default
    /// 0.1 px, cairo's: at that tolerance every stroke benchmark scene still agrees with cairo's
    /// render better than Skia does (RasterGoldenTests). The centre line keeps its points on the
    /// curve: it is offset, dashed and measured, not filled. (Straddled at 0.2 px, with √2 fewer
    /// pieces, the 1 px strokes took 6–8 % less time, but every stroke scene then agreed with
    /// cairo less well — `circle_r400_w8` past the cairo-vs-Skia bound — as cairo's chords lie on
    /// the curve too.)
    ///
    /// Strokes at most 1 device pixel wide (under a transform that scales every direction alike)
    /// whose subpaths are all closed, undashed and untrimmed, are the exception: their centre line
    /// straddles the curve at twice this tolerance, as a fill's polyline does — within about half
    /// of that (±0.1 px by default) where chords on the curve at 0.1 px lie up to 0.1 px inside
    /// it: as close to the curve (a little closer on the bench's 1 px scenes, measured against a
    /// render at 0.001 px) with √2 fewer pieces, 2.5–5 % less time. Against cairo's render they
    /// agree less well than on-curve chords would, within the cairo-vs-Skia bounds.
    public var strokeTolerance: Double = 0.1
    /// Whether strokes take the exact union where their outline's pieces overlap inside pixels
    /// on the stroke's edge — at folding inner joins and their miter spikes, where dashes meet,
    /// where the line crosses or comes back along itself — instead of the accumulated winding
    /// clamped to 1, which counts such a pixel's doubly covered part twice (+46 % ink on a
    /// zig-zag of 2 px segments turning by 170°, 8 px wide, with miter joins; up to 41/255 too
    /// dark where two 6 px lines cross; `StrokeSharpTurnTests`). The pixels are found from the
    /// outline itself (`craster_overlaps`: pairs of edges that cross or run side by side the
    /// same way round within one pixel) and get the exact area of the union (`craster_fill_exact`):
    /// within about 1/255 of it (`StrokeUnionRandomTests`), and exact under clipping like every
    /// other pixel.
    ///
    /// Off by default — accumulated coverage is what scan converters usually give (cairo's render
    /// is off from the union at these folds too): the search looks at every pair of nearby outline edges
    /// and the exact area is computed pixel by pixel, which costs little on simple shapes
    /// (circles: +0–30 %) but 3–7× on wide strokes of curves that fold at every vertex and on
    /// dense dashes (`strata-bench --exact-overlaps`; README).
    public var exactOverlaps = false
    /// Whether strokes at most 1 device pixel wide whose subpaths are all closed are drawn as
    /// bands straight into the target (`_ThinStroke`) instead of outlined and scan converted.
    /// Off only in tests, which compare the two.
    internal var drawsThinStrokesDirectly = true
    /// Whether thin closed strokes' centre lines straddle the curve at twice `strokeTolerance`.
    /// Off only in tests, which compare the two.
    internal var thinStrokesStraddle = true
    /// Whether fills use CRaster's portable kernels even where AVX2 ones exist. On only in tests,
    /// which check that both give the same pixels.
    internal var usesPortableKernels: Bool {
        get { accumulator.portable }
        set { accumulator.portable = newValue }
    }
    /// Whether bands of rows that are all alike are drawn from their first row's runs (the same
    /// pixels as sweeping each row: tests compare the two). Off only in tests.
    internal var replaysRows: Bool {
        get { accumulator.replaysRows }
        set { accumulator.replaysRows = newValue }
    }
    /// Bands the last fill drew from their first row's runs (tests).
    internal var replayedBands: Int { accumulator.replayedBands }
    internal var replayedSides: Int { accumulator.replayedSides }
    internal var replayedLists: Int { accumulator.replayedLists }

    /// The edge builder's storage, handed from fill to fill.
    private var edgeStore = craster_edges()
    /// Tests only: edges and polyline points are not grown past this many (0: no limit), as if
    /// memory ran out there — the one way to reach the out-of-memory outcome (nothing drawn).
    var _simulatedEdgeLimit: Int {
        get { edgeStore.simulated_limit }
        set { edgeStore.simulated_limit = newValue }
    }
    private var accumulator = _CoverageAccumulator()
    private var scaledColor = _ScaledColorCache()
    private var polyA = _PolylineCollector()
    private var polyB = _PolylineCollector()
    private var outlineStorage: [craster_oseg] = []
    private let overlapScratch = craster_overlap_create()
    /// The thin-stroke path's state (about 11 KB), kept from stroke to stroke: no allocation per
    /// stroke of an animating shape layer.
    private let thinStrokeBatch = UnsafeMutablePointer<cstroke_batch>.allocate(capacity: 1)

    public init() {}

    deinit {
        craster_edges_free(&edgeStore)
        accumulator.free()
        craster_overlap_destroy(overlapScratch)
        scaledColor.free()
        thinStrokeBatch.deallocate()
    }

    /// Fills `path` with `color` (OVER) into `target`, a `pixman_image_t*`.
    /// - Parameters:
    ///   - path: the outline to fill, in user space.
    ///   - color: the colour composited OVER the target where the path covers it.
    ///   - target: the `pixman_image_t*` drawn into.
    ///   - rule: non-zero (`.winding`) or even-odd.
    ///   - transform: user space → target pixels.
    ///   - clip: optional clip in target pixels; its edges are rounded to whole pixels.
    public func fill(path: CGPath, rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity,
                     color: CGColor, into target: OpaquePointer, clip: CGRect? = nil) {
        guard let box = clipBox(target, clip), color.alpha > 0, Self.usable(transform),
              _PathFlattener.isFinite(path) else { return }
        var eb = edgeBuilder(target, box, overlaps: false)
        eb.addPath(path, transform: transform, tolerance: tolerance, straddle: true)
        eb.finish()
        draw(&eb, clip: box, evenOdd: rule == .evenOdd, color: color, target: target)
    }

    /// Strokes `path` with `style` and `color` (OVER) into `target`, a `pixman_image_t*`.
    /// The line width is in user space (scaled by `transform`, non-uniformly if it is).
    public func stroke(path: CGPath, style: StrokeStyle, transform: CGAffineTransform = .identity,
                       color: CGColor, into target: OpaquePointer, clip: CGRect? = nil) {
        guard let box = clipBox(target, clip), color.alpha > 0, Self.usable(transform),
              style.lineWidth > 0, style.lineWidth.isFinite, _PathFlattener.isFinite(path) else { return }
        var eb = edgeBuilder(target, box, overlaps: exactOverlaps)
        let thin = _ThinStroke.deviceWidth(style, transform)
        // Thin closed lines, undashed and untrimmed, take their centre line straddling the curve
        // at twice the tolerance however they are drawn (strokeTolerance).
        let straddle = thinStrokesStraddle && thin != nil && _ThinStroke.straddles(path, style)
        let lineTolerance = straddle ? 2 * strokeTolerance : strokeTolerance
        if drawsThinStrokesDirectly, let width = thin, Self.directTarget(target) {
            // Thin lines whose subpaths are all closed skip the outline and the scan converter.
            guard let inB = _PathOutliner.centreLine(path, style: style, transform: transform, tolerance: lineTolerance,
                                                     straddle: straddle, visible: box, scratch: &polyA, &polyB)
            else { return }
            let line = inB ? polyB : polyA
            if _ThinStroke.canDraw(line, join: style.lineJoin, width: Double(style.lineWidth)) {
                strokeThin(line, transform: transform, width: width, clip: box, color: color, target: target)
                return
            }
            _PathOutliner.outline(line, style: style, transform: transform, tolerance: strokeTolerance, into: &eb)
        } else {
            _PathOutliner.strokeOutline(path, style: style, transform: transform, tolerance: strokeTolerance,
                                        lineTolerance: lineTolerance, straddle: straddle, visible: box,
                                        scratch: &polyA, &polyB, into: &eb)
        }
        eb.finish()
        draw(&eb, clip: box, evenOdd: false, color: color, target: target)
    }

    private func edgeBuilder(_ target: OpaquePointer, _ clip: (Int, Int, Int, Int), overlaps: Bool) -> _EdgeBuilder {
        var eb = _EdgeBuilder(storage: edgeStore, clip: clip, width: Int(pixman_image_get_width(target)),
                              height: Int(pixman_image_get_height(target)))
        eb.keepsOverlaps = overlaps
        if overlaps { swap(&eb.outline, &outlineStorage) }
        return eb
    }

    /// True for the formats drawn without a mask: a8r8g8b8, x8r8g8b8 and a8 with pixel data.
    private static func directTarget(_ target: OpaquePointer) -> Bool {
        let format = pixman_image_get_format(target)
        return pixman_image_get_data(target) != nil
            && (format == PIXMAN_a8r8g8b8 || format == PIXMAN_x8r8g8b8 || format == PIXMAN_a8)
    }

    private func strokeThin(_ line: _PolylineCollector, transform: CGAffineTransform, width: Double,
                            clip: (Int, Int, Int, Int), color: CGColor, target: OpaquePointer) {
        let data = pixman_image_get_data(target)!
        let stride = Int(pixman_image_get_stride(target))
        if pixman_image_get_format(target) == PIXMAN_a8 {
            var b = a8Blitter(data, stride: stride, color: color)
            _ThinStroke.draw(line, transform: transform, width: width, clip: clip, blitter: &b, batch: thinStrokeBatch)
        } else {
            var b = argbBlitter(data, stride: stride, color: color)
            _ThinStroke.draw(line, transform: transform, width: width, clip: clip, blitter: &b, batch: thinStrokeBatch)
        }
    }

    private func argbBlitter(_ data: UnsafeMutablePointer<UInt32>, stride: Int, color: CGColor) -> _ARGB32Blitter {
        let argb = color.premultipliedARGB32
        scaledColor.use(argb)
        return _ARGB32Blitter(base: data, stride: stride / 4, color: argb, colorAlpha: argb >> 24, scaled: scaledColor.entries)
    }

    private func a8Blitter(_ data: UnsafeMutablePointer<UInt32>, stride: Int, color: CGColor) -> _A8Blitter {
        _A8Blitter(base: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self), stride: stride,
                   colorAlpha: color.premultipliedARGB32 >> 24)
    }

    private static func usable(_ t: CGAffineTransform) -> Bool {
        let det = t.a * t.d - t.b * t.c
        return det != 0 && det.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    /// The integer clip box (left, top, right, bottom) inside the image, or nil when empty.
    private func clipBox(_ img: OpaquePointer, _ clip: CGRect?) -> (Int, Int, Int, Int)? {
        var l = 0, t = 0, r = Int(pixman_image_get_width(img)), b = Int(pixman_image_get_height(img))
        if let c = clip {
            guard !c.isNull, c.minX.isFinite || c.minX < 0, c.maxX.isFinite || c.maxX > 0 else { return nil }
            let cs = c.standardized
            func clampInt(_ v: CGFloat) -> Int { Int(max(-1e9, min(1e9, v.isNaN ? 0 : v.rounded()))) }
            l = max(l, clampInt(cs.minX)); t = max(t, clampInt(cs.minY))
            r = min(r, clampInt(cs.maxX)); b = min(b, clampInt(cs.maxY))
        }
        return l < r && t < b ? (l, t, r, b) : nil
    }

    private func draw(_ eb: inout _EdgeBuilder, clip: (Int, Int, Int, Int), evenOdd: Bool, color: CGColor,
                      target: OpaquePointer) {
        // Keep the (possibly regrown) edge and outline buffers for the next call.
        edgeStore = eb.c
        defer {
            if eb.keepsOverlaps {
                swap(&eb.outline, &outlineStorage)
                outlineStorage.removeAll(keepingCapacity: true)
            }
        }
        // Memory for the edges ran out (c.failed): drawing only some would be wrong everywhere.
        guard eb.count > 0, eb.c.failed == 0, let edges = eb.edges else { return }
        // The pixels to draw: the edges' box (edges may reach outside the clip) inside the clip.
        let x0 = max(clip.0, Int(eb.minX.rounded(.down))), y0 = max(clip.1, Int(eb.minY.rounded(.down)))
        let x1 = min(clip.2, Int(eb.maxX.rounded(.up))), y1 = min(clip.3, Int(eb.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let box = (x0, y0, x1, y1)
        // The pixels where the outline's layers may overlap (even-odd needs none: the
        // accumulation gets it exactly).
        var exactStart: UnsafePointer<Int32>? = nil
        var exactCount = 0
        if eb.keepsOverlaps && !evenOdd && eb.outline.count > 1 {
            let found = eb.outline.withUnsafeBufferPointer {
                craster_overlaps(overlapScratch, $0.baseAddress, $0.count, Int32(x0), Int32(y0), Int32(x1), Int32(y1),
                                 &exactStart, &exactCount)
            }
            if found != 0 { exactCount = 0 }
        }
        let exact = UnsafeBufferPointer(start: exactStart, count: exactStart == nil ? 0 : 3 * exactCount)
        let format = pixman_image_get_format(target)
        let stride = Int(pixman_image_get_stride(target))
        let argb = color.premultipliedARGB32
        if let data = pixman_image_get_data(target) {
            if format == PIXMAN_a8r8g8b8 || format == PIXMAN_x8r8g8b8 {
                scaledColor.use(argb)
                let t = craster_target(base: data, stride: stride / 4, format: Int32(CRASTER_ARGB32), color: argb,
                                       scaled: scaledColor.entries)
                accumulator.rasterize(edges: edges, count: eb.count, box: box, evenOdd: evenOdd, exactPixels: exact, target: t)
                return
            }
            if format == PIXMAN_a8 {
                let t = craster_target(base: data, stride: stride, format: Int32(CRASTER_A8), color: argb, scaled: nil)
                accumulator.rasterize(edges: edges, count: eb.count, box: box, evenOdd: evenOdd, exactPixels: exact, target: t)
                return
            }
        }
        // Any other format: coverage into an A8 mask over the box, composited by pixman.
        let w = x1 - x0, h = y1 - y0
        guard let mask = pixman_image_create_bits(PIXMAN_a8, Int32(w), Int32(h), nil, 0) else { return }
        defer { pixman_image_unref(mask) }
        let mstride = Int(pixman_image_get_stride(mask))
        let mdata = UnsafeMutableRawPointer(pixman_image_get_data(mask)!).assumingMemoryBound(to: UInt8.self)
        let t = craster_target(base: mdata - y0 * mstride - x0, stride: mstride, format: Int32(CRASTER_A8),
                               color: 0xFF00_0000, scaled: nil)
        accumulator.rasterize(edges: edges, count: eb.count, box: box, evenOdd: evenOdd, exactPixels: exact, target: t)
        var pc = Self.pixmanColor(color)
        guard let solid = pixman_image_create_solid_fill(&pc) else { return }
        defer { pixman_image_unref(solid) }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, target, 0, 0, 0, 0,
                                 Int32(x0), Int32(y0), Int32(w), Int32(h))
    }

    private static func pixmanColor(_ c: CGColor) -> pixman_color_t {
        func ch(_ v: CGFloat) -> UInt16 { UInt16((v * c.alpha * 65535).rounded()) }
        return pixman_color_t(red: ch(c.red), green: ch(c.green), blue: ch(c.blue),
                              alpha: UInt16((c.alpha * 65535).rounded()))
    }
}
