// Fuzz target: JPEG decoding (libjpeg-turbo behind the setjmp shims in CImageShims), whole and
// by region at every DCT scale, and the encode round trip.
//
// Properties checked on every input: decoding never traps, hangs or allocates beyond the limits;
// decoded images are opaque; a region decode of a decodable file either succeeds or throws; and
// whatever decodes re-encodes to a JPEG of the same size that decodes again.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageDecodeLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)
    guard let image = try? CGImage.decodeJPEG(data: bytes, limits: limits) else { return 0 }
    precondition(image.isOpaque, "a decoded JPEG has a non-opaque pixel")
    // A region at a scale picked from the input's last bytes.
    if let reader = try? _JPEGReader(data: bytes, maxWorkingMemory: 64 << 20) {
        let denominator = 1 << Int((bytes.last ?? 0) & 3)
        let full = reader.scaledSize(denominator: denominator)
        let w = max(1, full.width / 2), h = max(1, full.height / 3)
        let x = full.width - w, y = full.height / 3
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        defer { out.deallocate() }
        try? reader.decode(x: x, y: y, w: w, h: h, denominator: denominator, into: out, stride: w)
    }
    do {
        let again = try CGImage.decodeJPEG(data: image.jpegData(quality: 75), limits: limits)
        precondition(again.width == image.width && again.height == image.height, "size changed in a round trip")
    } catch {
        preconditionFailure("re-encoding a decoded image failed: \(error)")
    }
    return 0
}
