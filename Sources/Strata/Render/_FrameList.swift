import CPixman
import Foundation

/// How a layer restricts its sublayers (masksToBounds).
enum _ClipKind: Hashable {
    case none
    /// Pixel-aligned rectangle: a clip region, no offscreen pass.
    case rect(PixelRect)
    /// Anything else (rounded, rotated, fractional): sublayers go through an offscreen group
    /// composited through the antialiased shape.
    case shape
}

/// One visible layer of a flattened frame, in paint order (a pre-order walk with siblings sorted
/// by zPosition); its descendants follow it up to `end`.
struct _Node {
    var id: UInt64
    var end: Int
    /// Layer bounds space → device pixels.
    var matrix: _Matrix3
    var shape: _RoundedRect
    var contents: _ContentsLayout?
    var shadow: _Shadow?
    /// The mask layer (drawn into an offscreen whose alpha multiplies this layer's group).
    var mask: RenderLayer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    // Out of line: a RenderLayer is hundreds of bytes and nodes are copied a lot.
    var maskStorage: [RenderLayer] = []
    var maskKey = 0
    /// For a shadow cast by the layer's content (`_Shadow.Source.content`): the layer as the
    /// shadow sees it (`_Shadow.caster`), out of line like the mask, and the hash of its drawing.
    var shadowContent: RenderLayer? {
        get { shadowStorage.first }
        set { shadowStorage = newValue.map { [$0] } ?? [] }
    }
    var shadowStorage: [RenderLayer] = []
    var shadowKey = 0
    /// compositingFilter's operator (the layer is then a group composited with it).
    var blend: pixman_op_t?
    /// Colour multiplying the layer's group (a replicator instance's tint; the layer is then
    /// a group).
    var tint: _Tint?
    /// What the layer's class draws itself (gradient, text, shape; where each goes: _OwnDrawing).
    var own: _OwnDrawing?
    var background: CGColor?
    var borderColor: CGColor?
    var borderWidth: Double
    var opacity: Double
    /// Product of the opacities of ancestors that are not composited as groups.
    var inheritedAlpha: Double
    var allowsGroupOpacity: Bool
    /// Composited through an offscreen group (opacity applied to the whole subtree).
    var group = false
    var clip: _ClipKind = .none
    /// Pixels this layer's own drawing may touch (ancestors' clips applied); nil when none.
    var footprint: PixelRect?
    /// `footprint` ∪ the descendants' footprints.
    var subtree: PixelRect?
    /// Device pixels this layer's background and contents paint fully opaque (occlusion).
    var opaque: PixelRect?
    /// Everything that decides this layer's own pixels, hashed (damage compares it).
    var key = 0
    /// Hash of what this layer passes on to its descendants' pixels (order, clip, opacity).
    var contextKey = 0
    /// For contents from a layer's backing store: `key` with the image's identity left out
    /// (damage then covers only the pixels the new image redrew); nil otherwise.
    var backingKey: Int?

    /// Alpha applied to the layer's own background and border.
    var drawAlpha: Double { group ? 1 : opacity * inheritedAlpha }
}

/// A frame's render tree flattened into paint order, with device geometry resolved.
///
/// Built iteratively (an explicit stack), so nesting depth is bounded by memory, not by the
/// thread's stack. Storage is reused between frames.
final class _FrameList {
    private(set) var nodes: [_Node] = []

    private struct Context {
        var parent: Int
        /// Parent's bounds space → device.
        var matrix: _Matrix3
        /// The parent's sublayerTransform about its anchor point, nil when identity.
        var sublayer: CATransform3D?
        var alpha: Double
        var clip: PixelRect?
        var contextKey: Int
        /// No ancestor blends its subtree (opacity < 1, shape clip): an opaque layer here
        /// really hides what is below it.
        var canOcclude = true
    }

    private struct Frame {
        var layers: [RenderLayer]
        var order: [Int]?
        var next = 0
        /// Sublayers emitted so far: a sublayer's paint position among its visible siblings.
        var visible = 0
        var context: Context
    }

    private var stack: [Frame] = []

    /// Layers content shadows may still redraw in this frame (see `maximumContentShadowLayers`).
    private var contentShadowBudget = 0

    /// Flattens `root`: its bounds origin maps to device (0, 0), one point to `scale` pixels.
    func build(_ root: RenderLayer, scale: Double) {
        nodes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        guard scale.isFinite, scale > 0 else { return }
        let b = root.bounds
        let device = _Matrix3.translation(-b.origin.x, -b.origin.y).then(.scale(scale, scale))
        var rootHasher = Hasher()
        rootHasher.combine(scale)
        contentShadowBudget = Self.maximumContentShadowLayers
        let top = Context(parent: -1, matrix: device, sublayer: nil, alpha: 1, clip: nil, contextKey: rootHasher.finalize())
        visit(root, matrix: device, context: top, siblingIndex: 0)
        drain()
    }

    /// Flattens a mask layer placed in its owner's bounds space, `owner` mapping that space to
    /// the device (the mask is positioned like a sublayer, without sublayerTransform).
    /// `depth` counts the masks this one sits in.
    func build(mask: RenderLayer, owner: _Matrix3, depth: Int) {
        nodes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        maskDepth = depth
        let top = Context(parent: -1, matrix: owner, sublayer: nil, alpha: 1, clip: nil, contextKey: 0, canOcclude: false)
        if let m = Self.childMatrix(mask, top) { visit(mask, matrix: m, context: top, siblingIndex: 0) }
        drain()
    }

    /// Flattens `layer` with `matrix` as its bounds space → device map (its own placement
    /// ignored), nothing clipped: what a content shadow blurs. `depth` (≥ 1) counts the masks
    /// and content shadows this drawing sits in; layers in it cast no content shadows.
    func build(layer: RenderLayer, matrix: _Matrix3, depth: Int) {
        nodes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        maskDepth = depth
        guard matrix.isFinite, matrix.determinant != 0 else { return }
        let top = Context(parent: -1, matrix: matrix, sublayer: nil, alpha: 1, clip: nil, contextKey: 0, canOcclude: false)
        visit(layer, matrix: matrix, context: top, siblingIndex: 0)
        drain()
    }

    /// Layers that content shadows redraw per frame, at most (each caster redraws its whole
    /// subtree for its alpha, so a deep chain of casters would cost the square of its depth).
    /// Casters are served in paint order while the budget lasts; later ones draw no shadow.
    static let maximumContentShadowLayers = 1 << 14

    /// Masks nested deeper than this (a mask's mask's mask's mask's mask; content shadows count
    /// as a level) are ignored — the layer draws unmasked — bounding the work and the recursion
    /// through mask painters: a level takes about 70 KB of stack in a debug build, and eight
    /// levels overflowed a 512 KiB render thread (CompositorDeepTreeTests).
    static let maximumMaskDepth = 4
    private(set) var maskDepth = 0

    private func drain() {
        while !stack.isEmpty {
            let i = stack.count - 1
            if stack[i].next < stack[i].layers.count {
                let k = stack[i].next
                stack[i].next = k + 1
                let index = stack[i].order?[k] ?? k
                let ctx = stack[i].context
                let sibling = stack[i].visible
                let before = nodes.count
                // The child is borrowed in place: copying a RenderLayer costs its reference
                // counting, for every layer of every frame.
                let layers = stack[i].layers
                layers.withUnsafeBufferPointer { b in
                    let child = UnsafePointer(b.baseAddress! + index)
                    if let m = Self.childMatrix(child.pointee, ctx) {
                        visit(child, matrix: m, context: ctx, siblingIndex: sibling)
                    }
                }
                // `visit` may push a frame: index `i` is still this layer's parent.
                if nodes.count > before { stack[i].visible += 1 }
            } else {
                let p = stack.removeLast().context.parent
                finish(p)
            }
        }
    }

    /// Layer bounds space → device for `layer` placed in the context's parent; nil when the
    /// result is not finite or is singular (the layer and its sublayers then draw nothing).
    private static func childMatrix(_ l: RenderLayer, _ c: Context) -> _Matrix3? {
        let b = l.bounds
        let ax = b.origin.x + l.anchorPoint.x * b.width, ay = b.origin.y + l.anchorPoint.y * b.height
        let local: _Matrix3
        if c.sublayer == nil, l.transform == .identity {
            local = .translation(l.position.x - ax, l.position.y - ay)
        } else {
            var t = l.placementTransform
            if let s = c.sublayer { t = CATransform3DConcat(t, s) }
            local = _Matrix3(t)
        }
        let m = local.then(c.matrix)
        guard m.isFinite, m.determinant != 0 else { return nil }
        return m
    }

    private func visit(_ l: RenderLayer, matrix: _Matrix3, context c: Context, siblingIndex: Int) {
        withUnsafePointer(to: l) { visit($0, matrix: matrix, context: c, siblingIndex: siblingIndex) }
    }

    /// Adds the layer at `lp` (and pushes its sublayers). The layer is read in place through
    /// the pointer: passing a RenderLayer by value copies it (its reference counting) for
    /// every layer of every frame.
    private func visit(_ lp: UnsafePointer<RenderLayer>, matrix: _Matrix3, context c: Context, siblingIndex: Int) {
        // A running CATransition: its stand-in has the same placement, hence the same matrix.
        if let t = lp.pointee.transition {
            visit(_TransitionStandIn.make(lp.pointee, t), matrix: matrix, context: c, siblingIndex: siblingIndex)
            return
        }
        guard !lp.pointee.isHidden, lp.pointee.opacity > 0, !lp.pointee.opacity.isNaN, Self.isFinite(lp.pointee.bounds) else { return }
        // isDoubleSided = false: a layer seen from behind (its map reverses orientation) and
        // its sublayers are not drawn. W is positive wherever the layer is visible, so the
        // sign of the determinant tells the facing.
        if !lp.pointee.isDoubleSided, matrix.determinant < 0 { return }
        let shape = _RoundedRect(bounds: lp.pointee.bounds, cornerRadius: lp.pointee.cornerRadius, maskedCorners: lp.pointee.maskedCorners)
        let bw = lp.pointee.borderWidth.isFinite ? max(0, Double(lp.pointee.borderWidth)) : 0
        let opacity = min(Double(lp.pointee.opacity), 1)
        var node = _Node(id: lp.pointee.id, end: nodes.count + 1, matrix: matrix, shape: shape,
                         background: lp.pointee.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil },
                         borderColor: bw > 0 ? lp.pointee.borderColor.flatMap { $0.alpha > 0 ? $0 : nil } : nil,
                         borderWidth: bw, opacity: opacity, inheritedAlpha: c.alpha,
                         allowsGroupOpacity: lp.pointee.allowsGroupOpacity
                            && (lp.pointee.properties.isEmpty || lp.pointee.properties["allowsGroupOpacity"] as? Bool ?? true))
        let bbox = Self.deviceBox(lp.pointee.bounds, matrix)
        if node.background != nil || node.borderColor != nil { node.footprint = Self.intersect(bbox, c.clip) }
        if !lp.pointee.properties.isEmpty, let own = _OwnDrawing(lp.pointee) {
            node.own = own
            node.footprint = Self.intersect(bbox, c.clip)
            // A shape's path may reach far outside the layer's bounds (often zero-sized), unless
            // masksToBounds clips it to them.
            if case let .shape(s) = own, !lp.pointee.masksToBounds, let box = Self.deviceBox(s.reach, matrix) {
                let reach = Self.intersect(box, c.clip)
                node.footprint = node.footprint.map { f in reach.map { Self.union(f, $0) } ?? f } ?? reach
            }
        }
        if !lp.pointee.properties.isEmpty, var content = _ContentsLayout(lp.pointee) {
            content.chooseFilter(lp.pointee, device: matrix)
            node.contents = content
            // Bilinear sampling may spread up to a pixel beyond the destination's edges.
            if let box = Self.deviceBox(content.dest, matrix),
               let fp = Self.intersect(PixelRect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2), c.clip) {
                node.footprint = node.footprint.map { Self.union($0, fp) } ?? fp
            }
        }
        if !lp.pointee.properties.isEmpty, let sh = _Shadow(lp.pointee, hasBackground: node.background != nil,
                                                                    drawsMore: node.own != nil || node.borderColor != nil) {
            var box: PixelRect?
            if case .content = sh.source {
                // Each caster redraws its subtree for its alpha: only in the frame's own tree
                // (not inside masks or other casters' drawings), within a per-frame budget.
                if maskDepth == 0, contentShadowBudget > 0, let cast = Self.contentShadow(lp.pointee, sh, matrix, depth: 1) {
                    contentShadowBudget -= cast.layers
                    node.shadow = sh
                    node.shadowContent = cast.layer
                    node.shadowKey = cast.key
                    box = cast.box
                }
            } else {
                node.shadow = sh
                box = Self.shadowBox(sh, node, lp.pointee.bounds)
            }
            if let fp = box.flatMap({ Self.intersect($0, c.clip) }) {
                node.footprint = node.footprint.map { Self.union($0, fp) } ?? fp
            }
        }
        if let mask = lp.pointee._children?.mask.first, maskDepth < Self.maximumMaskDepth {
            let ml = _FrameList()
            ml.build(mask: mask, owner: matrix, depth: maskDepth + 1)
            var mh = Hasher()
            for mn in ml.nodes { mh.combine(mn.key); mh.combine(mn.footprint) }
            node.mask = mask
            node.maskKey = mh.finalize()
        }
        if !lp.pointee.properties.isEmpty { node.blend = _BlendMode.op(lp.pointee) }
        node.tint = _Tint(lp.pointee.colorMultiplier)
        node.subtree = node.footprint
        if c.canOcclude, node.maskStorage.isEmpty, node.blend == nil, node.tint == nil, opacity == 1, c.alpha == 1 { node.opaque = Self.opaqueRect(node, c.clip, masksToBounds: lp.pointee.masksToBounds) }
        var h = _KeyHasher()
        h.combine(c.contextKey); h.combine(lp.pointee.id); h.combine(siblingIndex)
        node.contextKey = h.finalize()
        let index = nodes.count
        let hasSublayers = !(lp.pointee._children?.sublayers.isEmpty ?? true)
        // masksToBounds clips the contents and a shape layer's shape as well as the sublayers.
        let clipsOwn = lp.pointee.masksToBounds && (node.contents != nil || node.own?.isShape == true)
        guard hasSublayers || clipsOwn else {
            // A leaf (most layers): closed before it goes in, as `finish` would close it.
            Self.close(&node, end: index + 1, index: index)
            let subtree = node.subtree
            nodes.append(node)
            if let s = subtree, let parent = stack.last?.context.parent, parent >= 0 {
                nodes[parent].subtree = nodes[parent].subtree.map { Self.union($0, s) } ?? s
            }
            return
        }
        nodes.append(node)
        var clip = c.clip
        var ch = _KeyHasher()
        ch.combine(nodes[index].contextKey); ch.combine(opacity); ch.combine(nodes[index].maskKey); ch.combine(hashOf: nodes[index].tint)
        // A compositing filter composites the whole subtree: changing it changes every descendant's pixels.
        ch.combine(hashOf: nodes[index].blend?.rawValue)
        if lp.pointee.masksToBounds {
            // Nothing of the sublayers shows outside the (empty or off-screen) bounds.
            guard let b = bbox, let c = Self.intersect(b, clip) else { finish(index); return }
            clip = c
            nodes[index].clip = Self.clipKind(shape, matrix, b)
            ch.combine(matrix); ch.combine(shape)
        }
        nodes[index].contextKey = ch.finalize()
        guard hasSublayers else { finish(index); return }
        let sub = lp.pointee.sublayerTransformAboutAnchor
        // With group opacity the subtree is drawn at full alpha and the group takes the opacity
        // (masked and blended layers are always groups).
        let isGroup = (opacity < 1 && lp.pointee.allowsGroupOpacity) || nodes[index].mask != nil || nodes[index].blend != nil
            || nodes[index].tint != nil
        let childAlpha = isGroup ? 1 : c.alpha * opacity
        var shapeClip = false
        if case .shape = nodes[index].clip { shapeClip = true }
        let ctx = Context(parent: index, matrix: matrix, sublayer: sub, alpha: childAlpha, clip: clip,
                          contextKey: nodes[index].contextKey,
                          canOcclude: c.canOcclude && opacity == 1 && !shapeClip && nodes[index].mask == nil
                              && nodes[index].blend == nil && nodes[index].tint == nil)
        stack.append(Frame(layers: lp.pointee.sublayers, order: Self.paintOrder(lp.pointee.sublayers), context: ctx))
    }

    /// Closes node `i` once its descendants are in: group decision, key, subtree extents.
    private func finish(_ i: Int) {
        let end = nodes.count
        let parent = stack.last?.context.parent ?? -1
        // In place: copying a node costs its reference counting.
        nodes.withUnsafeMutableBufferPointer { b in
            let n = b.baseAddress! + i
            Self.close(&n.pointee, end: end, index: i)
            if parent >= 0, let s = n.pointee.subtree {
                b[parent].subtree = b[parent].subtree.map { Self.union($0, s) } ?? s
            }
        }
    }

    /// `finish` for node `n` at `index`, whose descendants end before `end`.
    private static func close(_ n: inout _Node, end: Int, index i: Int) {
        n.end = end
        let hasDescendants = end > i + 1
        let ownParts = (n.background != nil ? 1 : 0) + (n.borderColor != nil ? 1 : 0) + (n.contents != nil ? 1 : 0)
            + (n.own != nil ? 1 : 0)
        if n.opacity < 1, hasDescendants || ownParts > 1 {
            // A layer drawing overlapping parts (background, contents, border, sublayers) needs
            // the group so they are not blended twice. (Sublayers of a layer that does not
            // allow group opacity already carry its opacity; no group then.)
            n.group = n.allowsGroupOpacity
        }
        if !n.maskStorage.isEmpty || n.blend != nil || n.tint != nil { n.group = true }
        if !hasDescendants, n.contents == nil, n.own?.isShape != true, case .shape = n.clip { n.clip = .none }
        var h = _KeyHasher()
        h.combine(n.contextKey); h.combine(n.matrix); h.combine(n.shape)
        h.combine(n.background); h.combine(n.borderColor); h.combine(n.borderWidth); h.combine(hashOf: n.own)
        h.combine(hashOf: n.shadow); h.combine(n.shadowKey); h.combine(n.maskKey); h.combine(hashOf: n.blend?.rawValue)
        h.combine(hashOf: n.tint); h.combine(n.opacity); h.combine(n.inheritedAlpha); h.combine(n.group)
        n.backingKey = n.contents.flatMap { backingKey(h.finalize(), $0) }
        h.combine(hashOf: n.contents)
        n.key = h.finalize()
    }

    /// Device pixels a path- or shape-sourced shadow may touch (content shadows: see
    /// `contentShadow`).
    static func shadowBox(_ s: _Shadow, _ n: _Node, _ bounds: CGRect) -> PixelRect? {
        let ms = s.matrix(n.matrix)
        let rect: CGRect
        switch s.source {
        case .path(let p): rect = p.boundingBox
        case .shape: rect = bounds
        case .content: return nil
        }
        guard _FrameList.isFinite(rect), let b = deviceBox(rect, ms) else { return nil }
        let m = _Blur.margin(sigma: s.sigma(ms)) + 1
        return b.outset(by: m)
    }

    /// The whole pixels an opaque background or opaque, pixel-aligned contents cover.
    private static func opaqueRect(_ n: _Node, _ clip: PixelRect?, masksToBounds: Bool) -> PixelRect? {
        var best: PixelRect?
        if let bg = n.background, bg.alpha == 1, n.matrix.isAxisAligned {
            // Rounded: the full-width band between the corners is still opaque.
            let r = n.shape.radii.max()
            let rect = n.shape.rect.standardized
            if rect.height > 2 * r { best = interior(rect.insetBy(dx: 0, dy: r), n.matrix) }
        }
        if best == nil, let own = n.own, own.isOpaque, n.shape.isRect, n.matrix.isAxisAligned {
            best = interior(n.shape.rect, n.matrix)
        }
        if let c = n.contents, c.image.isOpaque, n.matrix.isAxisAligned, c.center == RenderLayer.unitRect,
           var r = interior(c.dest, n.matrix) {
            // Resampled edges blend with the transparent outside for up to a pixel.
            let exact = abs(n.matrix.m11 * c.dest.width - c.source.width) < 1e-9
                && abs(n.matrix.m22 * c.dest.height - c.source.height) < 1e-9 && integralRect(c.dest, n.matrix) != nil
            if !exact { r = PixelRect(x: r.x + 1, y: r.y + 1, width: r.width - 2, height: r.height - 2) }
            // masksToBounds clips the contents to the (rounded) bounds.
            if masksToBounds { r = n.shape.isRect ? intersect(r, interior(n.shape.rect, n.matrix)) ?? .init(x: 0, y: 0, width: 0, height: 0) : .init(x: 0, y: 0, width: 0, height: 0) }
            if !r.isEmpty, r.width * r.height > (best.map { $0.width * $0.height } ?? 0) { best = r }
        }
        return intersect(best, clip)
    }

    private static func integralRect(_ r: CGRect, _ m: _Matrix3) -> PixelRect? { _Painter.integralRect(r, m) }

    /// Pixels entirely inside `rect` mapped by the axis-aligned `m`.
    private static func interior(_ rect: CGRect, _ m: _Matrix3) -> PixelRect? {
        let a = m.apply(rect.minX, rect.minY), b = m.apply(rect.maxX, rect.maxY)
        let lim = Double(Region.limit)
        func c(_ v: Double) -> Double { min(max(v, -lim), lim) }
        let x0 = c(min(a.x, b.x)).rounded(.up), x1 = c(max(a.x, b.x)).rounded(.down)
        let y0 = c(min(a.y, b.y)).rounded(.up), y1 = c(max(a.y, b.y)).rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// Sibling indices sorted by zPosition (stable), nil when already in order.
    private static func paintOrder(_ layers: [RenderLayer]) -> [Int]? {
        var sorted = true
        var prev = -CGFloat.infinity
        for l in layers {
            let z = l.zPosition.isNaN ? 0 : l.zPosition
            if z < prev { sorted = false; break }
            prev = z
        }
        if sorted { return nil }
        return layers.indices.sorted {
            let a = layers[$0].zPosition.isNaN ? 0 : layers[$0].zPosition
            let b = layers[$1].zPosition.isNaN ? 0 : layers[$1].zPosition
            return a < b || (a == b && $0 < $1)
        }
    }

    private static func clipKind(_ shape: _RoundedRect, _ m: _Matrix3, _ bbox: PixelRect) -> _ClipKind {
        guard shape.isRect, m.isAxisAligned else { return .shape }
        let p0 = m.apply(shape.rect.minX, shape.rect.minY), p1 = m.apply(shape.rect.maxX, shape.rect.maxY)
        @inline(__always) func whole(_ v: Double) -> Bool { !(abs(v - v.rounded()) > 1e-9) }
        guard whole(p0.x), whole(p0.y), whole(p1.x), whole(p1.y) else { return .shape }
        return .rect(bbox)
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
    }

    /// Device pixels touched by `rect` mapped through `m`; nil when nothing visible. Geometry
    /// that crosses behind the eye (W ≤ 0) is treated as unbounded.
    static func deviceBox(_ rect: CGRect, _ m: _Matrix3) -> PixelRect? {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return nil }
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        // The four corners without an array (called for every layer of every frame).
        for k in 0..<4 {
            let p = m.apply(k == 1 || k == 2 ? r.maxX : r.minX, k >= 2 ? r.maxY : r.minY)
            guard p.z > 1e-6 else {
                let l = Double(Region.limit)
                return PixelRect(x: -Int(l), y: -Int(l), width: 2 * Int(l), height: 2 * Int(l))
            }
            let q = SIMD2(p.x, p.y) / p.z
            lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q)
        }
        return Region.enclosingPixels(CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y))
    }

    static func intersect(_ a: PixelRect?, _ b: PixelRect?) -> PixelRect? {
        guard let a else { return nil }
        guard let b else { return a }
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y), x1 = max(a.maxX, b.maxX), y1 = max(a.maxY, b.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
