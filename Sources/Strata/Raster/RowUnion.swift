import Foundation

/// Exact non-zero coverage for the pixel rows where outline pieces may overlap inside a pixel.
///
/// The scan converter accumulates the winding number's integral over each pixel and clamps it to
/// 1. That is the covered area only where a pixel holds winding values 0 and one of ±1: where two
/// same-orientation pieces overlap inside a partly covered pixel (stroke segments, join wedges and
/// caps), 0.3 + 0.3 becomes 0.6 although the union covers less, and where +1 and −1 regions share
/// a pixel they cancel. For such a row this type recomputes the cells from the row's pieces: the
/// row is cut into slabs at every piece end and every crossing of two pieces, so that inside a
/// slab the pieces keep their left-to-right order; walking them in that order with the running
/// winding number, only the pieces where the winding changes between zero and non-zero bound the
/// covered region. They are accumulated (entering +1, leaving −1) in place of all the pieces.
///
/// Rows whose pieces only ever separate winding 0 from one sign of ±1 are left untouched: there
/// the accumulated integral is already the area, so fills without overlaps stay bit-identical.
///
/// The work is bounded: a row with more than `maxPieces` pieces, or whose pieces cross more than
/// `maxSplits` times, keeps the clamped integral (the approximation is then where hundreds of
/// edges meet in one row, e.g. a million-segment zig-zag, whose pixels are mostly full anyway).
internal struct _RowUnion {
    /// One edge's part in the row: from (xa, ya) to (xb, yb), y relative to the row's top.
    private struct Piece { var ya, yb, xa, xb: Double; var dir: Int }
    /// A piece inside a slab: x at the slab's top and bottom.
    private struct Cut { var xt, xb: Double; var dir: Int }
    /// A boundary piece inside a slab, with +1 where it enters the covered region, −1 where it leaves.
    private struct Bound { var xt, xb, y0, y1: Double; var sign: Double }

    private var pieces: [Piece] = []
    private var ys: [Double] = []
    private var cuts: [Cut] = []
    private var bounds: [Bound] = []

    /// Slabs thinner than this (a fraction of the row) are not split further at crossings: the
    /// coverage such a slab can misplace is below 1e-7 of a pixel.
    private static let minSlab = 1e-7
    static let maxPieces = 128
    static let maxSplits = 512

    /// Recomputes one row's cells (`cells`, `bits`: the row's cell differences and flag bitmap,
    /// `words` bitmap words) from the band's active edges, unless its accumulated cells are
    /// already exact. `rowTop` is the row's top in device pixels, x is relative to `xOrigin` and
    /// clamped to 0…width, as the accumulator does.
    mutating func resolve(edges: UnsafePointer<_Edge>, active: UnsafePointer<Int32>, count: Int, rowTop: Float,
                          xOrigin: Float, width: Float, cells: UnsafeMutablePointer<Float>,
                          bits: UnsafeMutablePointer<UInt64>, words: Int) {
        guard gather(edges: edges, active: active, count: count, rowTop: rowTop, xOrigin: xOrigin, width: width),
              pieces.count > 1 else { return }
        ys.removeAll(keepingCapacity: true)
        for p in pieces { ys.append(p.ya); ys.append(p.yb) }
        ys.sort()
        bounds.removeAll(keepingCapacity: true)
        var simple = true, positive = false, negative = false
        var splits = 0
        var i = 0
        while i < ys.count - 1 {
            let top = ys[i], bottom = ys[i + 1]
            i += 1
            guard bottom > top else { continue }
            var lo = top
            while lo < bottom {
                // Shrink the slab to its first crossing, if any.
                var hi = bottom
                while true {
                    let c = slabCuts(lo, hi)
                    if c < hi { hi = c } else { break }
                    splits += 1
                    if splits > Self.maxSplits { return }
                }
                // Walk the (crossing-free) slab left to right.
                var w = 0
                for c in cuts {
                    let nw = w + c.dir
                    if nw > 1 || nw < -1 { simple = false }
                    if nw > 0 { positive = true } else if nw < 0 { negative = true }
                    if (w == 0) != (nw == 0) {
                        bounds.append(Bound(xt: c.xt, xb: c.xb, y0: lo, y1: hi, sign: w == 0 ? 1 : -1))
                    }
                    w = nw
                }
                lo = hi
            }
        }
        if simple && !(positive && negative) { return }
        // Replace the row's cells by the boundary pieces' contributions.
        for w in 0..<words {
            var word = bits[w]
            while word != 0 {
                cells[(w &<< 6) | word.trailingZeroBitCount] = 0
                word &= word &- 1
            }
        }
        for b in bounds {
            let xa = Float(min(max(b.xt, 0), Double(width))), xb = Float(min(max(b.xb, 0), Double(width)))
            _CoverageAccumulator.accumulate(cells, bits, xa, _floorIndex(xa), xb, _floorIndex(xb),
                                            Float(b.sign * (b.y1 - b.y0)))
        }
    }

    /// The row's pieces of the active edges, in the accumulator's coordinates; false when there
    /// are more than `maxPieces`.
    private mutating func gather(edges: UnsafePointer<_Edge>, active: UnsafePointer<Int32>, count: Int,
                                 rowTop: Float, xOrigin: Float, width: Float) -> Bool {
        pieces.removeAll(keepingCapacity: true)
        let rowBottom = rowTop + 1
        for k in 0..<count {
            let e = edges[Int(active[k])]
            let ya = max(e.y0, rowTop), yb = min(e.y1, rowBottom)
            guard ya < yb else { continue }
            // x along the edge, exact at its ends, within its x range and the accumulator's 0…width.
            func x(_ y: Float) -> Double {
                let v = y == e.y0 ? e.x0 : (y == e.y1 ? e.x1 : e.x0 + (y - e.y0) * ((e.x1 - e.x0) / (e.y1 - e.y0)))
                let c = min(max(v, min(e.x0, e.x1)), max(e.x0, e.x1)) - xOrigin
                return Double(min(max(c, 0), width))
            }
            if pieces.count == Self.maxPieces { return false }
            pieces.append(Piece(ya: Double(ya - rowTop), yb: Double(yb - rowTop), xa: x(ya), xb: x(yb),
                                dir: e.dir > 0 ? 1 : -1))
        }
        return true
    }

    /// Fills `cuts` with the pieces spanning lo…hi, sorted left to right at the slab's middle, and
    /// returns the height of the first crossing of two of them more than `minSlab` inside the
    /// slab (hi when none). Crossings closer to an end are ignored: the middle's order holds for
    /// all but that sliver.
    private mutating func slabCuts(_ lo: Double, _ hi: Double) -> Double {
        cuts.removeAll(keepingCapacity: true)
        for p in pieces where p.ya <= lo && p.yb >= hi {
            let s = (p.xb - p.xa) / (p.yb - p.ya)
            let a = lo == p.ya ? p.xa : p.xa + (lo - p.ya) * s
            let b = hi == p.yb ? p.xb : p.xa + (hi - p.ya) * s
            cuts.append(Cut(xt: a, xb: b, dir: p.dir))
        }
        cuts.sort { $0.xt + $0.xb < $1.xt + $1.xb }
        // A pair whose order at an end differs from the middle's has a neighbouring pair (in the
        // middle's order) that does too: the first inversion of a permutation is between neighbours.
        var first = hi
        var j = 0
        while j + 1 < cuts.count {
            let dt = cuts[j + 1].xt - cuts[j].xt, db = cuts[j + 1].xb - cuts[j].xb
            if (dt < 0 || db < 0) && dt != db {
                // The gap, linear in y, is zero there.
                let y = lo + (hi - lo) * dt / (dt - db)
                if y > lo + Self.minSlab && y < first { first = y }
            }
            j += 1
        }
        return first < hi - Self.minSlab ? first : hi
    }
}
