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
/// kept, and masks unused for `maxAge` frames go.
final class _CoverageMaskCache {
    struct Key: Hashable {
        var shape: _RoundedRect
        /// Border width (layer units), 0 for the filled shape.
        var ring: Double
        var linear: SIMD4<Double>
        var fraction: SIMD2<Double>
    }

    static let defaultMaxBytes = 16 << 20
    static let maxAge = 120
    let maxBytes: Int
    private var entries: [Key: _CoverageMask] = [:]
    private(set) var bytes = 0
    private(set) var frame = 0
    /// Masks made so far (cache misses).
    private(set) var misses = 0
    var count: Int { entries.count }

    init(maxBytes: Int = _CoverageMaskCache.defaultMaxBytes) { self.maxBytes = maxBytes }

    func nextFrame() {
        frame += 1
        guard frame % 30 == 0 else { return }
        for (k, e) in entries where frame - e.lastUse > Self.maxAge { drop(k, e) }
    }

    func lookup(_ key: Key) -> _CoverageMask? {
        guard let e = entries[key] else { return nil }
        e.lastUse = frame
        return e
    }

    /// Whether a mask of `bytes` bytes would be kept.
    func admits(bytes: Int) -> Bool { bytes <= maxBytes / 4 }

    /// Keeps `mask` under `key` when it fits the budget, evicting the least recently used.
    func store(_ key: Key, _ mask: _CoverageMask) {
        misses += 1
        guard admits(bytes: mask.bytes) else { return }
        if bytes + mask.bytes > maxBytes {
            // One sort per batch of evictions, not a scan per eviction.
            let target = maxBytes * 3 / 4 - mask.bytes
            for (k, e) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard bytes > target else { break }
                drop(k, e)
            }
        }
        if let old = entries[key] { bytes -= old.bytes }
        entries[key] = mask
        bytes += mask.bytes
    }

    private func drop(_ k: Key, _ e: _CoverageMask) {
        entries[k] = nil
        bytes -= e.bytes
    }
}
