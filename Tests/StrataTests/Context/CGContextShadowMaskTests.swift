import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// `setShadow(offset:blur:color:)` and `clip(to:mask:)`: exact pixels where the geometry is
/// pixel-aligned, conservation of the shadow's ink where it is blurred.
@Suite(.runLoopTurn) struct CGContextShadowMaskTests {
    @Test func aShadowGoesUnderTheDrawingAtItsBaseSpaceOffset() {
        let c = Ctx.make(20, 20)
        c.setShadow(offset: CGSize(width: 3, height: 2), blur: 0, color: Ctx.blue)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(Ctx.px(c, 4, 4) == 0xFFFF_0000)               // the drawing, over its shadow
        #expect(Ctx.px(c, 7, 5) == 0xFF00_00FF)               // the shadow: down and right (y-down context)
        #expect(Ctx.inkBox(c) == PixelRect(x: 2, y: 2, width: 7, height: 6))
        #expect(Ctx.inked(c) == 16 + 16 - 2)                  // two 4×4 squares overlapping in 1×2
        // Saved and restored with the state; a fully transparent colour turns it off.
        c.saveGState()
        c.setShadow(offset: .zero, blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        c.fill(CGRect(x: 12, y: 12, width: 2, height: 2))
        #expect(Ctx.px(c, 15, 14) == 0)
        c.restoreGState()
        c.fill(CGRect(x: 12, y: 12, width: 2, height: 2))
        #expect(Ctx.px(c, 15, 14) == 0xFF00_00FF)
        // clear(_:) casts none.
        c.clear(CGRect(x: 0, y: 0, width: 3, height: 3))
        #expect(Ctx.px(c, 4, 4) == 0xFFFF_0000 && Ctx.px(c, 2, 2) == 0)
    }

    /// Apple: the offset and blur are in base space — the CTM does not scale them; the context's
    /// own scale does (2 device pixels per point here).
    @Test func theOffsetIsInBaseSpace() {
        let c = CGContext(width: 10, height: 10, scale: 2)!
        c.scaleBy(x: 3, y: 3)
        c.setShadow(offset: CGSize(width: 1, height: 1), blur: 0, color: Ctx.blue)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 1, y: 1, width: 1, height: 1))       // device 6…12
        #expect(Ctx.px(c, 13, 13) == 0xFF00_00FF && Ctx.px(c, 14, 14) == 0)
        #expect(Ctx.px(c, 11, 11) == 0xFFFF_0000)
        // A bottom-left (y-up) bitmap context: a positive height moves the shadow up.
        let b = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue)!
        b.setShadow(offset: CGSize(width: 0, height: 2), blur: 0, color: Ctx.blue)
        b.setFillColor(Ctx.red)
        b.fill(CGRect(x: 0, y: 0, width: 2, height: 2))        // device rows 8…9
        #expect(b.bitmap.pixel(x: 0, y: 6) == 0xFF00_00FF && b.bitmap.pixel(x: 0, y: 9) == 0xFFFF_0000)
    }

    /// A blurred shadow spreads its ink (σ = blur/2) without changing its total, and the
    /// default colour is black at one-third alpha.
    @Test func aBlurredShadowKeepsItsInk() {
        let c = Ctx.make(40, 40)
        c.setShadow(offset: CGSize(width: 20, height: 0), blur: 4)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 6, y: 16, width: 8, height: 8))
        var total = 0, peak = 0
        for y in 0..<40 { for x in 20..<40 {
            let a = Int(Ctx.px(c, x, y) >> 24)
            total += a; peak = max(peak, a)
        } }
        #expect(abs(total - 64 * 85) <= 64 * 85 / 50)         // within 2 % of 8×8 at 1/3 alpha
        #expect(peak < 85 && peak > 40)                        // spread: the centre is not full
        #expect(Ctx.px(c, 30, 20) >> 24 > Ctx.px(c, 34, 20) >> 24)
        #expect(Ctx.px(c, 30, 20) & 0x00FF_FFFF == 0)          // black
    }

    /// The shadow is clipped like the drawing, and comes from the unclipped drawing.
    @Test func theClipCutsTheShadowToo() {
        let c = Ctx.make(20, 10)
        c.clip(to: CGRect(x: 5, y: 0, width: 10, height: 10))
        c.setShadow(offset: CGSize(width: 6, height: 0), blur: 0, color: Ctx.blue)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))       // clipped away; its shadow at x 6…10 is not
        #expect(Ctx.row(c, 1, 0, 20).map { $0 >> 24 != 0 } == (0..<20).map { $0 >= 6 && $0 < 10 })
        c.fill(CGRect(x: 10, y: 5, width: 4, height: 4))      // shadow at 16…20 is outside
        #expect(Ctx.px(c, 12, 6) == 0xFFFF_0000 && Ctx.px(c, 16, 6) == 0)
    }

    /// A mask with transparency clips by its alpha; it is placed as `draw(_:in:)` places an
    /// image (first row at the rectangle's maxY edge); outside the rectangle nothing shows.
    @Test func clipToAnAlphaMask() {
        let c = Ctx.make(8, 4)
        c.interpolationQuality = .none
        let mask = CGImage(width: 2, height: 2, pixels: [0xFF00_0000, 0xFF00_0000, 0, 0])!
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: mask)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(Ctx.row(c, 0, 0, 8) == Array(repeating: 0, count: 8))
        #expect(Ctx.row(c, 3, 0, 8) == Array(repeating: 0xFFFF_0000, count: 4) + Array(repeating: 0, count: 4))
        #expect(Ctx.inked(c) == 8)
    }

    /// An opaque mask clips by brightness: white shows, black hides, grey half.
    @Test func clipToAGreyscaleMask() {
        let c = Ctx.make(3, 1)
        c.interpolationQuality = .none
        let mask = CGImage(width: 3, height: 1, pixels: [0xFFFF_FFFF, 0xFF00_0000, 0xFF80_8080])!
        c.clip(to: CGRect(x: 0, y: 0, width: 3, height: 1), mask: mask)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        #expect(Ctx.px(c, 0, 0) == 0xFFFF_0000 && Ctx.px(c, 1, 0) == 0)
        #expect(Ctx.px(c, 2, 0) == 0x8080_0000)
        // Restoring the state brings the old clip back.
        let d = Ctx.make(2, 1)
        d.saveGState()
        d.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1), mask: mask)
        d.restoreGState()
        d.setFillColor(Ctx.red)
        d.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(Ctx.inked(d) == 2)
    }
}
