import Foundation
import Synchronization
import Testing
@testable import Strata
import StrataTestSupport

/// Runs tile jobs only when told, so tests decide what is drawn, cancelled or in flight.
final class ManualTileExecutor: _TileExecutor, @unchecked Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    func submit(_ job: @escaping @Sendable () -> Void) { jobs.withLock { $0.append(job) } }
    var count: Int { jobs.withLock { $0.count } }
    /// Runs every queued job (and any they queue), oldest first.
    func runAll() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { job() }
    }
}

@Suite(.runLoopTurn) struct TileStoreTests {
    static let bounds = CGRect(x: 0, y: 0, width: 1000, height: 800)

    static func store(limit: Int = 100, fade: Double = 0.25, levels: Int = 1, bias: Int = 0,
                      draw: @escaping _TileStore.Draw = { ctx in ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1); ctx.fill(Self.bounds) })
        -> (_TileStore, ManualTileExecutor) {
        let executor = ManualTileExecutor()
        let store = _TileStore(executor: executor)
        store.configure(grid: _TileGrid(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: levels,
                                        levelsOfDetailBias: bias, bounds: bounds),
                        fadeDuration: fade, cacheLimit: limit, draw: draw)
        return (store, executor)
    }

    static func keys(_ l: Int, _ cols: ClosedRange<Int>, _ rows: ClosedRange<Int>) -> Set<_TileKey> {
        Set(rows.flatMap { r in cols.map { _TileKey(level: l, column: $0, row: r) } })
    }

    @Test func requestsExactlyTheVisibleTilesOnce() {
        let (store, executor) = Self.store()
        #expect(store.update(visible: CGRect(x: 10, y: 10, width: 400, height: 300), scale: 1, time: 0).isEmpty)
        #expect(store.pendingKeys == Self.keys(0, 0...1, 0...1) && executor.count == 4)
        // The same view again requests nothing new.
        _ = store.update(visible: CGRect(x: 10, y: 10, width: 400, height: 300), scale: 1, time: 0)
        #expect(executor.count == 4 && store.missingTiles == 4)
        executor.runAll()
        #expect(store.cachedKeys == Self.keys(0, 0...1, 0...1) && store.pendingKeys.isEmpty && store.drawsStarted == 4)
        #expect(store.missingTiles == 4)  // counted by the last update, before the draws
        let layers = store.update(visible: CGRect(x: 10, y: 10, width: 400, height: 300), scale: 1, time: 0)
        #expect(layers.count == 4 && executor.count == 0 && store.missingTiles == 0)
        // Tile (1, 1) sits at 256…512 × 256…512 in layer coordinates.
        let t = layers[3]
        #expect(t.position == CGPoint(x: 384, y: 384) && t.bounds == CGRect(x: 0, y: 0, width: 256, height: 256))
        #expect(t.contents?.width == 256 && t.contents?.pixel(x: 5, y: 5) == 0xFFFF_0000)
    }

    @Test func tilesScrolledAwayAreCancelledAndNeverDrawn() {
        let (store, executor) = Self.store()
        _ = store.update(visible: CGRect(x: 0, y: 0, width: 300, height: 200), scale: 1, time: 0)  // (0…1, 0)
        _ = store.update(visible: CGRect(x: 600, y: 600, width: 100, height: 100), scale: 1, time: 0)  // (2, 2)
        #expect(store.pendingKeys == Self.keys(0, 2...2, 2...2))
        executor.runAll()
        #expect(store.drawsStarted == 1 && store.cachedKeys == Self.keys(0, 2...2, 2...2))
    }

    @Test func aDrawThatFinishesAfterItsTileLeftTheViewIsDiscarded() {
        let box = Mutex<_TileStore?>(nil)
        let (store, executor) = Self.store(draw: { ctx in
            // While drawing tile (0, 0), the view scrolls to tile (3, 3).
            if let s = box.withLock({ $0 }) { _ = s.update(visible: CGRect(x: 900, y: 780, width: 10, height: 10), scale: 1, time: 0) }
            ctx.fill(Self.bounds)
        })
        box.withLock { $0 = store }
        _ = store.update(visible: CGRect(x: 0, y: 0, width: 10, height: 10), scale: 1, time: 0)
        executor.runAll()
        #expect(store.drawsDiscarded >= 1)
        #expect(!store.cachedKeys.contains(_TileKey(level: 0, column: 0, row: 0)))
        #expect(store.cachedKeys == Self.keys(0, 3...3, 3...3))
        box.withLock { $0 = nil }  // the draw closure holds `box`: break the cycle (LeakSanitizer)
    }

    @Test func cacheKeepsTheMostRecentlyUsedTilesWithinItsBound() {
        let (store, executor) = Self.store(limit: 4)
        _ = store.update(visible: CGRect(x: 0, y: 0, width: 500, height: 500), scale: 1, time: 0)  // 2×2 at the top left
        executor.runAll()
        _ = store.update(visible: CGRect(x: 0, y: 0, width: 500, height: 500), scale: 1, time: 0)
        _ = store.update(visible: CGRect(x: 520, y: 0, width: 400, height: 200), scale: 1, time: 0)  // (2…3, 0)
        executor.runAll()
        // Six drawn, four kept: the two just drawn and two of the first view; tiles used equally
        // recently are evicted in key order (row, then column), so (0, 0) and (1, 0) go first.
        #expect(store.cachedKeys == Self.keys(0, 2...3, 0...0).union(Self.keys(0, 0...1, 1...1)))
    }

    @Test func newTilesFadeInOverTheFadeDuration() {
        let (store, executor) = Self.store(fade: 0.25)
        let view = CGRect(x: 0, y: 0, width: 100, height: 100)
        _ = store.update(visible: view, scale: 1, time: 5)
        executor.runAll()
        // First shown at t = 10: opacity 0, then linear to 1 at 10.25.
        #expect(store.update(visible: view, scale: 1, time: 10).map(\.opacity) == [0])
        #expect(store.isFading)
        #expect(store.update(visible: view, scale: 1, time: 10.1).map(\.opacity) == [Float(0.4)])
        #expect(store.update(visible: view, scale: 1, time: 10.25).map(\.opacity) == [1])
        #expect(!store.isFading)
        #expect(store.update(visible: view, scale: 1, time: 99).map(\.opacity) == [1])
        // Fade duration 0: tiles appear at once.
        let (instant, e2) = Self.store(fade: 0)
        _ = instant.update(visible: view, scale: 1, time: 0)
        e2.runAll()
        #expect(instant.update(visible: view, scale: 1, time: 1).map(\.opacity) == [1])
    }

    @Test func invalidatingARectangleRedrawsOnlyItsTiles() {
        let counter = Atomic<Int>(0)
        let (store, executor) = Self.store(draw: { ctx in counter.add(1, ordering: .relaxed); ctx.fill(Self.bounds) })
        _ = store.update(visible: Self.bounds, scale: 1, time: 0)
        executor.runAll()
        #expect(counter.load(ordering: .relaxed) == 16)
        store.invalidate(CGRect(x: 300, y: 300, width: 10, height: 300))  // column 1, rows 1…2
        let during = store.update(visible: Self.bounds, scale: 1, time: 1)
        #expect(store.pendingKeys == Self.keys(0, 1...1, 1...2))
        #expect(during.count == 16)  // old pictures stay up meanwhile
        executor.runAll()
        #expect(counter.load(ordering: .relaxed) == 18)
        store.invalidate(CGRect?.none)
        _ = store.update(visible: Self.bounds, scale: 1, time: 2)
        #expect(store.pendingKeys.count == 16)
    }

    @Test func zoomChangesTheLevelAndCoarserTilesStandInMeanwhile() {
        let (store, executor) = Self.store(levels: 3, bias: 0)  // scales 1, 1/2, 1/4
        _ = store.update(visible: Self.bounds, scale: 0.25, time: 0)
        #expect(store.pendingKeys == Self.keys(2, 0...0, 0...0))
        executor.runAll()
        // Zooming in to scale 1: level 0's tiles load; the level-2 tile shows under them meanwhile.
        let layers = store.update(visible: CGRect(x: 0, y: 0, width: 300, height: 300), scale: 1, time: 1)
        #expect(store.pendingKeys == Self.keys(0, 0...1, 0...1))
        #expect(layers.count == 1 && layers[0].bounds.size == CGSize(width: 1000, height: 800))
        // The level-2 tile is 250 × 200 pixels (1000 × 800 at 1/4).
        #expect(layers[0].contents?.width == 250 && layers[0].contents?.height == 200)
        // The four arrive: the stand-in stays under them while they fade in, and is no longer
        // drawn once all four are opaque.
        executor.runAll()
        let view = CGRect(x: 0, y: 0, width: 300, height: 300)
        #expect(store.update(visible: view, scale: 1, time: 2).map(\.opacity) == [1, 0, 0, 0, 0])
        #expect(store.update(visible: view, scale: 1, time: 2.1).count == 5)
        #expect(store.update(visible: view, scale: 1, time: 2.25).map(\.opacity) == [1, 1, 1, 1])
        #expect(store.cachedKeys.contains(_TileKey(level: 2, column: 0, row: 0)))  // kept for zooming out
    }

    @Test func tileContextMapsLayerCoordinatesToTilePixels() {
        // A red square at 100…200 in layer units, drawn at scale 2 (bias 1): tile (0, 0) holds
        // layer 0…128 at 2 pixels per unit, so the square starts at pixel 200.
        let (store, executor) = Self.store(levels: 2, bias: 1, draw: { ctx in
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 100, y: 100, width: 100, height: 100))
        })
        _ = store.update(visible: CGRect(x: 0, y: 0, width: 100, height: 100), scale: 2, time: 0)
        executor.runAll()
        let tile = store.update(visible: CGRect(x: 0, y: 0, width: 100, height: 100), scale: 2, time: 1)[0]
        let image = tile.contents!
        #expect(tile.bounds.size == CGSize(width: 128, height: 128) && image.width == 256)
        #expect(image.pixel(x: 199, y: 199) == 0 && image.pixel(x: 200, y: 200) == 0xFFFF_0000 && image.pixel(x: 255, y: 255) == 0xFFFF_0000)
    }
}
