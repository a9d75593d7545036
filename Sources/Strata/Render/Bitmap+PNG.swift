import Foundation

extension Bitmap {
    /// The bitmap as PNG bytes (8-bit sRGB RGBA, un-premultiplied; see ``PNGImage``).
    /// Throws `PNGError.invalidArgument(_:)` for a bitmap with no pixels.
    public func pngData() throws(PNGError) -> [UInt8] {
        try PNGImage.encode(width: width, height: height, rowStride: bytesPerRow / 4, pixels: pixels)
    }

    /// Writes the bitmap as a PNG file at `path` (replacing it).
    public func writePNG(to path: String) throws(PNGError) {
        let bytes = try pngData()
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw .io(path: path, reason: "cannot create file")
        }
    }

    /// A copy of `image`'s pixels in a new owned bitmap; nil when its size is not usable.
    public convenience init?(_ image: PNGImage) {
        guard image.pixels.count == _pixelCount(image.width, image.height) else { return nil }
        self.init(width: image.width, height: image.height)
        for y in 0..<height {
            let r = row(y)
            image.pixels.withUnsafeBufferPointer { p in
                for x in 0..<width { r[x] = p[y * width + x] }
            }
        }
    }

    /// The pixels as a ``PNGImage`` (row padding dropped).
    public var pngImage: PNGImage {
        var px = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let r = row(y)
            for x in 0..<width { px[y * width + x] = r[x] }
        }
        return PNGImage(width: width, height: height, pixels: px)
    }
}
