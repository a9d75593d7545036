import Foundation

/// What a backing-store image knows about the layer that drew it: which layer, its place in
/// that layer's sequence of images, the geometry it was drawn for, and the pixels each of the
/// last few images changed, so damage can cover only the redrawn pixels.
struct _BackingInfo: Sendable {
    var layerID: UInt64
    /// 1 for the layer's first image, then +1 per image.
    var serial: UInt64
    var scale: CGFloat
    var origin: CGPoint
    /// (serial, pixels that image changed from the one before it), oldest first, at most
    /// ``historyLength`` entries.
    var changes: [(serial: UInt64, rect: PixelRect)]

    static let historyLength = 8

    /// The pixels that differ between the image `old` describes and this one, as rectangles;
    /// nil when unknown (another layer's image, too old, or a different geometry).
    func changedPixels(since old: _BackingInfo) -> [PixelRect]? {
        guard old.layerID == layerID, old.scale == scale, old.origin == origin, old.serial <= serial else { return nil }
        if old.serial == serial { return [] }
        let needed = changes.filter { $0.serial > old.serial }
        guard needed.count == Int(serial - old.serial) else { return nil }
        return needed.map(\.rect)
    }

    /// The info of the image after this one, which changed `rect`.
    func next(changing rect: PixelRect) -> _BackingInfo {
        var n = self
        n.serial += 1
        n.changes.append((n.serial, rect))
        if n.changes.count > Self.historyLength { n.changes.removeFirst(n.changes.count - Self.historyLength) }
        return n
    }
}
