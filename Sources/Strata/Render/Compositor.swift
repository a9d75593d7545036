import CPixman
import Foundation

/// Draws frames of a render tree into a ``Bitmap`` with pixman, and computes which pixels
/// changed between two frames.
///
/// ## Coordinates
/// The root layer is the surface: a point (x, y) of the root layer's bounds coordinate space
/// lands on device pixel ((x − bounds.minX) · scale, (y − bounds.minY) · scale), where `scale`
/// is device pixels per point. The root's own `position`, `anchorPoint` and `transform` are
/// therefore ignored; everything else of the root (background, border, corner radius, opacity,
/// masksToBounds, sublayerTransform) applies. Pixel (i, j) covers [i, i+1) × [j, j+1).
///
/// Sublayers are placed as in Core Animation: a sublayer's anchor point (in its bounds) sits at
/// its `position` (in the parent's bounds space); `transform` applies about the anchor point,
/// the parent's `sublayerTransform` about the parent's anchor point; each layer is flattened
/// into its parent's plane (no shared 3-D space, as without CATransformLayer).
///
/// ## Threads
/// One compositor per surface, used from one thread at a time (it reuses buffers between
/// frames). Render trees are values and may come from any thread.
public final class Compositor {
    /// Threads that paint a frame: the region is cut into this many horizontal bands painted
    /// at the same time (pixels are identical to painting with one thread). Default 1.
    public var threads: Int {
        didSet { threads = min(max(threads, 1), 64) }
    }
    private var painters: [_Painter] = [_Painter()]
    private let list = _FrameList()
    private let oldList = _FrameList()
    private var oldIndex: [UInt64: Int] = [:]
    private var matched: [Bool] = []
    private var boxes: [pixman_box32_t] = []

    public init(threads: Int = 1) { self.threads = min(max(threads, 1), 64) }

    /// Repaints the pixels of `region` (device pixels, clipped to the bitmap) with `tree`:
    /// the region is first cleared to transparent, then every visible layer is composited OVER
    /// in paint order. Pixels outside `region` are not touched.
    ///
    /// A non-finite or non-positive `scale` draws nothing but the cleared region.
    public func render(_ tree: RenderLayer, into bitmap: Bitmap, scale: CGFloat, region: Region) {
        list.build(tree, scale: Double(scale))
        let clip = region.intersection(Region(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        let e = clip.extents
        let bands = min(threads, max(1, e.height / 16))
        if bands <= 1 {
            painters[0].paint(list, into: bitmap, region: clip)
            return
        }
        while painters.count < bands { painters.append(_Painter()) }
        // Equal-height bands of the region's extents; each painter owns its band's pixels.
        let parts = (0..<bands).map { k -> Region in
            let y0 = e.y + e.height * k / bands, y1 = e.y + e.height * (k + 1) / bands
            return clip.intersection(Region(x: e.x, y: y0, width: e.width, height: y1 - y0))
        }
        let work = _BandWork(painters: painters, list: list, bitmap: bitmap, parts: parts)
        DispatchQueue.concurrentPerform(iterations: bands) { work.run($0) }
    }

    /// Repaints the whole bitmap.
    public func render(_ tree: RenderLayer, into bitmap: Bitmap, scale: CGFloat) {
        render(tree, into: bitmap, scale: scale, region: Region(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
    }

    /// The device pixels whose colour may differ between frame `old` and frame `new`, within
    /// `bounds` (device pixels, usually the bitmap's rectangle).
    ///
    /// Layers are matched by `id`. For every layer that appeared, disappeared, or whose pixels
    /// may have changed (its own properties, its placement on screen, its paint order, or an
    /// ancestor's opacity, clip or order), the region holds the pixels it covered in `old` and
    /// those it covers in `new`. It is a union of rectangles, never one bounding box. Without
    /// `old`, or when a tree repeats an `id`, it is all of `bounds`.
    ///
    /// Changes are detected with 64-bit hashes of each layer's evaluated state: a hash collision
    /// (probability about 2⁻⁶⁴ per changed layer) would miss a change.
    public func damage(from old: RenderLayer?, to new: RenderLayer, scale: CGFloat, bounds: CGRect) -> Region {
        let all = Region(enclosing: bounds)
        guard let old else { return all }
        list.build(new, scale: Double(scale))
        oldList.build(old, scale: Double(scale))
        oldIndex.removeAll(keepingCapacity: true)
        for (i, n) in oldList.nodes.enumerated() where oldIndex.updateValue(i, forKey: n.id) != nil { return all }
        matched.removeAll(keepingCapacity: true)
        matched.append(contentsOf: repeatElement(false, count: oldList.nodes.count))
        boxes.removeAll(keepingCapacity: true)
        var seen = Set<UInt64>()
        seen.reserveCapacity(list.nodes.count)
        for n in list.nodes {
            guard seen.insert(n.id).inserted else { return all }
            if let j = oldIndex[n.id] {
                matched[j] = true
                let o = oldList.nodes[j]
                if o.key == n.key && o.footprint == n.footprint { continue }
                if let redrawn = _FrameList.redrawnPixels(o, n) {
                    for r in redrawn { add(r) }
                    continue
                }
                add(o.footprint)
            }
            add(n.footprint)
        }
        for (j, o) in oldList.nodes.enumerated() where !matched[j] { add(o.footprint) }
        return Region(boxes: boxes).intersection(all)
    }

    /// Lets `concurrentPerform` hand each band to its painter.
    private struct _BandWork: @unchecked Sendable {
        // Unchecked: each band index uses its own painter and writes only its own pixels; the
        // frame list and bitmap are only read (the bitmap's memory is written band by band).
        let painters: [_Painter], list: _FrameList, bitmap: Bitmap, parts: [Region]
        func run(_ k: Int) { painters[k].paint(list, into: bitmap, region: parts[k]) }
    }

    private func add(_ r: PixelRect?) {
        guard let r else { return }
        boxes.append(Region.clampedBox(x1: r.x, y1: r.y, x2: r.maxX, y2: r.maxY))
    }
}
