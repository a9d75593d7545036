import CPixman
import Foundation

/// Blurred shadow masks kept while their inputs stay the same (the expensive part of a shadow
/// is the blur; compositing a cached mask is one pixman call).
///
/// A mask depends on the shadow's shape (or, for a content shadow, the layer's drawing), the
/// linear part of its device transform, the sub-pixel part of its translation and σ — not on
/// the integer position, so a moving layer reuses its mask. Entries unused for 120 frames go;
/// beyond 32 MiB in total, the least recently used go (just enough for the new one).
typealias _ShadowCache = _FrameAgedCache<_ShadowKey, _ShadowMask>

/// What a cached shadow mask was made for (`_ShadowCache`).
struct _ShadowKey: Hashable {
    var source: _Shadow.Source
    var shape: _RoundedRect
    var linear: SIMD4<Double>
    var fraction: SIMD2<Double>
    var sigma: Double
    /// For content shadows: the hash of the drawing blurred (0 otherwise).
    var content = 0
}

/// A blurred shadow mask (A8) in `_ShadowCache`.
final class _ShadowMask: _FrameAgedEntry {
    let image: OpaquePointer
    let memory: UnsafeMutableRawPointer
    /// Mask pixel (0, 0) relative to the integer part of the translation.
    let dx: Int, dy: Int
    let width: Int, height: Int
    var lastUse: Int
    var bytes: Int { width * height }

    init(image: OpaquePointer, memory: UnsafeMutableRawPointer, dx: Int, dy: Int, width: Int, height: Int, frame: Int) {
        self.image = image; self.memory = memory; self.dx = dx; self.dy = dy
        self.width = width; self.height = height; lastUse = frame
    }

    deinit { pixman_image_unref(image); free(memory) }
}

extension _FrameAgedCache where K == _ShadowKey, V == _ShadowMask {
    static var defaultMaxBytes: Int { 32 << 20 }

    convenience init() {
        self.init(maxBytes: Self.defaultMaxBytes, maxAge: 120, evictionTarget: Self.defaultMaxBytes)
    }
}
