/// Upper bounds that decoders check against an image's header *before* allocating its pixels:
/// the defence against decompression bombs (a few hundred bytes of PNG or JPEG that declare
/// gigapixels).
///
/// Used by ``PNGImage``, the JPEG decoders on ``CGImage`` and ``TiledImageSource``. The default
/// refuses more than 64 Mi pixels; pass ``unlimited`` (or a larger bound) to opt in to bigger
/// images. ``CGImage`` itself never exceeds 32767 pixels per side, whatever the limits.
public struct ImageDecodeLimits: Equatable, Sendable, CustomStringConvertible {
    public var maxWidth: Int
    public var maxHeight: Int
    /// Bounds `width * height` (4 bytes each once decoded).
    public var maxPixels: Int

    public init(maxWidth: Int, maxHeight: Int, maxPixels: Int) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
    }

    /// 32768 pixels per side and 64 Mi pixels in all (256 MiB decoded).
    public static let `default` = ImageDecodeLimits(maxWidth: 32768, maxHeight: 32768, maxPixels: 1 << 26)
    /// No bound beyond what the format and the destination can represent: an explicit opt-in.
    public static let unlimited = ImageDecodeLimits(maxWidth: .max, maxHeight: .max, maxPixels: .max)

    /// Whether an image of `width`×`height` is within the limits (false on overflow).
    public func admit(width: Int, height: Int) -> Bool {
        guard width <= maxWidth, height <= maxHeight else { return false }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && count <= maxPixels
    }

    public var description: String { "max \(maxWidth)×\(maxHeight), \(maxPixels) pixels" }
}
