import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Paths, fill rules, strokes, dashes and clipping through the context.
@Suite(.runLoopTurn) struct CGContextPathTests {
    /// Two nested squares: 2..14 and 5..11.
    static func nested(_ c: CGContext) {
        c.addRect(CGRect(x: 2, y: 2, width: 12, height: 12))
        c.addRect(CGRect(x: 5, y: 5, width: 6, height: 6))
    }

    @Test func fillRulesDecideTheInterior() {
        let w = Ctx.make(16, 16)
        Self.nested(w)
        w.fillPath()
        #expect(Ctx.px(w, 8, 8) == 0xFF00_0000 && Ctx.inked(w) == 144)
        #expect(w.isPathEmpty)                                // filling consumes the path
        let e = Ctx.make(16, 16)
        Self.nested(e)
        e.fillPath(using: .evenOdd)
        #expect(Ctx.px(e, 8, 8) == 0 && Ctx.px(e, 3, 3) == 0xFF00_0000 && Ctx.inked(e) == 144 - 36)
    }

    @Test func shapeConveniencesClearTheCurrentPathAsCoreGraphicsDocuments() {
        let shapes: [(CGContext) -> Void] = [
            { $0.fill(CGRect(x: 1, y: 1, width: 2, height: 2)) },
            { $0.fill([CGRect(x: 1, y: 1, width: 2, height: 2)]) },
            { $0.fillEllipse(in: CGRect(x: 1, y: 1, width: 4, height: 4)) },
            { $0.stroke(CGRect(x: 1, y: 1, width: 4, height: 4)) },
            { $0.stroke(CGRect(x: 1, y: 1, width: 4, height: 4), width: 2) },
            { $0.strokeEllipse(in: CGRect(x: 1, y: 1, width: 4, height: 4)) },
            { $0.strokeLineSegments(between: [CGPoint(x: 0, y: 1), CGPoint(x: 9, y: 1)]) },
        ]
        for draw in shapes {
            let c = Ctx.make(16, 16)
            c.addRect(CGRect(x: 8, y: 8, width: 6, height: 6))
            draw(c)
            #expect(c.isPathEmpty)
            c.fillPath()                                      // nothing left to fill
            #expect(Ctx.px(c, 10, 10) == 0 && Ctx.inked(c) > 0)
        }
        // BezierPath's drawing leaves the context's path alone (its own path is drawn).
        let c = Ctx.make(16, 16)
        c.addRect(CGRect(x: 8, y: 8, width: 6, height: 6))
        BezierPath(rect: CGRect(x: 1, y: 1, width: 2, height: 2))._fill(in: c)
        BezierPath(rect: CGRect(x: 1, y: 5, width: 2, height: 2))._stroke(in: c)
        #expect(!c.isPathEmpty)
        c.fillPath()
        #expect(Ctx.px(c, 10, 10) == 0xFF00_0000 && Ctx.px(c, 1, 1) == 0xFF00_0000)
    }

    @Test func pathPointsAreFixedByTheCTMWhenAdded() {
        let c = Ctx.make(10, 10)
        c.translateBy(x: 4, y: 0)
        c.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        c.translateBy(x: 4, y: 4)                             // does not move the path
        #expect(c.boundingBoxOfPath == CGRect(x: -4, y: -4, width: 2, height: 2))
        c.fillPath()
        #expect(Ctx.inkBox(c) == PixelRect(x: 4, y: 0, width: 2, height: 2))
    }

    @Test func strokeWidthIsInUserSpaceAtStrokeTime() {
        let c = Ctx.make(20, 20)
        c.move(to: CGPoint(x: 0, y: 10))
        c.addLine(to: CGPoint(x: 10, y: 10))
        c.scaleBy(x: 2, y: 2)
        c.setLineWidth(2)                                     // 4 device pixels thick
        c.strokePath()
        #expect(Ctx.inkBox(c) == PixelRect(x: 0, y: 8, width: 10, height: 4))
    }

    @Test func dashesAlternateOnAndOff() {
        let c = Ctx.make(24, 4)
        c.setLineWidth(2)
        c.setLineDash(phase: 0, lengths: [4, 4])
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 24, y: 2)])
        let on: UInt32 = 0xFF00_0000
        #expect(Ctx.row(c, 1, 0, 24) == [on, on, on, on, 0, 0, 0, 0, on, on, on, on, 0, 0, 0, 0, on, on, on, on, 0, 0, 0, 0])
        #expect(Ctx.px(c, 0, 0) == 0 && Ctx.px(c, 0, 2) == on && Ctx.px(c, 0, 3) == 0)
        // Phase shifts the pattern along the line.
        let p = Ctx.make(24, 4)
        p.setLineWidth(2)
        p.setLineDash(phase: 2, lengths: [4, 4])
        p.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 24, y: 2)])
        #expect(Ctx.row(p, 1, 0, 8) == [on, on, 0, 0, 0, 0, on, on])
    }

    @Test func lineCapsAndJoins() {
        let c = Ctx.make(20, 10)
        c.setLineWidth(2)
        c.setLineCap(.square)                                  // extends by half the width
        c.move(to: CGPoint(x: 4, y: 5))
        c.addLine(to: CGPoint(x: 10, y: 5))
        c.strokePath()
        #expect(Ctx.inkBox(c) == PixelRect(x: 3, y: 4, width: 8, height: 2))
        let j = Ctx.make(20, 20)
        j.setLineWidth(4)
        j.setLineJoin(.miter)
        j.addLines(between: [CGPoint(x: 4, y: 16), CGPoint(x: 4, y: 4), CGPoint(x: 16, y: 4)])
        j.strokePath()
        #expect(Ctx.px(j, 2, 2) == 0xFF00_0000)                 // the miter fills the corner
        let b = Ctx.make(20, 20)
        b.setLineWidth(4)
        b.setLineJoin(.bevel)
        b.addLines(between: [CGPoint(x: 4, y: 16), CGPoint(x: 4, y: 4), CGPoint(x: 16, y: 4)])
        b.strokePath()
        #expect(Ctx.px(b, 2, 2) == 0)                           // the bevel cuts it
    }

    @Test func fillEllipseHasTheCircleArea() {
        let c = Ctx.make(40, 40)
        c.fillEllipse(in: CGRect(x: 5, y: 5, width: 30, height: 30))
        var area = 0.0
        for y in 0..<40 { for x in 0..<40 { area += Double(Ctx.px(c, x, y) >> 24) / 255 } }
        #expect(abs(area - Double.pi * 225) < 4)   // within 0.6 %
        #expect(Ctx.px(c, 20, 20) == 0xFF00_0000 && Ctx.px(c, 6, 6) == 0)
        #expect(Ctx.inkBox(c) == PixelRect(x: 5, y: 5, width: 30, height: 30))
    }

    @Test func drawPathModesFillThenStroke() {
        let c = Ctx.make(12, 12)
        c.setFillColor(Ctx.red)
        c.setStrokeColor(Ctx.blue)
        c.setLineWidth(2)
        c.addRect(CGRect(x: 2, y: 2, width: 8, height: 8))
        c.drawPath(using: .fillStroke)
        #expect(Ctx.px(c, 5, 5) == 0xFFFF_0000 && Ctx.px(c, 2, 5) == 0xFF00_00FF && Ctx.px(c, 1, 5) == 0xFF00_00FF)
        #expect(c.isPathEmpty)
    }

    @Test func clipToRectIsExactAndRestorable() {
        let c = Ctx.make(10, 10)
        c.saveGState()
        c.clip(to: CGRect(x: 2, y: 3, width: 4, height: 5))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 2, y: 3, width: 4, height: 5))
        #expect(c.state.clipMask == nil)                        // pixel-aligned: no mask
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(Ctx.inkBox(c) == PixelRect(x: 2, y: 3, width: 4, height: 5) && Ctx.inked(c) == 20)
        c.clip(to: CGRect(x: 4, y: 0, width: 10, height: 10))   // clips only shrink
        #expect(c.boundingBoxOfClipPath == CGRect(x: 4, y: 3, width: 2, height: 5))
        c.restoreGState()
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        // In user space of a translated CTM.
        c.translateBy(x: 1, y: 1)
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(c.clipBoundingBoxInDeviceSpace == PixelRect(x: 1, y: 1, width: 2, height: 2))
    }

    @Test func clipToPathUsesItsFillRule() {
        let c = Ctx.make(16, 16)
        Self.nested(c)
        c.clip(using: .evenOdd)
        c.setFillColor(Ctx.green)
        c.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(Ctx.px(c, 3, 3) == 0xFF00_FF00 && Ctx.px(c, 8, 8) == 0 && Ctx.px(c, 0, 0) == 0)
        #expect(Ctx.inked(c) == 144 - 36)
        // A clip path's antialiased edge scales what is drawn.
        let d = Ctx.make(8, 8)
        d.addRect(CGRect(x: 2.5, y: 0, width: 4, height: 8))
        d.clip()
        d.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(Ctx.px(d, 2, 4) >> 24 == 0x80 && Ctx.px(d, 3, 4) == 0xFF00_0000 && Ctx.px(d, 6, 4) >> 24 == 0x80)
        #expect(Ctx.px(d, 1, 4) == 0 && Ctx.px(d, 7, 4) == 0)
    }

    /// An empty array of rectangles clips everything away (a clip with no current path does
    /// nothing: CGContextPortingTests).
    @Test func clippingToNoRectanglesClipsEverything() {
        let c = Ctx.make(4, 4)
        c.clip(to: [])
        #expect(c.boundingBoxOfClipPath.isNull)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(Ctx.inked(c) == 0)
        c.resetClip()
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(Ctx.inked(c) == 16)
    }

    @Test func nestedClipPathsIntersect() {
        let c = Ctx.make(20, 20)
        c.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        c.clip()
        c.addRect(CGRect(x: 10.5, y: 0, width: 10, height: 20))
        c.clip()
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(Ctx.px(c, 5, 10) == 0 && Ctx.px(c, 15, 10) == 0xFF00_0000 && Ctx.px(c, 19, 0) == 0)
        #expect(Ctx.px(c, 10, 10) >> 24 == 0x80)
    }
}
