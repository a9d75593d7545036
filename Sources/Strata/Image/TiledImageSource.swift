import Foundation

/// A possibly huge image that draws any region at any level of detail without ever being
/// decoded whole: the pixel source behind a ``CATiledLayer`` showing a photo or a map.
///
/// Level `l` is the image scaled by 2^-l (level 0 is full resolution), `ceil(size / 2^l)` pixels
/// a side; ``read(level:x:y:width:height:into:stride:)`` fills any rectangle of a level with
/// premultiplied ARGB32. How each kind does it, and what it costs:
/// - **JPEG**: decoded on demand for every read, with libjpeg-turbo's DCT scaling for levels 1–3
///   (1/2, 1/4, 1/8: most of the inverse DCT is skipped), `jpeg_crop_scanline` to decode only the
///   iMCU columns under the region and `jpeg_skip_scanlines` above it; coarser levels box-average
///   the 1/8 decode row by row. Memory: a row or two per read; nothing persistent but up to four
///   open decoders. A read's time grows with its bottom edge (rows above are entropy-decoded).
/// - **PNG**: streamed once at creation into a tile pyramid in an unlinked temporary file
///   (memory while streaming ≈ 2 × 256 rows × width × 4 bytes; disk ≈ 4/3 × the decoded size);
///   reads then copy from stored tiles. Creation takes as long as one full decode.
/// - **Generated**: a synthetic test picture of any size computed per pixel (no memory).
///
/// Thread-safe: reads may run concurrently on any threads (CATiledLayer draws tiles on several
/// background threads). Errors: ``JPEGError`` or ``PNGError``. A file deleted after creation
/// still reads while its descriptors stay open; a JPEG reader opened later then fails with
/// `JPEGError.io(path:reason:)`, which a tiled layer shows as an empty tile.
public final class TiledImageSource: Sendable {
    public let width: Int
    public let height: Int
    /// "jpeg", "png" or "generated".
    public let kind: String
    private let backend: any _TiledBackend

    /// Up to 2^30 pixels (1 Gpx, 32768 × 32768 fits) and 2^20 a side; larger with explicit limits.
    public static let defaultLimits = ImageDecodeLimits(maxWidth: 1 << 20, maxHeight: 1 << 20, maxPixels: 1 << 30)

    private init(_ backend: any _TiledBackend, kind: String) {
        self.backend = backend
        self.kind = kind
        width = backend.width
        height = backend.height
    }

    /// Opens a PNG or JPEG file (told apart by its first bytes).
    ///
    /// - Throws: ``JPEGError``/``PNGError``: `io` when the file cannot be read, `malformed` when
    ///   it is neither format or is corrupt, `tooLarge` when it exceeds `limits` (checked from
    ///   the header before anything is decoded).
    public convenience init(contentsOfFile path: String, limits: ImageDecodeLimits = TiledImageSource.defaultLimits) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw JPEGError.io(path: path, reason: String(cString: strerror(errno)))
        }
        let head = [UInt8]((try? handle.read(upToCount: 8)) ?? Data())
        try? handle.close()
        try self.init(png: Self.isPNG(head), limits: limits,
                      png: { () throws(PNGError) in try _PNGRowReader(path: path) },
                      whole: { l throws(PNGError) in try PNGImage.decode(path: path, limits: l) },
                      jpeg: { () throws(JPEGError) in try _JPEGReader(path: path) })
    }

    /// Opens PNG or JPEG bytes held in memory (copied); same outcomes as the file initializer.
    public convenience init(data: [UInt8], limits: ImageDecodeLimits = TiledImageSource.defaultLimits) throws {
        try self.init(png: Self.isPNG(data), limits: limits,
                      png: { () throws(PNGError) in try _PNGRowReader(data: data) },
                      whole: { l throws(PNGError) in try PNGImage.decode(data: data, limits: l) },
                      jpeg: { () throws(JPEGError) in try _JPEGReader(data: data) })
    }

    private convenience init(png isPNG: Bool, limits: ImageDecodeLimits,
                             png: () throws(PNGError) -> _PNGRowReader,
                             whole: (ImageDecodeLimits) throws(PNGError) -> PNGImage,
                             jpeg: @escaping @Sendable () throws(JPEGError) -> _JPEGReader) throws {
        if isPNG {
            self.init(try _PNGPyramidBackend(reader: png, whole: whole, limits: limits), kind: "png")
        } else {
            self.init(try _JPEGTiledBackend(open: jpeg, limits: limits), kind: "jpeg")
        }
    }

    /// The synthetic test image (see the type's description): a position gradient in red and
    /// green, 2000-pixel blue checkers, 8-pixel dark grid lines every 1000 pixels. Nil for sizes
    /// below 1 or above 2^24 a side.
    public static func generated(width: Int, height: Int) -> TiledImageSource? {
        guard (1...(1 << 24)).contains(width), (1...(1 << 24)).contains(height) else { return nil }
        return TiledImageSource(_GeneratedTiledBackend(width: width, height: height), kind: "generated")
    }

    private static func isPNG(_ head: [UInt8]) -> Bool { head.starts(with: [0x89, 0x50, 0x4E, 0x47]) }

    /// The size of level `level` (each side `ceil(side / 2^level)`, at least 1).
    public func size(atLevel level: Int) -> (width: Int, height: Int) {
        let l = min(max(level, 0), 62)
        return ((width + (1 << l) - 1) >> l, (height + (1 << l) - 1) >> l)
    }

    /// The smallest level at which the whole image fits in one pixel.
    public var coarsestLevel: Int {
        var l = 0
        while size(atLevel: l) != (1, 1) { l += 1 }
        return l
    }

    /// Writes the rectangle `x, y, width, height` of level `level` to `dst` (row r at
    /// `dst + r·stride`), premultiplied ARGB32.
    ///
    /// - Throws: `JPEGError.invalidArgument(_:)` when the rectangle is empty or not inside the
    ///   level or `stride < width`; the backend's decoding errors.
    public func read(level: Int, x: Int, y: Int, width: Int, height: Int,
                     into dst: UnsafeMutablePointer<UInt32>, stride: Int) throws {
        let s = size(atLevel: level)
        guard level >= 0, level <= coarsestLevel, x >= 0, y >= 0, width > 0, height > 0,
              x <= s.width - width, y <= s.height - height, stride >= width else {
            throw JPEGError.invalidArgument("region \(x),\(y) \(width)×\(height) of level \(level) (\(s.width)×\(s.height))")
        }
        try backend.read(level: level, x: x, y: y, w: width, h: height, into: dst, stride: stride)
    }

    /// The rectangle as an image; same contract as ``read(level:x:y:width:height:into:stride:)``.
    public func image(level: Int, x: Int, y: Int, width: Int, height: Int) throws -> CGImage {
        var failure: (any Error)?
        let image = CGImage(width: width, height: height) { dst in
            do { try read(level: level, x: x, y: y, width: width, height: height, into: dst, stride: width) } catch { failure = error }
        }
        if let failure { throw failure }
        guard let image else { throw JPEGError.invalidArgument("image size \(width)×\(height)") }
        return image
    }
}
