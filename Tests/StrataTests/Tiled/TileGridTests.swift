import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CATiledLayer's tile geometry: the level a zoom picks and the exact tile sets for known views.
@Suite(.runLoopTurn) struct TileGridTests {
    static func key(_ l: Int, _ c: Int, _ r: Int) -> _TileKey { _TileKey(level: l, column: c, row: r) }

    @Test func zoomPicksTheLeastDetailedSufficientLevel() {
        // Four levels, one magnified: scales 2, 1, 1/2, 1/4 for levels 0…3.
        let g = _TileGrid(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 4, levelsOfDetailBias: 1,
                          bounds: CGRect(x: 0, y: 0, width: 1000, height: 800))
        #expect((0..<4).map { g.scale(ofLevel: $0) } == [2, 1, 0.5, 0.25])
        let picks = [1.0, 1.5, 2, 3, 0.5, 0.3, 0.26, 0.25, 0.1].map { g.level(forScale: $0) }
        #expect(picks == [1, 0, 0, 0, 2, 2, 2, 3, 3])
        #expect(g.level(forScale: 0) == nil && g.level(forScale: .nan) == nil && g.level(forScale: -1) == nil)
        #expect(g.level(forScale: .infinity) == nil)
        // Apple's defaults: one level, no bias — every zoom draws at scale 1.
        let one = _TileGrid(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 1, levelsOfDetailBias: 0, bounds: g.bounds)
        #expect([0.1, 1, 8].map { one.level(forScale: $0) } == [0, 0, 0])
    }

    @Test func visibleRectanglesGiveExactTileSets() {
        let g = _TileGrid(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 3, levelsOfDetailBias: 0,
                          bounds: CGRect(x: 0, y: 0, width: 1000, height: 800))
        #expect(g.tiles(in: CGRect(x: 0, y: 0, width: 500, height: 300), level: 0)
                == [Self.key(0, 0, 0), Self.key(0, 1, 0), Self.key(0, 0, 1), Self.key(0, 1, 1)])
        #expect(g.tiles(in: CGRect(x: 300, y: 260, width: 10, height: 10), level: 0) == [Self.key(0, 1, 1)])
        // Edges exactly on tile boundaries do not pull in the next tile.
        #expect(g.tiles(in: CGRect(x: 256, y: 0, width: 256, height: 256), level: 0) == [Self.key(0, 1, 0)])
        // Level 2 (scale 1/4): one tile covers 1024 units, the whole layer.
        #expect(g.tiles(in: CGRect(x: -50, y: -50, width: 2000, height: 2000), level: 2) == [Self.key(2, 0, 0)])
        // Level 1 (scale 1/2): 512-unit tiles, 2×2 for the whole layer; outside the bounds: none.
        #expect(g.tiles(in: g.bounds, level: 1).count == 4)
        #expect(g.tiles(in: CGRect(x: 1000, y: 0, width: 50, height: 50), level: 0).isEmpty)
        // The last tile is cut to the bounds.
        #expect(g.rect(of: Self.key(0, 3, 3)) == CGRect(x: 768, y: 768, width: 232, height: 32))
        #expect(g.rect(of: Self.key(1, 1, 0)) == CGRect(x: 512, y: 0, width: 488, height: 512))
    }

    @Test func boundsOriginShiftsTheGrid() {
        let g = _TileGrid(tileSize: CGSize(width: 100, height: 50), levelsOfDetail: 1, levelsOfDetailBias: 0,
                          bounds: CGRect(x: 1000, y: 2000, width: 300, height: 100))
        #expect(g.tiles(in: CGRect(x: 1150, y: 2060, width: 100, height: 10), level: 0) == [Self.key(0, 1, 1), Self.key(0, 2, 1)])
        #expect(g.rect(of: Self.key(0, 2, 1)) == CGRect(x: 1200, y: 2050, width: 100, height: 50))
    }

    @Test func hostileSettingsAreBounded() {
        // Tiny tiles are raised to 16 pixels; a huge layer yields at most maximumTiles.
        let g = _TileGrid(tileSize: CGSize(width: 1, height: 0), levelsOfDetail: -3, levelsOfDetailBias: 9,
                          bounds: CGRect(x: 0, y: 0, width: 1e6, height: 1e6))
        #expect(g.tileSize == CGSize(width: 16, height: 16) && g.levelsOfDetail == 1 && g.levelsOfDetailBias == 0)
        #expect(g.tiles(in: g.bounds, level: 0).count == _TileGrid.maximumTiles)
        let nan = _TileGrid(tileSize: CGSize(width: CGFloat.nan, height: 256), levelsOfDetail: 1, levelsOfDetailBias: 0,
                            bounds: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10))
        #expect(nan.tileSize.width == 256)
        #expect(nan.tiles(in: CGRect(x: 0, y: 0, width: 100, height: 10), level: 0).isEmpty)
    }

    @Test func contentsScaleMultipliesEveryLevelsPixelsPerPoint() {
        let g = _TileGrid(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 4, levelsOfDetailBias: 1,
                          bounds: CGRect(x: 0, y: 0, width: 1000, height: 1000), contentsScale: 2)
        // The level still follows the on-screen points per unit; its pixels double.
        #expect(g.level(forScale: 1) == 1 && g.scale(ofLevel: 1) == 2 && g.scale(ofLevel: 0) == 4)
        #expect(g.tileExtent(ofLevel: 1) == CGSize(width: 128, height: 128))
        #expect(Set(g.tiles(in: CGRect(x: 100, y: 0, width: 200, height: 100), level: 1)) == [Self.key(1, 0, 0), Self.key(1, 1, 0), Self.key(1, 2, 0)])
        #expect(g.rect(of: Self.key(1, 7, 7)) == CGRect(x: 896, y: 896, width: 104, height: 104))
        // Non-finite or absurd scales read as 1.
        for bad in [CGFloat.nan, .infinity, 0, -2, 1000] {
            #expect(_TileGrid(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 1, levelsOfDetailBias: 0,
                              bounds: .zero, contentsScale: bad).contentsScale == 1)
        }
    }
}
