import CRaster
import Foundation

/// One non-horizontal line of a flattened path, top to bottom, in device pixels; `dir` is +1
/// when the original segment ran downwards, −1 upwards (CRaster's type, which the kernels read).
internal typealias _Edge = craster_edge

/// Collects a path's device-space segments as edges for one fill restricted to an integer clip
/// rectangle, such that the pixels inside the clip come out exactly as in a fill of the whole
/// target: CRaster's edge builder (CRasterEdges.h: frame, 2⁻¹⁰ grid, what the clip drops,
/// moves or keeps), fed point by point from Swift (strokes' outlines) or given a whole path at
/// once (`addPath`, fills: flattening and edges in C, without a call per point). Every contour
/// is implicitly closed (fill semantics).
internal struct _EdgeBuilder: _PolylineSink {
    /// The C builder: the edges (its storage is handed from fill to fill), clip, frame and box.
    var c: craster_edges
    var edges: UnsafeMutablePointer<_Edge>? { c.edges }
    var count: Int { c.count }
    /// The box of the kept edges; maxX is at least the clip's right side when a dropped edge
    /// closes winding that spans up to it.
    var minX: Double { c.min_x }
    var maxX: Double { c.max_x }
    var minY: Double { c.min_y }
    var maxY: Double { c.max_y }
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

    /// Starts the edges of one fill of a `width`×`height` target inside `clip` (left, top, right,
    /// bottom), in `storage`'s memory (which the builder may regrow: take it back from `c`).
    init(storage: craster_edges, clip: (Int, Int, Int, Int), width: Int, height: Int) {
        c = storage
        craster_edges_begin(&c, Int32(clip.0), Int32(clip.1), Int32(clip.2), Int32(clip.3), Int32(width), Int32(height))
    }

    /// Whether `addPath` can hand a path's storage to C as it is: element kinds one byte each,
    /// CGPathElementType's cases in CRASTER_MOVE … CRASTER_CLOSE's order, points as x, y doubles.
    static let kindsAreBytes: Bool = {
        MemoryLayout<CGPathElementType>.stride == 1 && MemoryLayout<CGPoint>.stride == 16
            && [CGPathElementType.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath]
                .map { unsafeBitCast($0, to: UInt8.self) }
                == [UInt8(CRASTER_MOVE), UInt8(CRASTER_LINE), UInt8(CRASTER_QUAD), UInt8(CRASTER_CUBIC), UInt8(CRASTER_CLOSE)]
    }()

    /// Adds the edges of `path` (finite points only) transformed by `t`, curves flattened within
    /// `tolerance` (`straddle`: see `_PathFlattener.flatten`): the same edges as
    /// `_PathFlattener.flatten` into this builder, made in C. Not for outlines kept for the
    /// overlap search.
    mutating func addPath(_ path: CGPath, transform t: CGAffineTransform, tolerance: Double, straddle: Bool) {
        guard Self.kindsAreBytes, !keepsOverlaps else {
            _PathFlattener.flatten(path, transform: t, tolerance: tolerance, straddle: straddle, into: &self)
            return
        }
        if open { finish() }
        // A homogeneous tuple is laid out as an array of its element type.
        var m = (Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
        withUnsafeBytes(of: &m) { m in
            path._types.withUnsafeBytes { kinds in
                path._points.withUnsafeBytes { points in
                    craster_edges_path(&c, kinds.baseAddress?.assumingMemoryBound(to: UInt8.self), path._types.count,
                                       points.baseAddress?.assumingMemoryBound(to: Double.self),
                                       m.baseAddress?.assumingMemoryBound(to: Double.self), tolerance,
                                       straddle ? 1 : 0)
                }
            }
        }
    }

    // The sink's contours go to CRaster point by point (craster_edges_move_to …: polylines,
    // closed, the fast loop for those well inside the clip); the outline for the overlap search
    // is recorded here segment by segment, in the same order.

    mutating func moveTo(_ x: Double, _ y: Double) {
        if keepsOverlaps {
            if open { record(cx, cy, sx, sy) }
            endContour()
        }
        craster_edges_move_to(&c, x, y)
        sx = x; sy = y; cx = x; cy = y
        open = true
    }

    mutating func lineTo(_ x: Double, _ y: Double) {
        if !open { moveTo(x, y); return }
        if keepsOverlaps { record(cx, cy, x, y) }
        craster_edges_line_to(&c, x, y)
        cx = x; cy = y
    }

    mutating func closeContour() {
        if keepsOverlaps {
            if open { record(cx, cy, sx, sy) }
            endContour()
        }
        craster_edges_close(&c)
        cx = sx; cy = sy
    }

    /// Closes the last contour; call it before reading the edges.
    mutating func finish() {
        if keepsOverlaps {
            if open { record(cx, cy, sx, sy) }
            endContour()
        }
        craster_edges_finish(&c)
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
        if max(ax, bx) < c.left - 2 || min(ax, bx) > c.right + 2 || max(ay, by) < c.top - 2 || min(ay, by) > c.bottom + 2 { return }
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

}
