import CPNG
#if canImport(Glibc)
import Glibc
#endif

extension PNGImage {
    /// Decodes the PNG file at `path`.
    ///
    /// - Throws: `PNGError.io(path:reason:)` when the file cannot be opened,
    ///   `PNGError.malformed(reason:)` for non-PNG, corrupt or truncated data,
    ///   `PNGError.tooLarge(width:height:limits:)` when the header exceeds `limits` (checked
    ///   before the pixels are allocated).
    public static func decode(path: String, limits: Limits = .default) throws(PNGError) -> PNGImage {
        guard let file = fopen(path, "rb") else {
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var control = PNGSimplifiedImage()
        guard png_image_begin_read_from_stdio(&control.raw, file) != 0 else {
            throw .malformed(reason: control.message)
        }
        return try finish(&control, limits: limits)
    }

    /// Decodes PNG bytes held in memory. Same outcomes as ``decode(path:limits:)`` without the
    /// I/O case.
    public static func decode(data: [UInt8], limits: Limits = .default) throws(PNGError) -> PNGImage {
        guard !data.isEmpty else { throw .malformed(reason: "no data") }
        // libpng reads from `bytes` until finish, so finishing stays inside this closure.
        return try data.withUnsafeBytes { bytes -> Result<PNGImage, PNGError> in
            var control = PNGSimplifiedImage()
            guard png_image_begin_read_from_memory(&control.raw, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(.malformed(reason: control.message))
            }
            return Result { () throws(PNGError) in try finish(&control, limits: limits) }
        }.get()
    }

    /// Checks the header against `limits`, then reads straight BGRA and premultiplies in place.
    private static func finish(_ control: inout PNGSimplifiedImage, limits: Limits) throws(PNGError) -> PNGImage {
        let width = Int(control.raw.width), height = Int(control.raw.height)
        guard width > 0, height > 0 else { throw .malformed(reason: "zero width or height") }
        guard limits.admit(width: width, height: height) else {
            throw .tooLarge(width: width, height: height, limits: limits)
        }
        control.raw.format = PNGSimplifiedImage.argb32Format
        control.raw.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let count = width * height
        var failure: String?
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            // Zero first: on failure part of the buffer stays unwritten.
            base.initializeMemory(as: UInt32.self, repeating: 0, count: count)
            initialized = count
            // Row stride is in components (4 per pixel); admit() keeps width·4 far below Int32.max.
            if png_image_finish_read(&control.raw, nil, base, png_int_32(width * 4), nil) == 0 {
                failure = control.message
                return
            }
            let p = buffer.baseAddress!
            for i in 0..<count { p[i] = premultiplied(p[i]) }
        }
        if let failure { throw .malformed(reason: failure) }
        return PNGImage(width: width, height: height, pixels: pixels)
    }
}
