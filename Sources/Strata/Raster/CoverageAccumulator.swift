import Foundation

/// The scan converter: exact-area anti-aliasing of a set of edges, row band by row band.
///
/// Each edge adds, per pixel row it crosses, the signed area it leaves to its right in every
/// pixel it passes through, stored as differences between neighbouring cells so that a running
/// sum along the row gives the accumulated winding coverage of each pixel. Cells an edge touched
/// are flagged in a bitmap; between flagged cells the running sum is constant, so interior runs
/// become constant-alpha spans (a plain fill for opaque colour) and only the pixels that edges
/// cross are visited one by one. The fill rule is applied to the accumulated value (non-zero:
/// min(|s|, 1); even-odd: distance of |s| to the nearest even number), which is exact wherever
/// a pixel contains edges of one winding change and the usual approximation where several cross.
///
/// Hot loops use wrapping integer arithmetic and `_floorIndex` instead of `Int(Float)`, whose
/// range checks cost more than the work: every coordinate reaching them is inside the clip, so
/// far inside ±2²², where both are exact.
internal struct _CoverageAccumulator {
    static let bandShift = 5
    static let bandHeight = 1 << bandShift

    private(set) var cells: UnsafeMutablePointer<Float>
    private(set) var bits: UnsafeMutablePointer<UInt64>
    private(set) var rowMask: UnsafeMutablePointer<UInt8>
    private(set) var active: UnsafeMutablePointer<Int32>
    private(set) var sorted: UnsafeMutablePointer<_Edge>
    private var cellCapacity = 0, bitCapacity = 0, maskCapacity = 0, activeCapacity = 0, sortedCapacity = 0
    private var bucketCounts: [Int] = []

    init() {
        cells = .allocate(capacity: 1); bits = .allocate(capacity: 1); rowMask = .allocate(capacity: 1)
        active = .allocate(capacity: 1); sorted = .allocate(capacity: 1)
    }

    func free() {
        cells.deallocate(); bits.deallocate(); rowMask.deallocate(); active.deallocate(); sorted.deallocate()
    }

    private static func ensure<T>(_ p: inout UnsafeMutablePointer<T>, _ cap: inout Int, _ n: Int, zero: T?) {
        if n <= cap { return }
        p.deallocate()
        let c = max(n, cap * 2)
        p = .allocate(capacity: c)
        if let z = zero { p.initialize(repeating: z, count: c) }
        cap = c
    }

    /// Rasterizes `count` edges (all inside the clip) into `blitter`.
    mutating func rasterize<B: _SpanBlitter>(edges: UnsafeMutablePointer<_Edge>, count: Int,
                                             bounds: (minX: Double, maxX: Double, minY: Double, maxY: Double),
                                             evenOdd: Bool, blitter: inout B) {
        guard count > 0 else { return }
        let xOrigin = Int(bounds.minX.rounded(.down))
        let width = Int(bounds.maxX.rounded(.up)) - xOrigin
        let yStart = Int(bounds.minY.rounded(.down))
        let yEnd = Int(bounds.maxY.rounded(.up))
        guard width >= 0, yEnd > yStart else { return }
        let stride = width + 2
        // Rows of the bitmap are padded to groups of 4 words (the padding stays 0), so the sweep
        // can skip 256 untouched cells with one test.
        let words = ((stride + 255) >> 8) << 2
        let bandH = _CoverageAccumulator.bandHeight
        Self.ensure(&cells, &cellCapacity, stride * bandH, zero: 0)
        Self.ensure(&bits, &bitCapacity, words * bandH, zero: 0)
        Self.ensure(&rowMask, &maskCapacity, stride, zero: nil)
        Self.ensure(&active, &activeCapacity, count, zero: nil)
        Self.ensure(&sorted, &sortedCapacity, count, zero: nil)

        // Bucket edges by the band of their top row (a counting sort).
        let bands = (yEnd - yStart + bandH - 1) / bandH
        bucketCounts.removeAll(keepingCapacity: true)
        bucketCounts.append(contentsOf: repeatElement(0, count: bands + 1))
        let yOriginF = Float(yStart)
        let lastBand = bands - 1
        @inline(__always) func bandOf(_ e: _Edge) -> Int {
            let b = _floorIndex(e.y0 - yOriginF) &>> _CoverageAccumulator.bandShift
            return b < 0 ? 0 : (b > lastBand ? lastBand : b)
        }
        bucketCounts.withUnsafeMutableBufferPointer { bc in
            let bcp = bc.baseAddress!
            for i in 0..<count { bcp[bandOf(edges[i]) &+ 1] &+= 1 }
            for b in 0..<bands { bcp[b &+ 1] &+= bcp[b] }
            for i in 0..<count {
                let b = bandOf(edges[i])
                sorted[bcp[b]] = edges[i]
                bcp[b] &+= 1
            }
        }
        // bucketCounts[b] now holds the end of band b's bucket.
        var next = 0
        var nActive = 0
        let xo = Float(xOrigin)
        let wF = Float(width)
        for band in 0..<bands {
            let bandTop = yStart + band * bandH
            let bandBottom = min(bandTop + bandH, yEnd)
            let end = bucketCounts[band]
            while next < end { active[nActive] = Int32(truncatingIfNeeded: next); nActive &+= 1; next &+= 1 }
            let btF = Float(bandTop), bbF = Float(bandBottom)
            var k = 0
            while k < nActive {
                let e = sorted[Int(active[k])]
                let ys = max(e.y0, btF), ye = min(e.y1, bbF)
                if ys < ye { addEdge(e, ys, ye, bandTop: btF, xOrigin: xo, width: wF, stride: stride, words: words) }
                if e.y1 <= bbF {
                    nActive &-= 1
                    active[k] = active[nActive]
                } else {
                    k &+= 1
                }
            }
            if evenOdd {
                sweepRows(_EvenOddRule.self, bandTop, bandBottom, yEnd: yEnd, xOrigin: xOrigin, width: width,
                          stride: stride, words: words, blitter: &blitter)
            } else {
                sweepRows(_NonZeroRule.self, bandTop, bandBottom, yEnd: yEnd, xOrigin: xOrigin, width: width,
                          stride: stride, words: words, blitter: &blitter)
            }
        }
    }

    /// Adds edge `e` between rows ys…ye (inside the current band).
    @inline(__always)
    private func addEdge(_ e: _Edge, _ ys: Float, _ ye: Float, bandTop bt: Float, xOrigin: Float, width: Float,
                         stride: Int, words: Int) {
        let ex0 = e.x0 - xOrigin, ex1 = e.x1 - xOrigin
        var row = _floorIndex(ys - bt)
        if ex0 == ex1 {
            // Vertical: the same two cells in every row.
            let xc = ex0 < 0 ? 0 : (ex0 > width ? width : ex0)
            let ci = _floorIndex(xc)
            let f = xc - Float(ci)
            var y = ys
            while y < ye {
                let yn = min(bt + Float(row &+ 1), ye)
                let d = e.dir * (yn - y)
                let c = cells + row &* stride + ci
                c[0] += d - d * f
                c[1] += d * f
                _flagPair(bits + row &* words, ci)
                y = yn
                row &+= 1
            }
            return
        }
        let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
        let lo = ex0 < ex1 ? ex0 : ex1, hi = ex0 < ex1 ? ex1 : ex0
        @inline(__always) func xAt(_ y: Float) -> Float {
            let v = ex0 + (y - e.y0) * dxdy
            return v < lo ? lo : (v > hi ? hi : v)
        }
        @inline(__always) func clamped(_ v: Float) -> Float { v < 0 ? 0 : (v > width ? width : v) }
        var y = ys
        // The piece's end x, clamped to the row, and its cell carry over to the next row's piece.
        var x = clamped(y == e.y0 ? ex0 : xAt(y))
        var cx = _floorIndex(x)
        while y < ye {
            let yn = min(bt + Float(row &+ 1), ye)
            let xn = clamped(yn == e.y1 ? ex1 : xAt(yn))
            let cxn = _floorIndex(xn)
            accumulate(cells + row &* stride, bits + row &* words, x, cx, xn, cxn, e.dir * (yn - y))
            y = yn
            x = xn
            cx = cxn
            row &+= 1
        }
    }

    /// One row piece of an edge from x = a to x = b (relative to the band's origin, clamped to
    /// 0…width; ca and cb are their cells) covering height |d| with sign of d.
    @inline(__always)
    private func accumulate(_ c: UnsafeMutablePointer<Float>, _ bw: UnsafeMutablePointer<UInt64>,
                            _ a: Float, _ ca: Int, _ b: Float, _ cb: Int, _ d: Float) {
        let xl = a < b ? a : b, xr = a < b ? b : a
        let c0 = a < b ? ca : cb, c1 = a < b ? cb : ca
        if c0 == c1 || xr - xl < 1e-6 {
            let xm = (xl + xr) * 0.5
            var ci = _floorIndex(xm)
            if ci > c1 { ci = c1 }
            let f = xm - Float(ci)
            c[ci] += d - d * f
            c[ci &+ 1] += d * f
            _flagPair(bw, ci)
            return
        }
        // Coverage left in column i (running sum) is d·(H(i+1−xl) − H(i+1−xr))/(xr−xl) with
        // H(u) = 0, u²/2, u − ½ for u ≤ 0, 0…1, ≥ 1; the cells get its differences.
        let inv = d / (xr - xl)
        let a0 = Float(c0 &+ 1) - xl
        let cov0 = inv * a0 * a0 * 0.5
        c[c0] += cov0
        var prev = cov0
        if c1 > c0 &+ 1 {
            let cov1 = inv * (a0 + 0.5)
            c[c0 &+ 1] += cov1 - cov0
            var i = c0 &+ 2
            while i < c1 { c[i] += inv; i &+= 1 }
            prev = cov1 + inv * Float(c1 &- c0 &- 2)
        }
        let b1 = Float(c1 &+ 1) - xr
        let covEnd = inv * ((Float(c1) + 0.5 - xl) - b1 * b1 * 0.5)
        c[c1] += covEnd - prev
        c[c1 &+ 1] += d - covEnd
        // Flag cells c0 … c1+1.
        var w = c0 &>> 6
        let lastW = (c1 &+ 1) &>> 6
        var m = ~UInt64(0) &<< UInt64(c0 & 63)
        while w < lastW { bw[w] |= m; m = ~0; w &+= 1 }
        bw[w] |= m & (~UInt64(0) &>> UInt64(63 &- ((c1 &+ 1) & 63)))
    }

    /// How many rows ahead the sweep prefetches the target pixels where a row's edges are: the
    /// first and last pixels edges touch are read and blended, and in a large target they are
    /// usually not in cache (a row-by-row walk gives the hardware prefetcher no stride to follow).
    static let prefetchRows = 2

    /// Sweeps rows top…bottom − 1 of the current band (specialised on the fill rule).
    @inline(__always)
    private func sweepRows<R: _FillRuleAlpha, B: _SpanBlitter>(_: R.Type, _ top: Int, _ bottom: Int, yEnd: Int,
                                                               xOrigin: Int, width: Int, stride: Int, words: Int,
                                                               blitter: inout B) {
        for row in top..<bottom {
            sweepRow(R.self, row &- top, y: row, xOrigin: xOrigin, width: width, stride: stride, words: words,
                     prefetchRow: row &+ Self.prefetchRows < yEnd ? row &+ Self.prefetchRows : -1, blitter: &blitter)
        }
    }

    /// Turns one row's cells into spans and clears them; then prefetches the target pixels at
    /// this row's first and last edge cells in row `prefetchRow` (none when it is −1).
    ///
    /// Only flagged cells are read: the running sum is constant across the others (they hold 0),
    /// so skipping them adds the same values in the same order as a walk over every cell.
    @inline(__always)
    private func sweepRow<R: _FillRuleAlpha, B: _SpanBlitter>(_: R.Type, _ r: Int, y: Int, xOrigin: Int, width: Int,
                                                              stride: Int, words: Int, prefetchRow: Int,
                                                              blitter: inout B) {
        let c = cells + r &* stride
        let bw = bits + r &* words
        let mask = rowMask
        var s: Float = 0
        var x = 0                // first pixel not yet emitted
        var runStart = 0         // first pixel of the current per-pixel run (empty when x == runStart)
        var first = -1
        var g = 0
        while g < words {
            // One test per group of 4 words (256 cells): interiors and gaps are mostly unflagged.
            if bw[g] | bw[g &+ 1] | bw[g &+ 2] | bw[g &+ 3] == 0 { g &+= 4; continue }
            for w in g..<(g &+ 4) {
                var word = bw[w]
                if word == 0 { continue }
                bw[w] = 0
                let wBase = w &<< 6
                if first < 0 { first = wBase | word.trailingZeroBitCount }
                repeat {
                    let i = wBase | word.trailingZeroBitCount
                    word &= word &- 1
                    if i != x {
                        // Flush the pending per-pixel run, then the constant gap before i.
                        let runEnd = x < width ? x : width
                        if runEnd > runStart {
                            blitter.mask(y: y, x: xOrigin &+ runStart, count: runEnd &- runStart, alpha: mask + runStart)
                        }
                        if x < width {
                            let a = R.alpha(s)
                            if a != 0 { blitter.span(y: y, x: xOrigin &+ x, count: (i < width ? i : width) &- x, alpha: a) }
                        }
                        runStart = i
                    }
                    s += c[i]
                    c[i] = 0
                    mask[i] = UInt8(truncatingIfNeeded: R.alpha(s))
                    x = i &+ 1
                } while word != 0
            }
            g &+= 4
        }
        if first < 0 { return }
        let runEnd = x < width ? x : width
        if runEnd > runStart {
            blitter.mask(y: y, x: xOrigin &+ runStart, count: runEnd &- runStart, alpha: mask + runStart)
        }
        if x < width {
            let a = R.alpha(s)
            if a != 0 { blitter.span(y: y, x: xOrigin &+ x, count: width &- x, alpha: a) }
        }
        if prefetchRow >= 0 {
            blitter.prefetch(y: prefetchRow, x: xOrigin &+ (first < width ? first : width &- 1))
            blitter.prefetch(y: prefetchRow, x: xOrigin &+ (runEnd > 0 ? runEnd &- 1 : 0))
        }
    }
}

/// ⌊v⌋ for |v| < 2²², without `Int(Float)`'s range checks: adding 1.5·2²³ rounds v to the
/// nearest integer in the low mantissa bits; one comparison turns that into the floor.
@inline(__always)
internal func _floorIndex(_ v: Float) -> Int {
    let r = Int((v + 12_582_912).bitPattern & 0x7F_FFFF) &- 0x40_0000
    return Float(r) > v ? r &- 1 : r
}

/// Flags cells i and i+1 of a row's bitmap.
@inline(__always)
private func _flagPair(_ bw: UnsafeMutablePointer<UInt64>, _ i: Int) {
    let sh = UInt64(truncatingIfNeeded: i & 63)
    bw[i &>> 6] |= 3 &<< sh
    if sh == 63 { bw[(i &>> 6) &+ 1] |= 1 }
}
