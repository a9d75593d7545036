import Foundation
import Testing
@testable import StrataUI
@testable import Strata
import StrataTestSupport

/// View.draw(_:) through the layer's backing store, the current context and offscreen images.
@Suite(.serialized, .runLoopTurn) struct ViewDrawing {
    /// Draws a red square at (2, 2) and blue where asked; records rects and the current context.
    final class Canvas: View {
        var rects: [CGRect] = []
        var hadContext: [Bool] = []
        var paintBlue = false
        override func draw(_ rect: CGRect) {
            rects.append(rect)
            let ctx = GraphicsGetCurrentContext()
            hadContext.append(ctx != nil)
            guard let ctx else { return }
            ctx.setFillColor(paintBlue ? CGColor(red: 0, green: 0, blue: 1, alpha: 1) : CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(bounds)
        }
    }

    @Test func drawGetsACurrentContextAndFillsTheLayer() {
        let v = Canvas(frame: CGRect(x: 5, y: 5, width: 10, height: 8))
        CATransaction.flush()
        #expect(v.rects == [CGRect(x: 0, y: 0, width: 10, height: 8)] && v.hadContext == [true])
        #expect(GraphicsGetCurrentContext() == nil)                       // popped after drawing
        let img = v.layer.contents as? CGImage
        #expect(img?.width == 10 && img?.height == 8 && img?.pixel(x: 9, y: 7) == 0xFFFF_0000)
    }

    @Test func setNeedsDisplayInRectRedrawsOnlyThatRect() {
        let v = Canvas(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        CATransaction.flush()
        v.paintBlue = true
        v.setNeedsDisplay(CGRect(x: 2, y: 3, width: 4, height: 2))
        CATransaction.flush()
        #expect(v.rects.last == CGRect(x: 2, y: 3, width: 4, height: 2))
        let img = v.layer.contents as! CGImage
        #expect(img.pixel(x: 2, y: 3) == 0xFF00_00FF && img.pixel(x: 5, y: 4) == 0xFF00_00FF)
        #expect(img.pixel(x: 6, y: 4) == 0xFFFF_0000 && img.pixel(x: 2, y: 5) == 0xFFFF_0000)
    }

    @Test func viewsThatDoNotDrawGetNoBackingStore() {
        final class Plain: View {}
        let a = Plain(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        CATransaction.flush()
        #expect(a.layer.contents == nil)
        let b = Plain(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(!b.layer.needsDisplay())                                  // the class is known now
    }

    @Test func stringDrawingUsesTheCurrentContext() {
        final class Text: View {
            override func draw(_ rect: CGRect) {
                "Hi".draw(at: CGPoint(x: 2, y: 2), withAttributes: [.font: CTFont(name: "DejaVu Sans", size: 14)])
            }
        }
        let v = Text(frame: CGRect(x: 0, y: 0, width: 40, height: 24))
        CATransaction.flush()
        let img = v.layer.contents as! CGImage
        var ink = 0
        for y in 0..<24 { for x in 0..<40 where img.pixel(x: x, y: y) >> 24 > 0x80 { ink += 1 } }
        #expect(ink > 20)
        "Hi".draw(at: .zero)                                               // no current context: nothing
    }

    @Test func imageRendererDrawsOffscreen() {
        let r = GraphicsImageRenderer(size: CGSize(width: 4, height: 3), scale: 2)
        let img = r.image { ctx in
            #expect(GraphicsGetCurrentContext() === ctx.cgContext)
            ctx.cgContext.setFillColor(.white)
            ctx.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
            #expect(ctx.currentImage?.pixel(x: 2, y: 2) == 0xFFFF_FFFF)
        }
        #expect(img?.width == 8 && img?.height == 6)
        #expect(img?.pixel(x: 2, y: 2) == 0xFFFF_FFFF && img?.pixel(x: 3, y: 3) == 0xFFFF_FFFF && img?.pixel(x: 4, y: 4) == 0)
        #expect(GraphicsGetCurrentContext() == nil)
        #expect(GraphicsImageRenderer(size: CGSize(width: 0, height: 3)).image { _ in Issue.record("ran") } == nil)
        #expect(GraphicsImageRenderer(size: CGSize(width: 1e6, height: 1e6)).image { _ in Issue.record("ran") } == nil)
    }
}
