import Foundation

/// A ``CATiledLayer`` that shows a ``TiledImageSource``: one layer unit per image pixel, its
/// bounds the image's rectangle, each tile read from the source at the level of detail its
/// scale needs. Strata addition (on Apple platforms an app writes this `draw(in:)` itself).
///
/// Levels: `levelsOfDetailBias` is ``magnifiedLevels`` (3: tiles drawn at 2×, 4× and 8×, each
/// image pixel a block of nearest-neighbour pixels, so zoomed-in pixels stay sharp and exact),
/// and the remaining levels reach the source's coarsest level (the whole image in one pixel),
/// at most 30 in all. A tile at scale 2^-L (L ≥ 0) copies level L of the source pixel for pixel.
///
/// A read that fails (a JPEG file deleted or damaged after opening) leaves its tile empty
/// (transparent); the error is kept in ``lastReadError``.
open class TiledImageLayer: CATiledLayer, @unchecked Sendable {
    // @unchecked: `source` is immutable; `readError` is guarded by its mutex.
    /// Tiles drawn magnified (2^magnifiedLevels at most).
    public static let magnifiedLevels = 3

    /// The image shown; nil for a layer made by `init()` (which draws nothing).
    public let source: TiledImageSource?
    private let readError = _LockedBox<(any Error)?>(nil)

    /// A layer showing `source`, bounds `(0, 0, width, height)`.
    public init(source: TiledImageSource) {
        self.source = source
        super.init()
        bounds = CGRect(x: 0, y: 0, width: source.width, height: source.height)
        levelsOfDetailBias = Self.magnifiedLevels
        levelsOfDetail = min(30, Self.magnifiedLevels + source.coarsestLevel + 1)
    }

    public override init() {
        source = nil
        super.init()
    }

    public required init(layer: Any) {
        source = (layer as? TiledImageLayer)?.source
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) { return nil }

    /// The error of the most recent failed tile read, if any.
    public var lastReadError: (any Error)? { readError.value }

    /// Draws the tile the context is clipped to from the source level matching its scale.
    open override func draw(in ctx: CGContext) {
        guard let source else { return }
        let s = ctx.ctm.a
        guard s.isFinite, s > 0 else { return }
        let clip = ctx.boundingBoxOfClipPath.intersection(bounds)
        guard !clip.isNull, clip.width > 0, clip.height > 0 else { return }
        // Level L of the source has 2^-L pixels per layer unit; magnified tiles read level 0.
        let level = min(source.coarsestLevel, max(0, Int((-log2(s)).rounded())))
        let step = CGFloat(1 << level)
        let size = source.size(atLevel: level)
        let x0 = max(0, Int(floor(clip.minX / step))), y0 = max(0, Int(floor(clip.minY / step)))
        let x1 = min(size.width, Int(ceil(clip.maxX / step))), y1 = min(size.height, Int(ceil(clip.maxY / step)))
        guard x1 > x0, y1 > y0 else { return }
        let image: CGImage
        do {
            image = try source.image(level: level, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        } catch {
            readError.value = error
            return
        }
        let dst = CGRect(x: CGFloat(x0) * step, y: CGFloat(y0) * step,
                         width: CGFloat(x1 - x0) * step, height: CGFloat(y1 - y0) * step)
        ctx.saveGState()
        if s > 1 { ctx.interpolationQuality = .none }
        // `draw(_:in:)` puts the first row at maxY; flip so it lands at the top (y-down space).
        ctx.translateBy(x: 0, y: dst.minY + dst.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: dst)
        ctx.restoreGState()
    }
}
