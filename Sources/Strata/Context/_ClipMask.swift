import CPixman

/// An immutable 8-bit coverage image the size of the context: the antialiased clip of a
/// graphics state. Shared between saved states (never written after it is made).
final class _ClipMask {
    /// `pixman_image_t*` in PIXMAN_a8, context-sized.
    let image: OpaquePointer

    init?(width: Int, height: Int) {
        guard let img = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0) else { return nil }
        image = img
    }

    deinit { pixman_image_unref(image) }

    /// Coverage at pixel (x, y), 0…255.
    func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < Int(pixman_image_get_width(image)), y < Int(pixman_image_get_height(image)),
              let data = pixman_image_get_data(image) else { return 0 }
        let stride = Int(pixman_image_get_stride(image))
        return UnsafeMutableRawPointer(data).load(fromByteOffset: y * stride + x, as: UInt8.self)
    }
}
