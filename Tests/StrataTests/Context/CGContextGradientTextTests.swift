import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Gradients and text through the context.
@Suite(.runLoopTurn) struct CGContextGradientTextTests {
    static let blackToWhite = CGGradient(colorsSpace: nil, colors: [.black, .white], locations: [0, 1])!

    @Test func linearGradientSamplesPixelCentres() {
        let c = Ctx.make(256, 2)
        c.drawLinearGradient(Self.blackToWhite, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 256, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        for x in [0, 1, 64, 127, 128, 200, 255] {
            let expected = (Double(x) + 0.5) / 256 * 255
            let p = Ctx.px(c, x, 1)
            #expect(p >> 24 == 0xFF && abs(Double(Ctx.channel(p, 8)) - expected) <= 1)
        }
    }

    @Test func linearGradientLeavesTheOutsideUntouchedWithoutOptions() {
        let c = Ctx.make(100, 4)
        c.drawLinearGradient(Self.blackToWhite, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        #expect(Ctx.px(c, 19, 2) == 0 && Ctx.px(c, 80, 2) == 0)
        #expect(Ctx.px(c, 20, 2) == 0xFF02_0202 && Ctx.px(c, 79, 2) == 0xFFFD_FDFD)   // t = 0.5/60 and 59.5/60
        #expect(Ctx.inkBox(c) == PixelRect(x: 20, y: 0, width: 60, height: 4))
        let a = Ctx.make(100, 4)
        a.drawLinearGradient(Self.blackToWhite, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: .drawsAfterEndLocation)
        #expect(Ctx.px(a, 19, 2) == 0 && Ctx.px(a, 99, 2) == 0xFFFF_FFFF)
        // The axis follows the CTM: rotated a quarter turn, the ramp runs down the rows.
        let r = Ctx.make(4, 100)
        r.translateBy(x: 4, y: 0)
        r.rotate(by: .pi / 2)
        r.drawLinearGradient(Self.blackToWhite, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(Ctx.channel(Ctx.px(r, 2, 0), 8) <= 2 && Ctx.channel(Ctx.px(r, 2, 99), 8) >= 253)
    }

    @Test func concentricRadialGradient() {
        let g = CGGradient(colorsSpace: nil, colors: [Ctx.red, Ctx.blue], locations: nil)!
        let c = Ctx.make(100, 100)
        c.drawRadialGradient(g, startCenter: CGPoint(x: 50, y: 50), startRadius: 0, endCenter: CGPoint(x: 50, y: 50),
                             endRadius: 40, options: [])
        #expect(Ctx.channel(Ctx.px(c, 50, 50), 16) >= 250)                 // red at the centre
        let half = Ctx.px(c, 70, 50)                                       // distance 20.5 of 40
        #expect(abs(Ctx.channel(half, 16) - 124) <= 2 && abs(Ctx.channel(half, 0) - 131) <= 2)
        #expect(Ctx.px(c, 95, 50) == 0 && Ctx.px(c, 5, 5) == 0)             // outside: untouched
        // A start radius: inside it is untouched without drawsBeforeStartLocation.
        let ring = Ctx.make(100, 100)
        ring.drawRadialGradient(g, startCenter: CGPoint(x: 50, y: 50), startRadius: 20, endCenter: CGPoint(x: 50, y: 50),
                                endRadius: 40, options: .drawsAfterEndLocation)
        #expect(Ctx.px(ring, 50, 50) == 0 && Ctx.px(ring, 2, 2) == 0xFF00_00FF)
        #expect(abs(Ctx.channel(Ctx.px(ring, 71, 50), 16) - 236) <= 1)        // t = 1.5/20: 92.5 % red
    }

    @Test func twoCircleRadialGradient() {
        let g = CGGradient(colorsSpace: nil, colors: [.white, .black], locations: nil)!
        let c = Ctx.make(100, 100)
        c.drawRadialGradient(g, startCenter: CGPoint(x: 30, y: 50), startRadius: 0, endCenter: CGPoint(x: 50, y: 50),
                             endRadius: 40, options: [])
        #expect(Ctx.channel(Ctx.px(c, 30, 50), 8) >= 245)                   // the start circle is white
        #expect(Ctx.px(c, 1, 1) == 0)                                       // outside the end circle
        #expect(Ctx.px(c, 85, 50) >> 24 == 0xFF && Ctx.channel(Ctx.px(c, 85, 50), 8) < 40)
    }

    @Test func gradientBadInput() {
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        let g = CGGradient(colorsSpace: nil, colors: [.black, .white, .black], locations: [0.8, 0.2, .nan])!
        #expect(g.locations == [0.8, 0.8, 0.8])                              // raised to stay in order
        let packed = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [1, 0, 0, 1, 0, 0, 1, 1],
                                locations: nil, count: 2)!
        #expect(packed.colors == [Ctx.red, Ctx.blue] && packed.locations == [0, 1])
        let c = Ctx.make(10, 10)
        c.drawLinearGradient(packed, start: CGPoint(x: 1, y: 1), end: CGPoint(x: 1, y: 1), options: [])
        c.drawLinearGradient(packed, start: CGPoint(x: CGFloat.nan, y: 1), end: CGPoint(x: 1, y: 1), options: [])
        c.drawRadialGradient(packed, startCenter: .zero, startRadius: -1, endCenter: .zero, endRadius: 5, options: [])
        c.drawRadialGradient(packed, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: .infinity, options: [])
        #expect(Ctx.inked(c) == 0)
    }

    static let hello = StyledText("Hello", style: TextStyle(fontName: "DejaVu Sans", fontSize: 16, color: .black))

    @Test func textDrawsLikeATextLayout() {
        let c = Ctx.make(80, 30)
        c.draw(Self.hello, in: CGRect(x: 5, y: 4, width: 70, height: 24))
        let ref = Bitmap(width: 80, height: 30)!
        TextLayout(Self.hello, options: .init(size: CGSize(width: 70, height: 24), isWrapped: true)).draw(into: ref, origin: CGPoint(x: 5, y: 4))
        #expect(c.bitmap.hasSamePixels(as: ref))
        let box = Ctx.inkBox(c)!
        #expect(box.x >= 5 && box.y >= 4 && box.maxX <= 75 && box.maxY <= 28 && Ctx.inked(c) > 100)
    }

    @Test func textFollowsScaleClipAndAlpha() {
        // Scaled 2×: glyphs are rasterised at 2 pixels per unit, twice as wide.
        let one = Ctx.make(80, 30), two = Ctx.make(160, 60)
        one.draw(Self.hello, at: CGPoint(x: 0, y: 0))
        two.scaleBy(x: 2, y: 2)
        two.draw(Self.hello, at: CGPoint(x: 0, y: 0))
        let w1 = Ctx.inkBox(one)!.width, w2 = Ctx.inkBox(two)!.width
        #expect(abs(w2 - 2 * w1) <= 2)
        // Clip and alpha go through the general path.
        let c = Ctx.make(80, 30)
        c.clip(to: CGRect(x: 0, y: 0, width: 20, height: 30))
        c.setAlpha(0.5)
        c.draw(Self.hello, at: CGPoint(x: 0, y: 0))
        let box = Ctx.inkBox(c)!
        #expect(box.maxX <= 20 && Ctx.inked(c) > 20)
        var darkest: UInt32 = 0
        for y in 0..<30 { for x in 0..<20 { darkest = max(darkest, Ctx.px(c, x, y) >> 24) } }
        #expect(darkest >= 0x7E && darkest <= 0x80)
        // An attributed string with UIKit's defaults (black, 12 pt).
        let a = Ctx.make(80, 20)
        a.draw(NSAttributedString(string: "Hi"), at: CGPoint(x: 1, y: 1))
        #expect(Ctx.inked(a) > 10 && Ctx.inkBox(a)!.height <= 14)
    }
}
