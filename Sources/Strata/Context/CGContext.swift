import CPixman
import Foundation

/// A Core Graphics drawing context over a ``Bitmap`` (premultiplied ARGB32, drawn with the
/// path rasterizer and pixman): graphics state stack, current transformation matrix (CTM),
/// clipping (also to an image mask), paths, colours, line styles, blend modes, shadows,
/// images, gradients and text.
///
/// ## Coordinates
/// Device space is the bitmap's pixels: (0, 0) is the top-left corner of pixel row 0, x grows
/// right, y grows down, pixel (i, j) covers [i, i+1) × [j, j+1). User space is device space
/// mapped through the CTM, which starts as the context's *base transform*:
/// - contexts given to `CALayer.draw(in:)`, `View.draw(_:)` and made with
///   ``init(width:height:scale:)`` are **top-left, y down**, one user unit = `scale` pixels,
///   as UIKit's layer and image-renderer contexts on iOS;
/// - ``init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`` makes Core
///   Graphics' bitmap context: **bottom-left, y up** (user (0, 0) is the bottom-left corner).
/// Difference: because device space is y-down, the matrices that report it differ from Core
/// Graphics' — `ctm` and `userSpaceToDeviceSpaceTransform` of a y-down (UIKit-style) context
/// have no flip (a positive `d`: at scale 2, [2, 0, 0, 2, 0, 0], where iOS reports a flip into
/// its y-up device space), and a bitmap context's carry one ([1, 0, 0, −1, 0, height], where
/// iOS reports the identity); `convertToDeviceSpace` gives y-down pixel coordinates. What is
/// drawn is the same.
/// ``draw(_:in:byTiling:)`` follows Core Graphics: the image's first row is placed at the
/// rectangle's maxY edge, so in a y-down context it appears upside down, as on iOS. Text
/// (``draw(_:in:isWrapped:truncationMode:alignmentMode:)``) follows UIKit's string drawing: lines run down user-space y.
///
/// ## Bad input
/// CTM operations that would make the matrix non-finite (NaN or ∞ arguments) are ignored; a
/// singular CTM (scale 0) is kept and draws nothing. Non-finite points in paths make the
/// drawing operation draw nothing. Contexts are limited to ``maximumDimension`` pixels per side
/// and ``maximumPixelCount`` pixels in all, checked before anything is allocated.
///
/// A context is not thread-safe: use it from one thread at a time.
public final class CGContext {
    /// Largest width or height, in pixels (pixman's coordinate range).
    public static let maximumDimension = Bitmap.maximumDimension
    /// Largest number of pixels a context allocates (256 MiB of ARGB32).
    public static let maximumPixelCount = 1 << 26

    /// The pixels drawn into.
    public let bitmap: Bitmap
    /// Where drawing goes now: `bitmap`, or the innermost open transparency layer's pixels.
    var target: Bitmap
    /// The open transparency layers, outermost first (see `beginTransparencyLayer`).
    var transparencyLayers: [_TransparencyLayer] = []
    /// Width and height in pixels.
    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }

    var state: _GState
    var saved: [_GState] = []
    /// The current path, in device space (points are transformed by the CTM as they are added,
    /// as in Core Graphics).
    var devicePath = CGMutablePath()
    let rasterizer = PathRasterizer()
    /// Something has been painted (the backing store uses it to drop blank images).
    var didPaint = false
    /// Whether any drawing operation has touched pixels yet (not public API: StrataUI uses it
    /// to learn which views draw nothing).
    public var _hasPainted: Bool { didPaint }
    /// The transform `init` set up (user space of a fresh context → device pixels).
    public let baseTransform: CGAffineTransform

    /// A context drawing into `bitmap` (not copied; the context keeps it alive) whose user space
    /// maps to the bitmap's pixels through `baseTransform` (identity: top-left origin, y down,
    /// one unit per pixel). A non-finite `baseTransform` is replaced by the identity.
    public init(bitmap: Bitmap, baseTransform: CGAffineTransform = .identity) {
        self.bitmap = bitmap
        target = bitmap
        let base = Self.isFinite(baseTransform) ? baseTransform : .identity
        self.baseTransform = base
        state = _GState(ctm: base, clip: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height),
                        clipBounds: CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
    }

    /// A transparent offscreen context of `width`×`height` **points**, top-left origin, y down,
    /// `scale` pixels per point (like `UIGraphicsImageRenderer`). Nil when the pixel size is
    /// zero, negative, not finite, above ``maximumDimension`` per side or ``maximumPixelCount``
    /// in all (nothing is allocated then), or `scale` is not finite and positive.
    public convenience init?(width: CGFloat, height: CGFloat, scale: CGFloat = 1) {
        guard scale.isFinite, scale > 0, let (w, h) = Self.pixelSize(width * scale, height * scale),
              let b = Bitmap(width: w, height: h) else { return nil }
        self.init(bitmap: b, baseTransform: CGAffineTransform(scaleX: scale, y: scale))
    }

    /// Core Graphics' bitmap context: bottom-left origin, y up, one unit per pixel. Strata
    /// supports one pixel layout, 8 bits per component, `premultipliedFirst` alpha in 32-bit
    /// native (little-endian) words, which `bitmapInfo` must name (with or without
    /// `byteOrder32Little`); any other layout returns nil, as do sizes refused by
    /// ``init(width:height:scale:)``. With `data` the context draws into that memory (not
    /// copied, not freed; it must outlive the context and hold `bytesPerRow`·`height` bytes;
    /// `bytesPerRow` 0 means `4·width`); without, it allocates zeroed memory — and then, the
    /// memory being the context's own, `premultipliedLast` (the usual iOS call) is accepted too:
    /// what is drawn is the same, and `makeImage()` gives it; only the bytes' order in memory is
    /// Strata's (B, G, R, A).
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        let order = bitmapInfo & 0x7000
        let ownLayout = alpha == .premultipliedFirst && (order == 0 || info.contains(.byteOrder32Little))
        guard bitsPerComponent == 8, ownLayout || (data == nil && alpha == .premultipliedLast),
              let (w, h) = Self.pixelSize(CGFloat(width), CGFloat(height)) else { return nil }
        let bitmap: Bitmap?
        if let data {
            bitmap = Bitmap(wrapping: data, width: w, height: h, bytesPerRow: bytesPerRow == 0 ? 4 * w : bytesPerRow)
        } else {
            guard bytesPerRow == 0 || bytesPerRow >= 4 * w else { return nil }
            bitmap = Bitmap(width: w, height: h)
        }
        guard let bitmap else { return nil }
        self.init(bitmap: bitmap, baseTransform: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(h)))
    }

    /// Whole pixel dimensions for a context, or nil when refused (see the initialisers).
    static func pixelSize(_ w: CGFloat, _ h: CGFloat) -> (Int, Int)? {
        guard w.isFinite, h.isFinite, w >= 1, h >= 1,
              w <= CGFloat(maximumDimension), h <= CGFloat(maximumDimension) else { return nil }
        let wi = Int(w.rounded(.up)), hi = Int(h.rounded(.up))
        guard wi <= maximumDimension, hi <= maximumDimension, wi * hi <= maximumPixelCount else { return nil }
        return (wi, hi)
    }

    static func isFinite(_ t: CGAffineTransform) -> Bool {
        t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    /// A snapshot of the pixels drawn so far (rows top to bottom as in memory).
    public func makeImage() -> CGImage? {
        let b = bitmap
        return CGImage(width: b.width, height: b.height) { dst in
            for y in 0..<b.height { (dst + y * b.width).update(from: b.row(y), count: b.width) }
        }
    }

    /// Drawing is immediate: nothing to flush (Core Graphics API compatibility).
    public func flush() {}
    public func synchronize() {}
}
