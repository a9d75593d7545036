import CPixman

/// Dense damage rounded out to a grid of tiles: the union of many rectangles, as a region,
/// without the cost of an exact union.
///
/// Why: a frame where a thousand layers move damages a few thousand overlapping rectangles
/// that together cover most of the surface; their exact union costs more than a millisecond
/// of region arithmetic that buys nothing (the repaint covers nearly everything anyway). Marking
/// the tiles each rectangle touches costs a few microseconds, and the result is still a region
/// (rows of tile runs), never one bounding box: untouched tiles stay out of it.
enum _TileDamage {
    /// Tile side in pixels.
    static let tile = 16
    /// Rectangles up to this count are always unioned exactly.
    static let exactCount = 64
    /// Above `exactCount` rectangles, the tiles are used when the rectangles' areas add up to
    /// at least this fraction of `bounds` (dense damage); sparse damage stays exact.
    static let denseFraction = 0.25

    /// Whether `boxes` within `bounds` should be rounded out to tiles (see `denseFraction`).
    static func isDense(_ boxes: [pixman_box32_t], bounds: PixelRect) -> Bool {
        guard boxes.count > exactCount, !bounds.isEmpty else { return false }
        var area = 0.0
        for b in boxes { area += Double(max(0, Int(b.x2) - Int(b.x1))) * Double(max(0, Int(b.y2) - Int(b.y1))) }
        return area >= denseFraction * Double(bounds.width) * Double(bounds.height)
    }

    /// The tiles of `bounds` (tile grid anchored at its origin) that `boxes` touch, clipped to
    /// `bounds`: a superset of the boxes' union within `bounds`. Memory is one byte per tile.
    static func region(_ boxes: [pixman_box32_t], bounds: PixelRect) -> Region {
        guard !bounds.isEmpty else { return Region() }
        let t = tile
        let columns = (bounds.width + t - 1) / t, rows = (bounds.height + t - 1) / t
        var marks = [UInt8](repeating: 0, count: columns * rows)
        marks.withUnsafeMutableBufferPointer { m in
            for b in boxes {
                let x0 = max(Int(b.x1), bounds.x), x1 = min(Int(b.x2), bounds.maxX)
                let y0 = max(Int(b.y1), bounds.y), y1 = min(Int(b.y2), bounds.maxY)
                guard x1 > x0, y1 > y0 else { continue }
                let c0 = (x0 - bounds.x) / t, c1 = (x1 - 1 - bounds.x) / t
                let r0 = (y0 - bounds.y) / t, r1 = (y1 - 1 - bounds.y) / t
                for r in r0...r1 {
                    let row = m.baseAddress! + r * columns
                    for c in c0...c1 { row[c] = 1 }
                }
            }
        }
        // Runs of marked tiles, row by row (already in pixman's y-x band order).
        var out: [pixman_box32_t] = []
        for r in 0..<rows {
            let y1 = bounds.y + r * t, y2 = min(y1 + t, bounds.maxY)
            var c = 0
            while c < columns {
                guard marks[r * columns + c] != 0 else { c += 1; continue }
                var e = c + 1
                while e < columns, marks[r * columns + e] != 0 { e += 1 }
                out.append(Region.clampedBox(x1: bounds.x + c * t, y1: y1, x2: min(bounds.x + e * t, bounds.maxX), y2: y2))
                c = e
            }
        }
        return Region(boxes: out)
    }
}
