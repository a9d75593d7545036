import Foundation
import Synchronization

/// The render side of one ``CATiledLayer``: which tiles the current view needs, their drawing
/// on background threads, a least-recently-used cache of finished tiles and their fade-in.
///
/// Thread-safe (one lock). The render thread calls ``update(visible:scale:time:)`` while it
/// builds each frame; it requests missing tiles from the executor and cancels requests whose
/// tiles left the view, and returns the tiles to show as plain layers with `contents` (so the
/// compositor needs nothing special). A cancelled request is never drawn if it had not started,
/// and a draw that finishes after its cancellation is discarded, never cached.
final class _TileStore: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`.
    typealias Draw = @Sendable (CGContext) -> Void

    private final class Request: @unchecked Sendable {
        // @unchecked: `cancelled` is an atomic.
        let key: _TileKey
        let cancelled = Atomic<Bool>(false)
        init(key: _TileKey) { self.key = key }
    }

    private struct Entry {
        let id: UInt64
        var image: CGImage
        let rect: CGRect
        var firstShown: Double?
        var lastUsed: UInt64
        var stale = false
    }

    private static let nextID = Atomic<UInt64>(1 << 62)

    private let lock = NSLock()
    private let executor: any _TileExecutor
    private var grid: _TileGrid?
    private var draw: Draw?
    private var fadeDuration: Double = 0.25
    private var cacheLimit = 128
    private var synchronous = false
    private var entries: [_TileKey: Entry] = [:]
    private var inFlight: [_TileKey: Request] = [:]
    private var tick: UInt64 = 0
    private var fading = false
    private var _onTileReady: (@Sendable () -> Void)?
    /// Counters for tests and benchmarks.
    private(set) var drawsStarted = 0
    private(set) var drawsDiscarded = 0
    private var _missing = 0

    /// Tiles the last update needed at its level that were not drawn yet (or were stale).
    var missingTiles: Int { lock.lock(); defer { lock.unlock() }; return _missing }

    init(executor: any _TileExecutor) { self.executor = executor }

    /// Called (on a worker thread) whenever a tile was drawn into the cache: ask for a frame.
    var onTileReady: (@Sendable () -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return _onTileReady }
        set { lock.lock(); _onTileReady = newValue; lock.unlock() }
    }

    /// Takes the layer's current settings (main thread, at commit). A different grid (bounds,
    /// tile size, levels) empties the cache and cancels every request.
    /// `synchronous`: tiles are drawn inside ``update(visible:scale:time:)`` instead (see
    /// `CATiledLayer.drawsTilesSynchronously`).
    func configure(grid newGrid: _TileGrid, fadeDuration: Double, cacheLimit: Int, synchronous: Bool = false,
                   draw: @escaping Draw) {
        lock.lock(); defer { lock.unlock() }
        if grid != newGrid {
            grid = newGrid
            entries.removeAll()
            cancel(where: { _ in true })
        }
        self.fadeDuration = fadeDuration.isFinite ? max(0, fadeDuration) : 0
        self.cacheLimit = max(1, cacheLimit)
        self.synchronous = synchronous
        self.draw = draw
        evict()
    }

    /// `setNeedsDisplay`: tiles meeting `rect` (layer coordinates; nil = all) are drawn again.
    /// Their old pictures stay on screen until the new ones are ready (then replace them without
    /// a fade); requests in flight for them are restarted.
    func invalidate(_ rect: CGRect?) {
        lock.lock(); defer { lock.unlock() }
        guard let grid else { return }
        for (key, var e) in entries where rect.map({ grid.rect(of: key).intersects($0) }) ?? true {
            e.stale = true
            entries[key] = e
        }
        cancel(where: { key in rect.map { grid.rect(of: key).intersects($0) } ?? true })
    }

    /// Whether a tile shown by the last update was still fading in.
    var isFading: Bool { lock.lock(); defer { lock.unlock() }; return fading }

    /// Tiles cached now (for tests: the LRU bound).
    var cachedKeys: Set<_TileKey> { lock.lock(); defer { lock.unlock() }; return Set(entries.keys) }
    /// Tiles requested and not yet finished or cancelled.
    var pendingKeys: Set<_TileKey> { lock.lock(); defer { lock.unlock() }; return Set(inFlight.keys) }

    /// The frame's view of the layer: `visible` in layer coordinates, `scale` device pixels per
    /// layer unit, media time `time`. Requests what is missing, cancels what is no longer
    /// needed, and returns the tiles to draw, bottom to top: cached tiles of coarser levels that
    /// meet the current level's missing or fading-in tiles (placeholders while it loads; none
    /// once it is complete), then the current level's ready tiles with their fade-in opacity.
    func update(visible: CGRect, scale: CGFloat, time: Double) -> [RenderLayer] {
        lock.lock(); defer { lock.unlock() }
        fading = false
        guard let grid, let level = grid.level(forScale: scale) else { return [] }
        tick += 1
        let needed = grid.tiles(in: visible, level: level)
        let neededSet = Set(needed)
        cancel(where: { !neededSet.contains($0) })
        for key in needed {
            if var e = entries[key] {
                e.lastUsed = tick
                entries[key] = e
                if !e.stale { continue }
            }
            if synchronous {
                drawNow(key, grid: grid)
            } else if inFlight[key] == nil {
                request(key, grid: grid)
            }
        }
        _missing = needed.count(where: { entries[$0]?.stale ?? true })
        var current: [RenderLayer] = []
        // Where the level is not fully shown yet: missing or fading-in tiles.
        var gaps: [CGRect] = []
        for key in needed {
            guard var e = entries[key] else { gaps.append(grid.rect(of: key)); continue }
            let first = e.firstShown ?? time
            if e.firstShown == nil { e.firstShown = time; entries[key] = e }
            let alpha = fadeDuration > 0 ? min(1, max(0, (time - first) / fadeDuration)) : 1
            if alpha < 1 { fading = true; gaps.append(e.rect) }
            current.append(layer(for: e, opacity: Float(alpha)))
        }
        // Coarser tiles stand in only under the gaps: once the level is complete they would be
        // hidden (or show through its transparent pixels) and only cost compositing time.
        let coarser = gaps.isEmpty ? [:] : entries.filter { key, e in
            key.level > level && gaps.contains { $0.intersects(e.rect) }
        }
        evict()
        return coarser.sorted(by: { $0.key > $1.key }).map { layer(for: $0.value, opacity: 1) } + current
    }

    private func layer(for e: Entry, opacity: Float) -> RenderLayer {
        var l = RenderLayer(id: e.id)
        l.bounds = CGRect(origin: .zero, size: e.rect.size)
        l.position = CGPoint(x: e.rect.midX, y: e.rect.midY)
        l.opacity = opacity
        l.properties["contents"] = e.image
        l.contentsScale = CGFloat(e.image.width) / max(e.rect.width, 1e-9)
        return l
    }

    /// Cancels (and forgets) the requests whose keys match. Lock held.
    private func cancel(where match: (_TileKey) -> Bool) {
        for (key, r) in inFlight where match(key) {
            r.cancelled.store(true, ordering: .relaxed)
            inFlight[key] = nil
        }
    }

    /// Starts drawing `key` on the executor. Lock held.
    private func request(_ key: _TileKey, grid: _TileGrid) {
        guard let draw else { return }
        let r = Request(key: key)
        inFlight[key] = r
        let rect = grid.rect(of: key), s = grid.scale(ofLevel: key.level)
        executor.submit { [weak self] in
            guard let self, !r.cancelled.load(ordering: .relaxed) else { return }
            self.lock.lock(); self.drawsStarted += 1; self.lock.unlock()
            let image = Self.render(rect: rect, scale: s, draw: draw)
            self.finish(r, image: image, rect: rect)
        }
    }

    /// Draws `key` on the calling thread into the cache, shown at once (no fade: a tile drawn
    /// in the frame that needs it never pops in). Lock held: the draw callback must not call
    /// back into the store (a layer's `draw(in:)` cannot reach it).
    private func drawNow(_ key: _TileKey, grid: _TileGrid) {
        guard let draw else { return }
        cancel(where: { $0 == key })
        drawsStarted += 1
        let rect = grid.rect(of: key)
        guard let image = Self.render(rect: rect, scale: grid.scale(ofLevel: key.level), draw: draw) else { return }
        let id = entries[key]?.id ?? Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        entries[key] = Entry(id: id, image: image, rect: rect, firstShown: -.infinity, lastUsed: tick)
    }

    /// Draws one tile: a bitmap of the tile's pixels whose context maps layer coordinates to
    /// them (CTM = scale, then the tile's origin), clipped to the tile.
    static func render(rect: CGRect, scale s: CGFloat, draw: Draw) -> CGImage? {
        let w = max(1, Int((rect.width * s).rounded(.up))), h = max(1, Int((rect.height * s).rounded(.up)))
        return CGImage(width: w, height: h) { px in
            guard let bitmap = Bitmap(wrapping: px, width: w, height: h, bytesPerRow: w * 4) else { return }
            let ctx = CGContext(bitmap: bitmap, baseTransform: CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: -rect.minX * s, ty: -rect.minY * s))
            ctx.clip(to: rect)
            draw(ctx)
        }
    }

    private func finish(_ r: Request, image: CGImage?, rect: CGRect) {
        lock.lock()
        guard !r.cancelled.load(ordering: .relaxed), inFlight[r.key] === r, let image else {
            drawsDiscarded += 1
            lock.unlock()
            return
        }
        inFlight[r.key] = nil
        if var old = entries[r.key] {
            old.image = image
            old.stale = false
            entries[r.key] = old
        } else {
            entries[r.key] = Entry(id: Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue, image: image,
                                   rect: rect, firstShown: nil, lastUsed: tick)
        }
        evict()
        let ready = _onTileReady
        lock.unlock()
        ready?()
    }

    /// Drops least recently used tiles beyond the bound. Lock held.
    private func evict() {
        guard entries.count > cacheLimit else { return }
        let order = entries.sorted { ($0.value.lastUsed, $0.key) < ($1.value.lastUsed, $1.key) }
        for (key, _) in order.prefix(entries.count - cacheLimit) { entries[key] = nil }
    }
}
