// Fuzz target: PNG decoding (libpng's simplified API behind PNGImage) and the encode round trip.
//
// Property checked on every input: decoding never traps, hangs or allocates beyond the limits;
// and whatever decodes re-encodes to a PNG that decodes to exactly the same premultiplied pixels.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = PNGImage.Limits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)
    guard let image = try? PNGImage.decode(data: bytes, limits: limits) else { return 0 }
    precondition(image.pixels.count == image.width * image.height, "pixel count mismatch")
    for pixel in image.pixels {
        let a = pixel >> 24
        precondition((pixel >> 16) & 0xFF <= a && (pixel >> 8) & 0xFF <= a && pixel & 0xFF <= a,
                     "not premultiplied: \(pixel)")
    }
    do {
        let again = try PNGImage.decode(data: image.pngData(), limits: limits)
        precondition(again == image, "encode/decode round trip changed the pixels")
    } catch {
        preconditionFailure("re-encoding a decoded image failed: \(error)")
    }
    return 0
}
