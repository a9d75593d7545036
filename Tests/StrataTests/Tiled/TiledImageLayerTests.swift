import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// TiledImageLayer over a generated source, drawn synchronously (`drawsTilesSynchronously`):
/// every frame shows all its tiles at once, and screen pixels are the source's pixels at the
/// level the zoom picks — copied 1:1, point-sampled from a coarser level, or magnified as
/// blocks of nearest pixels.
@Suite(.serialized, .runLoopTurn) struct TiledImageLayerTests {
    static let reference = _GeneratedTiledBackend(width: 4000, height: 3000)

    /// A 200×150 root showing the layer scaled by `scale`, moved by `offset`, rendered at
    /// `hiDPI` device pixels per point with the layer's contentsScale set to match.
    static func render(scale: CGFloat, offset: CGPoint, time: Double = 0, hiDPI: Int = 1) throws -> (Bitmap, RenderLayer, TiledImageLayer) {
        let source = try #require(TiledImageSource.generated(width: 4000, height: 3000))
        let root = CALayer()
        let tiled = TiledImageLayer(source: source)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        root.position = CGPoint(x: 100, y: 75)
        tiled.anchorPoint = .zero
        tiled.position = offset
        tiled.setAffineTransform(CGAffineTransform(scaleX: scale, y: scale))
        tiled.drawsTilesSynchronously = true
        tiled.contentsScale = CGFloat(hiDPI)
        root.addSublayer(tiled)
        CATransaction.commit()
        CATransaction.flush()
        let tree = RenderTree(root: root)
        let frame = tree.snapshot(at: time)
        let bitmap = try #require(Bitmap(width: 200 * hiDPI, height: 150 * hiDPI))
        Compositor().render(frame, into: bitmap, scale: CGFloat(hiDPI))
        return (bitmap, frame, tiled)
    }

    /// Screen pixels that differ from `expected(x, y)`, every 3rd pixel checked.
    static func mismatches(_ b: Bitmap, _ expected: (Int, Int) -> UInt32) -> [String] {
        var out: [String] = []
        for y in stride(from: 0, to: b.height, by: 3) {
            for x in stride(from: 0, to: b.width, by: 3) where b.pixel(x: x, y: y) != expected(x, y) {
                out.append("(\(x), \(y)): \(String(b.pixel(x: x, y: y), radix: 16)) ≠ \(String(expected(x, y), radix: 16))")
            }
        }
        return Array(out.prefix(5))
    }

    @Test func levelsCoverTheSourceAndMagnifyThreeTimes() throws {
        let source = try #require(TiledImageSource.generated(width: 4000, height: 3000))
        let layer = TiledImageLayer(source: source)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 4000, height: 3000))
        #expect(source.coarsestLevel == 12)
        #expect(layer.levelsOfDetailBias == 3 && layer.levelsOfDetail == 16)
    }

    @Test func atScaleOneTilesCopyFullResolutionPixelsWithoutFading() throws {
        // Screen (x, y) is image (1990 + x, 995 + y): across the grid line at x = 2000 and the
        // checker edge there, and the line at y = 1000; tiles (7…8, 3…4) at 256 pixels.
        let (b, frame, _) = try Self.render(scale: 1, offset: CGPoint(x: -1990, y: -995), time: 7)
        #expect(frame.sublayers[0].sublayers.count == 4)
        #expect(frame.sublayers[0].sublayers.allSatisfy { $0.opacity == 1 })
        #expect(Self.mismatches(b) { x, y in Self.reference.pixel(x: 1990 + x, y: 995 + y) } == [])
        #expect(b.pixel(x: 12, y: 20) == 0xFF20_2020)   // the 8-pixel line at x = 2000…2007
    }

    @Test func zoomedOutTilesPointSampleTheCoarserSourceLevel() throws {
        // Scale 1/4: level 5 (scale 2^(3−5)), source level 2; screen (x, y) is level-2 pixel
        // (x + 100, y + 50), which samples full pixel (4(x + 100) + 2, 4(y + 50) + 2).
        let (b, _, _) = try Self.render(scale: 0.25, offset: CGPoint(x: -100, y: -50))
        #expect(Self.mismatches(b) { x, y in Self.reference.pixel(x: 4 * (x + 100) + 2, y: 4 * (y + 50) + 2) } == [])
    }

    @Test func zoomedInTilesMagnifyPixelsAsBlocks() throws {
        // Scale 4: level 1 (scale 4), tiles of 64 image pixels; screen (x, y) is image
        // (997 + x / 4, 1998 + y / 4): the grid lines at 1000 and 2000 become 32-pixel bands.
        let (b, _, _) = try Self.render(scale: 4, offset: CGPoint(x: -3988, y: -7992))
        #expect(Self.mismatches(b) { x, y in Self.reference.pixel(x: 997 + x / 4, y: 1998 + y / 4) } == [])
    }

    @Test func contentsScaleTwoDrawsTilesAtDevicePixels() throws {
        // A 2× display at zoom 1/2: level 4 (2^(3−4) × 2 = 1 pixel per layer unit), so tiles
        // copy source level 0 pixel for pixel: device pixel (x, y) is image (1000 + x, 1000 + y),
        // and each 256-pixel tile covers 256 layer units (128 points).
        let (b, frame, _) = try Self.render(scale: 0.5, offset: CGPoint(x: -500, y: -500), hiDPI: 2)
        #expect(Self.mismatches(b) { x, y in Self.reference.pixel(x: 1000 + x, y: 1000 + y) } == [])
        let tiles = frame.sublayers[0].sublayers
        #expect(tiles.map(\.bounds.width).max() == 256 && tiles.allSatisfy { $0.contents?.width == Int($0.bounds.width) })
        // At zoom 1 the same display needs 2 pixels per layer unit: image pixels as 2×2 blocks,
        // tiles of 128 layer units drawn 256 pixels wide.
        let (b1, frame1, _) = try Self.render(scale: 1, offset: CGPoint(x: -1000, y: -1000), hiDPI: 2)
        #expect(Self.mismatches(b1) { x, y in Self.reference.pixel(x: 1000 + x / 2, y: 1000 + y / 2) } == [])
        #expect(frame1.sublayers[0].sublayers.allSatisfy { $0.contents?.width == 2 * Int($0.bounds.width) && $0.bounds.width <= 128 })
    }

    @Test func aLayerWithoutASourceDrawsNothing() throws {
        let layer = TiledImageLayer()
        let bitmap = try #require(Bitmap(width: 4, height: 4))
        let ctx = CGContext(bitmap: bitmap, baseTransform: .identity)
        layer.draw(in: ctx)
        #expect(bitmap.pixel(x: 1, y: 1) == 0)
        #expect(layer.lastReadError == nil)
    }
}

extension TiledImageLayerTests {
    @Test func visibleTilesPendingCountsWhatTheLastFrameLacked() throws {
        let (_, _, synchronous) = try Self.render(scale: 1, offset: CGPoint(x: -1990, y: -995))
        #expect(synchronous.visibleTilesPending == 0)
        // Drawn by a manual executor: the first frame lacks its 4 tiles, the one after the
        // draws has them all.
        let executor = ManualTileExecutor()
        let root = CALayer(), tiled = CATiledLayer(executor: executor)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        tiled.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        tiled.anchorPoint = .zero
        root.addSublayer(tiled)
        CATransaction.commit()
        CATransaction.flush()
        let tree = RenderTree(root: root)
        _ = tree.snapshot(at: 0)
        #expect(tiled.visibleTilesPending == 4)
        executor.runAll()
        _ = tree.snapshot(at: 1)
        #expect(tiled.visibleTilesPending == 0)
    }
}

extension TiledImageLayerTests {
    @Test func aTileWhoseReadFailsStaysEmptyAndKeepsTheError() throws {
        // A JPEG cut after its header and first scans: opening reads the header only, the
        // tile's read then meets the truncation.
        let whole = try TiledImageSourceTests.smooth(64, 48).jpegData(quality: 90)
        let source = try TiledImageSource(data: Array(whole.prefix(whole.count * 2 / 3)))
        let root = CALayer(), tiled = TiledImageLayer(source: source)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
        tiled.anchorPoint = .zero
        tiled.drawsTilesSynchronously = true
        tiled.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(tiled)
        CATransaction.commit()
        CATransaction.flush()
        let bitmap = try #require(Bitmap(width: 64, height: 48))
        Compositor().render(RenderTree(root: root).snapshot(at: 0), into: bitmap, scale: 1)
        // The layer's own background shows through the empty tile.
        #expect(bitmap.pixel(x: 10, y: 40) == 0xFF00_00FF && bitmap.pixel(x: 60, y: 2) == 0xFF00_00FF)
        guard case .malformed? = tiled.lastReadError as? JPEGError else {
            Issue.record("lastReadError: \(String(describing: tiled.lastReadError))")
            return
        }
    }
}
