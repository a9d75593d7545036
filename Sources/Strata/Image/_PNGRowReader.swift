import CImageShims
#if canImport(Glibc)
import Glibc
#endif

/// libpng's row-by-row reader (through the setjmp shims): PNG rows in order, straight ARGB32,
/// with nothing but one row in memory. Non-interlaced files only (Adam7 needs the whole image).
final class _PNGRowReader {
    private let handle: OpaquePointer
    private let bytes: UnsafeMutableRawBufferPointer?
    let width: Int
    let height: Int
    let interlaced: Bool

    init(path: String) throws(PNGError) {
        guard let h = strata_png_open_file(path) else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        (width, height, interlaced) = try Self.header(h, free: nil)
        handle = h
        bytes = nil
    }

    init(data: [UInt8]) throws(PNGError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        _ = copy.initializeMemory(as: UInt8.self, from: data)
        guard let h = strata_png_open_memory(copy.baseAddress, data.count) else {
            copy.deallocate()
            throw .malformed(reason: "out of memory")
        }
        (width, height, interlaced) = try Self.header(h, free: copy)
        handle = h
        bytes = copy
    }

    private static func header(_ h: OpaquePointer, free: UnsafeMutableRawBufferPointer?) throws(PNGError) -> (Int, Int, Bool) {
        var w: UInt32 = 0, ht: UInt32 = 0, interlaced: Int32 = 0
        guard strata_png_read_header(h, &w, &ht, &interlaced) == 0 else {
            let message = String(cString: strata_png_message(h))
            strata_png_close(h)
            free?.deallocate()
            throw .malformed(reason: message)
        }
        return (Int(w), Int(ht), interlaced != 0)
    }

    deinit {
        strata_png_close(handle)
        bytes?.deallocate()
    }

    /// Reads the next row into `dst` (`width` pixels), premultiplied.
    func readRow(into dst: UnsafeMutablePointer<UInt32>) throws(PNGError) {
        guard strata_png_read_rows(handle, dst, width, 1) == 0 else {
            throw .malformed(reason: String(cString: strata_png_message(handle)))
        }
        for x in 0..<width { dst[x] = PNGImage.premultiplied(dst[x]) }
    }
}
