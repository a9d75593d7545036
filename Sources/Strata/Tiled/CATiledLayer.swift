import Foundation

/// A layer that draws its content in tiles, on background threads, only for the part that is
/// on screen and at the level of detail the current zoom needs: for content far larger than
/// memory allows to draw at once (a 400-megapixel photo, a map).
///
/// As in Core Animation:
/// - ``CALayer/draw(in:)`` is called once per tile, **on background threads**, possibly several at once,
///   with a context whose clip is the tile's rectangle and whose CTM maps layer coordinates to
///   the tile's pixels at the tile's level (scale 2^(`levelsOfDetailBias` − level) ×
///   `contentsScale`). Overrides (or the delegate's `draw(_:in:)`) must be thread-safe.
/// - Only tiles that intersect the visible part of the layer (the root layer's bounds mapped
///   into this layer) are requested; the on-screen scale picks the level (see `_TileGrid`).
///   Requests for tiles that scrolled out of view before being drawn are cancelled; a tile that
///   finishes after it left the view is thrown away.
/// - New tiles fade in over ``fadeDuration`` (0.25 s; a class property, overridable). While a
///   level loads, cached tiles of coarser levels show in its place.
/// - `setNeedsDisplay(_:)` redraws only the tiles that meet the rectangle (`setNeedsDisplay()`
///   all of them); their old pictures stay until the new ones are ready.
/// - `contents` is not used: the tiles are the layer's picture.
///
/// Strata additions: ``maximumCachedTiles`` bounds the tile cache (least recently used tiles go
/// first; 128 tiles of 256×256 ≈ 32 MB); ``drawsTilesSynchronously`` for deterministic offscreen
/// pictures. As in Core Animation, `tileSize` is in pixels and `contentsScale` (set it to the
/// display's scale) multiplies every level's pixels per point: with contentsScale 2 a 256×256
/// tile covers 128×128 points at the bias level and `draw(in:)` gets a CTM of 2 there. Where
/// Core Animation's tiles also follow 3D perspective, Strata uses the 2D part of the accumulated
/// transform.
open class CATiledLayer: CALayer {
    /// Seconds over which a newly drawn tile fades in (Core Animation: 0.25).
    open class var fadeDuration: CFTimeInterval { 0.25 }

    private let store: _TileStore
    private let target = _TiledDrawTarget()

    public override init() {
        store = _TileStore(executor: _BackgroundTileExecutor.shared)
        super.init()
        target.layer = self
        publish()
    }

    /// A layer whose tiles are drawn by `executor` (tests run tiles when they choose).
    init(executor: any _TileExecutor) {
        store = _TileStore(executor: executor)
        super.init()
        target.layer = self
        publish()
    }

    public required init(layer: Any) {
        let other = layer as? CATiledLayer
        store = other?.store ?? _TileStore(executor: _BackgroundTileExecutor.shared)
        _tileSize = other?._tileSize ?? CGSize(width: 256, height: 256)
        _levelsOfDetail = other?._levelsOfDetail ?? 1
        _levelsOfDetailBias = other?._levelsOfDetailBias ?? 0
        _maximumCachedTiles = other?._maximumCachedTiles ?? 128
        _drawsTilesSynchronously = other?._drawsTilesSynchronously ?? false
        super.init(layer: layer)
        target.layer = other ?? self
    }

    public required init?(coder: NSCoder) { return nil }

    private var _tileSize = CGSize(width: 256, height: 256)
    private var _levelsOfDetail = 1
    private var _levelsOfDetailBias = 0
    private var _maximumCachedTiles = 128
    private var _drawsTilesSynchronously = false

    /// The size of a tile in pixels (default 256×256; sides below 16 are raised to 16, above
    /// 4096 lowered to 4096).
    open var tileSize: CGSize {
        get { _tileSize } set { _tileSize = newValue; publish() }
    }
    /// How many levels of detail the layer keeps (default 1; at least 1).
    open var levelsOfDetail: Int {
        get { _levelsOfDetail } set { _levelsOfDetail = newValue; publish() }
    }
    /// How many of those levels are magnified (drawn at 2×, 4×, …; default 0, at most
    /// `levelsOfDetail − 1`).
    open var levelsOfDetailBias: Int {
        get { _levelsOfDetailBias } set { _levelsOfDetailBias = newValue; publish() }
    }
    /// The most tiles kept drawn (default 128, at least 1). Strata addition.
    open var maximumCachedTiles: Int {
        get { _maximumCachedTiles } set { _maximumCachedTiles = newValue; publish() }
    }

    /// Strata addition: when true, the tiles a frame needs are drawn while that frame is built,
    /// on the thread that renders it, and show at once without fading in. Default false.
    ///
    /// For offscreen snapshots and recordings, whose pictures must not depend on how fast
    /// background threads run: every frame then shows all its tiles at its own level of detail.
    /// Live windows should leave it off: drawing tiles on the render thread stalls frames.
    open var drawsTilesSynchronously: Bool {
        get { _drawsTilesSynchronously } set { _drawsTilesSynchronously = newValue; publish() }
    }

    /// Strata addition: how many tiles the most recent frame needed at its level of detail that
    /// were not drawn yet (0: it showed them all, some perhaps still fading in). For benchmarks
    /// and tests that wait for a complete picture; any thread.
    public var visibleTilesPending: Int { store.missingTiles }

    /// Tiles are drawn on demand: `display()` only marks the tiles of the pending
    /// `setNeedsDisplay` rectangles (or all of them) for redrawing.
    open override func display() {
        let dirty = _extras?.display.flatMap { $0.dirty }
        let whole = _extras?.display == nil || _extras?.display?.dirty == nil
        _extras?.display = nil
        store.invalidate(whole ? nil : dirty)
    }

    /// Hands the current settings to the render side and schedules a commit.
    private func publish() {
        let config = _TiledConfig(store: store, tileSize: _tileSize, levelsOfDetail: _levelsOfDetail,
                                  levelsOfDetailBias: _levelsOfDetailBias, fadeDuration: Self.fadeDuration,
                                  cacheLimit: _maximumCachedTiles, synchronous: _drawsTilesSynchronously,
                                  draw: target.draw)
        _TransactionState.current.touch()
        _storage[_TiledRenderHook.storeKey] = .opaque(config)
        _markDirty()
    }
}

/// The layer a tile draw calls back, referenced weakly so that queued tiles never keep a
/// removed layer alive. Weak loads are thread-safe.
final class _TiledDrawTarget: @unchecked Sendable {
    weak var layer: CATiledLayer?
    var draw: _TileStore.Draw { { [weak self] ctx in self?.layer?.draw(in: ctx) } }
}
