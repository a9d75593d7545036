import Foundation

/// Where the render tree meets ``CATiledLayer``: the layer's `_TileStore` travels in its
/// render properties; while a frame's tree is built, each tiled layer's visible part and
/// on-screen scale are worked out from the accumulated transform, and its ready tiles become
/// sublayers (below the real ones) of the frame's `RenderLayer`.
enum _TiledRenderHook {
    static let storeKey = "_strataTiles"

    /// The affine map from `l`'s own coordinates to its superlayer's (the 2D part of its
    /// transform about the anchor point, then its position).
    static func localToParent(_ l: RenderLayer) -> CGAffineTransform {
        let ap = anchorInBounds(l)
        return CGAffineTransform(translationX: -ap.x, y: -ap.y)
            .concatenating(CATransform3DGetAffineTransform(l.transform))
            .concatenating(CGAffineTransform(translationX: l.position.x, y: l.position.y))
    }

    /// The map a sublayer's parent-space coordinates take through `l`'s `sublayerTransform`
    /// (applied about `l`'s anchor point), identity when there is none.
    static func sublayerSpace(_ l: RenderLayer) -> CGAffineTransform {
        guard !CATransform3DIsIdentity(l.sublayerTransform) else { return .identity }
        let ap = anchorInBounds(l)
        return CGAffineTransform(translationX: -ap.x, y: -ap.y)
            .concatenating(CATransform3DGetAffineTransform(l.sublayerTransform))
            .concatenating(CGAffineTransform(translationX: ap.x, y: ap.y))
    }

    private static func anchorInBounds(_ l: RenderLayer) -> CGPoint {
        CGPoint(x: l.bounds.minX + l.anchorPoint.x * l.bounds.width, y: l.bounds.minY + l.anchorPoint.y * l.bounds.height)
    }

    /// Adds the tiles of a tiled layer to `l` (no-op for other layers). `toRoot` maps `l`'s
    /// coordinates to the root layer's, whose bounds are the viewport.
    static func attachTiles(_ l: inout RenderLayer, toRoot: CGAffineTransform, viewport: CGRect, time: Double,
                            onTileReady: (@Sendable () -> Void)?) {
        guard let config = l.properties[storeKey] as? _TiledConfig else { return }
        l.properties[storeKey] = nil
        let store = config.store
        store.configure(grid: _TileGrid(tileSize: config.tileSize, levelsOfDetail: config.levelsOfDetail,
                                        levelsOfDetailBias: config.levelsOfDetailBias, bounds: l.bounds,
                                        contentsScale: l.contentsScale),
                        fadeDuration: config.fadeDuration, cacheLimit: config.cacheLimit,
                        synchronous: config.synchronous, draw: config.draw)
        let det = toRoot.a * toRoot.d - toRoot.b * toRoot.c
        guard det.isFinite, abs(det) > 1e-12 else { return }
        // Device pixels per layer unit: the geometric mean of the two axes' stretch.
        let scale = sqrt(abs(det))
        let visible = viewport.applying(toRoot.inverted()).intersection(l.bounds)
        if let onTileReady { store.onTileReady = onTileReady }
        let tiles = store.update(visible: visible.isNull ? .zero : visible, scale: scale, time: time)
        if !tiles.isEmpty { l.sublayers = tiles + l.sublayers }
    }

    /// Whether the committed state holds a tiled layer whose tiles are still fading in.
    static func isFading(_ extras: [String: _AnimValue]) -> Bool {
        guard case let .opaque(v)? = extras[storeKey], let config = v as? _TiledConfig else { return false }
        return config.store.isFading
    }
}

/// The tiled-layer context of one frame's render-tree walk: the accumulated transform from the
/// current layer to the root, the viewport and the frame time.
struct _TiledFrame {
    let time: Double
    let onTileReady: (@Sendable () -> Void)?
    var toRoot = CGAffineTransform.identity
    var viewport = CGRect.null

    init(time: Double, onTileReady: (@Sendable () -> Void)?) {
        self.time = time
        self.onTileReady = onTileReady
    }

    /// The context for layer `l` itself: the root's own coordinates are the viewport's.
    func entering(_ l: RenderLayer, isRoot: Bool) -> _TiledFrame {
        var f = self
        if isRoot {
            f.toRoot = .identity
            f.viewport = l.bounds
        } else {
            f.toRoot = _TiledRenderHook.localToParent(l).concatenating(toRoot)
        }
        return f
    }

    /// The context handed to `l`'s sublayers (before each adds its own local transform).
    func forSublayers(of l: RenderLayer) -> _TiledFrame {
        var f = self
        f.toRoot = _TiledRenderHook.sublayerSpace(l).concatenating(toRoot)
        return f
    }

    func attachTiles(_ l: inout RenderLayer) {
        _TiledRenderHook.attachTiles(&l, toRoot: toRoot, viewport: viewport, time: time, onTileReady: onTileReady)
    }
}
