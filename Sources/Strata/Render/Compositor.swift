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
    /// Flattened trees (least recently used reused first): a frame's tree is flattened once for
    /// its damage, reused for its paint and as the next frame's `old` (see `flattened`).
    private var lists: [(tree: RenderLayer?, scale: Double, list: _FrameList, idsUnique: Bool?, used: Int)] =
        (0..<3).map { _ in (nil, 0, _FrameList(), nil, 0) }
    private var clock = 0
    private var seen = Set<UInt64>()
    private var oldIndex: [UInt64: Int] = [:]
    private var matched: [Bool] = []
    private var boxes: [pixman_box32_t] = []
    /// Bitmaps of `shouldRasterize` subtrees, reused while they do not change.
    let rasterCache = _RasterCache()

    /// Debug overlays drawn over every frame (default: what `STRATA_DEBUG` names).
    public var debugOptions: CompositorDebugOptions = .environment
    /// Pixels the overlays of the last `render` drew outside the region asked for (the
    /// frame-rate box): add them to the damage sent to the display server. Empty without
    /// overlays.
    public private(set) var debugOverlayDamage = Region()
    private var overlay = _DebugOverlay()

    /// Bytes of bitmap rows painted at a time by one thread (about half a typical L2 cache:
    /// 1 MB measured as fast as 256 KB for a 1920-pixel-wide frame on 2 MB L2 cores, with half
    /// as many bands, hence half the layers cut in two and half the per-band setup).
    static let bandBytes = 1024 * 1024
    /// `bandBytes`, changeable by tests (to band small frames).
    var bandBytes = Compositor.bandBytes
    /// Frames with fewer layers than this are painted in one pass.
    static let bandMinimumLayers = 16

    /// Default of ``minimumParallelWork``: the break-even measured with `strata-bench
    /// --animation --kinds breakeven --threads 2` (one moving square of growing size in
    /// 1920 × 1080 on a 2-core machine; handing a band to another thread costs about 15 µs of
    /// wall-clock time, which one thread spends painting this many pixels).
    public static let defaultMinimumParallelWork = 131_072

    /// Frames whose estimated work is below this are painted by one thread whatever
    /// ``threads`` says: waking the other threads would cost more than they save. The work is
    /// counted in pixels: those of the region (cleared or filled) plus, per layer, those of
    /// its footprint within the region (estimated as its share of the region's bounding box).
    /// 0 splits every frame of at least 32 rows. Pixels are the same either way.
    public var minimumParallelWork = Compositor.defaultMinimumParallelWork {
        didSet { minimumParallelWork = max(0, minimumParallelWork) }
    }
    /// How many bands the last `render` was painted in (1: on the calling thread alone).
    private(set) var lastBandCount = 0

    public init(threads: Int = 1) { self.threads = min(max(threads, 1), 64) }

    /// Repaints the pixels of `region` (device pixels, clipped to the bitmap) with `tree`:
    /// the region is first cleared to transparent, then every visible layer is composited OVER
    /// in paint order. Pixels outside `region` are not touched.
    ///
    /// A non-finite or non-positive `scale` draws nothing but the cleared region.
    public func render(_ tree: RenderLayer, into bitmap: Bitmap, scale: CGFloat, region: Region) {
        let list = flattened(tree, scale: Double(scale)).list
        var clip = region.intersection(Region(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        debugOverlayDamage = Region()
        guard debugOptions.isEmpty else {
            // The frame-rate box is repainted (under its new digits) every frame.
            let box = debugOptions.contains(.showFrameRate)
                ? _DebugOverlay.frameRateBox(width: bitmap.width, height: bitmap.height).map { Region($0) } ?? Region() : Region()
            debugOverlayDamage = box.subtracting(clip)
            clip.formUnion(box)
            paint(list, into: bitmap, clip: clip)
            drawOverlays(list, bitmap, repainted: clip.subtracting(box), box: box)
            return
        }
        paint(list, into: bitmap, clip: clip)
    }

    private func drawOverlays(_ list: _FrameList, _ bitmap: Bitmap, repainted: Region, box: Region) {
        if debugOptions.contains(.tintBlendedLayers) {
            // Every visible layer that draws something and is not known to be opaque.
            var blended: [PixelRect] = []
            for n in list.nodes where n.footprint != nil {
                if let o = n.opaque, o == n.footprint { continue }
                blended.append(n.footprint!)
            }
            _DebugOverlay.tint(bitmap, Region(blended).intersection(repainted), _DebugOverlay.blendedTint)
        }
        if debugOptions.contains(.flashRepaintedRegions) { _DebugOverlay.tint(bitmap, repainted, _DebugOverlay.flashTint) }
        if debugOptions.contains(.showFrameRate), !box.isEmpty {
            _DebugOverlay.drawFrameRate(bitmap, overlay.tick(now: CACurrentMediaTime()))
        }
    }

    private func paint(_ list: _FrameList, into bitmap: Bitmap, clip: Region) {
        let e = clip.extents
        // Large regions in bands of rows a cache can hold: each layer's rows are then still
        // cached from the clear and from the layers below (pixels are the same whatever region
        // is painted). Bands pay off when many layers cross the same rows; a few large layers
        // (a full-window gradient) would only redo their per-layer setup once per band.
        let rows = max(16, bandBytes / max(1, e.width * 4))
        let bandRows = list.nodes.count >= Self.bandMinimumLayers ? rows : .max
        let bands = min(threads, max(1, e.height / 16))
        guard bands > 1, Self.work(list, clip, atLeast: minimumParallelWork) else {
            lastBandCount = 1
            painters[0].paint(list, into: bitmap, region: clip, bandRows: bandRows)
            return
        }
        while painters.count < bands { painters.append(_Painter()) }
        let parts = Self.split(clip, into: bands)
        lastBandCount = parts.count
        let work = _BandWork(painters: painters, list: list, bitmap: bitmap, parts: parts, bandRows: bandRows)
        DispatchQueue.concurrentPerform(iterations: parts.count) { work.run($0) }
    }

    /// Whether painting `clip` costs at least `limit` pixels of work (see
    /// ``minimumParallelWork``): the region's pixels plus each layer's footprint within the
    /// region's extents, scaled by the share of the extents the region covers. Stops counting
    /// at `limit`.
    static func work(_ list: _FrameList, _ clip: Region, atLeast limit: Int) -> Bool {
        let area = clip.area
        if area >= limit { return true }
        let e = clip.extents
        let boxArea = e.width * e.height
        guard boxArea > 0, area > 0 else { return false }
        // Layer pixels within the extents needed to reach the limit, at the region's density.
        let needed = (Double(limit - area) * Double(boxArea) / Double(area)).rounded(.up)
        var sum = 0.0
        return list.nodes.withUnsafeBufferPointer { nodes in
            for k in nodes.indices {
                guard let f = _FrameList.intersect(nodes[k].footprint, e) else { continue }
                sum += Double(f.width * f.height)
                if sum >= needed { return true }
            }
            return false
        }
    }

    /// `clip` cut into `count` horizontal bands holding about the same number of pixels
    /// (threads then share the work evenly when the damage is denser in some rows).
    static func split(_ clip: Region, into count: Int) -> [Region] {
        let e = clip.extents
        guard count > 1, !clip.isEmpty else { return [clip] }
        // Pixels per row of the extents (pixman's boxes are y-x banded: one pass).
        var perRow = [Int](repeating: 0, count: e.height)
        var total = 0
        clip.forEachBox { b in
            let w = Int(b.x2 - b.x1)
            for y in Int(b.y1)..<Int(b.y2) { perRow[y - e.y] += w }
            total += w * Int(b.y2 - b.y1)
        }
        var cuts = [e.y]
        var sum = 0, k = 1
        for r in 0..<e.height where k < count {
            sum += perRow[r]
            // Cut after the row where the running total reaches k/count of the pixels.
            if sum * count >= total * k, e.y + r + 1 > cuts.last!, e.y + r + 1 < e.maxY {
                cuts.append(e.y + r + 1)
                k += 1
            }
        }
        cuts.append(e.maxY)
        return (0..<(cuts.count - 1)).map { i in
            clip.intersection(Region(x: e.x, y: cuts[i], width: e.width, height: cuts[i + 1] - cuts[i]))
        }
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
    /// those it covers in `new`. It is a union of rectangles, never one bounding box. Dense
    /// damage (more than 64 rectangles whose areas add up to a quarter of `bounds` or more) is
    /// rounded out to 16-pixel tiles of `bounds`: a slightly larger region, computed far faster
    /// than the exact union. Without `old`, or when a tree repeats an `id`, it is all of `bounds`.
    ///
    /// Changes are detected with 64-bit hashes of each layer's evaluated state: a hash collision
    /// (probability about 2⁻⁶⁴ per changed layer) would miss a change.
    public func damage(from old: RenderLayer?, to new: RenderLayer, scale: CGFloat, bounds: CGRect) -> Region {
        let all = Region(enclosing: bounds)
        guard let old else { return all }
        let (oldList, oldSlot) = flattened(old, scale: Double(scale))
        let (list, newSlot) = flattened(new, scale: Double(scale), keeping: oldSlot)
        boxes.removeAll(keepingCapacity: true)
        // Nodes are compared in place, field by field (copying a _Node retains its references).
        let sameOrder = oldList.nodes.withUnsafeBufferPointer { o in
            list.nodes.withUnsafeBufferPointer { n in
                o.count == n.count && zip(o.indices, n.indices).allSatisfy { o[$0].id == n[$1].id }
            }
        }
        // Usually the same layers in the same order: match by position, no lookups. The ids of
        // the new tree are then unique exactly when the old tree's are.
        if sameOrder {
            guard idsUnique(oldSlot) else { return all }
            lists[newSlot].idsUnique = true
            oldList.nodes.withUnsafeBufferPointer { o in
                list.nodes.withUnsafeBufferPointer { n in
                    for k in n.indices where o[k].key != n[k].key || o[k].footprint != n[k].footprint {
                        addChange(o.baseAddress! + k, n.baseAddress! + k)
                    }
                }
            }
            return collected(within: all)
        }
        guard idsUnique(oldSlot), idsUnique(newSlot) else { return all }
        oldIndex.removeAll(keepingCapacity: true)
        oldList.nodes.withUnsafeBufferPointer { o in for i in o.indices { oldIndex[o[i].id] = i } }
        matched.removeAll(keepingCapacity: true)
        matched.append(contentsOf: repeatElement(false, count: oldList.nodes.count))
        oldList.nodes.withUnsafeBufferPointer { o in
            list.nodes.withUnsafeBufferPointer { n in
                for k in n.indices {
                    guard let j = oldIndex[n[k].id] else { add(n[k].footprint); continue }
                    matched[j] = true
                    if o[j].key == n[k].key && o[j].footprint == n[k].footprint { continue }
                    addChange(o.baseAddress! + j, n.baseAddress! + k)
                }
                for j in o.indices where !matched[j] { add(o[j].footprint) }
            }
        }
        return collected(within: all)
    }

    /// Adds the pixels of a layer that changed from `o` to `n` (both placements, or only what
    /// a backing store redrew). Nodes are read in place (copying one retains its references).
    @inline(__always)
    private func addChange(_ o: UnsafePointer<_Node>, _ n: UnsafePointer<_Node>) {
        if o.pointee.backingKey != nil, let redrawn = _FrameList.redrawnPixels(o.pointee, n.pointee) {
            for r in redrawn { add(r) }
            return
        }
        add(o.pointee.footprint)
        add(n.pointee.footprint)
    }

    /// The union of the collected boxes within `all`: exact, or rounded out to tiles when many
    /// boxes cover much of the surface (`_TileDamage`).
    private func collected(within all: Region) -> Region {
        let e = all.extents
        if _TileDamage.isDense(boxes, bounds: e) { return _TileDamage.region(boxes, bounds: e).intersection(all) }
        return Region(boxes: boxes).intersection(all)
    }

    /// The flattened `tree` and its cache slot: a tree bit-for-bit equal to a cached one (same
    /// root values, same array and object references, hence the same immutable tree) is not
    /// flattened again. `keeping` names a slot that must not be reused.
    private func flattened(_ tree: RenderLayer, scale: Double, keeping: Int? = nil) -> (list: _FrameList, slot: Int) {
        clock += 1
        if let i = lists.firstIndex(where: { $0.scale == scale && $0.tree.map { Self.identical($0, tree) } == true }) {
            lists[i].used = clock
            return (lists[i].list, i)
        }
        let victim = lists.indices.filter { $0 != keeping }.min { lists[$0].used < lists[$1].used }!
        lists[victim].list.build(rasterCache.substitute(tree), scale: scale)
        lists[victim].tree = tree
        lists[victim].scale = scale
        lists[victim].idsUnique = nil
        lists[victim].used = clock
        return (lists[victim].list, victim)
    }

    private static func identical(_ a: RenderLayer, _ b: RenderLayer) -> Bool {
        withUnsafeBytes(of: a) { pa in
            withUnsafeBytes(of: b) { pb in memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 }
        }
    }

    /// Whether the ids of the slot's list are all different (computed once per flattening).
    private func idsUnique(_ slot: Int) -> Bool {
        if let known = lists[slot].idsUnique { return known }
        seen.removeAll(keepingCapacity: true)
        let unique = lists[slot].list.nodes.allSatisfy { seen.insert($0.id).inserted }
        lists[slot].idsUnique = unique
        return unique
    }

    /// Lets `concurrentPerform` hand each band to its painter.
    private struct _BandWork: @unchecked Sendable {
        // Unchecked: each band index uses its own painter and writes only its own pixels; the
        // frame list and bitmap are only read (the bitmap's memory is written band by band).
        let painters: [_Painter], list: _FrameList, bitmap: Bitmap, parts: [Region], bandRows: Int
        func run(_ k: Int) { painters[k].paint(list, into: bitmap, region: parts[k], bandRows: bandRows) }
    }

    private func add(_ r: PixelRect?) {
        guard let r else { return }
        boxes.append(Region.clampedBox(x1: r.x, y1: r.y, x2: r.maxX, y2: r.maxY))
    }
}
