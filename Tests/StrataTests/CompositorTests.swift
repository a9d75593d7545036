import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct CompositorTests {
    typealias F = RenderFixture

    @Test func integerLayerIsExactInsideAndOutside() {
        let tree = F.root(40, 40, .white, [F.layer(2, 10, 10, 10, 10, F.red)])
        let b = F.render(tree, 40, 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (10..<20).contains(x) && (10..<20).contains(y)
                #expect(b.pixel(x: x, y: y) == (inside ? 0xFFFF_0000 : 0xFFFF_FFFF), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfOpacityRedOverWhite() {
        var l = F.layer(2, 0, 0, 10, 10, F.red)
        l.opacity = 0.5
        let b = F.render(F.root(10, 10, .white, [l]), 10, 10)
        // src = (128, 128, 0, 0); OVER white: 128 + 255·127/255 = 255, 0 + 127 = 127.
        #expect(b.pixel(x: 5, y: 5) == 0xFFFF_7F7F)
    }

    @Test func groupOpacityCompositesTheSubtreeOnce() {
        var parent = F.layer(2, 0, 0, 20, 10)
        parent.opacity = 0.5
        parent.sublayers = [F.layer(3, 0, 0, 15, 10, F.red), F.layer(4, 5, 0, 15, 10, F.blue)]
        let grouped = F.render(F.root(20, 10, .white, [parent]), 20, 10)
        // In the overlap only blue shows, at 50 %: (127, 127, 255).
        #expect(grouped.pixel(x: 10, y: 5) == 0xFF7F_7FFF)
        #expect(grouped.pixel(x: 2, y: 5) == 0xFFFF_7F7F)

        parent.allowsGroupOpacity = false
        let separate = F.render(F.root(20, 10, .white, [parent]), 20, 10)
        // Blue at 50 % over red at 50 % over white: each sublayer blended on its own.
        #expect(separate.pixel(x: 10, y: 5) == 0xFF7F_3FBF)
    }

    @Test func hiddenAndTransparentLayersDrawNothing() {
        var hidden = F.layer(2, 0, 0, 10, 10, F.red)
        hidden.isHidden = true
        var clear = F.layer(3, 0, 0, 10, 10, F.red)
        clear.opacity = 0
        let b = F.render(F.root(10, 10, .white, [hidden, clear]), 10, 10)
        #expect(b.pixel(x: 5, y: 5) == 0xFFFF_FFFF)
    }

    @Test func zPositionOrdersSiblings() {
        var first = F.layer(2, 0, 0, 10, 10, F.red)
        first.zPosition = 1
        let second = F.layer(3, 5, 0, 10, 10, F.blue)
        let b = F.render(F.root(15, 10, .white, [first, second]), 15, 10)
        #expect(b.pixel(x: 7, y: 5) == 0xFFFF_0000, "higher zPosition on top")
        #expect(b.pixel(x: 12, y: 5) == 0xFF00_00FF)
    }

    @Test func transformAppliesAboutTheAnchorPoint() {
        let l = F.centered(2, 10, 10, at: 20, 20, CATransform3DMakeScale(2, 2, 1), F.red)
        let b = F.render(F.root(40, 40, .white, [l]), 40, 40)
        #expect(b.pixel(x: 10, y: 10) == 0xFFFF_0000)
        #expect(b.pixel(x: 29, y: 29) == 0xFFFF_0000)
        #expect(b.pixel(x: 9, y: 10) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 30, y: 29) == 0xFFFF_FFFF)
    }

    @Test func quarterTurnCoversTheRotatedRectangle() {
        let l = F.centered(2, 20, 10, at: 20, 20, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), F.red)
        let b = F.render(F.root(40, 40, .white, [l]), 40, 40)
        // 20×10 turned a quarter: x 15..<25, y 10..<30, edges on whole pixels.
        #expect(b.pixel(x: 15, y: 10) == 0xFFFF_0000)
        #expect(b.pixel(x: 24, y: 29) == 0xFFFF_0000)
        #expect(b.pixel(x: 14, y: 20) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 25, y: 20) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 20, y: 9) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 20, y: 30) == 0xFFFF_FFFF)
    }

    @Test func rotatedEdgesAreAntialiased() {
        let l = F.centered(2, 20, 20, at: 20, 20, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), .black)
        let b = F.render(F.root(40, 40, .white, [l]), 40, 40)
        #expect(b.pixel(x: 20, y: 20) == 0xFF00_0000)
        // Along the diagonal edge some pixels are strictly between black and white.
        let greys = (0..<40).map { b.pixel(x: $0, y: 14) & 0xFF }.filter { $0 > 0 && $0 < 255 }
        #expect(greys.count >= 2)
    }

    @Test func sublayerTransformMovesSublayers() {
        var parent = F.layer(2, 0, 0, 20, 20)
        parent.sublayerTransform = CATransform3DMakeTranslation(5, 3, 0)
        parent.sublayers = [F.layer(3, 0, 0, 4, 4, F.red)]
        let b = F.render(F.root(20, 20, .white, [parent]), 20, 20)
        #expect(b.pixel(x: 5, y: 3) == 0xFFFF_0000)
        #expect(b.pixel(x: 8, y: 6) == 0xFFFF_0000)
        #expect(b.pixel(x: 4, y: 3) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 9, y: 6) == 0xFFFF_FFFF)
    }

    @Test func scaleMapsPointsToPixels() {
        let tree = F.root(20, 20, .white, [F.layer(2, 5, 5, 5, 5, F.red)])
        let b = Snapshot.render(tree, scale: 2)!
        #expect(b.width == 40 && b.height == 40)
        #expect(b.pixel(x: 10, y: 10) == 0xFFFF_0000)
        #expect(b.pixel(x: 19, y: 19) == 0xFFFF_0000)
        #expect(b.pixel(x: 20, y: 19) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 9, y: 10) == 0xFFFF_FFFF)
    }

    @Test func rootBoundsOriginMapsToPixelZero() {
        var root = F.root(20, 20, .white, [F.layer(2, 10, 10, 5, 5, F.red)])
        root.bounds.origin = CGPoint(x: 10, y: 10)
        let b = F.render(root, 20, 20)
        #expect(b.pixel(x: 0, y: 0) == 0xFFFF_0000)
        #expect(b.pixel(x: 5, y: 5) == 0xFFFF_FFFF)
    }

    @Test func cornerRadiusRoundsTheBackground() {
        var l = F.layer(2, 0, 0, 20, 20, .black)
        l.cornerRadius = 10
        let b = F.render(F.root(20, 20, .white, [l]), 20, 20)
        #expect(b.pixel(x: 0, y: 0) == 0xFFFF_FFFF, "outside the circle")
        #expect(b.pixel(x: 19, y: 19) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 10, y: 10) == 0xFF00_0000)
        #expect(b.pixel(x: 0, y: 10) == 0xFF00_0000 || b.pixel(x: 0, y: 10) & 0xFF < 0x40, "edge midpoint almost covered")
        // The arc passes through pixel (2, 2): partly covered.
        let v = b.pixel(x: 2, y: 2) & 0xFF
        #expect(v > 0 && v < 255)
    }

    @Test func maskedCornersRoundOnlyTheChosenCorners() {
        var l = F.layer(2, 0, 0, 20, 20, .black)
        l.cornerRadius = 10
        l.maskedCorners = 1 // minX minY only
        let b = F.render(F.root(20, 20, .white, [l]), 20, 20)
        #expect(b.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 19, y: 0) == 0xFF00_0000)
        #expect(b.pixel(x: 0, y: 19) == 0xFF00_0000)
        #expect(b.pixel(x: 19, y: 19) == 0xFF00_0000)
    }

    @Test func borderIsDrawnAboveSublayers() {
        var l = F.layer(2, 0, 0, 20, 20, .white)
        l.borderWidth = 2
        l.borderColor = F.blue
        l.sublayers = [F.layer(3, 0, 0, 20, 20, F.red)]
        let b = F.render(F.root(20, 20, .white, [l]), 20, 20)
        #expect(b.pixel(x: 0, y: 0) == 0xFF00_00FF)
        #expect(b.pixel(x: 1, y: 10) == 0xFF00_00FF)
        #expect(b.pixel(x: 18, y: 18) == 0xFF00_00FF)
        #expect(b.pixel(x: 2, y: 2) == 0xFFFF_0000)
        #expect(b.pixel(x: 17, y: 17) == 0xFFFF_0000)
    }

    @Test func borderFollowsTheCornerRadius() {
        var l = F.layer(2, 0, 0, 40, 40)
        l.cornerRadius = 20
        l.borderWidth = 4
        l.borderColor = .black
        let b = F.render(F.root(40, 40, .white, [l]), 40, 40)
        #expect(b.pixel(x: 20, y: 1) == 0xFF00_0000, "on the ring")
        #expect(b.pixel(x: 20, y: 20) == 0xFFFF_FFFF, "inside the ring")
        #expect(b.pixel(x: 0, y: 0) == 0xFFFF_FFFF, "outside the rounded corner")
    }

    @Test func masksToBoundsClipsSublayers() {
        var parent = F.layer(2, 10, 10, 10, 10)
        parent.masksToBounds = true
        parent.sublayers = [F.layer(3, -5, -5, 30, 30, F.red)]
        let b = F.render(F.root(40, 40, .white, [parent]), 40, 40)
        #expect(b.pixel(x: 10, y: 10) == 0xFFFF_0000)
        #expect(b.pixel(x: 19, y: 19) == 0xFFFF_0000)
        #expect(b.pixel(x: 9, y: 10) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 20, y: 15) == 0xFFFF_FFFF)
    }

    @Test func roundedMasksToBoundsClipsWithAntialiasing() {
        var parent = F.layer(2, 0, 0, 20, 20)
        parent.masksToBounds = true
        parent.cornerRadius = 10
        parent.sublayers = [F.layer(3, 0, 0, 20, 20, .black)]
        let b = F.render(F.root(20, 20, .white, [parent]), 20, 20)
        #expect(b.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 10, y: 10) == 0xFF00_0000)
        let v = b.pixel(x: 2, y: 2) & 0xFF
        #expect(v > 0 && v < 255)
    }

    @Test func fractionalEdgeIsHalfCovered() {
        let b = F.render(F.root(30, 10, .white, [F.layer(2, 10.5, 0, 10, 10, .black)]), 30, 10)
        let edge = Int(b.pixel(x: 10, y: 5) & 0xFF)
        #expect(abs(edge - 128) <= 8, "got \(edge)")
        #expect(b.pixel(x: 11, y: 5) == 0xFF00_0000)
        #expect(b.pixel(x: 9, y: 5) == 0xFFFF_FFFF)
    }

    @Test func renderTouchesOnlyTheRegion() {
        let bitmap = Bitmap(width: 20, height: 20)!
        bitmap.fill(0xFF12_3456)
        let tree = F.root(20, 20, .white, [F.layer(2, 0, 0, 20, 20, F.red)])
        Compositor().render(tree, into: bitmap, scale: 1, region: Region(x: 5, y: 5, width: 3, height: 2))
        #expect(bitmap.pixel(x: 5, y: 5) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 7, y: 6) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 8, y: 6) == 0xFF12_3456)
        #expect(bitmap.pixel(x: 5, y: 7) == 0xFF12_3456)
        #expect(bitmap.pixel(x: 4, y: 5) == 0xFF12_3456)
    }

    @Test func wrappedMemoryWithPaddedRows() {
        let stride = 12 * 4
        let mem = UnsafeMutableRawPointer.allocate(byteCount: stride * 4, alignment: 16)
        defer { mem.deallocate() }
        let words = mem.bindMemory(to: UInt32.self, capacity: 12 * 4)
        for i in 0..<48 { words[i] = 0xDEAD_BEEF }
        let b = Bitmap(wrapping: mem, width: 8, height: 4, bytesPerRow: stride)!
        Compositor().render(F.root(8, 4, F.red, []), into: b, scale: 1)
        #expect(b.pixel(x: 7, y: 3) == 0xFFFF_0000)
        #expect(words[8] == 0xDEAD_BEEF, "padding untouched")
        #expect(words[3 * 12 + 11] == 0xDEAD_BEEF)
        #expect(Bitmap(wrapping: mem, width: 8, height: 4, bytesPerRow: 30) == nil)
    }

    @Test func transparentWhereNothingIsDrawn() {
        let b = F.render(F.root(10, 10, nil, [F.layer(2, 0, 0, 5, 5, F.red)]), 10, 10)
        #expect(b.pixel(x: 7, y: 7) == 0)
        #expect(b.pixel(x: 0, y: 0) == 0xFFFF_0000)
    }
}
