import Foundation

/// `shouldRasterize`: a layer's subtree is drawn once into a bitmap in the layer's own space at
/// `rasterizationScale` pixels per point, and frames composite that bitmap (through the layer's
/// transform, opacity, mask and compositing filter) instead of the subtree, until something in
/// the subtree changes.
///
/// It works by rewriting the frame's tree before it is flattened: a rasterized layer becomes a
/// plain layer keeping its geometry, opacity, mask and compositing filter, whose one sublayer
/// shows the cached bitmap. The bitmap covers everything the subtree draws (sublayers and
/// shadows outside the bounds included). Whether the subtree changed is decided by the same
/// per-layer hashes damage uses, computed in the layer's space, so moving, rotating or fading a
/// rasterized layer reuses its bitmap.
///
/// Documented limits: the root layer (the surface) is never rasterized; neither are layers
/// inside a mask, a layer running a `CATransition`, or a subtree whose bitmap would exceed
/// ``CGContext``'s pixel limits (drawn directly instead). An invalid `rasterizationScale`
/// (≤ 0, NaN, ∞) counts as 1; scales above 16 count as 16. Bitmaps unused for 8 frames are
/// dropped.
///
/// Where Core Animation differs: the bitmap holds only the part of the subtree that can show —
/// the surface (the root's bounds) mapped back into the layer's space, grown by `margin`
/// bitmap pixels so that small moves keep it — not the subtree's full extent, so a huge
/// rasterized layer allocates in proportion to the surface, never to its nominal size. When a
/// move or turn brings pixels outside the bitmap into view, it is drawn again for the new view.
/// Under a perspective that folds the surface behind the eye the full extent is used.
/// Rasterized layers inside more than ``maximumNesting`` rasterized ancestors draw directly
/// (their subtree is part of the enclosing bitmap).
final class _RasterCache {
    /// Each rasterized layer inside another is drawn by a nested compositor, a level of
    /// recursion (tens of KB of stack in a debug build); deeper ones are drawn directly, so a
    /// 10 000-deep chain of rasterized layers fits a 512 KiB stack (DeepLayerTreeTests).
    static let maximumNesting = 4
    /// Rasterized layers enclosing the trees this cache sees (0: a frame's own compositor).
    var nesting = 0

    private struct Entry {
        var key: Int
        var image: CGImage
        /// The bitmap's rectangle in the layer's bounds space, in bitmap pixels (points ×
        /// the rasterization scale).
        var rect: PixelRect
        var lastUse: Int
    }

    /// Bitmap pixels kept around the visible part of a rasterized subtree.
    static let margin = 64

    private var entries: [UInt64: [Entry]] = [:]
    private var frame = 0
    /// Subtrees drawn into new bitmaps so far (cache misses).
    private(set) var renders = 0
    private var compositor: Compositor?
    private let list = _FrameList()

    /// Bit marking the ids of the sublayers that show cached bitmaps.
    static let imageLayerBit: UInt64 = 1 << 63

    /// `tree` with every rasterized layer replaced by its cached bitmap.
    func substitute(_ tree: RenderLayer) -> RenderLayer {
        frame += 1
        defer { prune() }
        guard nesting < Self.maximumNesting else { return tree }
        let paths = Self.rasterizedPaths(tree)
        guard !paths.isEmpty else { return tree }
        var root = tree
        for path in paths {
            // Walk down copying the chain, replace the layer, write the chain back up.
            var chain = [root]
            for i in path { chain.append(chain[chain.count - 1].sublayers[i]) }
            guard let replaced = rasterized(chain[chain.count - 1], visible: Self.visibleRect(chain)) else { continue }
            chain[chain.count - 1] = replaced
            for k in stride(from: chain.count - 1, to: 0, by: -1) { chain[k - 1].sublayers[path[k - 1]] = chain[k] }
            root = chain[0]
        }
        return root
    }

    /// Index paths (from the root's sublayers down) of the outermost rasterized layers, found
    /// without recursion (trees may be very deep).
    static func rasterizedPaths(_ root: RenderLayer) -> [[Int]] {
        var out: [[Int]] = []
        var stack: [(layers: [RenderLayer], next: Int)] = [(root.sublayers, 0)]
        var path: [Int] = []
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].layers.count else {
                stack.removeLast()
                if !path.isEmpty { path.removeLast() }
                continue
            }
            let i = stack[top].next
            stack[top].next += 1
            // The layer is borrowed in place (copying every layer of every frame costs its
            // reference counting).
            let layers = stack[top].layers
            let (rasterized, subs): (Bool, [RenderLayer]?) = layers.withUnsafeBufferPointer { b in
                let l = UnsafePointer(b.baseAddress! + i)
                if !l.pointee.properties.isEmpty, l.pointee.properties["shouldRasterize"] as? Bool == true,
                   l.pointee.transition == nil { return (true, nil) }
                return (false, l.pointee._children.map(\.sublayers))
            }
            if rasterized {
                out.append(path + [i])
            } else if let subs, !subs.isEmpty {
                path.append(i)
                stack.append((subs, 0))
            }
        }
        return out
    }

    /// Sizes of the bitmaps held (for tests: what rasterizing allocated).
    var bitmapSizes: [(width: Int, height: Int)] {
        entries.values.flatMap { $0.map { (width: $0.image.width, height: $0.image.height) } }
    }

    /// The surface (the root's bounds) in the bounds space of the last layer of `chain` (root
    /// first), as the frame list places sublayers; nil when that cannot be bounded (a
    /// perspective folding the surface behind the eye, a singular or non-finite map).
    static func visibleRect(_ chain: [RenderLayer]) -> CGRect? {
        var m = _Matrix3.identity
        for k in 1..<chain.count {
            var step = _Matrix3(chain[k].placementTransform)
            if let s = chain[k - 1].sublayerTransformAboutAnchor { step = step.then(_Matrix3(s)) }
            m = step.then(m)
        }
        guard let inv = m.inverted() else { return nil }
        let r = chain[0].bounds
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
            let p = inv.apply(x, y)
            guard p.z > 1e-9, p.x.isFinite, p.y.isFinite else { return nil }
            let q = SIMD2(p.x, p.y) / p.z
            lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q)
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The stand-in for rasterized layer `l`, nil when it cannot be rasterized. `visible`: what
    /// of its bounds space the surface shows (nil: unknown, the whole subtree is kept).
    private func rasterized(_ l: RenderLayer, visible: CGRect?) -> RenderLayer? {
        let raw = l.number("rasterizationScale") ?? 1
        let scale = raw.isFinite && raw > 0 ? min(raw, 16) : 1
        // The subtree in its own space: bounds coordinates, identity placement.
        var inner = l
        inner.properties["shouldRasterize"] = nil
        inner.properties["compositingFilter"] = nil
        inner.transform = .identity
        inner.opacity = 1
        inner.mask = nil
        let b = l.bounds
        inner.position = CGPoint(x: b.minX + l.anchorPoint.x * b.width, y: b.minY + l.anchorPoint.y * b.height)
        inner.zPosition = 0
        var content = RenderLayer(id: Self.imageLayerBit | l.id)
        content.sublayers = [inner]
        list.build(content, scale: scale)
        guard let box = list.nodes.first?.subtree, box.width > 0, box.height > 0 else { return nil }
        // What must be in the bitmap, and what a new bitmap holds (grown by the margin).
        var needed = box, held = box
        if let v = visible {
            let lim = Double(Region.limit) / 4
            let sv = CGRect(x: v.minX * scale, y: v.minY * scale, width: v.width * scale, height: v.height * scale)
                .intersection(CGRect(x: -lim, y: -lim, width: 2 * lim, height: 2 * lim))
            guard let seen = Region.enclosingPixels(sv), let n = _FrameList.intersect(box, seen) else { return nil }
            needed = n
            let m = Self.margin
            held = _FrameList.intersect(box, n.outset(by: m)) ?? n
        }
        guard held.width * held.height <= CGContext.maximumPixelCount else { return nil }
        var h = Hasher()
        h.combine(scale)
        for n in list.nodes { h.combine(n.key); h.combine(n.footprint) }
        let key = h.finalize()
        let entry: Entry
        if let k = entries[l.id]?.firstIndex(where: { $0.key == key && _FrameList.intersect($0.rect, needed) == needed }) {
            entries[l.id]![k].lastUse = frame
            entry = entries[l.id]![k]
        } else {
            let box = held
            content.bounds = CGRect(x: Double(box.x) / scale, y: Double(box.y) / scale,
                                    width: Double(box.width) / scale, height: Double(box.height) / scale)
            guard let bitmap = Bitmap(width: box.width, height: box.height) else { return nil }
            let c = compositor ?? Compositor()
            c.rasterCache.nesting = nesting + 1
            compositor = c
            c.render(content, into: bitmap, scale: scale)
            renders += 1
            guard let image = CGImage(width: box.width, height: box.height, fill: { px in
                for y in 0..<box.height { (px + y * box.width).update(from: bitmap.row(y), count: box.width) }
            }) else { return nil }
            entry = Entry(key: key, image: image, rect: box, lastUse: frame)
            var list = entries[l.id] ?? []
            list.append(entry)
            // The old frame's bitmap and the new one (damage compares the two).
            if list.count > 2 { list.removeFirst(list.count - 2) }
            entries[l.id] = list
        }
        var stand = l.placeholder(id: l.id)
        stand.opacity = l.opacity
        stand.allowsGroupOpacity = l.allowsGroupOpacity
        stand.isHidden = l.isHidden
        stand.mask = l.mask
        if let f = l.properties["compositingFilter"] { stand.properties["compositingFilter"] = f }
        var image = RenderLayer(id: Self.imageLayerBit | l.id)
        image.anchorPoint = .zero
        image.position = CGPoint(x: Double(entry.rect.x) / scale, y: Double(entry.rect.y) / scale)
        image.bounds = CGRect(x: 0, y: 0, width: Double(entry.image.width) / scale, height: Double(entry.image.height) / scale)
        image.contents = entry.image
        image.contentsScale = scale
        image.borderColor = nil
        stand.sublayers = [image]
        return stand
    }

    private func prune() {
        guard frame % 8 == 0 else { return }
        for (id, list) in entries {
            let kept = list.filter { frame - $0.lastUse < 8 }
            entries[id] = kept.isEmpty ? nil : kept
        }
    }
}
