import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Core Graphics behaviours ported drawing code relies on: clipping without a path, the exact
/// clip bounding box, dashed stroked paths, the path and its queries, transparency layers and
/// the bitmap layouts a context accepts (Apple's CGContext reference).
@Suite(.runLoopTurn) struct CGContextPortingTests {
    static func filledAll(_ c: CGContext) -> Bool {
        c.setFillColor(Ctx.red)
        c.fill(CGRect(x: 0, y: 0, width: c.width, height: c.height))
        return Ctx.inked(c) == c.width * c.height
    }

    /// Apple: "If the context does not have a current path, the function does nothing."
    @Test func clippingWithoutAPathDoesNothing() {
        let a = Ctx.make(6, 4)
        a.clip()
        #expect(Self.filledAll(a))
        let b = Ctx.make(6, 4)
        b.eoClip()
        #expect(Self.filledAll(b))
        let c = Ctx.make(6, 4)
        BezierPath()._addClip(in: c)
        #expect(Self.filledAll(c))
        // A path of zero area still clips everything away.
        let d = Ctx.make(6, 4)
        d.move(to: .zero); d.addLine(to: CGPoint(x: 5, y: 0))
        d.clip()
        d.setFillColor(Ctx.red)
        d.fill(CGRect(x: 0, y: 0, width: 6, height: 4))
        #expect(Ctx.inked(d) == 0)
    }

    /// Apple: "the smallest rectangle completely enclosing all points in the clipping path" —
    /// not rounded out to pixels; and clipping to rectangles clears the current path.
    @Test func clipBoundingBoxIsExactAndRectClipsClearThePath() {
        let c = Ctx.make(40, 40)
        c.move(to: .zero); c.addLine(to: CGPoint(x: 3, y: 3))
        c.clip(to: CGRect(x: 10.25, y: 10.25, width: 5.5, height: 5.5))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 10.25, y: 10.25, width: 5.5, height: 5.5))
        #expect(c.isPathEmpty)
        c.addEllipse(in: CGRect(x: 12, y: 8, width: 10, height: 10))
        c.clip()
        #expect(c.boundingBoxOfClipPath == CGRect(x: 12, y: 10.25, width: 3.75, height: 5.5))
        let s = CGContext(width: 20, height: 20, scale: 2)!
        s.addRect(CGRect(x: 1, y: 1, width: 1, height: 1))
        s.clip(to: [CGRect(x: 3.3, y: 3.3, width: 4, height: 4)])
        let b = s.boundingBoxOfClipPath
        #expect(abs(b.minX - 3.3) < 1e-12 && abs(b.width - 4) < 1e-12 && s.isPathEmpty)
    }

    /// Apple: filling the replaced path "draws the same pixels as stroking the original path" —
    /// the dash pattern included.
    @Test func replacePathWithStrokedPathDashes() {
        let stroked = Ctx.make(40, 10), filled = Ctx.make(40, 10)
        for c in [stroked, filled] {
            c.setLineWidth(4)
            c.setLineDash(phase: 0, lengths: [5, 5])
            c.setStrokeColor(Ctx.red); c.setFillColor(Ctx.red)
            c.move(to: CGPoint(x: 0, y: 5)); c.addLine(to: CGPoint(x: 40, y: 5))
        }
        stroked.strokePath()
        filled.replacePathWithStrokedPath()
        filled.fillPath()
        #expect(Ctx.inked(filled) == 80 && Ctx.inked(stroked) == 80)
        #expect(Ctx.px(filled, 7, 5) == 0 && Ctx.px(filled, 2, 5) == 0xFFFF_0000)
    }

    @Test func thePathAndItsQueries() {
        let c = CGContext(data: nil, width: 20, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue)!
        #expect(c.currentPointOfPath == .zero && c.path == nil)
        c.addRect(CGRect(x: 2, y: 2, width: 10, height: 10))
        #expect(c.path?.boundingBoxOfPath == CGRect(x: 2, y: 2, width: 10, height: 10))
        c.setLineWidth(2)
        #expect(c.pathContains(CGPoint(x: 5, y: 5), mode: .fill) && !c.pathContains(CGPoint(x: 5, y: 5), mode: .stroke))
        #expect(c.pathContains(CGPoint(x: 2.5, y: 5), mode: .stroke) && c.pathContains(CGPoint(x: 1.5, y: 5), mode: .fillStroke))
        #expect(!c.pathContains(CGPoint(x: 1.5, y: 5), mode: .eoFill))
        c.beginPath()
        #expect(!c.pathContains(CGPoint(x: 5, y: 5), mode: .fill))
    }

    /// With no memory of its own given, a context takes iOS's usual `premultipliedLast` call.
    @Test func premultipliedLastWithoutDataIsAccepted() {
        let info = CGImageAlphaInfo.premultipliedLast.rawValue
        let c = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
        #expect(c != nil)
        c?.setFillColor(Ctx.blue)
        c?.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(c?.makeImage()?.pixel(x: 0, y: 0) == 0xFF00_00FF)
        var memory = [UInt32](repeating: 0, count: 16)
        let wrapped = memory.withUnsafeMutableBytes {
            CGContext(data: $0.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
        }
        #expect(wrapped == nil)                               // the caller's bytes: only the own layout
    }

    /// A transparency layer composites its drawing as one object: half alpha applies once to
    /// the overlapping squares, and they cast one shadow.
    @Test func transparencyLayersCompositeAsOne() {
        let plain = Ctx.make(20, 10), grouped = Ctx.make(20, 10)
        for c in [plain, grouped] {
            c.setAlpha(0.5)
            c.setFillColor(Ctx.red)
            if c === grouped { c.beginTransparencyLayer(auxiliaryInfo: nil) }
            c.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
            c.fill(CGRect(x: 3, y: 0, width: 6, height: 6))
            if c === grouped { c.endTransparencyLayer() }
        }
        #expect(Ctx.px(plain, 4, 2) == 0xC0C0_0000)            // 0.5 over 0.5
        #expect(Ctx.px(grouped, 4, 2) == 0x8080_0000 && Ctx.px(grouped, 1, 2) == 0x8080_0000)
        // Inside, alpha is 1 and shadows are off; ending brings both back.
        let s = Ctx.make(20, 10)
        s.setShadow(offset: CGSize(width: 10, height: 0), blur: 0, color: Ctx.blue)
        s.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 20, height: 10), auxiliaryInfo: nil)
        #expect(s.state.shadow == nil && s.state.alpha == 1)
        s.setFillColor(Ctx.red)
        s.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        s.fill(CGRect(x: 2, y: 0, width: 4, height: 4))
        #expect(Ctx.px(s, 12, 1) == 0)                         // nothing reaches the context yet
        s.endTransparencyLayer()
        #expect(Ctx.px(s, 1, 1) == 0xFFFF_0000 && Ctx.px(s, 12, 1) == 0xFF00_00FF && Ctx.px(s, 16, 1) == 0)
        s.endTransparencyLayer()                               // none open: ignored
        #expect(Ctx.px(s, 1, 1) == 0xFFFF_0000)
    }

    /// UIKit: a `lineWidth` of 0 is "the thinnest line that can be rendered": one device pixel.
    @Test func bezierPathOfWidthZeroStrokesOneDevicePixel() {
        let c = CGContext(width: 10, height: 10, scale: 2)!
        let p = BezierPath()
        p.move(to: CGPoint(x: 0, y: 2.25)); p.addLine(to: CGPoint(x: 10, y: 2.25))
        p.lineWidth = 0
        c.setStrokeColor(Ctx.red)
        p._stroke(in: c)
        #expect(Ctx.row(c, 4, 0, 20) == Array(repeating: 0xFFFF_0000, count: 20))
        #expect(Ctx.inked(c) == 20)
    }
}
