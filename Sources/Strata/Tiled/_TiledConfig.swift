import Foundation

/// What a ``CATiledLayer`` hands the render side (in its render properties): its tile store
/// and settings, and how to draw a tile (the layer's `draw(in:)`, called on worker threads).
struct _TiledConfig: Sendable {
    let store: _TileStore
    var tileSize: CGSize
    var levelsOfDetail: Int
    var levelsOfDetailBias: Int
    var fadeDuration: Double
    var cacheLimit: Int
    var synchronous = false
    let draw: _TileStore.Draw
}
