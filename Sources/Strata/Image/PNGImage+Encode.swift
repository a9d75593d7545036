import CPNG
#if canImport(Glibc)
import Glibc
#endif

extension PNGImage {
    /// The image as PNG bytes (8-bit sRGB RGBA; colours un-premultiplied, see ``PNGImage``).
    ///
    /// - Throws: `PNGError.invalidArgument(_:)` when `pixels.count != width * height` or a side
    ///   is not positive; `PNGError.encodeFailed(reason:)` if libpng refuses.
    public func pngData() throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height) == (pixels.count, false) else {
            throw .invalidArgument("\(pixels.count) pixels for a \(width)×\(height) image")
        }
        return try pixels.withUnsafeBufferPointer { buffer in
            Result { () throws(PNGError) in
                try Self.encode(width: width, height: height, rowStride: width, pixels: buffer.baseAddress!)
            }
        }.get()
    }

    /// Writes the image as a PNG file at `path` (replacing it). Same errors as ``pngData()``,
    /// plus `PNGError.io(path:reason:)`.
    public func write(toFile path: String) throws(PNGError) {
        try Self.writeFile(path, bytes: pngData())
    }

    /// Encodes premultiplied ARGB32 pixels read in place, e.g. straight from a pixman image:
    /// row `y` starts at `pixels + y * rowStride` (stride in pixels, `>= width`).
    public static func encode(width: Int, height: Int, rowStride: Int, pixels: UnsafePointer<UInt32>)
        throws(PNGError) -> [UInt8]
    {
        try checkSize(width: width, height: height, rowStride: rowStride, bytesPerPixel: 4)
        var straight = [UInt32](repeating: 0, count: width * height)
        straight.withUnsafeMutableBufferPointer { out in
            let o = out.baseAddress!
            for y in 0..<height {
                let row = pixels + y * rowStride, dst = o + y * width
                for x in 0..<width { dst[x] = unpremultiplied(row[x]) }
            }
        }
        return try straight.withUnsafeBytes { bytes in
            Result { () throws(PNGError) in
                try writeToMemory(width: width, height: height, format: PNGSimplifiedImage.argb32Format,
                                  bytes: bytes.baseAddress!, rowStrideInComponents: width * 4)
            }
        }.get()
    }

    /// Encodes an 8-bit grayscale image (`pixels.count == width * height`, 0 = black).
    public static func encodeGray(width: Int, height: Int, pixels: [UInt8]) throws(PNGError) -> [UInt8] {
        try checkSize(width: width, height: height, rowStride: width, bytesPerPixel: 1)
        guard pixels.count == width * height else {
            throw .invalidArgument("\(pixels.count) gray pixels for a \(width)×\(height) image")
        }
        return try pixels.withUnsafeBytes { bytes in
            Result { () throws(PNGError) in
                try writeToMemory(width: width, height: height, format: PNGSimplifiedImage.gray8Format,
                                  bytes: bytes.baseAddress!, rowStrideInComponents: width)
            }
        }.get()
    }

    /// Writes an 8-bit grayscale PNG file at `path`; see ``encodeGray(width:height:pixels:)``.
    public static func writeGray(toFile path: String, width: Int, height: Int, pixels: [UInt8]) throws(PNGError) {
        try writeFile(path, bytes: encodeGray(width: width, height: height, pixels: pixels))
    }

    // MARK: - Private

    private static func checkSize(width: Int, height: Int, rowStride: Int, bytesPerPixel: Int) throws(PNGError) {
        guard width > 0, height > 0 else { throw .invalidArgument("size \(width)×\(height)") }
        guard rowStride >= width else { throw .invalidArgument("row stride \(rowStride) < width \(width)") }
        // PNG stores 31-bit sizes; libpng takes the row stride as a 32-bit signed count.
        guard width <= Int(Int32.max) / bytesPerPixel, height <= Int(Int32.max),
              width.multipliedReportingOverflow(by: height).overflow == false,
              (width * height).multipliedReportingOverflow(by: bytesPerPixel).overflow == false
        else { throw .invalidArgument("size \(width)×\(height) too large for PNG") }
    }

    private static func writeToMemory(width: Int, height: Int, format: png_uint_32,
                                      bytes: UnsafeRawPointer, rowStrideInComponents: Int) throws(PNGError) -> [UInt8]
    {
        // First guess: raw size plus deflate/chunk overhead; libpng reports the exact need if short.
        let raw = height * (1 + rowStrideInComponents)
        var capacity = raw + raw / 256 + 1024
        for _ in 0..<2 {
            var control = PNGSimplifiedImage()
            control.raw.width = png_uint_32(width)
            control.raw.height = png_uint_32(height)
            control.raw.format = format
            var size = png_alloc_size_t(capacity)
            var output = [UInt8](repeating: 0, count: capacity)
            let ok = output.withUnsafeMutableBytes { out in
                png_image_write_to_memory(&control.raw, out.baseAddress, &size, 0, bytes,
                                          png_int_32(rowStrideInComponents), nil)
            }
            if ok != 0 {
                output.removeSubrange(Int(size)...)
                return output
            }
            guard Int(size) > capacity else { throw .encodeFailed(reason: control.message) }
            capacity = Int(size)
        }
        throw .encodeFailed(reason: "output size changed between attempts")
    }

    static func writeFile(_ path: String, bytes: [UInt8]) throws(PNGError) {
        guard let file = fopen(path, "wb") else {
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeErrno = errno
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw .io(path: path, reason: String(cString: strerror(written == bytes.count ? errno : writeErrno)))
        }
    }
}
