import Foundation
import Synchronization
import Testing
@testable import Strata
import StrataTestSupport

/// CATiledLayer through the render tree and the compositor: tiles requested for what the root's
/// bounds show through the layer's transform, drawn by `draw(in:)` per tile, shown with their
/// fade-in, pixels checked.
@Suite(.serialized, .runLoopTurn) struct TiledLayerRenderTests {
    /// Draws a checkerboard of 100-unit squares (red where column + row is even, else blue) and
    /// records the tile clips it was asked for.
    final class Checker: CATiledLayer, @unchecked Sendable {
        let clips = Mutex<[CGRect]>([])
        override func draw(in ctx: CGContext) {
            let clip = ctx.boundingBoxOfClipPath
            clips.withLock { $0.append(clip) }
            for r in 0..<20 {
                for c in 0..<20 {
                    let even = (r + c) % 2 == 0
                    ctx.setFillColor(red: even ? 1 : 0, green: 0, blue: even ? 0 : 1, alpha: 1)
                    ctx.fill(CGRect(x: c * 100, y: r * 100, width: 100, height: 100))
                }
            }
        }
    }

    static func scene(scale: CGFloat, offset: CGPoint) -> (CALayer, Checker, ManualTileExecutor) {
        let executor = ManualTileExecutor()
        let root = CALayer()
        let tiled = Checker(executor: executor)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        root.position = CGPoint(x: 100, y: 75)
        tiled.bounds = CGRect(x: 0, y: 0, width: 2000, height: 2000)
        tiled.anchorPoint = .zero
        tiled.position = offset
        tiled.levelsOfDetail = 3
        tiled.levelsOfDetailBias = 1
        tiled.setAffineTransform(CGAffineTransform(scaleX: scale, y: scale))
        root.addSublayer(tiled)
        CATransaction.commit()
        CATransaction.flush()  // the implicit transaction the layers' creation opened
        return (root, tiled, executor)
    }

    @Test func visibleTilesAreDrawnWithTheirClipAndFadeIn() throws {
        // Scale 1, layer moved up-left by (300, 200): the root shows layer 300…500 × 200…350,
        // which is tiles (1…1, 0…1) of 256-unit tiles at level 1 (scale 1)… and column 1 only
        // reaches 512, so columns 1, rows 0…1.
        let (root, tiled, executor) = Self.scene(scale: 1, offset: CGPoint(x: -300, y: -200))
        let tree = RenderTree(root: root)
        let first = tree.snapshot(at: 1)
        #expect(first.sublayers[0].sublayers.isEmpty)  // nothing drawn yet
        #expect(executor.count == 2)
        executor.runAll()
        #expect(Set(tiled.clips.withLock { $0 }) == [CGRect(x: 256, y: 0, width: 256, height: 256),
                                                      CGRect(x: 256, y: 256, width: 256, height: 256)])
        // First shown at t = 2: transparent, half at 2.125, whole at 2.25 and later.
        #expect(tree.snapshot(at: 2).sublayers[0].sublayers.map(\.opacity) == [0, 0])
        #expect(tree.nextFrameTime(after: 2.1) == 2.1)
        #expect(tree.snapshot(at: 2.125).sublayers[0].sublayers.map(\.opacity) == [0.5, 0.5])
        let done = tree.snapshot(at: 2.25)
        #expect(done.sublayers[0].sublayers.map(\.opacity) == [1, 1])
        #expect(tree.nextFrameTime(after: 3) == .infinity)
        let bitmap = try #require(Bitmap(width: 200, height: 150))
        Compositor().render(done, into: bitmap, scale: 1)
        // Screen (0, 0) is layer (300, 200): column 3 + row 2 odd → blue; screen (150, 10) is
        // layer (450, 210): 4 + 2 even → red; screen (50, 120) is layer (350, 320): 3 + 3 → red.
        #expect(bitmap.pixel(x: 0, y: 0) == 0xFF00_00FF)
        #expect(bitmap.pixel(x: 150, y: 10) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 50, y: 120) == 0xFFFF_0000)
    }

    @Test func zoomingOutPicksACoarserLevelAndScrollingCancels() throws {
        // Scale 0.5: level 2 (scale 1/2), tiles of 512 units; the root shows layer 0…400 × 0…300.
        let (root, tiled, executor) = Self.scene(scale: 0.5, offset: .zero)
        let tree = RenderTree(root: root)
        _ = tree.snapshot(at: 0)
        #expect(executor.count == 1)
        // Scroll far before anything is drawn: the request for tile (0, 0) is cancelled.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        tiled.position = CGPoint(x: -600, y: -600)  // shows layer 1200…1600 × 1200…1500: tiles (2…3, 2)
        CATransaction.commit()
        CATransaction.flush()  // the implicit transaction the layers' creation opened
        _ = tree.snapshot(at: 0.1)
        executor.runAll()
        // The last column is cut to the bounds (1536…2000).
        #expect(Set(tiled.clips.withLock { $0 }) == [CGRect(x: 1024, y: 1024, width: 512, height: 512),
                                                      CGRect(x: 1536, y: 1024, width: 464, height: 512)])
        _ = tree.snapshot(at: 5)  // first shown: fading from 0
        let shown = tree.snapshot(at: 6).sublayers[0].sublayers
        #expect(shown.map { $0.contents?.width } == [256, 232])
        let bitmap = try #require(Bitmap(width: 200, height: 150))
        Compositor().render(tree.snapshot(at: 6), into: bitmap, scale: 1)
        // Screen (10, 10) is layer (1220, 1220): 12 + 12 even → red; (60, 10) is (1320, 1220): blue.
        #expect(bitmap.pixel(x: 10, y: 10) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 60, y: 10) == 0xFF00_00FF)
    }

    @Test func setNeedsDisplayInARectRedrawsOnlyItsTiles() {
        let (root, tiled, executor) = Self.scene(scale: 1, offset: .zero)  // shows 0…200 × 0…150: tile (0, 0)
        CATransaction.begin()
        root.bounds = CGRect(x: 0, y: 0, width: 600, height: 300)  // tiles (0…2, 0…1)
        CATransaction.commit()
        CATransaction.flush()  // the implicit transaction the layers' creation opened
        let tree = RenderTree(root: root)
        _ = tree.snapshot(at: 0)
        executor.runAll()
        #expect(tiled.clips.withLock { $0 }.count == 6)
        tiled.clips.withLock { $0 = [] }
        CATransaction.begin()
        tiled.setNeedsDisplay(CGRect(x: 300, y: 10, width: 20, height: 20))  // tile (1, 0)
        CATransaction.commit()
        CATransaction.flush()  // the implicit transaction the layers' creation opened
        _ = tree.snapshot(at: 1)
        executor.runAll()
        #expect(tiled.clips.withLock { $0 } == [CGRect(x: 256, y: 0, width: 256, height: 256)])
        #expect(CATiledLayer.fadeDuration == 0.25)
    }
}
