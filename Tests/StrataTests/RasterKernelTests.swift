import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CRaster's AVX2 and portable kernels must give the same pixels, to the bit.
@Suite(.runLoopTurn) struct RasterKernelTests {
    /// A background of varied, valid premultiplied pixels, so blends see every kind of input.
    static func background(_ img: RasterTestImage, seed: UInt32) {
        var rng = SeededLCG(state: seed)
        let stride = Int(pixman_image_get_stride(img.image))
        let base = UnsafeMutableRawPointer(pixman_image_get_data(img.image)!)
        for y in 0..<img.height {
            for x in 0..<img.width {
                let a = UInt32(rng.next() * 256)
                if pixman_image_get_format(img.image) == PIXMAN_a8 {
                    base.storeBytes(of: UInt8(a), toByteOffset: y * stride + x, as: UInt8.self)
                } else {
                    let r = UInt32(rng.next() * Double(a + 1)), g = UInt32(rng.next() * Double(a + 1))
                    let b = UInt32(rng.next() * Double(a + 1))
                    base.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: y * stride + 4 * x, as: UInt32.self)
                }
            }
        }
    }

    /// `p` filled into two `w`×`h` ARGB32 images of the same varied background (seeded by
    /// `seed`), with the AVX2 kernels and with the portable ones: their pixels and the background's.
    static func argbBothWays(_ p: CGPath, rule: CGPathFillRule, color: CGColor, width w: Int, height h: Int,
                             seed: UInt32) -> (fast: [UInt32], portable: [UInt32], before: [UInt32]) {
        let fast = RasterTestImage(width: w, height: h, format: PIXMAN_a8r8g8b8)
        let portable = RasterTestImage(width: w, height: h, format: PIXMAN_a8r8g8b8)
        background(fast, seed: seed)
        background(portable, seed: seed)
        let before = fast.argb
        let r = PathRasterizer()
        r.fill(path: p, rule: rule, color: color, into: fast.image)
        r.usesPortableKernels = true
        r.fill(path: p, rule: rule, color: color, into: portable.image)
        return (fast.argb, portable.argb, before)
    }

    /// 60 random paths from `path` (seeded by `state`), both rules in turn, clipped by
    /// `clip(iteration)`: each is filled into two A8 images of the same varied background (seeded
    /// by iteration + `seed`) with the AVX2 kernels and with the portable ones, translucent ink
    /// on three iterations of four. Every fill must give the same coverage to the bit, and at
    /// least 55 must ink something.
    static func expectAVX2CoverageMatchesPortable(state: UInt32, seed: Int, clip: (Int) -> CGRect?,
                                                  path: (inout SeededLCG) -> CGPath) {
        var rng = SeededLCG(state: state)
        let w = 120, h = 110
        var differing = 0, inked = 0
        for iteration in 0..<60 {
            let p = path(&rng)
            let rule: CGPathFillRule = iteration % 2 == 0 ? .winding : .evenOdd
            let color = CGColor(red: 0.3, green: 0.5, blue: 0.7, alpha: iteration % 4 == 0 ? 1 : 0.6)
            let fast = RasterTestImage(width: w, height: h, format: PIXMAN_a8)
            let portable = RasterTestImage(width: w, height: h, format: PIXMAN_a8)
            background(fast, seed: UInt32(iteration + seed))
            background(portable, seed: UInt32(iteration + seed))
            let before = fast.alpha
            let r = PathRasterizer()
            r.fill(path: p, rule: rule, color: color, into: fast.image, clip: clip(iteration))
            r.usesPortableKernels = true
            r.fill(path: p, rule: rule, color: color, into: portable.image, clip: clip(iteration))
            if fast.alpha != portable.alpha { differing += 1 }
            if fast.alpha != before { inked += 1 }
        }
        #expect(differing == 0)
        #expect(inked >= 55)
    }

    /// Wide, flat random polygons (long runs of edge pixels, which the AVX2 blit takes 8 at a
    /// time) and steep ones, both rules, opaque and translucent colours, ARGB32 and A8 targets.
    @Test func avx2AndPortableKernelsGiveTheSamePixels() {
        var rng = SeededLCG(state: 777)
        let w = 150, h = 60
        var inked = 0
        for iteration in 0..<40 {
            let p = CGMutablePath()
            let flat = iteration % 3 != 2
            p.move(to: CGPoint(x: rng.next() * 170 - 10, y: rng.next() * 70 - 5))
            for _ in 0..<(3 + Int(rng.next() * 6)) {
                let x = rng.next() * 170 - 10
                let y = flat ? rng.next() * 12 + Double(iteration % 4) * 12 : rng.next() * 70 - 5
                if rng.next() < 0.3 {
                    p.addQuadCurve(to: CGPoint(x: x, y: y), control: CGPoint(x: rng.next() * 150, y: rng.next() * 60))
                } else {
                    p.addLine(to: CGPoint(x: x, y: y))
                }
            }
            p.closeSubpath()
            let rule: CGPathFillRule = iteration % 2 == 0 ? .winding : .evenOdd
            let color = iteration % 4 < 2 ? CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
                                          : CGColor(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.55)
            let format = iteration % 5 == 4 ? PIXMAN_a8 : PIXMAN_a8r8g8b8
            let seed = UInt32(iteration + 1)
            let fast = RasterTestImage(width: w, height: h, format: format)
            let portable = RasterTestImage(width: w, height: h, format: format)
            Self.background(fast, seed: seed)
            Self.background(portable, seed: seed)
            func pixels(_ img: RasterTestImage) -> [UInt32] {
                format == PIXMAN_a8 ? img.alpha.map { UInt32($0) } : img.argb
            }
            let before = pixels(fast)
            let r = PathRasterizer()
            r.fill(path: p, rule: rule, color: color, into: fast.image)
            r.usesPortableKernels = true
            r.fill(path: p, rule: rule, color: color, into: portable.image)
            #expect(pixels(fast) == pixels(portable), "iteration \(iteration)")
            if pixels(fast) != before { inked += 1 }
        }
        #expect(inked >= 36)
    }

    /// Long edges of every slope, over several row bands and across a clip's sides: the AVX2 edge
    /// walk (8 rows at a time, for edges of 3 rows or more) and the portable one write the same
    /// cells, so the A8 coverage (every level of it, translucent ink over a varied background)
    /// is the same to the bit, also where an edge's pieces fold into the clip's first column.
    @Test func avx2EdgeWalkGivesThePortableCoverage() {
        Self.expectAVX2CoverageMatchesPortable(state: 4242, seed: 100, clip: { iteration in
            iteration % 3 == 0 ? nil : CGRect(x: 7 + Double(iteration % 11), y: 5, width: 83, height: 97)
        }) { rng in
            // Star-like polygons of 3…7 long edges whose slopes range from steep to near-flat,
            // some vertices outside the image, quarter-pixel and odd fractional coordinates.
            let p = CGMutablePath()
            let n = 3 + Int(rng.next() * 5)
            for k in 0..<n {
                let px = ((rng.next() * 150 - 15) * 256).rounded() / 256
                let py = ((rng.next() * 130 - 10) * 256).rounded() / 256
                let pt = CGPoint(x: px, y: py)
                if k == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
            }
            p.closeSubpath()
            return p
        }
    }

    /// Many short edges (small circles, rings and polygons, most edges under 3 rows tall) over
    /// several row bands, with and without a clip whose sides cut through them: the AVX2 batches
    /// of 8 short edges (one lane per edge, partial batches at each band's end) write the cells
    /// the portable walk writes, so the A8 coverage is the same to the bit.
    @Test func avx2ShortEdgeBatchesGiveThePortableCoverage() {
        Self.expectAVX2CoverageMatchesPortable(state: 8088, seed: 300, clip: { iteration in
            iteration % 3 == 0 ? nil : CGRect(x: 7.5 + Double(iteration % 9), y: 3, width: 91, height: 99)
        }) { rng in
            let p = CGMutablePath()
            for _ in 0..<(1 + Int(rng.next() * 30)) {
                let cx = rng.next() * 130 - 5, cy = rng.next() * 120 - 5
                switch Int(rng.next() * 3) {
                case 0:
                    let r = 0.3 + rng.next() * 6
                    p.addEllipse(in: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r * (0.5 + rng.next())))
                case 1:
                    let r = 1 + rng.next() * 5
                    p.addEllipse(in: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
                    p.addEllipse(in: CGRect(x: cx - r / 2, y: cy - r / 2, width: r, height: r))
                default:
                    p.move(to: CGPoint(x: cx, y: cy))
                    for _ in 0..<(2 + Int(rng.next() * 6)) {
                        p.addLine(to: CGPoint(x: cx + rng.next() * 12 - 6, y: cy + rng.next() * 5 - 2.5))
                    }
                    p.closeSubpath()
                }
            }
            return p
        }
    }

    /// Constant-coverage spans (interiors under translucent ink, and the partly covered rows of
    /// horizontal edges under any ink), which the AVX2 sweep blends 8 pixels a step (32 on A8
    /// targets) and the portable one pixel by pixel: rectangles of every width from 1 to 140 px,
    /// fractional tops and bottoms, random alphas, over a varied background, give the same pixels
    /// to the bit on both targets.
    @Test func translucentAndPartlyCoveredSpansGiveThePortablePixels() {
        var rng = SeededLCG(state: 2026)
        let w = 150, h = 24
        for iteration in 0..<80 {
            let width = Double(1 + iteration % 140) + (iteration % 3 == 0 ? 0 : rng.next())
            let x = (rng.next() * Double(w - 1) - 4).rounded(.down) + (iteration % 2 == 0 ? 0 : 0.25)
            let y = 1 + rng.next() * 4
            let rect = CGRect(x: x, y: y, width: width, height: 3 + rng.next() * 14)
            let alpha = iteration % 5 == 0 ? 1 : 0.05 + 0.9 * rng.next()
            let color = CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: alpha)
            let format = iteration % 2 == 0 ? PIXMAN_a8r8g8b8 : PIXMAN_a8
            let fast = RasterTestImage(width: w, height: h, format: format)
            let portable = RasterTestImage(width: w, height: h, format: format)
            Self.background(fast, seed: UInt32(iteration + 7))
            Self.background(portable, seed: UInt32(iteration + 7))
            let r = PathRasterizer()
            r.fill(path: CGPath(rect: rect, transform: nil), color: color, into: fast.image)
            r.usesPortableKernels = true
            r.fill(path: CGPath(rect: rect, transform: nil), color: color, into: portable.image)
            if format == PIXMAN_a8 {
                #expect(fast.alpha == portable.alpha, "iteration \(iteration)")
            } else {
                #expect(fast.argb == portable.argb, "iteration \(iteration)")
            }
        }
    }

    /// Rows wider than 4096 cells, whose bitmaps the AVX2 sweep reads 64 words at a time: a zigzag
    /// 4400 px wide with crossings on both sides of cell 4096 (and of the words around it) gives
    /// the portable pixels, opaque and translucent, both rules; its interior left of and right of
    /// that cell is the plain colour, and the pixels beyond its right end keep the background.
    @Test func rowsWiderThanOneBitmapChunkGiveThePortablePixels() {
        let w = 4400, h = 12
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 3.25, y: 1.5))
        for (k, x) in [300.5, 4050.75, 4093.5, 4101.25, 4160.5, 4350.25].enumerated() {
            p.addLine(to: CGPoint(x: x, y: k % 2 == 0 ? 0.75 : 2.25))
        }
        p.addLine(to: CGPoint(x: 4352.5, y: 10.5))
        p.addLine(to: CGPoint(x: 4090.25, y: 9.25))
        p.addLine(to: CGPoint(x: 2.5, y: 10.75))
        p.closeSubpath()
        for (iteration, alpha) in [1.0, 0.45, 1.0, 0.45].enumerated() {
            let rule: CGPathFillRule = iteration < 2 ? .winding : .evenOdd
            let color = CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: alpha)
            let (fast, portable, before) = Self.argbBothWays(p, rule: rule, color: color, width: w, height: h,
                                                             seed: UInt32(iteration + 31))
            #expect(fast == portable, "iteration \(iteration)")
            if alpha == 1 {
                for x in [100, 2000, 4000, 4120, 4300] {
                    #expect(fast[5 * w + x] == color.premultipliedARGB32, "x \(x)")
                }
            }
            for x in [4360, 4399] {
                #expect(fast[5 * w + x] == before[5 * w + x], "x \(x)")
            }
        }
    }

    /// One value worked out by hand: 60 % opaque (r, g, b) = (1, 0.5, 0) premultiplied is
    /// (153, 153, 77, 0) after rounding; over opaque white a full pixel becomes
    /// 153 + 255·102/255 = 255 for alpha and red, 77 + 102 = 179 for green, 0 + 102 for blue; a
    /// row half covered (coverage 128/255) scales the colour to (77, 77, 39, 0) and keeps
    /// 255·178/255 = 178 of white: (255, 255, 217, 178).
    @Test func aTranslucentSpanHasTheWorkedOutPixels() {
        let img = RasterTestImage(width: 64, height: 4, format: PIXMAN_a8r8g8b8)
        let data = pixman_image_get_data(img.image)!
        for i in 0..<(64 * 4) { data[i] = 0xFFFF_FFFF }
        let color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.6)
        PathRasterizer().fill(path: CGPath(rect: CGRect(x: 0, y: 0.5, width: 64, height: 2.5), transform: nil),
                              color: color, into: img.image)
        #expect(color.premultipliedARGB32 == 0x9999_4D00)
        for x in [0, 7, 8, 40, 63] {
            #expect(img.argb[0 * 64 + x] == 0xFFFF_D9B2, "x \(x)")
            #expect(img.argb[1 * 64 + x] == 0xFFFF_B366, "x \(x)")
            #expect(img.argb[2 * 64 + x] == 0xFFFF_B366, "x \(x)")
            #expect(img.argb[3 * 64 + x] == 0xFFFF_FFFF, "x \(x)")
        }
    }
}
