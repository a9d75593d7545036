/// An animated PNG (APNG): frames of one size, each shown for its delay, written as one file
/// that any PNG reader shows as its first frame and APNG readers play.
///
/// Encoding (deterministic: the same frames give the same bytes):
/// - the first frame is the default image (`IDAT`), every frame has an `fcTL` chunk, later frames
///   store their data in `fdAT` chunks; `fcTL` and `fdAT` share one sequence counter from 0;
/// - each later frame stores only the smallest rectangle that changed since the previous frame
///   (`dispose_op` none, `blend_op` source), so a mostly still animation stays small;
/// - a frame equal to the previous one is not stored: the previous frame's delay grows by its
///   delay instead (when both have the same denominator and the sum fits 16 bits), so a picture
///   at rest costs nothing. ``frameCount`` counts the frames stored.
///
/// Pixels are premultiplied ARGB32 like ``PNGImage``'s; each frame is encoded by the same
/// libpng path as ``PNGImage/pngData()`` (8-bit sRGB RGBA).
public struct AnimatedPNG: Sendable {
    /// One stored frame: its pixels (the whole canvas) and how long it shows, in seconds
    /// `delayNumerator / delayDenominator`.
    public struct Frame: Equatable, Sendable {
        public var image: PNGImage
        public var delayNumerator: UInt16
        public var delayDenominator: UInt16
    }

    public let width: Int
    public let height: Int
    /// Times the animation plays; 0 (the default) loops forever.
    public var plays: UInt32 = 0
    public private(set) var frames: [Frame] = []

    public var frameCount: Int { frames.count }

    /// An empty animation of `width` × `height` pixels (both must be positive when encoding).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Appends `image`, shown for `numerator / denominator` seconds.
    ///
    /// - Throws: `PNGError.invalidArgument(_:)` when the image's size differs from the
    ///   animation's, its pixel count does not match its size, or `denominator` is 0 (APNG would
    ///   read that as 1/100 s units; Strata asks for an explicit one).
    public mutating func append(_ image: PNGImage, delay numerator: UInt16, over denominator: UInt16) throws(PNGError) {
        guard image.width == width, image.height == height, image.pixels.count == _pixelCount(width, height) else {
            throw .invalidArgument("a \(image.width)×\(image.height) frame (\(image.pixels.count) pixels) in a \(width)×\(height) animation")
        }
        guard denominator > 0 else { throw .invalidArgument("delay denominator 0") }
        if var last = frames.last, last.image == image, last.delayDenominator == denominator,
           UInt32(last.delayNumerator) + UInt32(numerator) <= UInt32(UInt16.max) {
            last.delayNumerator += numerator
            frames[frames.count - 1] = last
            return
        }
        frames.append(Frame(image: image, delayNumerator: numerator, delayDenominator: denominator))
    }

    /// The APNG file's bytes.
    ///
    /// - Throws: `PNGError.invalidArgument(_:)` when there are no frames or the size is not
    ///   positive; `PNGError.encodeFailed(reason:)` if libpng refuses a frame.
    public func pngData() throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .invalidArgument("size \(width)×\(height)") }
        guard let first = frames.first else { throw .invalidArgument("an animated PNG needs at least one frame") }
        var out = _PNGChunks.signature
        let head = try _PNGChunks.split(first.image.pngData())
        var sequence: UInt32 = 0
        for chunk in head where chunk.type != "IDAT" && chunk.type != "IEND" {
            out += _PNGChunks.chunk(chunk.type, chunk.data)
            if chunk.type == "IHDR" {
                out += _PNGChunks.chunk("acTL", _PNGChunks.be32(UInt32(frames.count)) + _PNGChunks.be32(plays))
            }
        }
        out += _PNGChunks.chunk("fcTL", Self.frameControl(sequence, first, PixelRect(x: 0, y: 0, width: width, height: height)))
        sequence += 1
        for chunk in head where chunk.type == "IDAT" { out += _PNGChunks.chunk("IDAT", chunk.data) }
        for i in frames.indices.dropFirst() {
            let region = Self.changedRect(from: frames[i - 1].image, to: frames[i].image)
            out += _PNGChunks.chunk("fcTL", Self.frameControl(sequence, frames[i], region))
            sequence += 1
            let crop = Self.crop(frames[i].image, region)
            for chunk in try _PNGChunks.split(crop.pngData()) where chunk.type == "IDAT" {
                out += _PNGChunks.chunk("fdAT", _PNGChunks.be32(sequence) + chunk.data)
                sequence += 1
            }
        }
        out += _PNGChunks.chunk("IEND", [])
        return out
    }

    /// Writes the APNG file at `path` (replacing it). Same errors as ``pngData()``, plus
    /// `PNGError.io(path:reason:)`.
    public func write(toFile path: String) throws(PNGError) {
        try PNGImage.writeFile(path, bytes: pngData())
    }

    // MARK: - Private

    /// The 26 bytes of an `fcTL` chunk: the frame's region, delay, dispose none, blend source.
    private static func frameControl(_ sequence: UInt32, _ frame: Frame, _ r: PixelRect) -> [UInt8] {
        var d = _PNGChunks.be32(sequence)
        for v in [r.width, r.height, r.x, r.y] { d += _PNGChunks.be32(UInt32(v)) }
        d += _PNGChunks.be16(frame.delayNumerator) + _PNGChunks.be16(frame.delayDenominator)
        d += [0, 0]  // APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE
        return d
    }

    /// The smallest rectangle holding every pixel that differs (1×1 at the origin when none
    /// does: a frame needs a region, and a stored repeat only happens when delays cannot merge).
    private static func changedRect(from a: PNGImage, to b: PNGImage) -> PixelRect {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0..<b.height {
                    let row = y * b.width
                    for x in 0..<b.width where pa[row + x] != pb[row + x] {
                        minX = min(minX, x); maxX = max(maxX, x)
                        minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        guard maxX >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    private static func crop(_ image: PNGImage, _ r: PixelRect) -> PNGImage {
        var pixels: [UInt32] = []
        pixels.reserveCapacity(r.width * r.height)
        for y in r.y..<(r.y + r.height) {
            let row = y * image.width
            pixels += image.pixels[(row + r.x)..<(row + r.x + r.width)]
        }
        return PNGImage(width: r.width, height: r.height, pixels: pixels)
    }
}
