/// Averages `factor`×`factor` blocks of premultiplied ARGB32 pixels, fed one row at a time: the
/// streaming downsampler of the tiled image sources (memory: one output row of sums).
///
/// Blocks at the right and bottom edges that hold fewer pixels average only the pixels they
/// have, so a level's size is always `ceil(size / factor)`. Each channel is rounded to nearest.
/// Averaging premultiplied values is the correct (alpha-weighted) filter.
struct _BoxReducer {
    let factor: Int
    let inputWidth: Int
    let outputWidth: Int
    /// Rows added since the last `emit`.
    private(set) var rows = 0
    private var sums: [Int]

    init(factor: Int, inputWidth: Int) {
        self.factor = factor
        self.inputWidth = inputWidth
        outputWidth = (inputWidth + factor - 1) / factor
        sums = [Int](repeating: 0, count: outputWidth * 4)
    }

    /// Adds one input row of `inputWidth` pixels.
    mutating func add(_ row: UnsafePointer<UInt32>) {
        let f = factor, w = inputWidth
        sums.withUnsafeMutableBufferPointer { s in
            let s = s.baseAddress!
            for x in 0..<w {
                let p = row[x], o = (x / f) * 4
                s[o] += Int(p >> 24); s[o + 1] += Int(p >> 16 & 0xFF)
                s[o + 2] += Int(p >> 8 & 0xFF); s[o + 3] += Int(p & 0xFF)
            }
        }
        rows += 1
    }

    /// Writes the averaged row (`outputWidth` pixels) of the rows added so far (at least one)
    /// and starts a new block.
    mutating func emit(into dst: UnsafeMutablePointer<UInt32>) {
        let f = factor, w = inputWidth, n = rows
        sums.withUnsafeMutableBufferPointer { s in
            let s = s.baseAddress!
            for ox in 0..<outputWidth {
                let count = min(f, w - ox * f) * n, half = count / 2, o = ox * 4
                @inline(__always) func avg(_ v: Int) -> UInt32 { UInt32((v + half) / count) }
                dst[ox] = avg(s[o]) << 24 | avg(s[o + 1]) << 16 | avg(s[o + 2]) << 8 | avg(s[o + 3])
                s[o] = 0; s[o + 1] = 0; s[o + 2] = 0; s[o + 3] = 0
            }
        }
        rows = 0
    }
}
