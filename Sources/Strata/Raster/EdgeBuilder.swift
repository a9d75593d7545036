import CRaster
import Foundation

/// One non-horizontal line of a flattened path, top to bottom, in device pixels; `dir` is +1
/// when the original segment ran downwards, −1 upwards (CRaster's type, which the kernels read).
internal typealias _Edge = craster_edge

/// Collects a path's device-space segments as edges for one fill restricted to an integer clip
/// rectangle, such that the pixels inside the clip come out exactly as in a fill of the whole
/// target (CRaster.h: exact clipping).
///
/// An edge's geometry never depends on the clip. Segments are first cut to `frame`, a box that
/// depends only on the target (coordinates of ±1e9 stay far from overflow and float precision
/// is kept): parts above and below it are dropped, parts right of it too, parts left of it move
/// onto its left side as vertical edges. Endpoints' y are rounded to a 2⁻¹⁰ pixel grid, which
/// makes every edge's height in a row exact for the scan converter. Only then the clip chooses:
/// edges wholly above, below or right of it are dropped (they change no pixel inside), edges
/// wholly left of it become vertical edges on its left side with the same rows (the same winding
/// for every pixel inside), and all others are kept whole: the scan converter skips the rows
/// outside the clip and sums what lies left of it. Every contour is implicitly closed (fill
/// semantics).
internal struct _EdgeBuilder: _PolylineSink {
    var edges: UnsafeMutablePointer<_Edge>
    var capacity: Int
    var count = 0
    let left: Double, top: Double, right: Double, bottom: Double
    private let frameLeft: Double, frameTop: Double, frameRight: Double, frameBottom: Double
    /// The box of the kept edges; maxX is at least the clip's right side when a dropped edge
    /// closes winding that spans up to it.
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    private var sx = 0.0, sy = 0.0, cx = 0.0, cy = 0.0
    private var open = false
    /// Pixels where outline pieces may overlap (`markOverlap`): triples (row, first column,
    /// column after the last) inside the clip, in the order marked.
    private(set) var overlaps: [Int32] = []
    /// Whether `markOverlap` records anything (`PathRasterizer.exactOverlaps`).
    var keepsOverlaps = false
    var collectsOverlaps: Bool { keepsOverlaps }

    /// The frame every target of `width`×`height` pixels gets: ±2¹⁵ pixels (floats there still
    /// hold 2⁻⁸ of a pixel), grown to hold the target.
    static func frame(width: Int, height: Int) -> (Int, Int, Int, Int) {
        let reach = 1 << 15
        return (-reach, -reach, max(reach, width), max(reach, height))
    }

    init(storage: UnsafeMutablePointer<_Edge>, capacity: Int, clip: (Int, Int, Int, Int), frame: (Int, Int, Int, Int)) {
        edges = storage
        self.capacity = capacity
        left = Double(clip.0); top = Double(clip.1); right = Double(clip.2); bottom = Double(clip.3)
        frameLeft = Double(frame.0); frameTop = Double(frame.1); frameRight = Double(frame.2); frameBottom = Double(frame.3)
    }

    mutating func moveTo(_ x: Double, _ y: Double) {
        if open { segment(cx, cy, sx, sy) }
        sx = x; sy = y; cx = x; cy = y
        open = true
    }

    mutating func lineTo(_ x: Double, _ y: Double) {
        if !open { moveTo(x, y); return }
        segment(cx, cy, x, y)
        cx = x; cy = y
    }

    mutating func closeContour() {
        if open { segment(cx, cy, sx, sy) }
        cx = sx; cy = sy
    }

    /// Closes the last contour.
    mutating func finish() {
        if open { segment(cx, cy, sx, sy) }
        open = false
    }

    @inline(__always)
    private mutating func segment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        // Finite points can overflow to ±∞ under a transform: such segments are dropped.
        guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite, ay != by else { return }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by, dir: Float = 1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); dir = -1 }
        // Wholly above or below the clip: no pixel inside changes.
        if y1 <= top || y0 >= bottom { return }
        if y0 >= frameTop && y1 <= frameBottom && x0 >= frameLeft && x1 >= frameLeft && x0 <= frameRight && x1 <= frameRight {
            // Inside the frame (the usual case): no slope needed.
            keep(x0, y0, x1, y1, dir)
            return
        }
        let slope = (x1 - x0) / (y1 - y0)
        if y0 < frameTop { x0 += (frameTop - y0) * slope; y0 = frameTop }
        if y1 > frameBottom { x1 -= (y1 - frameBottom) * slope; y1 = frameBottom }
        if x0 >= frameRight && x1 >= frameRight {
            // Dropped, but the winding it closes still spans up to the clip's right side.
            maxX = max(maxX, right)
            return
        }
        if x0 <= frameLeft && x1 <= frameLeft { keep(frameLeft, y0, frameLeft, y1, dir); return }
        // Split where the edge crosses the frame's left and right sides.
        if (x0 < frameLeft) != (x1 < frameLeft) {
            let ym = min(max(y0 + (frameLeft - x0) / slope, y0), y1)
            if x0 < frameLeft { keep(frameLeft, y0, frameLeft, ym, dir); x0 = frameLeft; y0 = ym }
            else { keep(frameLeft, ym, frameLeft, y1, dir); x1 = frameLeft; y1 = ym }
        }
        if (x0 > frameRight) != (x1 > frameRight) {
            let ym = min(max(y0 + (frameRight - x0) / slope, y0), y1)
            if x0 > frameRight { x0 = frameRight; y0 = ym } else { x1 = frameRight; y1 = ym }
        }
        keep(min(max(x0, frameLeft), frameRight), y0, min(max(x1, frameLeft), frameRight), y1, dir)
    }

    /// An edge inside the frame: its y rounded to the 2⁻¹⁰ grid, then dropped, moved onto the
    /// clip's left side or kept whole (see the type's comment).
    @inline(__always)
    private mutating func keep(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        // Single precision from here on: an edge too short to keep its height is dropped.
        let fy0 = Float(Self._onGrid(y0)), fy1 = Float(Self._onGrid(y1))
        guard fy0 < fy1, Double(fy1) > top, Double(fy0) < bottom, x0.isFinite, x1.isFinite else { return }
        let fx0 = Float(x0), fx1 = Float(x1)
        let lo = fx0 < fx1 ? fx0 : fx1, hi = fx0 < fx1 ? fx1 : fx0
        if Double(lo) >= right {
            maxX = max(maxX, right)
            return
        }
        // Wholly left of the clip: every piece of it lies in columns left of the clip's first,
        // so the pixels inside see only its height in each row.
        if Double(hi) < left { push(Float(left), fy0, Float(left), fy1, dir); return }
        push(fx0, fy0, fx1, fy1, dir)
    }

    @inline(__always)
    private mutating func push(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ dir: Float) {
        if count == capacity { grow() }
        edges[count] = _Edge(x0: x0, y0: y0, x1: x1, y1: y1, dir: dir)
        count &+= 1
        let lo = Double(x0 < x1 ? x0 : x1), hi = Double(x0 < x1 ? x1 : x0)
        if lo < minX { minX = lo }
        if hi > maxX { maxX = hi }
        if Double(y0) < minY { minY = Double(y0) }
        if Double(y1) > maxY { maxY = Double(y1) }
    }

    /// Marks the pixels within `reach` (in x and in y) of the device segment (x0, y0) → (x1, y1)
    /// that meet the box `within`, row by row, for the exact union — except those lying wholly
    /// within `inside` of the segment (measured across it, and not past its ends): the caller
    /// knows them covered (the stroke's own rectangle there, where the winding number is at
    /// least 1, so the accumulated coverage is already exact). Only the geometry decides them,
    /// never the clip (which only leaves out pixels it does not draw), and they stay within
    /// `reach` of the segment: a dash the stroke leaves out because it cannot reach the clip
    /// (`_DashWindow`, whose margin is at least the half width plus a pixel) marks no pixel
    /// inside it either.
    mutating func markOverlap(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reach: Double, inside: Double,
                              within: (Double, Double, Double, Double)) {
        guard keepsOverlaps, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, reach.isFinite, reach >= 0,
              inside.isFinite, !within.0.isNaN, !within.1.isNaN, !within.2.isNaN, !within.3.isNaN else { return }
        let (ax, ay, bx, by) = y0 <= y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let left = max(left, within.0.rounded(.down)), right = min(right, within.2.rounded(.down) + 1)
        let top = max(top, within.1.rounded(.down)), bottom = min(bottom, within.3.rounded(.down) + 1)
        let r0 = max(top, (ay - reach).rounded(.down)), r1 = min(bottom, (by + reach).rounded(.up))
        guard r0 < r1 else { return }
        let slope = by > ay ? (bx - ax) / (by - ay) : 0
        // A pixel lies wholly within the rectangle when its centre does, shrunk by half the
        // pixel's diagonal: along the segment s ∈ [m, l − m], across it |t| ≤ inside − m.
        let l = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
        let m = 0.5 * 2.0.squareRoot() + 1e-9
        let skips = inside > m && l > 2 * m
        let ux = skips ? (bx - ax) / l : 0, uy = skips ? (by - ay) / l : 0
        var row = r0
        while row < r1 {
            // The segment's x over the rows within reach of this one.
            let ya = max(ay, row - reach), yb = min(by, row + 1 + reach)
            let xa = by > ay ? ax + (ya - ay) * slope : ax, xb = by > ay ? ax + (yb - ay) * slope : bx
            // A nearly horizontal segment's slope can overflow: then the whole row is marked.
            let xl = (min(xa, xb) - reach).rounded(.down), xr = (max(xa, xb) + reach).rounded(.down) + 1
            let lo = xl.isFinite ? max(left, xl) : left, hi = xr.isFinite ? min(right, xr) : right
            var (skipLo, skipHi) = (hi, hi)   // columns [skipLo, skipHi) left out
            if skips && lo < hi {
                // Centres (x, row + ½): s = (x − ax)·ux + dy·uy, t = −(x − ax)·uy + dy·ux.
                let dy = row + 0.5 - ay
                var ia = -Double.infinity, ib = Double.infinity
                func clamp(_ k: Double, _ c: Double, _ a: Double, _ b: Double) {
                    // a ≤ k·(x − ax) + c ≤ b
                    if k == 0 { if c < a || c > b { ia = .infinity }; return }
                    let p = (a - c) / k + ax, q = (b - c) / k + ax
                    ia = max(ia, min(p, q)); ib = min(ib, max(p, q))
                }
                clamp(ux, dy * uy, m, l - m)
                clamp(-uy, dy * ux, -(inside - m), inside - m)
                if ia.isFinite && ib.isFinite && ia <= ib {
                    let c0 = max(lo, (ia - 0.5).rounded(.up)), c1 = min(hi - 1, (ib - 0.5).rounded(.down))
                    if c0 <= c1 { skipLo = c0; skipHi = c1 + 1 }
                }
            }
            if lo < skipLo {
                overlaps.append(Int32(row)); overlaps.append(Int32(lo)); overlaps.append(Int32(skipLo))
            }
            if skipHi < hi {
                overlaps.append(Int32(row)); overlaps.append(Int32(skipHi)); overlaps.append(Int32(hi))
            }
            row += 1
        }
    }

    /// `overlaps` sorted by row, then column, ranges of a row merged when they overlap or touch
    /// (craster_fill_exact's list).
    func mergedOverlaps() -> [Int32] {
        let n = overlaps.count / 3
        guard n > 0 else { return [] }
        // Row and first column in one key (both offset to unsigned, so the order is theirs).
        var keyed = [(key: UInt64, end: Int32)]()
        keyed.reserveCapacity(n)
        for i in 0..<n {
            let row = UInt64(UInt32(bitPattern: overlaps[3 * i] ^ Int32.min))
            let c0 = UInt64(UInt32(bitPattern: overlaps[3 * i + 1] ^ Int32.min))
            keyed.append((row << 32 | c0, overlaps[3 * i + 2]))
        }
        keyed.sort { $0.key < $1.key }
        var out: [Int32] = []
        out.reserveCapacity(overlaps.count)
        for (key, c1) in keyed {
            let row = Int32(bitPattern: UInt32(truncatingIfNeeded: key >> 32)) ^ Int32.min
            let c0 = Int32(bitPattern: UInt32(truncatingIfNeeded: key)) ^ Int32.min
            if out.count >= 3, out[out.count - 3] == row, c0 <= out[out.count - 1] {
                out[out.count - 1] = max(out[out.count - 1], c1)
            } else {
                out.append(row); out.append(c0); out.append(c1)
            }
        }
        return out
    }

    private mutating func grow() {
        let n = max(64, capacity * 2)
        let e = UnsafeMutablePointer<_Edge>.allocate(capacity: n)
        e.moveInitialize(from: edges, count: count)
        edges.deallocate()
        edges = e
        capacity = n
    }
}
