import Foundation

/// The part of device space where a dashed stroke can be seen: the rasterizer's clip box grown by
/// how far the stroke's outline can reach from its centre line. The segmenter skips the dashes
/// that lie wholly outside it, so a long dashed path seen through a small window costs what its
/// visible dashes cost.
///
/// Skipping such a dash leaves the pixels unchanged: every point of its outline is outside the
/// clip box, and the edge builder drops the parts above, below and right of the clip, and turns
/// a closed outline left of it into vertical edges whose windings cancel.
internal struct _DashWindow {
    private let t: CGAffineTransform
    private let minX: Double, minY: Double, maxX: Double, maxY: Double

    /// - Parameters:
    ///   - clip: the clip box in device pixels (left, top, right, bottom).
    ///   - transform: user space → device pixels (the stroke's transform).
    ///   - reach: the farthest an outline point can be from the centre line, in user units.
    /// Returns nil (nothing is skipped) when the reach in device pixels is not finite.
    init?(clip: (Int, Int, Int, Int), transform: CGAffineTransform, reach: Double) {
        // One pixel more than the reach: anti-aliasing touches the pixel an edge ends in.
        let grow = reach * _PathFlattener.maxScale(transform) + 1
        guard grow.isFinite else { return nil }
        t = transform
        minX = Double(clip.0) - grow; minY = Double(clip.1) - grow
        maxX = Double(clip.2) + grow; maxY = Double(clip.3) + grow
    }

    /// How far a stroke's outline reaches from its centre line, in user units: half the width
    /// times the miter limit for miter joins, and at most twice half the width otherwise (square
    /// caps reach √2 of it, round caps' polygon points slightly more than 1).
    static func reach(halfWidth hw: Double, join: CGLineJoin, miterLimit: Double) -> Double {
        let limit = miterLimit.isFinite ? max(miterLimit, 1) : 1
        return hw * max(2, join == .miter ? limit : 1)
    }

    /// The parameter range [t0, t1] ⊆ [0, 1] of the user-space segment (x0, y0) → (x1, y1) that
    /// lies inside the window (Liang–Barsky), or nil when none does. A segment whose device
    /// coordinates are not finite counts as wholly inside.
    func visibleRange(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (Double, Double)? {
        let px = t.a * x0 + t.c * y0 + t.tx, py = t.b * x0 + t.d * y0 + t.ty
        let qx = t.a * x1 + t.c * y1 + t.tx, qy = t.b * x1 + t.d * y1 + t.ty
        let dx = qx - px, dy = qy - py
        guard px.isFinite, py.isFinite, dx.isFinite, dy.isFinite else { return (0, 1) }
        var lo = 0.0, hi = 1.0
        // Each side keeps the part where p·t ≤ q.
        func side(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            if p < 0 { lo = max(lo, q / p) } else { hi = min(hi, q / p) }
            return lo <= hi
        }
        guard side(-dx, px - minX), side(dx, maxX - px), side(-dy, py - minY), side(dy, maxY - py) else { return nil }
        return (lo, hi)
    }
}
