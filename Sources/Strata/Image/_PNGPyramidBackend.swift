import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PNG streamed once, row by row, into a pyramid of tiles in an anonymous temporary file;
/// regions are then read back from the tiles (PNG has no random access, so this is the only
/// way to serve a huge one without holding it).
///
/// Every level down to 1×1 pixel is stored, cut into `tile`×`tile` tiles (edge tiles padded),
/// each level made from the one above by 2×2 box averaging while the rows stream through.
/// Memory while building: one band of `tile` rows per level, about 2 × tile × width × 4 bytes
/// (40 MB for a 20 000-pixel-wide image with 256-pixel tiles); afterwards none: reads `pread`
/// whole tiles into a per-call buffer. Disk: about 4/3 × width × height × 4 bytes (the file is
/// unlinked at creation, so it disappears with the process). Interlaced PNGs cannot be streamed:
/// they are decoded whole within the limits (at most ``ImageDecodeLimits/default``) and tiled.
final class _PNGPyramidBackend: _TiledBackend, @unchecked Sendable {
    // @unchecked: immutable after init; `pread` on the shared descriptor is thread-safe.
    let width: Int
    let height: Int
    let tile: Int
    private let fd: Int32
    private let levels: [Level]

    struct Level {
        let width: Int, height: Int, columns: Int, rows: Int, offset: Int
    }

    /// `reader` opens the PNG for streaming; `whole` decodes it at once (used for interlaced files).
    init(reader: () throws(PNGError) -> _PNGRowReader, whole: (ImageDecodeLimits) throws(PNGError) -> PNGImage,
         limits: ImageDecodeLimits, tile: Int = 256) throws(PNGError) {
        let source = try reader()
        guard source.width > 0, source.height > 0 else { throw .malformed(reason: "zero width or height") }
        guard limits.admit(width: source.width, height: source.height) else {
            throw .tooLarge(width: source.width, height: source.height, limits: limits)
        }
        width = source.width
        height = source.height
        self.tile = tile
        var levels: [Level] = []
        var (w, h, offset) = (width, height, 0)
        while true {
            let columns = (w + tile - 1) / tile, rows = (h + tile - 1) / tile
            levels.append(Level(width: w, height: h, columns: columns, rows: rows, offset: offset))
            offset += columns * rows * tile * tile * 4
            if w == 1 && h == 1 { break }
            (w, h) = ((w + 1) / 2, (h + 1) / 2)
        }
        self.levels = levels
        var template = Array((NSTemporaryDirectory() + "/strata-tiles-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .io(path: NSTemporaryDirectory(), reason: String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
        do throws(PNGError) {
            let builder = _PyramidBuilder(levels: levels, tile: tile, fd: fd)
            if source.interlaced {
                // Adam7 needs the whole image: decode it within the default limits and feed its rows.
                let image = try whole(.default)
                try image.pixels.withUnsafeBufferPointer { p throws(PNGError) in
                    for y in 0..<height { try builder.push(level: 0, row: p.baseAddress! + y * width) }
                }
            } else {
                let row = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
                defer { row.deallocate() }
                for _ in 0..<height {
                    try source.readRow(into: row)
                    try builder.push(level: 0, row: row)
                }
            }
            try builder.finish()
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    func read(level: Int, x: Int, y: Int, w: Int, h: Int, into dst: UnsafeMutablePointer<UInt32>, stride: Int) throws {
        let l = levels[min(level, levels.count - 1)]
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: tile * tile)
        defer { buffer.deallocate() }
        let bytes = tile * tile * 4
        for row in (y / tile)...((y + h - 1) / tile) {
            for column in (x / tile)...((x + w - 1) / tile) {
                let at = l.offset + (row * l.columns + column) * bytes
                guard pread(fd, buffer, bytes, off_t(at)) == bytes else {
                    throw PNGError.io(path: "tile cache", reason: String(cString: strerror(errno)))
                }
                // The part of this tile inside the region.
                let x0 = max(x, column * tile), x1 = min(x + w, (column + 1) * tile)
                let y0 = max(y, row * tile), y1 = min(y + h, (row + 1) * tile)
                for ty in y0..<y1 {
                    (dst + (ty - y) * stride + (x0 - x)).update(from: buffer + (ty - row * tile) * tile + (x0 - column * tile), count: x1 - x0)
                }
            }
        }
    }
}

/// Builds the pyramid as rows arrive: a band of `tile` rows per level, written out as tiles when
/// full, and a 2× reducer feeding the next level.
final class _PyramidBuilder {
    let levels: [_PNGPyramidBackend.Level]
    let tile: Int
    let fd: Int32
    private var bands: [UnsafeMutablePointer<UInt32>]
    private var bandRows: [Int]
    private var bandIndex: [Int]
    private var reducers: [_BoxReducer]
    private let scratch: UnsafeMutablePointer<UInt32>

    init(levels: [_PNGPyramidBackend.Level], tile: Int, fd: Int32) {
        self.levels = levels; self.tile = tile; self.fd = fd
        bands = levels.map { .allocate(capacity: $0.width * tile) }
        bandRows = levels.map { _ in 0 }
        bandIndex = bandRows
        reducers = levels.map { _BoxReducer(factor: 2, inputWidth: $0.width) }
        scratch = .allocate(capacity: tile * tile)
    }

    deinit {
        bands.forEach { $0.deallocate() }
        scratch.deallocate()
    }

    func push(level: Int, row: UnsafePointer<UInt32>) throws(PNGError) {
        let l = levels[level]
        (bands[level] + bandRows[level] * l.width).update(from: row, count: l.width)
        bandRows[level] += 1
        if level + 1 < levels.count {
            reducers[level].add(row)
            if reducers[level].rows == 2 { try reduce(level) }
        }
        if bandRows[level] == tile { try flush(level) }
    }

    private func reduce(_ level: Int) throws(PNGError) {
        let next = UnsafeMutablePointer<UInt32>.allocate(capacity: levels[level + 1].width)
        defer { next.deallocate() }
        reducers[level].emit(into: next)
        try push(level: level + 1, row: next)
    }

    /// Writes the band's tiles (padded with transparent pixels to full tiles).
    private func flush(_ level: Int) throws(PNGError) {
        let l = levels[level], rows = bandRows[level], bytes = tile * tile * 4
        for column in 0..<l.columns {
            scratch.initialize(repeating: 0, count: tile * tile)
            let x0 = column * tile, count = min(tile, l.width - x0)
            for r in 0..<rows { (scratch + r * tile).update(from: bands[level] + r * l.width + x0, count: count) }
            let at = l.offset + (bandIndex[level] * l.columns + column) * bytes
            guard pwrite(fd, scratch, bytes, off_t(at)) == bytes else {
                throw .io(path: "tile cache", reason: String(cString: strerror(errno)))
            }
        }
        bandRows[level] = 0
        bandIndex[level] += 1
    }

    /// Flushes partial blocks and bands, top level first.
    func finish() throws(PNGError) {
        for level in levels.indices {
            if level + 1 < levels.count, reducers[level].rows > 0 { try reduce(level) }
            if bandRows[level] > 0 { try flush(level) }
        }
    }
}
