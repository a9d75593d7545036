import Foundation

/// Coverage masks of rounded rectangles and borders (`masksToBounds` clips, rounded borders,
/// rotated rounded backgrounds) kept while the shape stays the same, so that an unchanged
/// rounded layer costs one masked composite per frame instead of a rasterization.
///
/// A mask depends on the shape (layer-space rectangle and corner radii), the border width (0:
/// the filled shape), the linear part of the device transform and the sub-pixel part of its
/// translation — not on the integer position, so a layer moved by whole pixels reuses its
/// mask. Bounds: at most `maxBytes` of masks (least recently used dropped first, in batches
/// down to three quarters of the budget), a mask larger than a quarter of the budget is never
/// kept, and masks unused for 120 frames go.
typealias _CoverageMaskCache = _FrameAgedCache<_CoverageMaskKey, _CoverageMask>

/// What a cached coverage mask was made for (`_CoverageMaskCache`).
struct _CoverageMaskKey: Hashable {
    var shape: _RoundedRect
    /// Border width (layer units), 0 for the filled shape.
    var ring: Double
    var linear: SIMD4<Double>
    var fraction: SIMD2<Double>
}

extension _CoverageMask: _FrameAgedEntry {}

extension _FrameAgedCache where K == _CoverageMaskKey, V == _CoverageMask {
    static var defaultMaxBytes: Int { 16 << 20 }

    convenience init(maxBytes: Int = defaultMaxBytes) {
        self.init(maxBytes: maxBytes, maxAge: 120, evictionTarget: maxBytes * 3 / 4)
    }
}
