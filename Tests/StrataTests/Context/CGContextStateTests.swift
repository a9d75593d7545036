import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Graphics state, CTM and rectangles: exact pixel values (pixel-aligned geometry).
@Suite(.runLoopTurn) struct CGContextStateTests {
    @Test func fillRectIsExactAndLeavesTheRestTransparent() {
        let c = Ctx.make(8, 8)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 2, y: 3, width: 4, height: 2))
        #expect(Ctx.inkBox(c) == PixelRect(x: 2, y: 3, width: 4, height: 2))
        #expect(Ctx.px(c, 2, 3) == 0xFFFF_0000 && Ctx.px(c, 5, 4) == 0xFFFF_0000)
        #expect(Ctx.inked(c) == 8)
        // Translucent: premultiplied, rounded to nearest.
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(Ctx.px(c, 0, 0) == 0x8000_0080)
        // Half-transparent blue OVER opaque red: 0.5·blue + 0.5·red.
        c.fill(CGRect(x: 2, y: 3, width: 1, height: 1))
        #expect(Ctx.px(c, 2, 3) == 0xFF7F_0080)
    }

    @Test func saveAndRestoreBringBackColoursCTMAndLineWidth() {
        let c = Ctx.make(10, 4)
        c.setFillColor(Ctx.red)
        c.setLineWidth(3)
        c.saveGState()
        c.setFillColor(Ctx.blue)
        c.translateBy(x: 5, y: 0)
        c.setLineWidth(7)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))     // blue at x 5..7
        #expect(c.ctm == CGAffineTransform(translationX: 5, y: 0))
        c.restoreGState()
        #expect(c.ctm == .identity)
        #expect(c.state.stroke.lineWidth == 3)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))     // red at x 0..2
        #expect(Ctx.px(c, 0, 0) == 0xFFFF_0000 && Ctx.px(c, 5, 0) == 0xFF00_00FF && Ctx.px(c, 3, 0) == 0)
        c.restoreGState()                                    // nothing saved: ignored
        #expect(c.state.fillColor == Ctx.red)
    }

    @Test func ctmOperationsPrependAsInCoreGraphics() {
        let c = Ctx.make(20, 20)
        c.translateBy(x: 10, y: 5)
        c.scaleBy(x: 2, y: 3)
        #expect(c.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 5))
        c.setFillColor(.black)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))     // → pixels x 10..12, y 5..8
        #expect(Ctx.inkBox(c) == PixelRect(x: 10, y: 5, width: 2, height: 3))
        #expect(Ctx.inked(c) == 6)
        let u = c.convertToUserSpace(CGPoint(x: 12, y: 8))
        #expect(abs(u.x - 1) < 1e-12 && abs(u.y - 1) < 1e-12)
        #expect(c.convertToDeviceSpace(CGRect(x: 0, y: 0, width: 1, height: 1)) == CGRect(x: 10, y: 5, width: 2, height: 3))
    }

    @Test func rotationTurnsXTowardsY() {
        let c = Ctx.make(20, 20)
        c.translateBy(x: 15, y: 2)
        c.rotate(by: .pi / 2)
        c.setFillColor(.black)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 5))     // → x 10..15, y 2..12
        #expect(Ctx.inkBox(c) == PixelRect(x: 10, y: 2, width: 5, height: 10))
        #expect(Ctx.px(c, 10, 2) == 0xFF00_0000 && Ctx.px(c, 14, 11) == 0xFF00_0000)
        #expect(Ctx.inked(c) == 50)
    }

    @Test func concatenateAppliesBeforeTheCTM() {
        let c = Ctx.make(10, 10)
        c.scaleBy(x: 2, y: 2)
        c.concatenate(CGAffineTransform(translationX: 1, y: 1))
        #expect(c.convertToDeviceSpace(CGPoint(x: 0, y: 0)) == CGPoint(x: 2, y: 2))
    }

    @Test func strokeRectStraddlesTheEdgesExactly() {
        let c = Ctx.make(12, 12)
        c.setStrokeColor(.black)
        c.setLineWidth(2)
        c.stroke(CGRect(x: 2, y: 2, width: 8, height: 8))
        // The 2-wide band is centred on the edges: pixels 1..2 and 9..10 of each side.
        #expect(Ctx.inkBox(c) == PixelRect(x: 1, y: 1, width: 10, height: 10))
        #expect(Ctx.row(c, 5, 0, 12) == [0, 0xFF00_0000, 0xFF00_0000, 0, 0, 0, 0, 0, 0, 0xFF00_0000, 0xFF00_0000, 0])
        #expect(Ctx.inked(c) == 100 - 36)
        c.stroke(CGRect(x: 4, y: 4, width: 4, height: 4), width: 0)   // width 0: nothing (documented)
        #expect(Ctx.px(c, 4, 4) == 0)
    }

    @Test func clearMakesPixelsTransparentWhateverTheState() {
        let c = Ctx.make(6, 6)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
        c.setAlpha(0.3)
        c.setBlendMode(.multiply)
        c.clear(CGRect(x: 1, y: 1, width: 2, height: 3))
        #expect(Ctx.px(c, 1, 1) == 0 && Ctx.px(c, 2, 3) == 0)
        #expect(Ctx.px(c, 3, 1) == 0xFFFF_0000 && Ctx.px(c, 1, 4) == 0xFFFF_0000)
        #expect(Ctx.inked(c) == 36 - 6)
    }

    @Test func globalAlphaScalesEverything() {
        let c = Ctx.make(4, 4)
        c.setAlpha(0.5)
        c.setFillColor(.white)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(Ctx.px(c, 0, 0) == 0x8080_8080)
        c.setAlpha(.nan)                                     // NaN counts as 0: draws nothing
        c.fill(CGRect(x: 2, y: 2, width: 2, height: 2))
        #expect(Ctx.px(c, 3, 3) == 0)
    }

    @Test func makeImageCopiesThePixels() {
        let c = Ctx.make(3, 2)
        c.setFillColor(Ctx.green)
        c.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        let img = c.makeImage()!
        #expect(img.width == 3 && img.height == 2)
        #expect(img.pixel(x: 1, y: 1) == 0xFF00_FF00 && img.pixel(x: 0, y: 0) == 0)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(img.pixel(x: 0, y: 0) == 0)                   // a snapshot, not a view
    }

    @Test func scaledContextMapsPointsToPixels() {
        let c = CGContext(width: 4, height: 3, scale: 2)!
        #expect(c.width == 8 && c.height == 6)
        c.setFillColor(.black)
        c.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        #expect(Ctx.inkBox(c) == PixelRect(x: 2, y: 2, width: 2, height: 2))
    }

    @Test func coreGraphicsBitmapContextIsYUp() {
        let c = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        c.setFillColor(.black)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))      // user origin = bottom-left pixel
        #expect(Ctx.inkBox(c) == PixelRect(x: 0, y: 3, width: 1, height: 1))
        // Caller-owned memory is drawn into directly.
        let mem = UnsafeMutableRawPointer.allocate(byteCount: 2 * 2 * 4, alignment: 4)
        defer { mem.deallocate() }
        mem.initializeMemory(as: UInt32.self, repeating: 0, count: 4)
        let w = CGContext(data: mem, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue)!
        w.setFillColor(.white)
        w.fill(CGRect(x: 1, y: 1, width: 1, height: 1))       // top-right pixel
        #expect(mem.load(fromByteOffset: 4, as: UInt32.self) == 0xFFFF_FFFF)
        #expect(mem.load(fromByteOffset: 8, as: UInt32.self) == 0)
        // Layouts Strata does not have.
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil)
    }
}
