import CPixman
import Foundation

/// Opaque rectangles, added in back-to-front order, answering the occlusion pass's question:
/// is this rectangle entirely covered by the first `limit` rectangles added?
///
/// Why not one growing `Region`: adding each of a thousand overlapping rectangles to a union
/// costs O(boxes) per addition (quadratic overall, ~40 ms for 1000 moving layers). Here a
/// uniform grid lists, per cell, the rectangles touching it; a query gathers only the
/// rectangles near the queried one and builds their union, so the answer is the same exact
/// set question at a cost proportional to the local overlap.
struct _OcclusionGrid {
    private(set) var rects: [PixelRect] = []
    private var cells: [[Int32]] = []
    private var origin = (x: 0, y: 0)
    private var columns = 0, rows = 0
    private let shift = 6 // 64-pixel cells
    /// Per rectangle: the query that last gathered it (each counts once per query).
    private var stamps: [UInt32] = []
    private var query: UInt32 = 0
    private var gathered: [pixman_box32_t] = []
    private var pieces: [pixman_box32_t] = [], spare: [pixman_box32_t] = []

    var count: Int { rects.count }

    /// Forgets every rectangle; queries and additions will lie within `extents`.
    mutating func reset(extents: PixelRect) {
        rects.removeAll(keepingCapacity: true)
        stamps.removeAll(keepingCapacity: true)
        origin = (extents.x, extents.y)
        columns = max(1, (extents.width + (1 << shift) - 1) >> shift)
        rows = max(1, (extents.height + (1 << shift) - 1) >> shift)
        // Very large extents: cap the grid (cells then grow; answers stay exact).
        while columns * rows > 16_384 { columns = (columns + 1) / 2; rows = (rows + 1) / 2 }
        cellWidth = max(1 << shift, (extents.width + columns - 1) / columns)
        cellHeight = max(1 << shift, (extents.height + rows - 1) / rows)
        let n = columns * rows
        if cells.count > n { cells.removeLast(cells.count - n) }
        for i in cells.indices { cells[i].removeAll(keepingCapacity: true) }
        while cells.count < n { cells.append([]) }
    }

    private var cellWidth = 64, cellHeight = 64

    private func cellRange(_ r: PixelRect) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
        let c0 = min(max((r.x - origin.x) / cellWidth, 0), columns - 1)
        let c1 = min(max((r.maxX - 1 - origin.x) / cellWidth, 0), columns - 1)
        let r0 = min(max((r.y - origin.y) / cellHeight, 0), rows - 1)
        let r1 = min(max((r.maxY - 1 - origin.y) / cellHeight, 0), rows - 1)
        return (c0, c1, r0, r1)
    }

    /// Adds an opaque rectangle (non-empty, within the extents given to `reset`).
    mutating func add(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        let index = Int32(rects.count)
        rects.append(r)
        stamps.append(0)
        let c = cellRange(r)
        for row in c.r0...c.r1 { for col in c.c0...c.c1 { cells[row * columns + col].append(index) } }
    }

    /// True when every pixel of `r` (non-empty) lies in the union of rectangles `0..<limit`.
    mutating func covers(_ r: PixelRect, limit: Int) -> Bool {
        guard limit > 0, !r.isEmpty else { return r.isEmpty }
        // Most queries fail: a corner pixel of r outside every rectangle answers without
        // gathering (each corner looks at one cell only).
        guard point(r.x, r.y, limit), point(r.maxX - 1, r.y, limit), point(r.x, r.maxY - 1, limit),
              point(r.maxX - 1, r.maxY - 1, limit) else { return false }
        query &+= 1
        if query == 0 { for i in stamps.indices { stamps[i] = 0 }; query = 1 }
        gathered.removeAll(keepingCapacity: true)
        var area = 0
        let c = cellRange(r)
        for row in c.r0...c.r1 {
            for col in c.c0...c.c1 {
                for i in cells[row * columns + col] where Int(i) < limit && stamps[Int(i)] != query {
                    stamps[Int(i)] = query
                    let o = rects[Int(i)]
                    let x0 = max(o.x, r.x), y0 = max(o.y, r.y), x1 = min(o.maxX, r.maxX), y1 = min(o.maxY, r.maxY)
                    guard x1 > x0, y1 > y0 else { continue }
                    if x0 == r.x, y0 == r.y, x1 == r.maxX, y1 == r.maxY { return true }
                    area += (x1 - x0) * (y1 - y0)
                    gathered.append(pixman_box32_t(x1: Int32(x0), y1: Int32(y0), x2: Int32(x1), y2: Int32(y1)))
                }
            }
        }
        // The union is no larger than the sum of the pieces, and it must hold r's corners.
        guard area >= r.width * r.height, holds(r.x, r.y), holds(r.maxX - 1, r.y), holds(r.x, r.maxY - 1),
              holds(r.maxX - 1, r.maxY - 1) else { return false }
        // Subtract the pieces from r; covered when nothing is left. Past a few dozen leftover
        // rectangles, pixman's region answers instead.
        pieces.removeAll(keepingCapacity: true)
        pieces.append(pixman_box32_t(x1: Int32(r.x), y1: Int32(r.y), x2: Int32(r.maxX), y2: Int32(r.maxY)))
        for g in gathered {
            var k = 0
            let n = pieces.count
            for i in 0..<n {
                let p = pieces[i]
                if g.x1 >= p.x2 || g.x2 <= p.x1 || g.y1 >= p.y2 || g.y2 <= p.y1 { pieces[k] = p; k += 1; continue }
                // Up to four leftovers: above, below, left, right of the overlap.
                let y1 = max(p.y1, g.y1), y2 = min(p.y2, g.y2)
                if p.y1 < g.y1 { spare.append(pixman_box32_t(x1: p.x1, y1: p.y1, x2: p.x2, y2: g.y1)) }
                if g.y2 < p.y2 { spare.append(pixman_box32_t(x1: p.x1, y1: g.y2, x2: p.x2, y2: p.y2)) }
                if p.x1 < g.x1 { spare.append(pixman_box32_t(x1: p.x1, y1: y1, x2: g.x1, y2: y2)) }
                if g.x2 < p.x2 { spare.append(pixman_box32_t(x1: g.x2, y1: y1, x2: p.x2, y2: y2)) }
            }
            pieces.removeLast(n - k)
            pieces.append(contentsOf: spare)
            spare.removeAll(keepingCapacity: true)
            if pieces.isEmpty { return true }
            if pieces.count > 64 { return regionCovers(r) }
        }
        return false
    }

    /// Whether pixel (x, y) lies in one of the rectangles `0..<limit`.
    private func point(_ x: Int, _ y: Int, _ limit: Int) -> Bool {
        let c = cellRange(PixelRect(x: x, y: y, width: 1, height: 1))
        return cells[c.r0 * columns + c.c0].withUnsafeBufferPointer { list in
            rects.withUnsafeBufferPointer { rects in
                list.contains { i in
                    guard Int(i) < limit else { return false }
                    let o = rects[Int(i)]
                    return x >= o.x && x < o.maxX && y >= o.y && y < o.maxY
                }
            }
        }
    }

    private func regionCovers(_ r: PixelRect) -> Bool {
        var region = pixman_region32_t()
        defer { pixman_region32_fini(&region) }
        _ = gathered.withUnsafeBufferPointer { pixman_region32_init_rects(&region, $0.baseAddress, Int32($0.count)) }
        var box = pixman_box32_t(x1: Int32(r.x), y1: Int32(r.y), x2: Int32(r.maxX), y2: Int32(r.maxY))
        return pixman_region32_contains_rectangle(&region, &box) == PIXMAN_REGION_IN
    }

    private func holds(_ x: Int, _ y: Int) -> Bool {
        let x = Int32(x), y = Int32(y)
        return gathered.contains { x >= $0.x1 && x < $0.x2 && y >= $0.y1 && y < $0.y2 }
    }

    /// The union of every rectangle added.
    func union() -> Region {
        // Usually one rectangle (a window's opaque background) holds all the others.
        if let big = rects.max(by: { $0.width * $0.height < $1.width * $1.height }),
           rects.allSatisfy({ $0.x >= big.x && $0.y >= big.y && $0.maxX <= big.maxX && $0.maxY <= big.maxY }) {
            return Region(big)
        }
        return Region(boxes: rects.map { pixman_box32_t(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) })
    }
}
