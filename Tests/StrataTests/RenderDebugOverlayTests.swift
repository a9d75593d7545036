import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RenderDebugOverlayTests {
    typealias F = RenderFixture

    @Test func environmentSyntax() {
        #expect(CompositorDebugOptions(parsing: "flash, fps") == [.flashRepaintedRegions, .showFrameRate])
        #expect(CompositorDebugOptions(parsing: "BLENDED,bogus") == [.tintBlendedLayers])
        #expect(CompositorDebugOptions(parsing: "all") == [.flashRepaintedRegions, .tintBlendedLayers, .showFrameRate])
        #expect(CompositorDebugOptions(parsing: nil).isEmpty)
    }

    @Test func flashTintsExactlyTheRepaintedRegion() {
        let compositor = Compositor()
        compositor.debugOptions = .flashRepaintedRegions
        let b = Bitmap(width: 40, height: 30)!
        compositor.render(F.root(40, 30, .white, []), into: b, scale: 1, region: Region(x: 10, y: 5, width: 8, height: 6))
        // White under 0x60606000 (yellow, alpha 96): r, g = 96 + 255·159/255, b = 159.
        #expect(b.pixel(x: 10, y: 5) == 0xFFFF_FF9F)
        #expect(b.pixel(x: 17, y: 10) == 0xFFFF_FF9F)
        #expect(b.pixel(x: 18, y: 10) == 0, "outside the region nothing is drawn")
        #expect(compositor.debugOverlayDamage.isEmpty)
    }

    @Test func blendedLayersAreTintedOpaqueOnesAreNot() {
        let glass = F.layer(2, 0, 0, 10, 10, CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        let solid = F.layer(3, 20, 0, 10, 10, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let tree = F.root(40, 20, .white, [glass, solid])
        let plain = F.render(tree, 40, 20)
        let compositor = Compositor()
        compositor.debugOptions = .tintBlendedLayers
        let b = Bitmap(width: 40, height: 20)!
        compositor.render(tree, into: b, scale: 1)
        #expect(b.pixel(x: 5, y: 5) == _PixelBlend.over(_DebugOverlay.blendedTint, plain.pixel(x: 5, y: 5)))
        #expect(b.pixel(x: 5, y: 5) != plain.pixel(x: 5, y: 5))
        #expect(b.pixel(x: 25, y: 5) == 0xFFFF_0000, "the opaque layer is not tinted")
        #expect(b.pixel(x: 35, y: 15) == 0xFFFF_FFFF, "nor is the opaque root")
    }
}

extension EngineTests {
    /// Steps its own media clock (`withManualClock`), like the engine tests.
    @Suite struct RenderFrameRateOverlayTests {
        @Test func frameRateReadoutShowsSixtyAtSixtyHertz() {
            withManualClock(at: 10) { clock in
                let compositor = Compositor()
                compositor.debugOptions = .showFrameRate
                let b = Bitmap(width: 100, height: 60)!
                let tree = RenderFixture.root(100, 60, .white, [])
                compositor.render(tree, into: b, scale: 1)
                for _ in 0..<3 {
                    clock.advance(by: 1.0 / 60)
                    compositor.render(tree, into: b, scale: 1, region: Region(x: 50, y: 40, width: 10, height: 10))
                }
                let box = _DebugOverlay.frameRateBox(width: 100, height: 60)!
                #expect(compositor.debugOverlayDamage == Region(box), "the box lies outside the asked region")
                // "60" right-aligned in three 3×5-cell digits of 3 px: the 6 starts at x = 4 + 12.
                let boxOverWhite = _PixelBlend.over(_DebugOverlay.boxColor, 0xFFFF_FFFF)
                #expect(b.pixel(x: 17, y: 5) == 0xFFFF_FFFF, "top bar of the 6")
                #expect(b.pixel(x: 20, y: 8) == boxOverWhite, "the 6's second row has only its left cell")
                #expect(b.pixel(x: 29, y: 12) == 0xFFFF_FFFF, "left side of the 0")
                #expect(b.pixel(x: 32, y: 12) == boxOverWhite, "the 0 is hollow")
                #expect(b.pixel(x: 1, y: 1) == boxOverWhite, "box over the frame")
                #expect(b.pixel(x: 8, y: 5) == boxOverWhite, "no hundreds digit")
            }
        }
    }
}
