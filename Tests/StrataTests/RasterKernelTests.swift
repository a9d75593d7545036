import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CRaster's AVX2 and portable kernels must give the same pixels, to the bit.
@Suite(.runLoopTurn) struct RasterKernelTests {
    /// A background of varied, valid premultiplied pixels, so blends see every kind of input.
    private static func background(_ img: RasterTestImage, seed: UInt32) {
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
}
