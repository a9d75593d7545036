import CImageShims
#if canImport(Glibc)
import Glibc
#endif

/// One JPEG source (bytes or an open file) that can be decoded many times, whole or by region
/// and at 1/1, 1/2, 1/4 or 1/8 scale (libjpeg-turbo's DCT scaling, which skips most of the
/// inverse transform's work instead of decoding full size and shrinking).
///
/// Each decode starts again from the header. A region decode entropy-decodes every row above
/// and inside the region (`jpeg_skip_scanlines` saves colour conversion and upsampling, not
/// Huffman decoding) but only the iMCU columns that cover it (`jpeg_crop_scanline`), so its cost
/// grows with the region's bottom edge × the image width / 8 per row, and its memory is one
/// cropped row band — except for progressive files, whose coefficients libjpeg buffers whole
/// (bounded by `maxWorkingMemory`; larger ones fail with `JPEGError.malformed(reason:)`).
///
/// Not thread-safe: one decode at a time per reader (the tiled source keeps one per thread).
final class _JPEGReader {
    private let handle: OpaquePointer
    private let bytes: UnsafeMutableRawBufferPointer?
    let width: Int
    let height: Int

    /// Opens JPEG bytes (copied) and reads the header.
    init(data: [UInt8], maxWorkingMemory: Int = 256 << 20) throws(JPEGError) {
        guard !data.isEmpty else { throw .malformed(reason: "no data") }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        _ = copy.initializeMemory(as: UInt8.self, from: data)
        guard let h = strata_jpeg_open_memory(copy.baseAddress, copy.count) else {
            copy.deallocate()
            throw .malformed(reason: "out of memory")
        }
        do throws(JPEGError) {
            (width, height) = try Self.readHeader(h, maxWorkingMemory: maxWorkingMemory)
        } catch {
            strata_jpeg_close(h)
            copy.deallocate()
            throw error
        }
        bytes = copy
        handle = h
    }

    /// Opens the file at `path` (kept open: a file deleted afterwards still decodes).
    init(path: String, maxWorkingMemory: Int = 256 << 20) throws(JPEGError) {
        guard let h = strata_jpeg_open_file(path) else {
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        do throws(JPEGError) {
            (width, height) = try Self.readHeader(h, maxWorkingMemory: maxWorkingMemory)
        } catch {
            strata_jpeg_close(h)
            throw error
        }
        bytes = nil
        handle = h
    }

    deinit {
        strata_jpeg_close(handle)
        bytes?.deallocate()
    }

    private static func readHeader(_ handle: OpaquePointer, maxWorkingMemory: Int) throws(JPEGError) -> (Int, Int) {
        strata_jpeg_set_max_memory(handle, maxWorkingMemory)
        var w: Int32 = 0, h: Int32 = 0
        if strata_jpeg_read_header(handle, &w, &h) != 0 {
            throw .malformed(reason: String(cString: strata_jpeg_message(handle)))
        }
        guard w > 0, h > 0 else { throw .malformed(reason: "zero width or height") }
        return (Int(w), Int(h))
    }

    private func check(_ status: Int32) throws(JPEGError) {
        if status != 0 { throw .malformed(reason: String(cString: strata_jpeg_message(handle))) }
    }

    /// The size of the image decoded at 1/`denominator` (each side rounded up, as libjpeg).
    func scaledSize(denominator: Int) -> (width: Int, height: Int) {
        ((width + denominator - 1) / denominator, (height + denominator - 1) / denominator)
    }

    /// Decodes the rectangle `x, y, w, h` of the image scaled by 1/`denominator` (1, 2, 4, 8)
    /// into `dst` (row r at `dst + r·stride`), pixels opaque `0xFFRRGGBB`.
    func decode(x: Int, y: Int, w: Int, h: Int, denominator: Int,
                into dst: UnsafeMutablePointer<UInt32>, stride: Int) throws(JPEGError) {
        guard stride >= w else { throw .invalidArgument("stride \(stride) < width \(w)") }
        try decodeRows(x: x, y: y, w: w, h: h, denominator: denominator, direct: { r in dst + r * stride }) { r, row in
            (dst + r * stride).update(from: row, count: w)
        }
    }

    /// Decodes the rectangle row by row, handing each row (`w` pixels) to `body` with its index;
    /// memory is one row of the iMCU-aligned crop. When the whole width is wanted, rows are
    /// decoded straight to `direct(r)` if given (and `body` is not called).
    func decodeRows(x: Int, y: Int, w: Int, h: Int, denominator: Int,
                    direct: ((Int) -> UnsafeMutablePointer<UInt32>)? = nil,
                    _ body: (Int, UnsafePointer<UInt32>) -> Void) throws(JPEGError) {
        guard [1, 2, 4, 8].contains(denominator) else { throw .invalidArgument("scale 1/\(denominator)") }
        let full = scaledSize(denominator: denominator)
        guard x >= 0, y >= 0, w > 0, h > 0, x <= full.width - w, y <= full.height - h else {
            throw .invalidArgument("region \(x),\(y) \(w)×\(h) of a \(full.width)×\(full.height) image")
        }
        var iw: Int32 = 0, ih: Int32 = 0
        try check(strata_jpeg_read_header(handle, &iw, &ih))
        var ow: Int32 = 0, oh: Int32 = 0
        try check(strata_jpeg_start(handle, Int32(denominator), &ow, &oh))
        guard Int(ow) == full.width, Int(oh) == full.height else {
            throw .malformed(reason: "scaled size \(ow)×\(oh), expected \(full.width)×\(full.height)")
        }
        var offset = 0, rowWidth = full.width
        if x != 0 || w != full.width {
            // Cropping widens the window to whole iMCU columns: decode rows of the widened width
            // and hand on the requested part.
            var cx = Int32(x), cw = Int32(w)
            try check(strata_jpeg_crop(handle, &cx, &cw))
            offset = x - Int(cx)
            rowWidth = Int(cw)
            guard offset >= 0, rowWidth >= offset + w else { throw .malformed(reason: "crop window \(cx)+\(cw)") }
        }
        try check(strata_jpeg_skip(handle, Int32(y)))
        if let direct, offset == 0, rowWidth == w {
            for r in 0..<h { try check(strata_jpeg_read(handle, direct(r), w, 1)) }
            return
        }
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: rowWidth)
        defer { row.deallocate() }
        for r in 0..<h {
            try check(strata_jpeg_read(handle, row, rowWidth, 1))
            body(r, row + offset)
        }
    }
}
