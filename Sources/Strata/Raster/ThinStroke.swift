import CStroke
import Foundation

/// Strokes at most one device pixel wide whose subpaths are all closed, drawn straight into the
/// target: no outline, no scan converter.
///
/// Such a stroke is the union of one band per segment of the flattened centre line (as wide as
/// the line, centred on the segment) and the joins. Each band is drawn column by column where
/// its segment runs more across than down (row by row otherwise): a column belongs to the segment
/// whose stretch along that axis holds the column's centre (start included, end excluded), so
/// consecutive segments going the same way never share a column, and each pixel of the column
/// gets the exact area of the band between its two edge lines, taken straight across the whole
/// column. Whole columns are drawn by a C kernel (`cstroke_bands`: the columns of consecutive
/// bands 8 at a time, their areas in float, 255·area rounded); the walk over each contour's
/// segments, which makes the bands, is C too (`cstroke_batch_contour` in CStroke/contour.c: in
/// Swift it cost more than the pixels on small shapes). Where the line turns from mostly across
/// to mostly down, the two segments are cut exactly at their common vertex and their pixels
/// there are summed before blending (`draw`); where bands otherwise meet in one pixel (sharp
/// turns, self-crossings) they are composited one over the other.
///
/// What this leaves out is the joins: the wedge outside each turn (at most w²/4 per vertex: a
/// miter at a right angle; w²·θ/8 for a round join turning θ), negligible along flattened
/// curves, which turn by a few degrees per vertex; contours with many sharp vertices for their
/// length (`canDraw`), miter joins turning more than 90° (whose spikes can be long), open
/// subpaths (caps), single points and targets other than a8r8g8b8/x8r8g8b8/a8 are left to the
/// general path. On the benchmark's 1 px scenes the result is as close to cairo's render as the
/// general path's (RasterGoldenTests; ThinStrokeTests compares the two).
internal enum _ThinStroke {
    /// The line width in device pixels when `transform` scales every direction alike (rotations,
    /// reflections, uniform scales) and the width is at most 1 px; nil otherwise.
    static func deviceWidth(_ style: StrokeStyle, _ t: CGAffineTransform) -> Double? {
        let p = t.a * t.a + t.b * t.b, q = t.c * t.c + t.d * t.d
        guard p > 0, p.isFinite, q.isFinite, abs(p - q) <= 1e-9 * p, abs(t.a * t.c + t.b * t.d) <= 1e-9 * p
        else { return nil }
        let w = Double(style.lineWidth) * p.squareRoot()
        return w > 0 && w <= 1 ? w : nil
    }

    /// True when `path`'s centre line is flattened straddling the curve for a thin stroke with
    /// `style` (`PathRasterizer.strokeTolerance`): no dashes, no trim, and every subpath closed —
    /// the strokes this type draws, decided from the path's elements before flattening so that
    /// the outline they fall back to (sharp vertices, other targets) has the same centre line.
    static func straddles(_ path: CGPath, _ style: StrokeStyle) -> Bool {
        guard !style.isDashed, let trim = style.trimRange, trim == (0, 1) else { return false }
        var drawing = false
        for t in path._types {
            switch t {
            case .moveToPoint: if drawing { return false }
            case .closeSubpath: drawing = false
            default: drawing = true
            }
        }
        return !drawing
    }

    /// True when every contour of `pl` (at least one) is closed with three or more distinct
    /// points, has few sharp vertices for its length, and, for miter joins, none turning by more
    /// than 90°. `width` is the line width in the same (user) units as `pl`.
    ///
    /// Sharp vertices (turning more than 45°) are where leaving out the join and overlapping the
    /// two bands misplaces ink, up to about w²/2 each: a contour may have at most one per
    /// 200·w of its length, which keeps that below 1/4 % of its ink (w × length). The test of
    /// each contour's points is C (`cstroke_contour_fits`, 4 vertices at a time with AVX2).
    static func canDraw(_ pl: _PolylineCollector, join: CGLineJoin, width: Double) -> Bool {
        guard !pl.contours.isEmpty else { return false }
        let miter: Int32 = join == .miter ? 1 : 0
        for c in pl.contours {
            guard c.closed else { return false }
            let n = pointCount(pl, c)
            guard n >= 3, n <= Int(Int32.max) else { return false }
            let fits = pl.xs.withUnsafeBufferPointer { xs in
                pl.ys.withUnsafeBufferPointer { ys in
                    cstroke_contour_fits(xs.baseAddress! + c.start, ys.baseAddress! + c.start, Int32(n), miter, width)
                }
            }
            if fits == 0 { return false }
        }
        return true
    }

    /// A closed contour's points without a last one repeating the first.
    private static func pointCount(_ pl: _PolylineCollector, _ c: _PolylineCollector.Contour) -> Int {
        let n = c.count
        return n > 1 && pl.xs[c.start + n - 1] == pl.xs[c.start] && pl.ys[c.start + n - 1] == pl.ys[c.start] ? n - 1 : n
    }

    /// Draws the closed contours of `pl` (user space, mapped by `t`) as a line `width` device
    /// pixels wide into `blitter`'s target, inside `clip` (left, top, right, bottom).
    ///
    /// Where the line turns from mostly across to mostly down (or back), the two segments meeting
    /// at that vertex V are cut exactly at V (the one at x = V.x, the other at y = V.y) instead of
    /// at column centres; their pixels there are summed before blending, together with the two
    /// small triangles the axis-aligned cuts get wrong (the quadrant neither band covers is added,
    /// the one both cover is taken off, each as its area at its centroid's pixel).
    /// `batch` is the caller's scratch for the C walk (its contents need not be kept).
    static func draw<B: _ThinStrokeTarget>(_ pl: _PolylineCollector, transform t: CGAffineTransform, width: Double,
                                           clip: (Int, Int, Int, Int), blitter: inout B,
                                           batch: UnsafeMutablePointer<cstroke_batch>) {
        var target = blitter.thinStrokeTarget
        var m = (Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
        withUnsafePointer(to: &target) { target in
            cstroke_batch_begin(batch, target, Int32(truncatingIfNeeded: clip.0), Int32(truncatingIfNeeded: clip.1),
                                Int32(truncatingIfNeeded: clip.2), Int32(truncatingIfNeeded: clip.3))
            pl.xs.withUnsafeBufferPointer { xs in
                pl.ys.withUnsafeBufferPointer { ys in
                    for c in pl.contours {
                        withUnsafeBytes(of: &m) { m in
                            cstroke_batch_contour(batch, xs.baseAddress! + c.start, ys.baseAddress! + c.start,
                                                  Int32(pointCount(pl, c)), m.baseAddress!.assumingMemoryBound(to: Double.self),
                                                  width)
                        }
                    }
                }
            }
            cstroke_batch_end(batch)
        }
    }
}

/// A target `_ThinStroke` draws into: the kernels' description of it.
internal protocol _ThinStrokeTarget {
    var thinStrokeTarget: cstroke_target { get }
}

extension _ARGB32Blitter: _ThinStrokeTarget {
    var thinStrokeTarget: cstroke_target {
        cstroke_target(pixels: UnsafeMutableRawPointer(base), stride: stride, a8: 0, color: color, scaled: scaled)
    }
}

extension _A8Blitter: _ThinStrokeTarget {
    var thinStrokeTarget: cstroke_target {
        cstroke_target(pixels: UnsafeMutableRawPointer(base), stride: stride, a8: 1, color: colorAlpha << 24, scaled: nil)
    }
}
