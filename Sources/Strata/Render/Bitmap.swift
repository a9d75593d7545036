import CPixman
import Foundation

/// A 32-bit premultiplied ARGB raster (pixman `a8r8g8b8`, native-endian: bytes B, G, R, A on
/// little-endian machines), the target the ``Compositor`` draws into.
///
/// A bitmap either owns its memory (``init(width:height:)``, zero-filled = transparent black) or
/// wraps memory somebody else owns (``init(wrapping:width:height:bytesPerRow:)``, e.g. a
/// `wl_shm` buffer); a wrapping bitmap never frees that memory, and the memory must outlive it.
///
/// A bitmap is not synchronised: use it from one thread at a time.
public final class Bitmap {
    /// Largest width or height accepted: pixman's 16.16 fixed-point coordinates stop at 32767.
    public static let maximumDimension = 32767

    public let width: Int
    public let height: Int
    /// Distance in bytes between the starts of two rows (a multiple of 4, ≥ 4·width).
    public let bytesPerRow: Int
    /// The first pixel of row 0.
    public let pixels: UnsafeMutablePointer<UInt32>
    /// The pixman image over ``pixels`` (`pixman_image_t *`), valid for the bitmap's lifetime.
    /// Callers may composite into it; the compositor resets any clip it sets before returning.
    public let image: OpaquePointer
    /// The block `pixels` lies in, when the bitmap owns its memory.
    private let allocation: UnsafeMutableRawPointer?

    /// An owned, zero-filled (transparent) bitmap; nil when a dimension is negative or above
    /// ``maximumDimension``. A 0×0 bitmap is valid (and has nothing to draw into). Its first
    /// pixel is 64-byte aligned (a cache line, as a `wl_shm` mapping's page is): wide vector
    /// stores into whole-row spans then never straddle two lines.
    public init?(width: Int, height: Int) {
        guard (0...Self.maximumDimension).contains(width), (0...Self.maximumDimension).contains(height) else { return nil }
        let stride = max(width, 1) * 4
        // calloc's zero pages (no memset of a large block), 64 bytes more to align the start.
        guard let mem = calloc(max(height, 1) * stride + 64, 1) else { return nil }
        let base = mem.advanced(by: (64 - Int(bitPattern: mem) & 63) & 63)
        guard let img = pixman_image_create_bits_no_clear(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                           base.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
            free(mem); return nil
        }
        self.width = width; self.height = height; self.bytesPerRow = stride
        self.pixels = base.assumingMemoryBound(to: UInt32.self)
        self.image = img; self.allocation = mem
    }

    /// Wraps `base` (not copied, not freed). Nil when a dimension is out of range, `bytesPerRow`
    /// is not a multiple of 4 or is smaller than `4·width`, or `base` is not 4-byte aligned.
    public init?(wrapping base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        guard (0...Self.maximumDimension).contains(width), (0...Self.maximumDimension).contains(height),
              bytesPerRow % 4 == 0, bytesPerRow >= width * 4, bytesPerRow <= Int(Int32.max),
              Int(bitPattern: base) % 4 == 0 else { return nil }
        let px = base.assumingMemoryBound(to: UInt32.self)
        guard let img = pixman_image_create_bits_no_clear(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                           px, Int32(bytesPerRow)) else { return nil }
        self.width = width; self.height = height; self.bytesPerRow = bytesPerRow
        self.pixels = px; self.image = img; self.allocation = nil
    }

    deinit {
        pixman_image_unref(image)
        free(allocation)
    }

    /// The premultiplied ARGB value at (x, y), 0 outside the bitmap.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return row(y)[x]
    }

    /// Sets one pixel (premultiplied ARGB); ignored outside the bitmap.
    public func setPixel(x: Int, y: Int, _ value: UInt32) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        row(y)[x] = value
    }

    /// Fills the whole bitmap with one premultiplied ARGB value.
    public func fill(_ value: UInt32) {
        for y in 0..<height {
            let r = row(y)
            for x in 0..<width { r[x] = value }
        }
    }

    /// The first pixel of row `y` (no bounds check).
    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(pixels).advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }

    /// True when both bitmaps have the same size and the same pixels (row padding ignored).
    public func hasSamePixels(as other: Bitmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height where memcmp(row(y), other.row(y), width * 4) != 0 { return false }
        return true
    }
}
