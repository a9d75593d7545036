import CBlit
import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CBlit's OVER through an A8 mask (AVX2 when the CPU has it, and the portable kernels) against
/// pixman compositing the same source, mask and destination: pixel for pixel, on seeded random
/// images whose masks mix runs of 0 and 255 (the kernels' shortcuts) with arbitrary values.
@Suite(.runLoopTurn) struct RenderBlitMaskTests {
    typealias LCG = DamageRandomSceneTests.LCG

    /// A w×h mask, rows `stride` bytes apart: runs of 0, of 255 and of random values.
    static func mask(_ w: Int, _ h: Int, stride: Int, _ rng: inout LCG) -> [UInt8] {
        var m = [UInt8](repeating: 0xA5, count: stride * h) // padding that must not be read as mask
        for j in 0..<h {
            var i = 0
            while i < w {
                let run = 1 + rng.int(12), kind = rng.int(3)
                for k in i..<min(w, i + run) { m[j * stride + k] = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(rng.int(256)) }
                i += run
            }
        }
        return m
    }

    /// A source with runs of opaque pixels (the kernels' store shortcut) among random ones.
    static func source(_ w: Int, _ h: Int, _ rng: inout LCG) -> [UInt32] {
        var s = RenderBlitTests.image(w, h, &rng)
        for k in s.indices where rng.chance(0.3) { s[k] |= 0xFF00_0000 }
        if rng.chance(0.5) { for k in 0..<min(s.count, 16) { s[k] = 0xFF00_0000 | UInt32(k * 1000) } }
        return s
    }

    /// pixman_image_composite32(OVER, source (the image, or the solid `pixel`), mask, dst) over
    /// the rectangle (x, y, w, h) of `dst` (dw pixels wide), reading mask and source from (0, 0).
    static func pixman(src: [UInt32]?, sw: Int, pixel: UInt32, mask: [UInt8], mw: Int, mh: Int, stride: Int,
                       _ dst: inout [UInt32], dw: Int, dh: Int, rect: (Int, Int, Int, Int)) {
        var m = mask
        var s = src ?? []
        m.withUnsafeMutableBufferPointer { mp in
            s.withUnsafeMutableBufferPointer { sp in
                dst.withUnsafeMutableBufferPointer { d in
                    let mi = pixman_image_create_bits(PIXMAN_a8, Int32(mw), Int32(mh),
                                                      UnsafeMutableRawPointer(mp.baseAddress!).assumingMemoryBound(to: UInt32.self),
                                                      Int32(stride))!
                    var c = _Painter.pixmanColor(pixel)
                    let si = src == nil ? pixman_image_create_solid_fill(&c)!
                        : pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(sw), Int32(sp.count / sw), sp.baseAddress, Int32(sw * 4))!
                    let di = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(dw), Int32(dh), d.baseAddress, Int32(dw * 4))!
                    pixman_image_composite32(PIXMAN_OP_OVER, si, mi, di, 0, 0, 0, 0, Int32(rect.0), Int32(rect.1),
                                             Int32(rect.2), Int32(rect.3))
                    pixman_image_unref(mi); pixman_image_unref(si); pixman_image_unref(di)
                }
            }
        }
    }

    /// An image source through the mask; widths around multiples of 8 (the tails).
    @Test(arguments: [3 as UInt32, 42, 2024])
    func imageThroughMaskMatchesPixman(seed: UInt32) {
        var rng = LCG(s: seed)
        let dw = 61, dh = 23
        for round in 0..<40 {
            let w = 1 + rng.int(40), h = 1 + rng.int(16)
            let stride = (w + 3) & ~3 + 4 * rng.int(3)
            let mask = Self.mask(w, h, stride: stride, &rng)
            let src = Self.source(w, h, &rng)
            let dst0 = RenderBlitTests.image(dw, dh, &rng)
            let x = rng.int(dw - w + 1), y = rng.int(dh - h + 1)
            var expected = dst0
            Self.pixman(src: src, sw: w, pixel: 0, mask: mask, mw: w, mh: h, stride: stride, &expected, dw: dw, dh: dh, rect: (x, y, w, h))
            for portable in [false, true] {
                var got = dst0
                got.withUnsafeMutableBufferPointer { d in
                    src.withUnsafeBufferPointer { s in
                        mask.withUnsafeBufferPointer { m in
                            let f = portable ? cblit_over_a8_portable : cblit_over_a8
                            f(d.baseAddress! + y * dw + x, dw, s.baseAddress!, w, m.baseAddress!, stride, Int32(w), Int32(h))
                        }
                    }
                }
                if let diff = RenderBlitTests.firstDifference(got, expected, width: dw) {
                    Issue.record("seed \(seed) round \(round) \(w)×\(h) portable \(portable): \(diff)")
                }
            }
        }
    }

    /// A solid colour (opaque, translucent, transparent) through the mask, with a row stride
    /// or with one mask row repeated (stride 0, as the rectangle fill's interior rows use it).
    @Test(arguments: [7 as UInt32, 99, 65_535])
    func solidThroughMaskMatchesPixman(seed: UInt32) {
        var rng = LCG(s: seed)
        let dw = 70, dh = 20
        for round in 0..<40 {
            let w = 1 + rng.int(50), h = 1 + rng.int(12)
            let repeated = rng.chance(0.3)
            let stride = (w + 3) & ~3 + 4 * rng.int(2)
            var mask = Self.mask(w, h, stride: stride, &rng)
            if repeated { for j in 1..<h { for i in 0..<w { mask[j * stride + i] = mask[i] } } }
            let kind = rng.int(4)
            var pixel = RenderBlitTests.pixel(&rng)
            if kind == 0 { pixel |= 0xFF00_0000 } else if kind == 1 { pixel = 0 }
            let dst0 = RenderBlitTests.image(dw, dh, &rng)
            let x = rng.int(dw - w + 1), y = rng.int(dh - h + 1)
            var expected = dst0
            Self.pixman(src: nil, sw: 1, pixel: pixel, mask: mask, mw: w, mh: h, stride: stride, &expected, dw: dw, dh: dh,
                        rect: (x, y, w, h))
            for portable in [false, true] {
                var got = dst0
                got.withUnsafeMutableBufferPointer { d in
                    mask.withUnsafeBufferPointer { m in
                        let f = portable ? cblit_over_solid_a8_portable : cblit_over_solid_a8
                        f(d.baseAddress! + y * dw + x, dw, pixel, m.baseAddress!, repeated ? 0 : stride, Int32(w), Int32(h))
                    }
                }
                if let diff = RenderBlitTests.firstDifference(got, expected, width: dw) {
                    Issue.record("seed \(seed) round \(round) \(w)×\(h) pixel \(String(pixel, radix: 16)) portable \(portable): \(diff)")
                }
            }
        }
    }
}
