import CPixman
import Foundation

/// Blurred shadow masks kept while their inputs stay the same (the expensive part of a shadow
/// is the blur; compositing a cached mask is one pixman call).
///
/// A mask depends on the shadow's shape (or, for a content shadow, the layer's drawing), the
/// linear part of its device transform, the sub-pixel part of its translation and σ — not on
/// the integer position, so a moving layer reuses its mask. Entries unused for `maxAge` frames, or beyond `maxBytes` in total, go.
final class _ShadowCache {
    struct Key: Hashable {
        var source: _Shadow.Source
        var shape: _RoundedRect
        var linear: SIMD4<Double>
        var fraction: SIMD2<Double>
        var sigma: Double
        /// For content shadows: the hash of the drawing blurred (0 otherwise).
        var content = 0
    }

    final class Entry {
        let image: OpaquePointer
        let memory: UnsafeMutableRawPointer
        /// Mask pixel (0, 0) relative to the integer part of the translation.
        let dx: Int, dy: Int
        let width: Int, height: Int
        var lastUse: Int

        init(image: OpaquePointer, memory: UnsafeMutableRawPointer, dx: Int, dy: Int, width: Int, height: Int, frame: Int) {
            self.image = image; self.memory = memory; self.dx = dx; self.dy = dy
            self.width = width; self.height = height; lastUse = frame
        }

        deinit { pixman_image_unref(image); free(memory) }
    }

    static let maxAge = 120
    static let maxBytes = 32 << 20
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private(set) var frame = 0
    private(set) var misses = 0

    func nextFrame() {
        frame += 1
        guard frame % 30 == 0 else { return }
        for (k, e) in entries where frame - e.lastUse > Self.maxAge { drop(k, e) }
    }

    func lookup(_ key: Key) -> Entry? {
        guard let e = entries[key] else { return nil }
        e.lastUse = frame
        return e
    }

    func store(_ key: Key, _ e: Entry) {
        misses += 1
        let size = e.width * e.height
        guard size <= Self.maxBytes / 4 else { return }
        while bytes + size > Self.maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            drop(oldest.key, oldest.value)
        }
        entries[key] = e
        bytes += size
    }

    private func drop(_ k: Key, _ e: Entry) {
        entries[k] = nil
        bytes -= e.width * e.height
    }
}
