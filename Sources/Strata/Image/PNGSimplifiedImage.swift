import CPNG

/// Owns one libpng simplified-API `png_image` control structure.
///
/// The simplified API catches libpng's internal `longjmp` errors itself and reports them as a
/// zero return plus a message in the structure, so no `setjmp` ever crosses into Swift.
struct PNGSimplifiedImage: ~Copyable {
    var raw = png_image()

    init() {
        raw.version = png_uint_32(PNG_IMAGE_VERSION)
        raw.opaque = nil
    }

    deinit {
        // Safe on a structure libpng already freed (it sets `opaque` to nil).
        var owned = raw
        png_image_free(&owned)
    }

    /// libpng's last warning or error text.
    var message: String {
        var copy = raw.message
        return withUnsafeBytes(of: &copy) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    /// The 8-bit format whose four bytes per pixel, read as a native-endian `UInt32`, are
    /// `0xAARRGGBB` (pixman's a8r8g8b8 layout).
    static var argb32Format: png_uint_32 {
        #if _endian(little)
        return png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA)
        #else
        return png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_AFIRST)
        #endif
    }

    /// One 8-bit gray channel.
    static var gray8Format: png_uint_32 { png_uint_32(PNG_FORMAT_GRAY) }
}
