import CImageShims

extension CGImage {
    /// Decodes JPEG bytes (baseline or progressive; gray, YCbCr, RGB or Adobe CMYK) into an
    /// opaque image.
    ///
    /// - Throws: `JPEGError.malformed(reason:)` for non-JPEG, corrupt or truncated data
    ///   (libjpeg's corrupt-data warnings count as errors: no half-gray pictures);
    ///   `JPEGError.tooLarge(width:height:limits:)` when the header exceeds `limits` or
    ///   ``CGImage/maximumDimension`` — checked before any pixel memory is allocated.
    public static func decodeJPEG(data: [UInt8], limits: ImageDecodeLimits = .default) throws(JPEGError) -> CGImage {
        try decodeWhole(_JPEGReader(data: data), limits: limits)
    }

    /// Decodes the JPEG file at `path`; same outcomes as ``decodeJPEG(data:limits:)`` plus
    /// `JPEGError.io(path:reason:)` when the file cannot be opened.
    public static func decodeJPEG(path: String, limits: ImageDecodeLimits = .default) throws(JPEGError) -> CGImage {
        try decodeWhole(_JPEGReader(path: path), limits: limits)
    }

    private static func decodeWhole(_ reader: _JPEGReader, limits: ImageDecodeLimits) throws(JPEGError) -> CGImage {
        let (w, h) = (reader.width, reader.height)
        guard limits.admit(width: w, height: h), w <= maximumDimension, h <= maximumDimension else {
            throw .tooLarge(width: w, height: h, limits: limits)
        }
        var failure: JPEGError?
        let image = CGImage(width: w, height: h) { dst in
            do throws(JPEGError) { try reader.decode(x: 0, y: 0, w: w, h: h, denominator: 1, into: dst, stride: w) } catch { failure = error }
        }
        if let failure { throw failure }
        guard let image else { throw .tooLarge(width: w, height: h, limits: limits) }
        return image
    }

    /// The image as baseline JPEG bytes at `quality` (1…100). JPEG has no alpha: pixels are
    /// composited over black (their premultiplied colour is written). 4:2:0 chroma unless
    /// `fullChroma`; `grayscale` writes one channel (Rec. 601 luma).
    public func jpegData(quality: Int = 90, fullChroma: Bool = false, grayscale: Bool = false) throws(JPEGError) -> [UInt8] {
        guard (1...100).contains(quality) else { throw .invalidArgument("quality \(quality)") }
        guard width > 0, height > 0 else { throw .invalidArgument("size \(width)×\(height)") }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = strata_jpeg_encode(pixels, Int32(width), Int32(height), width, Int32(quality),
                                        fullChroma ? 1 : 0, grayscale ? 1 : 0, &out, &size, &message)
        guard status == 0, let out else {
            throw .encodeFailed(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { strata_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
