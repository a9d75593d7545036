import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Documented outcomes for bad input to CGContext.
@Suite(.runLoopTurn) struct CGContextBadInputTests {
    @Test func sizesAreRefusedBeforeAllocating() {
        #expect(CGContext(width: 0, height: 10) == nil)
        #expect(CGContext(width: 10, height: -1) == nil)
        #expect(CGContext(width: .nan, height: 10) == nil)
        #expect(CGContext(width: .infinity, height: 10) == nil)
        #expect(CGContext(width: 40000, height: 1) == nil)              // above pixman's range
        #expect(CGContext(width: 1e6, height: 1e6) == nil)
        #expect(CGContext(width: 10000, height: 10000) == nil)          // 10⁸ pixels > 2²⁶
        #expect(CGContext(width: 10, height: 10, scale: 0) == nil)
        #expect(CGContext(width: 10, height: 10, scale: .nan) == nil)
        #expect(CGContext(width: 8192, height: 8192, scale: 1) != nil)   // exactly 2²⁶: accepted
        #expect(CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)   // rows too short
        #expect(CGContext(width: 2.5, height: 1)!.width == 3)             // partial pixels round up
    }

    @Test func nonFiniteCTMChangesAreIgnored() {
        let c = Ctx.make(10, 10)
        c.translateBy(x: 2, y: 3)
        c.translateBy(x: .nan, y: 0)
        c.scaleBy(x: .infinity, y: 1)
        c.rotate(by: .nan)
        c.concatenate(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(c.ctm == CGAffineTransform(translationX: 2, y: 3))
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(Ctx.inkBox(c) == PixelRect(x: 2, y: 3, width: 1, height: 1))
        let bad = CGContext(bitmap: Bitmap(width: 2, height: 2)!, baseTransform: CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(bad.ctm == .identity)
    }

    @Test func singularCTMDrawsNothing() {
        let c = Ctx.make(10, 10)
        c.scaleBy(x: 0, y: 0)
        c.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        c.setLineWidth(3)
        c.stroke(CGRect(x: 0, y: 0, width: 5, height: 5))
        c.draw(CGImage(width: 1, height: 1, pixels: [0xFFFF_FFFF])!, in: CGRect(x: 0, y: 0, width: 5, height: 5))
        c.drawLinearGradient(CGGradient(colorsSpace: nil, colors: [.white], locations: nil)!, start: .zero,
                             end: CGPoint(x: 1, y: 0), options: [.drawsAfterEndLocation, .drawsBeforeStartLocation])
        c.draw(StyledText("x", style: TextStyle(fontSize: 12)), at: .zero)
        #expect(Ctx.inked(c) == 0)
    }

    @Test func nonFiniteGeometryDrawsNothing() {
        let c = Ctx.make(10, 10)
        c.fill(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5))
        c.fill(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5))
        c.fillEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 5))
        c.move(to: CGPoint(x: 0, y: 0))
        c.addLine(to: CGPoint(x: CGFloat.nan, y: 5))
        c.addLine(to: CGPoint(x: 5, y: 5))
        c.fillPath()
        c.setLineWidth(.infinity)
        c.stroke(CGRect(x: 1, y: 1, width: 5, height: 5))
        c.draw(CGImage(width: 1, height: 1, pixels: [0xFFFF_FFFF])!, in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 2))
        c.draw(CGImage(width: 0, height: 0, pixels: [])!, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        c.draw(StyledText("", style: TextStyle()), at: .zero)
        c.draw(StyledText("x", style: TextStyle(fontSize: -3)), at: .zero)
        c.draw(StyledText("x", style: TextStyle(fontSize: .nan)), in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 3))
        #expect(Ctx.inked(c) == 0)
        c.clip(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))   // a NaN clip clips everything
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(Ctx.inked(c) == 0)
    }

    @Test func hugeCoordinatesAreClippedNotAllocated() {
        let c = Ctx.make(10, 10)
        c.fill(CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
        #expect(Ctx.inked(c) == 100)
        let d = Ctx.make(10, 10)
        d.addEllipse(in: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        d.clip()
        d.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(Ctx.inked(d) == 100)
        d.setLineWidth(1e9)
        d.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(Ctx.px(d, 5, 5) == 0xFF00_0000)
    }
}
