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
    /// The outline's edges as given (device pixels, before any clipping), for the overlap search
    /// (`craster_overlaps`), when `keepsOverlaps`: those that can touch a pixel of the clip.
    var outline: [craster_oseg] = []
    /// Whether the outline is kept for the exact union at overlaps (`PathRasterizer.exactOverlaps`).
    var keepsOverlaps = false
    /// The next outline edge's index, the current contour's first and where its edges start in
    /// `outline` (their `last` is filled in when the contour ends).
    private var outlineIndex: Int32 = 0, contourFirst: Int32 = 0, contourSlot = 0
    /// How far the contour has turned (`craster_oseg.turn`), its first and its latest edge's direction.
    private var turned = 0.0, firstX = 0.0, firstY = 0.0, prevX = 0.0, prevY = 0.0, hasPrevious = false
    /// Whether the contour may still be convex (`craster_oseg.convex`): the way its turns go
    /// (0 until one does) and how often its direction has come round past +x.
    private var convexSoFar = true, turnSign = 0.0, roundings = 0

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
        if keepsOverlaps { endContour() }
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
        if keepsOverlaps { endContour() }
        cx = sx; cy = sy
    }

    /// Closes the last contour.
    mutating func finish() {
        if open { segment(cx, cy, sx, sy) }
        if keepsOverlaps { endContour() }
        open = false
    }

    /// Keeps the outline edge a → b for the overlap search. Zero-length edges are left out (their
    /// neighbours stay neighbours); a non-finite one separates its neighbours. Edges whose box
    /// lies more than 2 px outside the clip touch none of its pixels and mark none
    /// (`craster_overlaps`).
    @inline(__always)
    private mutating func record(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        // Far-out edges (beyond 2²⁴ px) are left out of the search, like non-finite ones, which
        // also separate their neighbours.
        // The chain through such an edge counts as turning all the way (10 > 2π).
        let far = 16_777_216.0
        guard abs(ax) < far, abs(ay) < far, abs(bx) < far, abs(by) < far else {
            outlineIndex &+= 2
            turned += 10
            convexSoFar = false
            return
        }
        if ax == bx && ay == by { return }
        let i = outlineIndex
        outlineIndex &+= 1
        let dx = bx - ax, dy = by - ay
        if hasPrevious {
            turned += Self.turnBound(prevX, prevY, dx, dy)
            noteTurn(prevX, prevY, dx, dy)
        } else {
            firstX = dx; firstY = dy
            hasPrevious = true
        }
        prevX = dx; prevY = dy
        if max(ax, bx) < left - 2 || min(ax, bx) > right + 2 || max(ay, by) < top - 2 || min(ay, by) > bottom + 2 { return }
        outline.append(craster_oseg(x0: ax, y0: ay, x1: bx, y1: by, turn: turned, loop: 0, index: i, first: contourFirst,
                                    last: 0, convex: 0))
    }

    /// Follows convexity through the turn from direction a to b: every turn must go one way
    /// (straight on is fine, turning back is not), and the direction must come round past +x
    /// once in all (a polygon turning one way winds round a whole number of times).
    @inline(__always)
    private mutating func noteTurn(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        let cross = ax * by - ay * bx
        if cross == 0 {
            if ax * bx + ay * by <= 0 { convexSoFar = false }
            return
        }
        if turnSign == 0 { turnSign = cross } else if (cross > 0) != (turnSign > 0) { convexSoFar = false; return }
        // Directions with angle in [0, π) lie in the upper half (y > 0, or y = 0 going +x).
        let upperA = ay > 0 || (ay == 0 && ax > 0), upperB = by > 0 || (by == 0 && bx > 0)
        if cross > 0 ? (!upperA && upperB) : (upperA && !upperB) { roundings += 1 }
    }

    /// An upper bound of the angle between directions (ax, ay) and (bx, by) (`craster_oseg.turn`):
    /// π/2·|sin θ| up to 90°, π/2·(1 − cos θ) beyond (sin θ ≥ 2θ/π on [0, π/2]).
    @inline(__always)
    static func turnBound(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let l = ((ax * ax + ay * ay) * (bx * bx + by * by)).squareRoot()
        let c = (ax * by - ay * bx) / l, d = (ax * bx + ay * by) / l
        return d >= 0 ? Double.pi / 2 * abs(c) : Double.pi / 2 * (1 - d)
    }

    /// Ends the current contour's outline: its edges learn which one is last.
    private mutating func endContour() {
        let last = outlineIndex &- 1
        // Round the corner from the last edge back to the first.
        let loop = hasPrevious ? turned + Self.turnBound(prevX, prevY, firstX, firstY) : 0
        if hasPrevious { noteTurn(prevX, prevY, firstX, firstY) }
        let convex: Int32 = hasPrevious && convexSoFar && turnSign != 0 && roundings == 1 ? 1 : 0
        for k in contourSlot..<outline.count {
            outline[k].last = last; outline[k].loop = loop; outline[k].convex = convex
        }
        contourFirst = outlineIndex
        contourSlot = outline.count
        turned = 0
        hasPrevious = false
        convexSoFar = true; turnSign = 0; roundings = 0
    }

    @inline(__always)
    private mutating func segment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        if keepsOverlaps { record(ax, ay, bx, by) }
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

    private mutating func grow() {
        let n = max(64, capacity * 2)
        let e = UnsafeMutablePointer<_Edge>.allocate(capacity: n)
        e.moveInitialize(from: edges, count: count)
        edges.deallocate()
        edges = e
        capacity = n
    }
}
