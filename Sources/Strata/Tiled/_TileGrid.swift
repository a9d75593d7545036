import Foundation

/// One tile of a ``CATiledLayer``: level of detail `level` (0 = the most detailed), column and
/// row of the grid that starts at the layer's bounds origin.
struct _TileKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    let level: Int
    let column: Int
    let row: Int

    static func < (a: _TileKey, b: _TileKey) -> Bool { (a.level, a.row, a.column) < (b.level, b.row, b.column) }
    var description: String { "L\(level)(\(column),\(row))" }
}

/// The tile geometry of a ``CATiledLayer``: which level a zoom picks and which tiles cover a
/// visible rectangle. A pure value: exact answers for exact inputs, tested directly.
///
/// Level `k` (0 ≤ k < `levelsOfDetail`) draws at scale 2^(`bias` − k) × `contentsScale` pixels
/// per layer unit, so its tiles cover `tileSize / scale` layer units: with contentsScale 2 (a 2×
/// display) a 256-pixel tile covers 128 points at the bias level, as in Core Animation. For an on-screen scale z (device pixels per
/// layer unit) the level is the least detailed one whose scale is still ≥ z, i.e. scale
/// 2^ceil(log2 z), clamped to the available range (zoomed in past the most detailed level, its
/// tiles are magnified; zoomed out past the least detailed, they are shrunk).
struct _TileGrid: Equatable, Sendable {
    /// Tile size in pixels (each side at least 16: smaller sizes are raised).
    var tileSize: CGSize
    var levelsOfDetail: Int
    var levelsOfDetailBias: Int
    var bounds: CGRect
    /// Tile pixels per point at the bias level (finite, 1/16…16; other values read as 1).
    var contentsScale: CGFloat

    /// Most tiles one update requests; beyond it the rest of the visible area stays empty
    /// (a hostile bounds/tile-size combination cannot flood the workers).
    static let maximumTiles = 4096

    init(tileSize: CGSize, levelsOfDetail: Int, levelsOfDetailBias: Int, bounds: CGRect, contentsScale: CGFloat = 1) {
        let w = tileSize.width.isFinite ? max(16, tileSize.width.rounded()) : 256
        let h = tileSize.height.isFinite ? max(16, tileSize.height.rounded()) : 256
        self.tileSize = CGSize(width: min(w, 4096), height: min(h, 4096))
        self.levelsOfDetail = min(max(1, levelsOfDetail), 30)
        self.levelsOfDetailBias = min(max(0, levelsOfDetailBias), self.levelsOfDetail - 1)
        self.bounds = bounds
        self.contentsScale = contentsScale.isFinite && contentsScale >= 1.0 / 16 && contentsScale <= 16 ? contentsScale : 1
    }

    /// Pixels per layer unit at level `k`.
    func scale(ofLevel k: Int) -> CGFloat { pow(2, CGFloat(levelsOfDetailBias - k)) * contentsScale }

    /// The level for on-screen scale `z` (points per layer unit: a level's pixels per point
    /// stay `contentsScale`, the display's scale); nil when `z` is not finite and positive.
    func level(forScale z: CGFloat) -> Int? {
        guard z.isFinite, z > 0 else { return nil }
        // A hair of tolerance so that exactly 2^n picks scale 2^n, not 2^(n+1).
        let exponent = Int(ceil(log2(z) - 1e-9))
        let clamped = min(max(exponent, levelsOfDetailBias - levelsOfDetail + 1), levelsOfDetailBias)
        return levelsOfDetailBias - clamped
    }

    /// Layer units one tile covers at level `k`.
    func tileExtent(ofLevel k: Int) -> CGSize {
        let s = scale(ofLevel: k)
        return CGSize(width: tileSize.width / s, height: tileSize.height / s)
    }

    /// The tile's rectangle in layer coordinates, cut to the bounds.
    func rect(of key: _TileKey) -> CGRect {
        let e = tileExtent(ofLevel: key.level)
        let full = CGRect(x: bounds.minX + CGFloat(key.column) * e.width, y: bounds.minY + CGFloat(key.row) * e.height,
                          width: e.width, height: e.height)
        return full.intersection(bounds)
    }

    /// The tiles of level `k` that intersect `visible` (layer coordinates) inside the bounds,
    /// row by row, at most ``maximumTiles``.
    func tiles(in visible: CGRect, level k: Int) -> [_TileKey] {
        let v = visible.intersection(bounds)
        guard !v.isNull, v.width > 0, v.height > 0, v.minX.isFinite, v.maxY.isFinite else { return [] }
        let e = tileExtent(ofLevel: k)
        let across = ceil(bounds.width / e.width), down = ceil(bounds.height / e.height)
        // Non-finite or absurd bounds: no tiles rather than an overflowing grid.
        guard across.isFinite, down.isFinite, across < 1e9, down < 1e9, bounds.minX.isFinite, bounds.minY.isFinite else { return [] }
        let columns = Int(across), rows = Int(down)
        let c0 = max(0, Int(floor((v.minX - bounds.minX) / e.width)))
        let c1 = min(columns - 1, Int(ceil((v.maxX - bounds.minX) / e.width)) - 1)
        let r0 = max(0, Int(floor((v.minY - bounds.minY) / e.height)))
        let r1 = min(rows - 1, Int(ceil((v.maxY - bounds.minY) / e.height)) - 1)
        guard c1 >= c0, r1 >= r0 else { return [] }
        var out: [_TileKey] = []
        out.reserveCapacity(min(Self.maximumTiles, (c1 - c0 + 1) * (r1 - r0 + 1)))
        for r in r0...r1 {
            for c in c0...c1 {
                if out.count == Self.maximumTiles { return out }
                out.append(_TileKey(level: k, column: c, row: r))
            }
        }
        return out
    }
}
