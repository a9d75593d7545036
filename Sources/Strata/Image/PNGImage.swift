/// A decoded PNG: premultiplied ARGB32 pixels, as pixman's `a8r8g8b8` stores them.
///
/// Each pixel is one native-endian `UInt32` `0xAARRGGBB` whose colour channels are already
/// multiplied by alpha; rows are stored top to bottom with no padding (`pixels.count ==
/// width * height`, pixel (x, y) at `y * width + x`).
///
/// Conversions (all exact integer arithmetic):
/// - decoding premultiplies each channel with round-to-nearest: `c·a/255`;
/// - encoding un-premultiplies with round-to-nearest (ties up): `p·255/a`, clamped to 255, and a
///   pixel with alpha 0 is written as transparent black. For any premultiplied pixel (`p ≤ a`),
///   encoding then decoding gives back exactly the same pixel.
///
/// Colour: PNGs are decoded to 8-bit sRGB by libpng's simplified API. A file that declares a
/// different gamma (gAMA/cHRM/iCCP) is converted to sRGB; a 16-bit file without gamma information
/// is taken as sRGB-encoded (libpng's default would be linear). Written files are 8-bit sRGB.
public struct PNGImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Premultiplied ARGB32, row-major, `width * height` entries.
    public var pixels: [UInt32]

    /// Makes an image from premultiplied pixels. `pixels.count` must be `width * height`
    /// (checked when encoding, so that building an image never traps).
    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y), or nil outside the image.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        // Checked: a size that does not match the pixels may be absurd.
        let (row, overflow) = y.multipliedReportingOverflow(by: width)
        guard !overflow, row < pixels.count - x else { return nil }
        return pixels[row + x]
    }

    /// Upper bounds checked against a PNG's header *before* any pixel memory is allocated.
    public typealias Limits = ImageDecodeLimits
}

// MARK: - Pixel conversions

extension PNGImage {
    /// Straight (non-premultiplied) `0xAARRGGBB` → premultiplied, each channel `round(c·a/255)`.
    @inline(__always)
    static func premultiplied(_ straight: UInt32) -> UInt32 {
        let a = straight >> 24
        if a == 255 { return straight }
        if a == 0 { return 0 }
        @inline(__always) func mul(_ c: UInt32) -> UInt32 {
            // Exact round(c·a/255) for 8-bit c and a.
            let t = c * a + 128
            return (t + (t >> 8)) >> 8
        }
        return a << 24 | mul((straight >> 16) & 0xFF) << 16 | mul((straight >> 8) & 0xFF) << 8 | mul(straight & 0xFF)
    }

    /// Premultiplied `0xAARRGGBB` → straight, each channel `round(p·255/a)` clamped to 255.
    @inline(__always)
    static func unpremultiplied(_ premultiplied: UInt32) -> UInt32 {
        let a = premultiplied >> 24
        if a == 255 { return premultiplied }
        if a == 0 { return 0 }
        @inline(__always) func div(_ p: UInt32) -> UInt32 { min((p * 255 + a / 2) / a, 255) }
        return a << 24 | div((premultiplied >> 16) & 0xFF) << 16 | div((premultiplied >> 8) & 0xFF) << 8
            | div(premultiplied & 0xFF)
    }
}
