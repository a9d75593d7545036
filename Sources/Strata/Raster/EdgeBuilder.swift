import CRaster
import Foundation

/// One non-horizontal line of a flattened path, top to bottom, in device pixels; `dir` is +1
/// when the original segment ran downwards, −1 upwards (CRaster's type, which the kernels read).
internal typealias _Edge = craster_edge

/// Collects a path's device-space segments as edges clipped to an integer clip rectangle.
///
/// Clipping keeps coverage exact inside the clip: parts above or below it are dropped, parts to
/// its right are dropped (they only affect pixels further right), and parts to its left are moved
/// onto its left side as vertical edges (they still change the winding of everything inside).
/// After clipping every coordinate lies inside the clip, so arbitrary inputs (±1e9) cannot
/// overflow anything downstream. Every contour is implicitly closed (fill semantics).
internal struct _EdgeBuilder: _PolylineSink {
    var edges: UnsafeMutablePointer<_Edge>
    var capacity: Int
    var count = 0
    let left: Double, top: Double, right: Double, bottom: Double
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    private var sx = 0.0, sy = 0.0, cx = 0.0, cy = 0.0
    private var open = false

    init(storage: UnsafeMutablePointer<_Edge>, capacity: Int, clip: (Int, Int, Int, Int)) {
        edges = storage
        self.capacity = capacity
        left = Double(clip.0); top = Double(clip.1); right = Double(clip.2); bottom = Double(clip.3)
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
        if y1 <= top || y0 >= bottom { return }
        if y0 >= top && y1 <= bottom && x0 >= left && x1 >= left && x0 <= right && x1 <= right {
            // Inside the clip (the usual case): no slope needed.
            push(x0, y0, x1, y1, dir)
            return
        }
        let slope = (x1 - x0) / (y1 - y0)
        if y0 < top { x0 += (top - y0) * slope; y0 = top }
        if y1 > bottom { x1 -= (y1 - bottom) * slope; y1 = bottom }
        if x0 >= right && x1 >= right {
            // Dropped, but the winding it closes still spans up to the clip's right side.
            maxX = right
            return
        }
        if x0 <= left && x1 <= left { push(left, y0, left, y1, dir); return }
        // Split where the edge crosses the left and right sides.
        if (x0 < left) != (x1 < left) {
            let ym = min(max(y0 + (left - x0) / slope, y0), y1)
            if x0 < left { push(left, y0, left, ym, dir); x0 = left; y0 = ym }
            else { push(left, ym, left, y1, dir); x1 = left; y1 = ym }
        }
        if (x0 > right) != (x1 > right) {
            let ym = min(max(y0 + (right - x0) / slope, y0), y1)
            if x0 > right { x0 = right; y0 = ym } else { x1 = right; y1 = ym }
        }
        push(min(max(x0, left), right), y0, min(max(x1, left), right), y1, dir)
    }

    @inline(__always)
    private mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        // Single precision from here on: an edge too short to keep its height is dropped.
        let fy0 = Float(y0), fy1 = Float(y1)
        guard fy0 < fy1, fy0 >= Float(top), fy1 <= Float(bottom), x0.isFinite, x1.isFinite else { return }
        if count == capacity { grow() }
        edges[count] = _Edge(x0: Float(x0), y0: fy0, x1: Float(x1), y1: fy1, dir: dir)
        count &+= 1
        // Plain comparisons: every value here is finite (min/max would also handle NaN).
        let lo = x0 < x1 ? x0 : x1, hi = x0 < x1 ? x1 : x0
        if lo < minX { minX = lo }
        if hi > maxX { maxX = hi }
        if y0 < minY { minY = y0 }
        if y1 > maxY { maxY = y1 }
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
