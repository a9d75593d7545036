import Foundation
import Testing
@testable import StrataUI
@testable import Strata

/// UIKit-style drawing with `BezierPath` and `Color` into the current context: `setFill()` /
/// `setStroke()`, `fill()`, `stroke()` with the path's own line settings and dash, the blend-mode
/// and alpha variants (for one call only), `addClip()`, and holes from `reversing()`.
@Suite struct BezierPathDrawingTests {
    static let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF

    /// A 20 × 20 image drawn by `body` at scale 1.
    static func draw(_ body: (CGContext) -> Void) -> CGImage {
        GraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { body($0.cgContext) }!
    }

    @Test func fillUsesTheCurrentFillColourAndTheFillRule() {
        let img = Self.draw { _ in
            Color.red.setFill()
            BezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)).fill()
        }
        #expect(img.pixel(x: 5, y: 5) == Self.red && img.pixel(x: 14, y: 14) == Self.red)
        #expect(img.pixel(x: 4, y: 5) == 0 && img.pixel(x: 15, y: 14) == 0)

        let holes = Self.draw { _ in
            Color.red.setFill()
            let reversed = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20))
            reversed.append(BezierPath(rect: CGRect(x: 2, y: 2, width: 6, height: 6)).reversing())
            reversed.fill()
            let evenOdd = BezierPath(rect: CGRect(x: 10, y: 0, width: 10, height: 20))
            evenOdd.append(BezierPath(rect: CGRect(x: 12, y: 2, width: 6, height: 6)))
            evenOdd.usesEvenOddFillRule = true
            evenOdd.fill()
        }
        #expect(holes.pixel(x: 5, y: 5) == 0 && holes.pixel(x: 1, y: 5) == Self.red && holes.pixel(x: 5, y: 12) == Self.red)
        #expect(holes.pixel(x: 15, y: 5) == 0 && holes.pixel(x: 11, y: 5) == Self.red)
    }

    @Test func strokeUsesThePathsLineSettingsNotTheContexts() {
        var context: CGContext?
        let img = Self.draw { ctx in
            context = ctx
            ctx.setLineWidth(9)
            Color.blue.setStroke()
            let line = BezierPath()
            line.move(to: CGPoint(x: 2, y: 10))
            line.addLine(to: CGPoint(x: 18, y: 10))
            line.lineWidth = 4                                             // rows 8…11, butt caps
            line.stroke()
        }
        for y in 8...11 { #expect(img.pixel(x: 10, y: y) == Self.blue) }
        #expect(img.pixel(x: 10, y: 7) == 0 && img.pixel(x: 10, y: 12) == 0)
        #expect(img.pixel(x: 1, y: 10) == 0 && img.pixel(x: 2, y: 10) == Self.blue && img.pixel(x: 18, y: 10) == 0)
        #expect(context?.state.stroke.lineWidth == 9)                     // restored after the stroke
    }

    @Test func strokeDashesWithSetLineDash() {
        let img = Self.draw { _ in
            Color.black.setStroke()
            let line = BezierPath()
            line.move(to: CGPoint(x: 0, y: 10))
            line.addLine(to: CGPoint(x: 20, y: 10))
            line.lineWidth = 2
            var pattern: [CGFloat] = [4, 4]
            line.setLineDash(&pattern, count: 2, phase: 2)                // dashes at x 0…2, 6…10, 14…18
            line.stroke()
        }
        let inked = (0..<20).map { img.pixel(x: $0, y: 10) == 0xFF00_0000 }
        let blank = (0..<20).map { img.pixel(x: $0, y: 10) == 0 }
        #expect(inked == (0..<20).map { [0, 1, 6, 7, 8, 9, 14, 15, 16, 17].contains($0) })
        #expect(blank == inked.map { !$0 })
    }

    @Test func blendModeAndAlphaLastForOneCall() {
        let img = Self.draw { ctx in
            Color.red.setFill()
            BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill(with: .normal, alpha: 0.5)
            BezierPath(rect: CGRect(x: 10, y: 0, width: 10, height: 10)).fill()           // alpha back to 1
            ctx.setAlpha(0.5)
            ctx.fill(CGRect(x: 0, y: 10, width: 10, height: 10))                          // the context's way
            ctx.setAlpha(1)
            Color.green.set()
            let line = BezierPath()
            line.move(to: CGPoint(x: 10, y: 5)); line.addLine(to: CGPoint(x: 20, y: 5))
            line.lineWidth = 2                                                             // rows 4 and 5
            line.stroke(with: .multiply, alpha: 1)                     // green × red: black
            BezierPath(rect: CGRect(x: 10, y: 0, width: 10, height: 2)).fill()             // normal again: green
        }
        let half = img.pixel(x: 5, y: 5)
        #expect(half == img.pixel(x: 5, y: 15))
        #expect((0x7F...0x80).contains(half >> 24) && (half >> 16) & 0xFF == half >> 24 && half & 0xFFFF == 0)
        #expect(img.pixel(x: 15, y: 4) == 0xFF00_0000 && img.pixel(x: 15, y: 5) == 0xFF00_0000)
        #expect(img.pixel(x: 15, y: 3) == Self.red && img.pixel(x: 15, y: 6) == Self.red)
        #expect(img.pixel(x: 15, y: 1) == Self.green)
    }

    @Test func addClipClipsUntilTheStateIsRestored() {
        let img = Self.draw { ctx in
            ctx.saveGState()
            BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).addClip()
            Color.green.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            ctx.restoreGState()
            Color.red.setFill()
            BezierPath(rect: CGRect(x: 0, y: 19, width: 20, height: 1)).fill()
        }
        #expect(img.pixel(x: 10, y: 10) == Self.green && img.pixel(x: 0, y: 0) == 0 && img.pixel(x: 19, y: 0) == 0)
        #expect(img.pixel(x: 0, y: 19) == Self.red && img.pixel(x: 10, y: 19) == Self.red)   // the clip is gone
    }

    @Test func withoutACurrentContextNothingHappens() {
        #expect(GraphicsGetCurrentContext() == nil)
        Color.red.set()
        let b = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 4, height: 4))
        b.fill(); b.stroke(); b.addClip()
        b.fill(with: .normal, alpha: 1); b.stroke(with: .normal, alpha: 1)
        // Drawn afterwards the colours are the new context's defaults, not red.
        let img = Self.draw { _ in BezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).fill() }
        #expect(img.pixel(x: 1, y: 1) == 0xFF00_0000)
    }
}
