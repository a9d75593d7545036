import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// Text in a CGContext from a layer's `draw(in:)`: CATextLayer's own `draw(in:)`, and a
    /// custom layer drawing text into its backing store, both pixel-equal to what the compositor
    /// draws for a text layer.
    @Suite struct TextDrawing {
        static let style = TextStyle(fontName: "DejaVu Sans", fontSize: 16, color: .black)

        static func textLayer(_ frame: CGRect) -> CATextLayer {
            let t = CATextLayer()
            t.frame = frame
            t.string = "Office ffi"
            t.font = "DejaVu Sans"
            t.fontSize = 16
            t.foregroundColor = .black
            return t
        }

        @Test func textLayerDrawInDrawsItsTextIntoAContext() {
            let t = Self.textLayer(CGRect(x: 0, y: 0, width: 120, height: 30))
            t.alignmentMode = .right
            let c = Ctx.make(120, 30)
            t.draw(in: c)
            let ref = Bitmap(width: 120, height: 30)!
            TextLayout(StyledText("Office ffi", style: Self.style),
                       options: .init(size: CGSize(width: 120, height: 30), alignmentMode: .right)).draw(into: ref)
            #expect(Ctx.inked(c) > 50)
            #expect(c.bitmap.hasSamePixels(as: ref))
            // At a 2× CTM the glyphs are rasterised at 32 pixels per em.
            let two = Ctx.make(240, 60)
            two.scaleBy(x: 2, y: 2)
            t.draw(in: two)
            let ref2 = Bitmap(width: 240, height: 60)!
            TextLayout(StyledText("Office ffi", style: Self.style),
                       options: .init(size: CGSize(width: 120, height: 30), alignmentMode: .right, scale: 2)).draw(into: ref2)
            #expect(two.bitmap.hasSamePixels(as: ref2))
            // Nothing to draw: no colour, no string, an empty string.
            for configure: (CATextLayer) -> Void in [{ $0.foregroundColor = nil }, { $0.string = nil }, { $0.string = "" }] {
                let l = Self.textLayer(CGRect(x: 0, y: 0, width: 120, height: 30))
                configure(l)
                let e = Ctx.make(120, 30)
                l.draw(in: e)
                #expect(Ctx.inked(e) == 0)
            }
        }

        /// Draws the same text as `textLayer` from `draw(in:)`.
        final class Drawn: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.draw(StyledText("Office ffi", style: TextDrawing.style), in: bounds, isWrapped: false)
            }
        }

        @Test func textDrawnInDrawInMatchesATextLayer() {
            withManualClock { _ in
                func scene(_ layer: CALayer) -> Bitmap {
                    let root = CALayer()
                    root.bounds = CGRect(x: 0, y: 0, width: 130, height: 40)
                    root.backgroundColor = .white
                    root.addSublayer(layer)
                    layer.setNeedsDisplay()
                    CATransaction.flush()
                    return Snapshot.render(RenderTree(root: root).snapshot(at: CACurrentMediaTime()), scale: 1)!
                }
                let drawn = Drawn()
                drawn.frame = CGRect(x: 4, y: 5, width: 120, height: 30)
                let viaContext = scene(drawn)
                let viaLayer = scene(Self.textLayer(CGRect(x: 4, y: 5, width: 120, height: 30)))
                #expect(TextRenderTests.ink(viaContext) > 50)
                #expect(viaContext.hasSamePixels(as: viaLayer))
            }
        }
    }
}
