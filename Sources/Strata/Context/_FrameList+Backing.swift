import Foundation

/// Damage for backing-store contents redrawn in part (`setNeedsDisplay(_:)`).
extension _FrameList {
    /// `prefix` (the hash of everything but the contents) combined with the contents' placement
    /// and the image's size and layer, but not its identity; nil when the image is not a
    /// backing store.
    static func backingKey(_ prefix: Int, _ c: _ContentsLayout) -> Int? {
        guard let info = c.image._backing, c.center == RenderLayer.unitRect else { return nil }
        var k = Hasher()
        k.combine(prefix)
        k.combine(c.source); k.combine(c.dest); k.combine(c.nearest); k.combine(c.scale)
        k.combine(c.image.width); k.combine(c.image.height); k.combine(info.layerID)
        return k.finalize()
    }

    /// The device pixels that differ between node `o` of the old frame and `n` of the new one
    /// when they differ only by a backing-store image redrawn in part: each changed image
    /// rectangle mapped through the contents placement and the layer's matrix (grown by a
    /// pixel when the mapping resamples), within the footprint. Nil when that does not apply.
    static func redrawnPixels(_ o: _Node, _ n: _Node) -> [PixelRect]? {
        guard let ok = o.backingKey, ok == n.backingKey, o.footprint == n.footprint, let fp = n.footprint,
              let oi = o.contents?.image._backing, let c = n.contents, let ni = c.image._backing,
              let changed = ni.changedPixels(since: oi) else { return nil }
        let kx = c.dest.width / c.source.width, ky = c.dest.height / c.source.height
        // Image pixels → layer space.
        let place = CGAffineTransform(a: kx, b: 0, c: 0, d: ky, tx: c.dest.minX - c.source.minX * kx,
                                      ty: c.dest.minY - c.source.minY * ky)
        let a = _Matrix3(m11: kx, m12: 0, m13: 0, m21: 0, m22: ky, m23: 0, m31: place.tx, m32: place.ty, m33: 1).then(n.matrix)
        let exact = a.isAxisAligned && a.m11 == 1 && a.m22 == 1 && a.m31 == a.m31.rounded() && a.m32 == a.m32.rounded()
        return changed.compactMap { r in
            let rect = CGRect(x: r.x, y: r.y, width: r.width, height: r.height).intersection(c.source)
            guard !rect.isNull, let box = deviceBox(rect.applying(place), n.matrix) else { return nil }
            let grown = exact ? box : PixelRect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2)
            return intersect(grown, fp)
        }
    }
}
