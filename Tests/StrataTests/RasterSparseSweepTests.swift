import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Seeded randomized checks of the scan converter's sparse sweep against `_ReferenceRasterizer`:
/// the sweep reads only flagged cells and skips whole groups of 256 unflagged ones, so these
/// shapes are the ones where it skips most — thin stroke outlines, bars with empty rows and
/// wide empty gaps between them, holes, slivers — on a canvas of several word groups, under both
/// fill rules, with clip rectangles that cut spans at their edges.
@Suite(.runLoopTurn) struct RasterSparseSweepTests {
    /// A canvas 600 px wide (3 groups of 256 cells) and 3 row bands high.
    static let width = 600, height = 72

    /// One random sparse shape of kind `kind` (0…3).
    static func shape(_ kind: Int, _ rng: inout SeededLCG) -> CGPath {
        let w = Double(width), h = Double(height)
        let step: Double = 1.0 / 64.0
        func x() -> Double {
            let v: Double = rng.next() * (w + 40) - 20
            return (v / step).rounded() * step
        }
        func y() -> Double {
            let v: Double = rng.next() * (h + 20) - 10
            return (v / step).rounded() * step
        }
        let p = CGMutablePath()
        switch kind {
        case 0:
            // Thin strokes (0.2…1.5 px) of polylines across the canvas, as outlines.
            let line = CGMutablePath()
            line.move(to: CGPoint(x: x(), y: y()))
            for _ in 0..<(2 + Int(rng.next() * 3)) { line.addLine(to: CGPoint(x: x(), y: y())) }
            p.addPath(line.copy(strokingWithWidth: 0.2 + rng.next() * 1.3, lineCap: .butt, lineJoin: .bevel,
                                miterLimit: 10))
        case 1:
            // Short bars far apart in x with empty rows between them, some overlapping (winding 2).
            for _ in 0..<(2 + Int(rng.next() * 4)) {
                p.addRect(CGRect(x: x(), y: y(), width: 1 + rng.next() * 40, height: 0.3 + rng.next() * 6))
            }
        case 2:
            // A wide ring: outer and inner rectangle, the inner one wound the other way or not.
            let ox = x(), oy = y()
            let outer = CGRect(x: ox, y: oy, width: 300 + rng.next() * 300, height: 10 + rng.next() * 50)
            p.addRect(outer)
            let inner = outer.insetBy(dx: 2 + rng.next() * 100, dy: 1 + rng.next() * 4)
            if rng.next() < 0.5 {
                p.addRect(inner)
            } else {
                p.move(to: CGPoint(x: inner.minX, y: inner.minY))
                p.addLine(to: CGPoint(x: inner.minX, y: inner.maxY))
                p.addLine(to: CGPoint(x: inner.maxX, y: inner.maxY))
                p.addLine(to: CGPoint(x: inner.maxX, y: inner.minY))
                p.closeSubpath()
            }
        default:
            // Near-horizontal slivers hundreds of pixels long, crossing the canvas sides.
            for _ in 0..<(1 + Int(rng.next() * 3)) {
                let y0 = y(), x0 = x() - 200, x1 = x() + 200
                p.move(to: CGPoint(x: x0, y: y0))
                p.addLine(to: CGPoint(x: x1, y: y0 + (rng.next() - 0.5) * 4))
                p.addLine(to: CGPoint(x: x1, y: y0 + 0.5 + rng.next() * 2))
                p.closeSubpath()
            }
        }
        return p
    }

    /// Every pixel within 2/255 of the reference inside the clip, and untouched outside it.
    @Test func sparseShapesMatchReferenceInsideClip() {
        var rng = SeededLCG(state: 9001)
        let w = Self.width, h = Self.height
        var worst = 0, outside = 0, inked = 0
        // Each shape under both rules, clipped and not (8 cases under a sanitizer: `TestScale`).
        let cases = TestScale.count(16, sanitized: 8)
        for iteration in 0..<cases {
            let p = Self.shape(iteration % 4, &rng)
            let rule: CGPathFillRule = (iteration / 4) % 2 == 0 ? .winding : .evenOdd
            // Half the cases clip: a box whose sides land inside shapes, cutting their spans.
            var box = (x0: 0, y0: 0, x1: w, y1: h)
            var clip: CGRect?
            if iteration % 2 == 1 {
                box = (Int(rng.next() * 200), Int(rng.next() * 20), 300 + Int(rng.next() * 300), 40 + Int(rng.next() * 32))
                clip = CGRect(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0)
            }
            let fast = RasterTestImage(width: w, height: h).fill(p, rule: rule, clip: clip).alpha
            let ref = _ReferenceRasterizer.coverage(p, rule: rule, width: w, height: h)
            for py in 0..<h {
                for px in 0..<w {
                    let i = py * w + px
                    if px >= box.x0 && px < box.x1 && py >= box.y0 && py < box.y1 {
                        worst = max(worst, abs(Int(fast[i]) - Int(ref[i])))
                        if ref[i] > 0 { inked += 1 }
                    } else if fast[i] != 0 {
                        outside += 1
                    }
                }
            }
        }
        #expect(worst <= 2)
        #expect(outside == 0)
        // The shapes do reach the canvas: the comparison is not over empty images.
        #expect(inked > cases * 625 / 2)
    }

    /// The rasterizer's cache of the colour scaled by each coverage follows colour changes: one
    /// rasterizer drawing red, blue, then red again gives the pixels fresh rasterizers give.
    @Test func scaledColourCacheFollowsColourChanges() {
        var rng = SeededLCG(state: 5)
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.3, blue: 1, alpha: 0.6),
                      CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
        let shared = PathRasterizer()
        let a = RasterTestImage(width: 64, height: 32, format: PIXMAN_a8r8g8b8)
        let b = RasterTestImage(width: 64, height: 32, format: PIXMAN_a8r8g8b8)
        a.fillARGB(0xFF_FF_FF_FF)
        b.fillARGB(0xFF_FF_FF_FF)
        for (k, color) in colors.enumerated() {
            let p = CGMutablePath()
            p.addEllipse(in: CGRect(x: rng.next() * 30, y: rng.next() * 10, width: 10 + rng.next() * 30, height: 5 + rng.next() * 20))
            let style = StrokeStyle(lineWidth: 0.7 + Double(k))
            shared.stroke(path: p, style: style, color: color, into: a.image)
            PathRasterizer().stroke(path: p, style: style, color: color, into: b.image)
        }
        let pa = a.argb, pb = b.argb
        #expect(pa == pb)
        // Partial coverage of both colours is present (the cache was exercised).
        #expect(Set(pa).count > 20)
    }
}
