import Foundation
import Testing
@testable import Strata

/// Non-zero coverage is the area of the union where outline pieces overlap inside a pixel (the
/// accumulated winding integral clamped to 1 over-counts there: 0.3 + 0.3 → 0.6). Expected values
/// are worked out from the shapes' areas in each test.
@Suite struct RasterUnionCoverageTests {
    /// Coverage of the pixel at (px, py) of a one-shape image, with every other pixel checked blank.
    private func single(_ p: CGPath, _ px: Int, _ py: Int, rule: CGPathFillRule = .winding) -> Int {
        let w = 12, h = 8
        let a = RasterTestImage(width: w, height: h).fill(p, rule: rule).alpha
        for i in 0..<(w * h) where i != py * w + px { #expect(a[i] == 0, "pixel \(i % w),\(i / w) inked") }
        return Int(a[py * w + px])
    }

    private static func alpha(_ area: Double) -> Int { Int((area * 255).rounded()) }

    /// Two same-orientation rectangles overlapping inside one pixel: 0.30 + 0.25 − 0.08 = 0.47.
    @Test func overlappingRectanglesInsideOnePixel() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 5.1, y: 3.2, width: 0.5, height: 0.6))      // 0.30
        p.addRect(CGRect(x: 5.4, y: 3.4, width: 0.5, height: 0.5))      // 0.25, overlap 0.2 × 0.4
        #expect(single(p, 5, 3) == Self.alpha(0.30 + 0.25 - 0.08))      // 120 (the sum would give 140)
    }

    /// Two triangles on one base, same orientation, crossing inside one pixel: each is half of a
    /// 0.8 px square, they share a quarter of it, so the union is three quarters of 0.64.
    @Test func crossingTrianglesInsideOnePixel() {
        let o = CGPoint(x: 10.1, y: 2.1), s = 0.8
        let p = CGMutablePath()
        p.addLines(between: [o, CGPoint(x: o.x + s, y: o.y), CGPoint(x: o.x, y: o.y + s)])
        p.closeSubpath()
        p.addLines(between: [o, CGPoint(x: o.x + s, y: o.y), CGPoint(x: o.x + s, y: o.y + s)])
        p.closeSubpath()
        #expect(single(p, 10, 2) == Self.alpha(0.75 * s * s))           // 122 (the sum: 163)
    }

    /// Five copies of one triangle cover what one does.
    @Test func stackedCopiesCoverOnce() {
        let p = CGMutablePath()
        for _ in 0..<5 {
            p.addLines(between: [CGPoint(x: 3.0, y: 6.1), CGPoint(x: 3.875, y: 6.1), CGPoint(x: 3.0, y: 6.9)])
            p.closeSubpath()
        }
        #expect(single(p, 3, 6) == Self.alpha(0.875 * 0.8 / 2))         // 89 (the sum: 255)
    }

    /// A clockwise and a counter-clockwise rectangle overlapping inside one pixel: the overlap
    /// winds 0 and is uncovered, the rest winds ±1: 0.30 + 0.25 − 2 · 0.08.
    @Test func oppositeWindingsInsideOnePixel() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 5.1, y: 3.2, width: 0.5, height: 0.6))
        p.addLines(between: [CGPoint(x: 5.4, y: 3.4), CGPoint(x: 5.4, y: 3.9), CGPoint(x: 5.9, y: 3.9),
                             CGPoint(x: 5.9, y: 3.4)])
        p.closeSubpath()
        #expect(single(p, 5, 3) == Self.alpha(0.30 + 0.25 - 2 * 0.08))  // 99 (the sum: 13)
        // Even-odd keeps its parity rule on the accumulated value: |0.30 − 0.25|.
        #expect(single(p, 5, 3, rule: .evenOdd) == Self.alpha(0.30 - 0.25))
    }

    /// Overlapping rectangles spanning several pixels: each pixel gets |A ∩ px| + |B ∩ px| − |A ∩ B ∩ px|.
    @Test func overlappingRectanglesAcrossPixels() {
        let a = CGRect(x: 2.3, y: 1.6, width: 3.5, height: 2.2), b = CGRect(x: 4.55, y: 2.7, width: 2.1, height: 2.45)
        let p = CGMutablePath()
        p.addRect(a)
        p.addRect(b)
        let w = 10, h = 7
        let got = RasterTestImage(width: w, height: h).fill(p).alpha
        func area(_ r: CGRect) -> Double { r.isNull ? 0 : Double(r.width * r.height) }
        var worst = 0, overlapped = 0
        for py in 0..<h {
            for px in 0..<w {
                let cell = CGRect(x: px, y: py, width: 1, height: 1)
                let both = area(a.intersection(b).intersection(cell))
                let expected = Self.alpha(area(a.intersection(cell)) + area(b.intersection(cell)) - both)
                worst = max(worst, abs(Int(got[py * w + px]) - expected))
                if both > 0 && both < 1 { overlapped += 1 }
            }
        }
        #expect(worst <= 1)
        // Partly covered pixels with overlap are there: (4, 2), (5, 2), (4, 3), (5, 3).
        #expect(overlapped == 4)
    }

    /// Stroke outlines of seeded random zig-zags (sharp turns on short segments, every join and
    /// cap, widths 0.5…10): the outline's pieces overlap heavily; filled non-zero, every pixel is
    /// within 2/255 of the reference's union.
    @Test func strokeOutlinesMatchReferenceUnion() {
        var rng = SeededLCG(state: 4242)
        let w = 40, h = 32
        var worst = 0, partial = 0
        for iteration in 0..<10 {
            let p = CGMutablePath()
            var cur = CGPoint(x: 20 + (rng.next() - 0.5) * 6, y: 16 + (rng.next() - 0.5) * 6)
            p.move(to: cur)
            var heading = rng.next() * 2 * .pi
            for _ in 0..<(3 + Int(rng.next() * 6)) {
                heading += (rng.next() < 0.5 ? -1 : 1) * (2 + rng.next())   // turns of 115°…172°
                let len = 1 + rng.next() * 3
                cur = CGPoint(x: cur.x + cos(heading) * len, y: cur.y + sin(heading) * len)
                p.addLine(to: cur)
            }
            let joins: [CGLineJoin] = [.round, .bevel, .miter]
            let caps: [CGLineCap] = [.butt, .round, .square]
            let outline = p.copy(strokingWithWidth: 0.5 + rng.next() * 9.5, lineCap: caps[iteration % 3],
                                 lineJoin: joins[(iteration / 3) % 3], miterLimit: 10)
            let fast = RasterTestImage(width: w, height: h).fill(outline).alpha
            let ref = _ReferenceRasterizer.coverage(outline, rule: .winding, width: w, height: h)
            for i in 0..<(w * h) {
                worst = max(worst, abs(Int(fast[i]) - Int(ref[i])))
                if ref[i] > 0 && ref[i] < 255 { partial += 1 }
            }
        }
        #expect(worst <= 2)
        #expect(partial > 300)
    }
}
