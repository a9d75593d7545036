import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// `CALayer.render(in:)`: the layer tree drawn into a context in the layer's coordinate space
/// (its own position and transform left out), through the CTM and the clip, from the model
/// values (animations left out), as Apple documents it.
@Suite(.runLoopTurn) struct LayerRenderInContextTests {
    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

    /// A 40 × 20 red layer with a 10 × 10 blue sublayer at (5, 5), placed and turned somewhere
    /// else in its parent (which render(in:) ignores).
    static func scene() -> CALayer {
        let layer = CALayer(), dot = CALayer()
        runLoopTurn {
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            layer.position = CGPoint(x: 300, y: 400)
            layer.transform = CATransform3DMakeRotation(0.7, 0, 0, 1)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            dot.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            dot.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.addSublayer(dot)
        }
        return layer
    }

    @Test func theTreeIsDrawnInTheLayersOwnSpace() {
        let layer = Self.scene()
        let ctx = Ctx.make(50, 30)
        layer.render(in: ctx)
        #expect(Ctx.inkBox(ctx) == PixelRect(x: 0, y: 0, width: 40, height: 20))
        #expect(Ctx.px(ctx, 0, 0) == Self.red && Ctx.px(ctx, 39, 19) == Self.red)
        #expect(Ctx.px(ctx, 5, 5) == Self.blue && Ctx.px(ctx, 14, 14) == Self.blue && Ctx.px(ctx, 15, 15) == Self.red)
        #expect(Ctx.px(ctx, 40, 10) == 0 && Ctx.px(ctx, 10, 20) == 0)
        // The bounds' origin is the layer space's: the background covers (10, 10) … (50, 30)
        // there, while the sublayer keeps its place in that space, (5, 5) … (15, 15).
        runLoopTurn { layer.bounds.origin = CGPoint(x: 10, y: 10) }
        let moved = Ctx.make(50, 30)
        layer.render(in: moved)
        #expect(Ctx.inkBox(moved) == PixelRect(x: 5, y: 5, width: 45, height: 25))
        #expect(Ctx.px(moved, 5, 5) == Self.blue && Ctx.px(moved, 20, 20) == Self.red)
        #expect(Ctx.px(moved, 9, 20) == 0 && Ctx.px(moved, 20, 9) == 0)
    }

    /// The CTM applies (an image context at scale 2, then a translation and a scale on top),
    /// and so do the clip and the global alpha.
    @Test func theContextsTransformClipAndAlphaApply() {
        let layer = Self.scene()
        let hi = CGContext(width: 50, height: 30, scale: 2)!
        layer.render(in: hi)
        #expect(Ctx.inkBox(hi) == PixelRect(x: 0, y: 0, width: 80, height: 40))
        #expect(Ctx.px(hi, 10, 10) == Self.blue && Ctx.px(hi, 29, 29) == Self.blue && Ctx.px(hi, 30, 30) == Self.red)

        let moved = Ctx.make(100, 60)
        moved.translateBy(x: 10, y: 4)
        moved.scaleBy(x: 2, y: 1)
        layer.render(in: moved)
        #expect(Ctx.inkBox(moved) == PixelRect(x: 10, y: 4, width: 80, height: 20))
        #expect(Ctx.px(moved, 20, 9) == Self.blue && Ctx.px(moved, 39, 18) == Self.blue && Ctx.px(moved, 40, 9) == Self.red)

        let clipped = Ctx.make(50, 30)
        clipped.clip(to: CGRect(x: 0, y: 0, width: 8, height: 30))
        clipped.setAlpha(0.5)
        layer.render(in: clipped)
        #expect(Ctx.inkBox(clipped) == PixelRect(x: 0, y: 0, width: 8, height: 20))
        #expect(Ctx.px(clipped, 0, 0) == 0x8080_0000 && Ctx.px(clipped, 6, 6) == 0x8000_0080)
    }

    /// Model values: a running animation does not show; the layer's own opacity does; a hidden
    /// layer draws nothing.
    @Test func modelValuesWithoutAnimationsAndTheLayersOpacity() {
        let layer = Self.scene()
        runLoopTurn {
            let fade = CABasicAnimation(keyPath: "backgroundColor")
            fade.fromValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            fade.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            fade.duration = 100
            layer.add(fade, forKey: "green")
            layer.opacity = 0.5
        }
        let ctx = Ctx.make(50, 30)
        layer.render(in: ctx)
        #expect(Ctx.px(ctx, 0, 0) == 0x8080_0000, "model red at half opacity, not the animation's green")
        #expect(Ctx.px(ctx, 7, 7) == 0x8000_0080)
        runLoopTurn { layer.isHidden = true }
        let none = Ctx.make(50, 30)
        layer.render(in: none)
        #expect(Ctx.inked(none) == 0)
        // Rendering registered nothing: the layer still joins a window's tree normally.
        let window = CALayer()
        let tree = RenderTree(root: window)
        runLoopTurn {
            layer.isHidden = false
            window.addSublayer(layer)
        }
        #expect(tree.snapshot(at: 0).sublayers.count == 1)
    }

    /// Bad input draws what it can and nothing else: a huge layer fills the context (clipped,
    /// no overflow), a non-finite size draws nothing, a singular CTM draws nothing.
    @Test func absurdGeometryAndASingularTransformDrawNothingWrong() {
        let huge = CALayer()
        runLoopTurn {
            huge.bounds = CGRect(x: 0, y: 0, width: 1e9, height: 1e9)
            huge.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let ctx = Ctx.make(20, 10)
        huge.render(in: ctx)
        #expect(Ctx.inked(ctx) == 200 && Ctx.px(ctx, 19, 9) == Self.red)
        let broken = CALayer()
        runLoopTurn {
            broken.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: .infinity)
            broken.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let none = Ctx.make(20, 10)
        broken.render(in: none)
        #expect(Ctx.inked(none) == 0)
        let flat = Ctx.make(20, 10)
        flat.scaleBy(x: 0, y: 1)
        Self.scene().render(in: flat)
        #expect(Ctx.inked(flat) == 0)
    }
}
