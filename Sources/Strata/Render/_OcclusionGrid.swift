import CPixman
import Foundation

/// Opaque rectangles, added in back-to-front order, answering the occlusion pass's question:
/// is this rectangle entirely covered by the first `limit` rectangles added?
///
/// Why not one growing `Region`: adding each of a thousand overlapping rectangles to a union
/// costs O(boxes) per addition (quadratic overall, ~40 ms for 1000 moving layers). Here a
/// uniform grid of 64-pixel cells, each the root of a quadtree, lists per cell the rectangles
/// touching it; a query gathers only the rectangles near the queried one and builds their
/// union, so the answer is the same exact set question at a cost proportional to the local
/// overlap.
///
/// Why a quadtree under each cell: a cell's list is bounded (`capacity` rectangles that touch
/// but do not contain it). One rectangle more and the cell splits into halves (in each
/// direction wider than a pixel) and hands its rectangles down. A rectangle containing a whole
/// cell is not listed: the cell keeps only the first such rectangle (`full`), because for any
/// `limit` the first one answers for all later ones, and once a cell has it, rectangles added
/// later cannot change an answer there. So 100 000 one-pixel layers make small cells of at most
/// `capacity` rectangles each instead of 64-pixel cells of 4 096 to scan per pixel asked.
struct _OcclusionGrid {
    private(set) var rects: [PixelRect] = []
    /// Pixel bounds `[x0, x1) × [y0, y1)` of a cell, its first containing rectangle and where its
    /// listed rectangles or its children are.
    private struct Cell {
        var x0: Int32, y0: Int32, x1: Int32, y1: Int32
        /// Index of the first rectangle containing the whole cell; `Int32.max` when none.
        var full: Int32 = .max
        /// First of the children (2 or 4, row-major), or −1 for a leaf.
        var child: Int32 = -1
        /// Listed rectangles (a leaf's), in `slots[index × capacity ..< + count]`, ascending.
        var count: Int32 = 0

        var splitsX: Bool { x1 - x0 > 1 }
        var splitsY: Bool { y1 - y0 > 1 }
        var midX: Int32 { splitsX ? x0 + (x1 - x0) / 2 : x1 }
        var midY: Int32 { splitsY ? y0 + (y1 - y0) / 2 : y1 }
        var childCount: Int { splitsX && splitsY ? 4 : 2 }

        func touches(_ r: PixelRect) -> Bool { r.x < Int(x1) && r.maxX > Int(x0) && r.y < Int(y1) && r.maxY > Int(y0) }
        func isInside(_ r: PixelRect) -> Bool { r.x <= Int(x0) && r.y <= Int(y0) && r.maxX >= Int(x1) && r.maxY >= Int(y1) }
    }
    /// Rectangles a leaf lists before it splits.
    static let capacity = 16
    /// The grid's cells first (`columns × rows`, row-major), then the children made by splits.
    private var cells: [Cell] = []
    private var slots: [Int32] = []
    private var origin = (x: 0, y: 0)
    private var columns = 0, rows = 0
    private let shift = 6 // 64-pixel cells
    private var cellWidth = 64, cellHeight = 64
    /// Per rectangle: the query that last gathered it (each counts once per query).
    private var stamps: [UInt32] = []
    private var query: UInt32 = 0
    private var gathered: [pixman_box32_t] = []
    private var pieces: [pixman_box32_t] = [], spare: [pixman_box32_t] = []
    /// Work lists of `add` (cell, rectangle; first in, first out, so that every cell receives its
    /// rectangles in ascending order) and of `covers` (cells).
    private var pending: [(cell: Int32, rect: Int32)] = []
    private var visit: [Int32] = []

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
        cells.removeAll(keepingCapacity: true)
        for row in 0..<rows {
            for col in 0..<columns {
                let x0 = origin.x + col * cellWidth, y0 = origin.y + row * cellHeight
                // The last column and row end at the extents (a cell a rectangle can contain).
                cells.append(Cell(x0: Int32(x0), y0: Int32(y0),
                                  x1: Int32(max(x0 + 1, min(x0 + cellWidth, extents.maxX))),
                                  y1: Int32(max(y0 + 1, min(y0 + cellHeight, extents.maxY)))))
            }
        }
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(0, count: cells.count * Self.capacity))
    }

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
        pending.removeAll(keepingCapacity: true)
        let c = cellRange(r)
        for row in c.r0...c.r1 { for col in c.c0...c.c1 { pending.append((Int32(row * columns + col), index)) } }
        var next = 0
        while next < pending.count {
            let (cell, i) = pending[next]
            next += 1
            place(i, in: Int(cell))
        }
    }

    /// One step of `add`: rectangle `i` (touching `cell`) is recorded there or passed to children.
    private mutating func place(_ i: Int32, in cell: Int) {
        let s = cells[cell]
        // A containing rectangle came first: nothing added later changes an answer here.
        guard s.full == .max else { return }
        let r = rects[Int(i)]
        // Outside the extents (a caller's mistake): not recorded, rather than a split of a pixel.
        guard s.touches(r) else { return }
        if s.isInside(r) {
            cells[cell].full = i
            return
        }
        if s.child < 0, Int(s.count) < Self.capacity {
            slots[cell * Self.capacity + Int(s.count)] = i
            cells[cell].count += 1
            return
        }
        if s.child < 0 { split(cell) } // more than a pixel: a one-pixel cell is always contained
        queueChildren(of: cell, touching: i)
    }

    private mutating func queueChildren(of cell: Int, touching i: Int32) {
        let s = cells[cell], r = rects[Int(i)]
        for c in Int(s.child)..<Int(s.child) + s.childCount where cells[c].touches(r) { pending.append((Int32(c), i)) }
    }

    /// Turns a full leaf into 2 or 4 children and queues its rectangles for them (before the
    /// rectangle being added, which has a larger index).
    private mutating func split(_ cell: Int) {
        let s = cells[cell]
        let first = Int32(cells.count)
        let xs: [(Int32, Int32)] = s.splitsX ? [(s.x0, s.midX), (s.midX, s.x1)] : [(s.x0, s.x1)]
        let ys: [(Int32, Int32)] = s.splitsY ? [(s.y0, s.midY), (s.midY, s.y1)] : [(s.y0, s.y1)]
        for y in ys { for x in xs { cells.append(Cell(x0: x.0, y0: y.0, x1: x.1, y1: y.1)) } }
        slots.append(contentsOf: repeatElement(0, count: (cells.count - Int(first)) * Self.capacity))
        cells[cell].child = first
        cells[cell].count = 0
        for k in 0..<Int(s.count) { queueChildren(of: cell, touching: slots[cell * Self.capacity + k]) }
    }

    /// True when every pixel of `r` (non-empty) lies in the union of rectangles `0..<limit`.
    mutating func covers(_ r: PixelRect, limit: Int) -> Bool {
        guard limit > 0, !r.isEmpty else { return r.isEmpty }
        // Most queries fail: a corner pixel of r outside every rectangle answers without
        // gathering (each corner looks at one leaf only).
        guard point(r.x, r.y, limit), point(r.maxX - 1, r.y, limit), point(r.x, r.maxY - 1, limit),
              point(r.maxX - 1, r.maxY - 1, limit) else { return false }
        query &+= 1
        if query == 0 { for i in stamps.indices { stamps[i] = 0 }; query = 1 }
        gathered.removeAll(keepingCapacity: true)
        var area = 0
        let lim = Int32(clamping: limit)
        let c = cellRange(r)
        visit.removeAll(keepingCapacity: true)
        for row in c.r0...c.r1 { for col in c.c0...c.c1 { visit.append(Int32(row * columns + col)) } }
        while let cell = visit.popLast() {
            let s = cells[Int(cell)]
            if s.full < lim {
                // The part of r in this cell is covered: the cell stands for the containing rectangle.
                if gather(Int(s.x0), Int(s.y0), Int(s.x1), Int(s.y1), within: r, area: &area) { return true }
                continue
            }
            if s.child >= 0 {
                for k in Int(s.child)..<Int(s.child) + s.childCount where cells[k].touches(r) { visit.append(Int32(k)) }
                continue
            }
            for k in 0..<Int(s.count) {
                let i = slots[Int(cell) * Self.capacity + k]
                if i >= lim { break } // listed in ascending order
                guard stamps[Int(i)] != query else { continue }
                stamps[Int(i)] = query
                let o = rects[Int(i)]
                if gather(o.x, o.y, o.maxX, o.maxY, within: r, area: &area) { return true }
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

    /// Adds the part of `[x0, x1) × [y0, y1)` inside `r` to the gathered pieces (and its area);
    /// true when that part is all of `r`.
    private mutating func gather(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, within r: PixelRect, area: inout Int) -> Bool {
        let x0 = max(x0, r.x), y0 = max(y0, r.y), x1 = min(x1, r.maxX), y1 = min(y1, r.maxY)
        guard x1 > x0, y1 > y0 else { return false }
        if x0 == r.x, y0 == r.y, x1 == r.maxX, y1 == r.maxY { return true }
        area += (x1 - x0) * (y1 - y0)
        gathered.append(pixman_box32_t(x1: Int32(x0), y1: Int32(y0), x2: Int32(x1), y2: Int32(y1)))
        return false
    }

    /// Whether pixel (x, y) lies in one of the rectangles `0..<limit`: one path down a cell's
    /// quadtree, then at most `capacity` rectangles.
    private func point(_ x: Int, _ y: Int, _ limit: Int) -> Bool {
        let c = cellRange(PixelRect(x: x, y: y, width: 1, height: 1))
        var cell = c.r0 * columns + c.c0
        let lim = Int32(clamping: limit)
        while true {
            let s = cells[cell]
            if s.full < lim { return true }
            if s.child >= 0 {
                cell = Int(s.child)
                if s.splitsX && x >= Int(s.midX) { cell += 1 }
                if s.splitsY && y >= Int(s.midY) { cell += s.splitsX ? 2 : 1 }
                continue
            }
            for k in 0..<Int(s.count) {
                let i = slots[cell * Self.capacity + k]
                if i >= lim { return false } // listed in ascending order
                let o = rects[Int(i)]
                if x >= o.x && x < o.maxX && y >= o.y && y < o.maxY { return true }
            }
            return false
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
