import Foundation

/// An immutable bitmap image: premultiplied ARGB32 pixels (pixman `a8r8g8b8`, the same layout as
/// ``PNGImage``), rows top to bottom, `bytesPerRow == 4·width`.
///
/// Minimal next to Core Graphics' CGImage: one pixel format, sRGB assumed, no decode arrays or
/// masks. Sizes are limited to 32767 pixels per side (pixman's coordinate range); a 0×0 image
/// is valid and draws nothing.
public final class CGImage: @unchecked Sendable, Hashable, CustomStringConvertible {
    // @unchecked: the pixel memory is written only during init and never again.
    public static let maximumDimension = 32767

    public let width: Int
    public let height: Int
    public var bytesPerRow: Int { width * 4 }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    /// Premultiplied ARGB32 pixels, `width·height` of them, immutable.
    public let pixels: UnsafePointer<UInt32>
    /// Every pixel has alpha 255 (checked once when the image is made): drawn unscaled and
    /// fully opaque it replaces what is below (SRC) and hides lower layers.
    public let isOpaque: Bool
    private let storage: UnsafeMutablePointer<UInt32>
    /// Set (once, before the image is shared) on images a layer's backing store makes: which
    /// pixels changed since the layer's earlier images, for damage.
    internal var _backing: _BackingInfo?

    /// An image of `width`×`height` whose pixels `fill` writes (premultiplied ARGB32, row
    /// stride `width`); nil for negative or oversized dimensions. The buffer starts zeroed.
    public init?(width: Int, height: Int, fill: (UnsafeMutablePointer<UInt32>) -> Void) {
        guard (0...Self.maximumDimension).contains(width), (0...Self.maximumDimension).contains(height) else { return nil }
        self.width = width; self.height = height
        storage = .allocate(capacity: max(1, width * height))
        storage.initialize(repeating: 0, count: max(1, width * height))
        fill(storage)
        pixels = UnsafePointer(storage)
        var opaque = width > 0 && height > 0
        for i in 0..<(width * height) where storage[i] >> 24 != 0xFF { opaque = false; break }
        isOpaque = opaque
    }

    /// An image holding a copy of `pixels` (premultiplied ARGB32, row-major); nil when the
    /// count is not `width·height` or the size is out of range.
    public convenience init?(width: Int, height: Int, pixels: [UInt32]) {
        guard let count = _pixelCount(width, height), pixels.count == count else { return nil }
        self.init(width: width, height: height) { dst in
            pixels.withUnsafeBufferPointer { src in
                if let b = src.baseAddress { dst.update(from: b, count: src.count) }
            }
        }
    }

    /// The decoded PNG's pixels.
    public convenience init?(_ png: PNGImage) {
        self.init(width: png.width, height: png.height, pixels: png.pixels)
    }

    deinit { storage.deallocate() }

    /// The premultiplied pixel at (x, y), 0 outside.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// Images are compared by identity, as Core Graphics' CFEqual on distinct images.
    public static func == (l: CGImage, r: CGImage) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }

    public var description: String { "CGImage(\(width)×\(height))" }
}
