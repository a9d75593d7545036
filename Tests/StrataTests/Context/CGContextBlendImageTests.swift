import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Blend modes and images.
@Suite(.runLoopTurn) struct CGContextBlendImageTests {
    static func redBase(_ n: Int = 6) -> CGContext {
        let c = Ctx.make(n, n)
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 0, y: 0, width: n, height: n))
        return c
    }

    /// Red base, then `color` filled over its top-left 2×2 pixels with `mode`.
    static func blended(_ mode: CGBlendMode, _ color: CGColor) -> CGContext {
        let c = redBase()
        c.setBlendMode(mode)
        c.setFillColor(color)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        return c
    }

    @Test func separableBlendModes() {
        let m = Self.blended(.multiply, CGColor(red: 0.5, green: 1, blue: 1, alpha: 1))
        #expect(Ctx.px(m, 0, 0) == 0xFF80_0000 && Ctx.px(m, 3, 3) == 0xFFFF_0000)
        #expect(Ctx.px(Self.blended(.screen, Ctx.blue), 1, 1) == 0xFFFF_00FF)
        #expect(Ctx.px(Self.blended(.difference, .white), 1, 1) == 0xFF00_FFFF)
        #expect(Ctx.px(Self.blended(.plusLighter, Ctx.green), 1, 1) == 0xFFFF_FF00)
        #expect(Ctx.px(Self.blended(.darken, CGColor(gray: 0.5, alpha: 1)), 1, 1) == 0xFF80_0000)
    }

    @Test func copyReplacesInsideTheShapeOnly() {
        let c = Self.redBase()
        c.setBlendMode(.copy)
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        c.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(Ctx.px(c, 1, 1) == 0x8000_0080 && Ctx.px(c, 2, 2) == 0x8000_0080)
        #expect(Ctx.px(c, 0, 0) == 0xFFFF_0000 && Ctx.px(c, 3, 3) == 0xFFFF_0000)
        // Half-covered pixels interpolate: half red, half the copied colour.
        let h = Self.redBase()
        h.setBlendMode(.copy)
        h.setFillColor(Ctx.blue)
        h.fill(CGRect(x: 1.5, y: 0, width: 2, height: 6))
        #expect(Ctx.px(h, 2, 0) == 0xFF00_00FF)
        let edge = Ctx.px(h, 1, 0)
        #expect(edge >> 24 == 0xFF && abs(Ctx.channel(edge, 16) - 128) <= 1 && abs(Ctx.channel(edge, 0) - 128) <= 1)
    }

    @Test func porterDuffModes() {
        let i = Self.redBase()
        i.setBlendMode(.destinationOut)
        i.setFillColor(.black)
        i.fill(CGRect(x: 0, y: 0, width: 3, height: 6))
        #expect(Ctx.px(i, 0, 0) == 0 && Ctx.px(i, 3, 0) == 0xFFFF_0000)
        let s = Ctx.make(4, 4)                                  // sourceIn over transparent: nothing
        s.setBlendMode(.sourceIn)
        s.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(Ctx.inked(s) == 0)
        let o = Self.redBase()                                  // destinationOver keeps opaque red
        o.setBlendMode(.destinationOver)
        o.setFillColor(Ctx.blue)
        o.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
        #expect(Ctx.px(o, 2, 2) == 0xFFFF_0000)
    }

    /// A 2×2 image: red, green / blue, white.
    static let quad = CGImage(width: 2, height: 2, pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF])!

    @Test func imagesAreFlippedInYDownContextsAsOnIOS() {
        let c = Ctx.make(6, 6)
        c.draw(Self.quad, in: CGRect(x: 2, y: 2, width: 2, height: 2))
        // First image row at the rectangle's maxY: blue, white on top; red, green below.
        #expect(Ctx.row(c, 2, 2, 4) == [0xFF00_00FF, 0xFFFF_FFFF])
        #expect(Ctx.row(c, 3, 2, 4) == [0xFFFF_0000, 0xFF00_FF00])
        #expect(Ctx.inked(c) == 4)
        // The usual UIKit-port flip makes it upright.
        let u = Ctx.make(6, 6)
        u.translateBy(x: 0, y: 6)
        u.scaleBy(x: 1, y: -1)
        u.draw(Self.quad, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(Ctx.row(u, 4, 0, 2) == [0xFFFF_0000, 0xFF00_FF00] && Ctx.row(u, 5, 0, 2) == [0xFF00_00FF, 0xFFFF_FFFF])
    }

    @Test func imagesAreUprightInCoreGraphicsContexts() {
        let c = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue)!
        c.draw(Self.quad, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(Ctx.row(c, 2, 0, 2) == [0xFFFF_0000, 0xFF00_FF00] && Ctx.row(c, 3, 0, 2) == [0xFF00_00FF, 0xFFFF_FFFF])
        #expect(c.makeImage()!.pixel(x: 0, y: 2) == 0xFFFF_0000)
    }

    @Test func scaledNearestTiledAndTranslucentImages() {
        let n = Ctx.make(4, 4)
        n.interpolationQuality = .none
        n.draw(Self.quad, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(Ctx.row(n, 0, 0, 4) == [0xFF00_00FF, 0xFF00_00FF, 0xFFFF_FFFF, 0xFFFF_FFFF])
        #expect(Ctx.row(n, 3, 0, 4) == [0xFFFF_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_FF00])
        let t = Ctx.make(6, 4)
        t.draw(Self.quad, in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        #expect(Ctx.row(t, 0, 0, 6) == [0xFF00_00FF, 0xFFFF_FFFF, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF00_00FF, 0xFFFF_FFFF])
        #expect(Ctx.row(t, 3, 0, 2) == [0xFFFF_0000, 0xFF00_FF00] && Ctx.inked(t) == 24)
        let a = Ctx.make(2, 2)
        a.setAlpha(0.5)
        a.draw(Self.quad, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(Ctx.px(a, 0, 1) == 0x8080_0000)
        // Bilinear 2× magnification: the middle of the gradient between two pixels.
        let b = Ctx.make(4, 1)
        b.draw(CGImage(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF])!, in: CGRect(x: 0, y: 0, width: 4, height: 1))
        let mid = Ctx.channel(Ctx.px(b, 1, 0), 0)
        #expect(mid > 40 && mid < 90)                          // 1/4 of the way: 64
    }

    @Test func clippedImage() {
        let c = Ctx.make(4, 4)
        c.clip(to: CGRect(x: 0, y: 0, width: 1, height: 4))
        c.draw(Self.quad, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(Ctx.inked(c) == 2 && Ctx.px(c, 1, 0) == 0)
    }
}
