import Foundation

/// Regions of a JPEG decoded on demand, never the whole image: levels 0…3 straight from
/// libjpeg-turbo's DCT scaling (1/1 … 1/8) with cropped and skipped scanlines; coarser levels
/// from the 1/8 decode, box-averaged row by row.
///
/// Memory per read in flight: one cropped row plus, past level 3, one row of sums — a few tens of
/// kilobytes for a 256-pixel tile (progressive files excepted: libjpeg buffers their coefficients,
/// bounded by the reader's working-memory limit). Time per read grows with the region's bottom
/// edge (rows above it are entropy-decoded and skipped). Up to four readers are kept for reuse,
/// one per concurrent read; each holds the file open.
final class _JPEGTiledBackend: _TiledBackend, @unchecked Sendable {
    // @unchecked: `idle` is guarded by `lock`; a reader is used by one thread at a time.
    let width: Int
    let height: Int
    private let open: @Sendable () throws(JPEGError) -> _JPEGReader
    private let lock = NSLock()
    private var idle: [_JPEGReader]

    init(open: @escaping @Sendable () throws(JPEGError) -> _JPEGReader, limits: ImageDecodeLimits) throws(JPEGError) {
        let first = try open()
        guard limits.admit(width: first.width, height: first.height) else {
            throw .tooLarge(width: first.width, height: first.height, limits: limits)
        }
        self.open = open
        width = first.width
        height = first.height
        idle = [first]
    }

    private func take() throws(JPEGError) -> _JPEGReader {
        lock.lock()
        let reader = idle.popLast()
        lock.unlock()
        if let reader { return reader }
        return try open()
    }

    private func giveBack(_ reader: _JPEGReader) {
        lock.lock()
        if idle.count < 4 { idle.append(reader) }
        lock.unlock()
    }

    func read(level: Int, x: Int, y: Int, w: Int, h: Int, into dst: UnsafeMutablePointer<UInt32>, stride: Int) throws {
        let reader = try take()
        defer { giveBack(reader) }
        if level <= 3 {
            try reader.decode(x: x, y: y, w: w, h: h, denominator: 1 << level, into: dst, stride: stride)
            return
        }
        let k = 1 << (level - 3)
        let eighth = reader.scaledSize(denominator: 8)
        let x8 = x * k, y8 = y * k
        let w8 = min(w * k, eighth.width - x8), h8 = min(h * k, eighth.height - y8)
        var reducer = _BoxReducer(factor: k, inputWidth: w8)
        var out = 0
        try reader.decodeRows(x: x8, y: y8, w: w8, h: h8, denominator: 8) { r, row in
            reducer.add(row)
            if reducer.rows == k || r == h8 - 1 {
                reducer.emit(into: dst + out * stride)
                out += 1
            }
        }
    }
}
