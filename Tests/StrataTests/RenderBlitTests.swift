import CBlit
import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CBlit's kernels (AVX2 when the CPU has it, and the portable ones) against pixman doing the
/// same operation, on seeded random images: pixel for pixel.
@Suite(.runLoopTurn) struct RenderBlitTests {
    typealias LCG = DamageRandomSceneTests.LCG

    /// A random premultiplied pixel; a quarter opaque, an eighth fully transparent.
    static func pixel(_ rng: inout LCG) -> UInt32 {
        let a: UInt32 = rng.chance(0.25) ? 255 : (rng.chance(0.17) ? 0 : UInt32(rng.int(256)))
        func c() -> UInt32 { UInt32(rng.int(Int(a) + 1)) }
        return a << 24 | c() << 16 | c() << 8 | c()
    }

    static func image(_ w: Int, _ h: Int, _ rng: inout LCG) -> [UInt32] {
        (0..<(w * h)).map { _ in pixel(&rng) }
    }

    /// A random source of up to `maxSource` pixels and a random destination of `dest` pixels.
    static func randomCase(_ rng: inout LCG, maxSource: (Int, Int), dest: (Int, Int))
        -> (src: [UInt32], sw: Int, sh: Int, dst: [UInt32]) {
        let sw = 1 + rng.int(maxSource.0), sh = 1 + rng.int(maxSource.1)
        let src = image(sw, sh, &rng)
        return (src, sw, sh, image(dest.0, dest.1, &rng))
    }

    /// pixman_image_composite32 over `dst` (w×h) with `src` (sw×sh), optional solid alpha mask.
    static func pixman(_ op: pixman_op_t, _ src: [UInt32], _ sw: Int, _ sh: Int, _ dst: inout [UInt32], _ w: Int, _ h: Int,
                       alpha: UInt16, transform: pixman_transform_t? = nil,
                       srcXY: (Int, Int), dstRect: (Int, Int, Int, Int)) {
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                // pixman only reads the source.
                let si = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(sw), Int32(sh), UnsafeMutablePointer(mutating: s.baseAddress),
                                                  Int32(sw * 4))!
                let di = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(w), Int32(h), d.baseAddress, Int32(w * 4))!
                if var t = transform {
                    pixman_image_set_transform(si, &t)
                    pixman_image_set_filter(si, PIXMAN_FILTER_BILINEAR, nil, 0)
                }
                var mask: OpaquePointer?
                if alpha < 255 {
                    var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: alpha * 257)
                    mask = pixman_image_create_solid_fill(&c)
                }
                pixman_image_composite32(op, si, mask, di, Int32(srcXY.0), Int32(srcXY.1), 0, 0,
                                         Int32(dstRect.0), Int32(dstRect.1), Int32(dstRect.2), Int32(dstRect.3))
                if let mask { pixman_image_unref(mask) }
                pixman_image_unref(si)
                pixman_image_unref(di)
            }
        }
    }

    static func firstDifference(_ a: [UInt32], _ b: [UInt32], width: Int) -> String? {
        guard let k = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return nil }
        return "first difference at (\(k % width), \(k / width)): \(String(a[k], radix: 16)) ≠ pixman \(String(b[k], radix: 16))"
    }

    /// OVER with and without constant alpha, integer offsets, odd widths (the 8-pixel tails).
    @Test(arguments: [1 as UInt32, 77, 4096])
    func overMatchesPixman(seed: UInt32) {
        var rng = LCG(s: seed)
        for round in 0..<40 {
            let (src, sw, sh, dst0) = Self.randomCase(&rng, maxSource: (45, 20), dest: (50, 24))
            Self.checkOver(src, sw, sh, dst0, 50, 24, &rng, "seed \(seed) round \(round)")
        }
    }

    /// Rows opaque over a random prefix (as the benchmark's layer images: whole 8-pixel blocks
    /// of alpha 255, the AVX2 kernel's fixed-blend path under an opacity), then random pixels.
    @Test(arguments: [3 as UInt32, 300, 30000])
    func overOfOpaqueRunsMatchesPixman(seed: UInt32) {
        var rng = LCG(s: seed)
        for round in 0..<40 {
            var (src, sw, sh, dst0) = Self.randomCase(&rng, maxSource: (64, 12), dest: (70, 14))
            for j in 0..<sh {
                // Channels stay ≤ alpha: still premultiplied.
                for i in 0..<rng.int(sw + 1) { src[j * sw + i] |= 0xFF00_0000 }
            }
            Self.checkOver(src, sw, sh, dst0, 70, 14, &rng, "seed \(seed) round \(round)")
        }
    }

    /// cblit_over and cblit_over_portable of `src` at a random place of `dst0` (w × h) with a
    /// random alpha (0, 255, 1, 128, 254 or any), against pixman.
    static func checkOver(_ src: [UInt32], _ sw: Int, _ sh: Int, _ dst0: [UInt32], _ w: Int, _ h: Int, _ rng: inout LCG,
                          _ label: String) {
        let choices: [UInt16] = [0, 255, 1, 128, 254, UInt16(rng.int(256)), UInt16(rng.int(256))]
        let alpha = choices[rng.int(choices.count)]
        let x = rng.int(w - 1), y = rng.int(h - 1)
        let cw = min(sw, w - x), ch = min(sh, h - y)
        var expected = dst0
        pixman(PIXMAN_OP_OVER, src, sw, sh, &expected, w, h, alpha: alpha, srcXY: (0, 0), dstRect: (x, y, cw, ch))
        for portable in [false, true] {
            var got = dst0
            got.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { s in
                    let f = portable ? cblit_over_portable : cblit_over
                    f(d.baseAddress! + y * w + x, w, s.baseAddress!, sw, Int32(cw), Int32(ch), UInt32(alpha))
                }
            }
            if let diff = firstDifference(got, expected, width: w) {
                Issue.record("\(label) alpha \(alpha) portable \(portable): \(diff)")
            }
        }
    }

    /// SRC copy and solid fill write exactly the rectangle.
    @Test func copyAndFillMatchPixman() {
        var rng = LCG(s: 5)
        for _ in 0..<20 {
            let w = 37, h = 11, sw = 1 + rng.int(30), sh = 1 + rng.int(10)
            let src = Self.image(sw, sh, &rng)
            let dst0 = Self.image(w, h, &rng)
            let x = rng.int(w - sw + 1), y = rng.int(h - sh + 1)
            var expected = dst0, got = dst0
            Self.pixman(PIXMAN_OP_SRC, src, sw, sh, &expected, w, h, alpha: 255, srcXY: (0, 0), dstRect: (x, y, sw, sh))
            got.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { cblit_copy(d.baseAddress! + y * w + x, w, $0.baseAddress!, sw, Int32(sw), Int32(sh)) }
            }
            #expect(Self.firstDifference(got, expected, width: w) == nil)
            let p = Self.pixel(&rng)
            var filled = dst0
            filled.withUnsafeMutableBufferPointer { cblit_fill($0.baseAddress! + y * w + x, w, Int32(sw), Int32(sh), p) }
            for j in 0..<h { for i in 0..<w {
                let inside = i >= x && i < x + sw && j >= y && j < y + sh
                #expect(filled[j * w + i] == (inside ? p : dst0[j * w + i]))
            } }
        }
    }

    /// Large fills inside a larger image, starting off 32-byte alignment: streaming stores,
    /// regular ones, memset (a pixel of four equal bytes) and string stores (any other pixel,
    /// rows of 512 pixels or more; odd starts and ends) change exactly the rectangle.
    @Test(arguments: [0 as UInt32, 1, 2, 3])
    func largeFillWritesExactlyTheRectangle(kind: UInt32) {
        let w = 700, h = 420, x = 3, y = 5, fw = 690, fh = 410 // 1.1 MiB filled
        let pixel: UInt32 = kind == 2 ? 0x5555_5555 : 0xFF10_2030
        var image = [UInt32](repeating: 0x1234_5678, count: w * h)
        image.withUnsafeMutableBufferPointer {
            if kind >= 2 {
                cblit_fill($0.baseAddress! + y * w + x, w, Int32(fw), Int32(fh), pixel)
            } else {
                cblit_fill_stores($0.baseAddress! + y * w + x, w, Int32(fw), Int32(fh), pixel, Int32(kind))
            }
        }
        var wrong = 0
        for j in 0..<h { for i in 0..<w {
            let inside = i >= x && i < x + fw && j >= y && j < y + fh
            if image[j * w + i] != (inside ? pixel : 0x1234_5678) { wrong += 1 }
        } }
        #expect(wrong == 0)
        // A contiguous block (stride = width) of equal bytes: one memset.
        // Owned bitmaps start on a cache line.
        #expect(Int(bitPattern: Bitmap(width: 3, height: 2)!.pixels) % 64 == 0)
        #expect(Int(bitPattern: Bitmap(width: 1920, height: 1080)!.pixels) % 64 == 0)
        var block = [UInt32](repeating: 7, count: 64 * 10 + 1)
        block.withUnsafeMutableBufferPointer { cblit_fill($0.baseAddress!, 64, 64, 10, 0xFFFF_FFFF) }
        #expect(block.prefix(640).allSatisfy { $0 == 0xFFFF_FFFF } && block[640] == 7)
        // A contiguous block of another pixel from an odd pixel: one string fill.
        var rows = [UInt32](repeating: 7, count: 601 * 3 + 2)
        rows.withUnsafeMutableBufferPointer { cblit_fill($0.baseAddress! + 1, 601, 601, 3, 0x8040_2010) }
        #expect(rows[0] == 7 && rows[1...1803].allSatisfy { $0 == 0x8040_2010 } && rows[1804] == 7)
    }

    static func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }

    /// Bilinear OVER under rotations, scales, fractional and whole translations (the
    /// compositor's rot15 and frac cases among them), every source edge crossing the
    /// destination: against pixman's BILINEAR + REPEAT_NONE compositing.
    @Test(arguments: [2 as UInt32, 15, 999, 31337])
    func bilinearMatchesPixman(seed: UInt32) {
        var rng = LCG(s: seed)
        for round in 0..<30 {
            let w = 72, h = 64
            let (src, sw, sh, dst0) = Self.randomCase(&rng, maxSource: (40, 40), dest: (w, h))
            let alpha: UInt16 = rng.chance(0.3) ? 255 : UInt16(1 + rng.int(255))
            let kind = round % 4
            let angle = kind == 0 ? 15 * Double.pi / 180 : (kind == 1 ? 0 : rng.next() * 2 * .pi)
            let scale = kind < 2 ? 1 : 0.5 + rng.next() * 1.5
            let (c, s) = (cos(angle) / scale, sin(angle) / scale)
            // Inverse map: device → source, centred on the destination.
            let tx = -(c * 36 + s * 32) + Double(sw) / 2 + (kind == 1 && rng.chance(0.3) ? 0 : rng.next() * 4 - 2)
            let ty = -(-s * 36 + c * 32) + Double(sh) / 2 + rng.next() * 4 - 2
            var t = pixman_transform_t(matrix: ((Self.fixed(c), Self.fixed(s), Self.fixed(tx)),
                                                (Self.fixed(-s), Self.fixed(c), Self.fixed(ty)),
                                                (0, 0, 65536)))
            if kind == 1 { t.matrix.0.1 = 0; t.matrix.1.0 = 0 }
            let ox = rng.int(5) - 2, oy = rng.int(5) - 2
            let r = (rng.int(8), rng.int(8), w - 8 - rng.int(8), h - 8 - rng.int(8))
            var expected = dst0
            Self.pixman(PIXMAN_OP_OVER, src, sw, sh, &expected, w, h, alpha: alpha, transform: t,
                        srcXY: (r.0 + ox, r.1 + oy), dstRect: r)
            var m = cblit_affine(xx: t.matrix.0.0, xy: t.matrix.0.1, x0: t.matrix.0.2, yx: t.matrix.1.0, yy: t.matrix.1.1, y0: t.matrix.1.2)
            for portable in [false, true] {
                var got = dst0
                let ok = got.withUnsafeMutableBufferPointer { d in
                    src.withUnsafeBufferPointer { sp in
                        let f = portable ? cblit_over_bilinear_portable : cblit_over_bilinear
                        return f(d.baseAddress! + r.1 * w + r.0, w, Int32(r.2), Int32(r.3), Int32(r.0 + ox), Int32(r.1 + oy),
                                 sp.baseAddress!, sw, Int32(sw), Int32(sh), &m, UInt32(alpha))
                    }
                }
                #expect(ok == 1)
                if let diff = Self.firstDifference(got, expected, width: w) {
                    Issue.record("seed \(seed) round \(round) kind \(kind) alpha \(alpha) portable \(portable): \(diff)")
                }
            }
        }
    }

    /// Sources pixman's 16.16 arithmetic cannot address are refused, not drawn wrongly.
    @Test func bilinearRefusesOutOfRangeMappings() {
        let src: [UInt32] = [0xFFFF_FFFF]
        var dst: [UInt32] = [0]
        var m = cblit_affine(xx: 65536, xy: 0, x0: Int32.max / 2, yx: 0, yy: 65536, y0: 0)
        let r = dst.withUnsafeMutableBufferPointer { d in
            src.withUnsafeBufferPointer { cblit_over_bilinear(d.baseAddress!, 1, 1, 1, 0, 0, $0.baseAddress!, 1, 1, 1, &m, 255) }
        }
        #expect(r == 0)
        #expect(dst == [0])
    }

    /// Contents layers at whole, fractional and rotated placements with opacity, painted with
    /// the kernels and through pixman only: the same pixels, whatever band is repainted.
    @Test(arguments: [8 as UInt32, 64, 640])
    func contentsLayersMatchPixmanPath(seed: UInt32) {
        var rng = LCG(s: seed)
        let images = (0..<3).map { k in
            CGImage(width: 20 + 7 * k, height: 16 + 5 * k) { p in
                for i in 0..<((20 + 7 * k) * (16 + 5 * k)) { p[i] = Self.pixel(&rng) }
            }!
        }
        var root = RenderLayer(id: 1)
        root.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        for i in 0..<40 {
            var l = RenderLayer(id: UInt64(i + 2))
            let img = images[i % 3]
            l.bounds = CGRect(x: 0, y: 0, width: img.width, height: img.height)
            l.contents = img
            let x = Double(rng.int(130) - 10), y = Double(rng.int(100) - 10)
            switch i % 3 {
            case 0: l.anchorPoint = .zero; l.position = CGPoint(x: x, y: y)
            case 1: l.anchorPoint = .zero; l.position = CGPoint(x: x + rng.next(), y: y + rng.next())
            default:
                l.position = CGPoint(x: x, y: y)
                l.transform = CATransform3DMakeRotation(rng.next() * 2 * .pi, 0, 0, 1)
            }
            if rng.chance(0.7) { l.opacity = Float(rng.next()) }
            root.sublayers.append(l)
        }
        let list = _FrameList()
        list.build(root, scale: 1)
        for _ in 0..<3 {
            let x = rng.int(60), y = rng.int(45)
            let region = Region(x: x, y: y, width: 1 + rng.int(120 - x), height: 1 + rng.int(90 - y))
            let fast = Bitmap(width: 120, height: 90)!, reference = Bitmap(width: 120, height: 90)!
            let direct = _Painter(), pixman = _Painter()
            pixman.directDrawing = false
            direct.paint(list, into: fast, region: region)
            pixman.paint(list, into: reference, region: region)
            #expect(fast.hasSamePixels(as: reference), "seed \(seed), region \(region)")
        }
    }
}
