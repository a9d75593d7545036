import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Bands whose rows are all alike (only vertical edges, each through the whole band) are drawn by
/// replaying their first row's runs on the others (`craster_fill`'s replay): the pixels must be
/// those of sweeping every row, to the bit.
@Suite(.runLoopTurn) struct RowReplayTests {
    /// 0xFFFF_FFFF everywhere.
    private static func white(_ img: RasterTestImage) {
        let data = pixman_image_get_data(img.image)!
        for i in 0..<(img.width * img.height) { data[i] = 0xFFFF_FFFF }
    }

    /// Red over white, x 2.25 … 9.5, rows 0 … 69 (three bands, all replayed): pixel 2 is ¾
    /// covered, alpha round(255 · ¾) = 191, so (191, 191, 0, 0) + white · 64/255 = (255, 255, 64,
    /// 64); pixel 9 half, alpha 128: (255, 255, 127, 127); 3 … 8 red; 1 and 10 white.
    @Test func aRectangleHasTheWorkedOutPixels() {
        let w = 16, h = 72
        let img = RasterTestImage(width: w, height: h, format: PIXMAN_a8r8g8b8)
        Self.white(img)
        let r = PathRasterizer()
        r.fill(path: CGPath(rect: CGRect(x: 2.25, y: 0, width: 7.25, height: 70), transform: nil),
               color: CGColor(red: 1, green: 0, blue: 0, alpha: 1), into: img.image)
        #expect(r.replayedBands == 3)
        // Each band's rows are a mask run (pixels 2 and 3), a span and a mask run (pixel 9; 10 at
        // alpha 0): one shape's two sides.
        #expect(r.replayedSides == 3)
        for y in [0, 31, 32, 69] {
            #expect(img.argb[y * w + 1] == 0xFFFF_FFFF, "y \(y)")
            #expect(img.argb[y * w + 2] == 0xFFFF_4040, "y \(y)")
            for x in 3...8 { #expect(img.argb[y * w + x] == 0xFFFF_0000, "x \(x) y \(y)") }
            #expect(img.argb[y * w + 9] == 0xFFFF_7F7F, "y \(y)")
            #expect(img.argb[y * w + 10] == 0xFFFF_FFFF, "y \(y)")
        }
        #expect(img.argb[70 * w + 5] == 0xFFFF_FFFF)
    }

    /// Two opaque blue bars side by side over white, x 1.5 … 5.25 and 8.25 … 12.5, rows 0 … 39
    /// (two bands, both replayed from a list of pixels and spans): coverage ½, ¼, ¾ and ½ at
    /// pixels 1, 5, 8 and 12 give alphas 128, 64, 191 and 128, and blue at alpha a over white is
    /// (255, 255 − a, 255 − a, 255).
    @Test func barsSideBySideHaveTheWorkedOutPixels() {
        let w = 16, h = 48
        let img = RasterTestImage(width: w, height: h, format: PIXMAN_a8r8g8b8)
        Self.white(img)
        let r = PathRasterizer()
        let bars = CGMutablePath()
        bars.addRect(CGRect(x: 1.5, y: 0, width: 3.75, height: 40))
        bars.addRect(CGRect(x: 8.25, y: 0, width: 4.25, height: 40))
        r.fill(path: bars, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1), into: img.image)
        #expect(r.replayedBands == 2)
        #expect(r.replayedLists == 2)
        let expected: [Int: UInt32] = [0: 0xFFFF_FFFF, 1: 0xFF7F_7FFF, 5: 0xFFBF_BFFF, 6: 0xFFFF_FFFF, 7: 0xFFFF_FFFF,
                                       8: 0xFF40_40FF, 12: 0xFF7F_7FFF, 13: 0xFFFF_FFFF]
        for y in [0, 31, 32, 39] {
            for (x, v) in expected { #expect(img.argb[y * w + x] == v, "x \(x) y \(y)") }
            for x in [2, 3, 4, 9, 10, 11] { #expect(img.argb[y * w + x] == 0xFF00_00FF, "x \(x) y \(y)") }
        }
        #expect(img.argb[40 * w + 3] == 0xFFFF_FFFF)
    }

    /// Opaque spans of every length from 1 to 20 pixels (`craster_fill_pixels`: overlapping
    /// 4-pixel stores from 4 to 15, which must stop at the span's end), in replayed bands of one
    /// bar (replay_sides) and of two bars side by side (replay_ops), AVX2 and portable kernels:
    /// a bar from x 2.5 to 3.5 + n has pixels 3 … 2 + n blue (pixel 3 from the edge's mask run,
    /// 4 … 2 + n the span of n − 1 pixels), pixels 2 and 3 + n half covered (blue at alpha 128
    /// over white: 0xFF7F_7FFF), pixel 4 + n white; the second bar starts at 40.
    @Test func spansOfEveryShortLengthEndWhereTheyShould() {
        let w = 64, h = 40
        for portable in [false, true] {
            for twoBars in [false, true] {
                for n in 2...21 {
                    let img = RasterTestImage(width: w, height: h, format: PIXMAN_a8r8g8b8)
                    Self.white(img)
                    let path = CGMutablePath()
                    path.addRect(CGRect(x: 2.5, y: 0, width: Double(n) + 1, height: 32))
                    if twoBars { path.addRect(CGRect(x: 40, y: 0, width: 10, height: 32)) }
                    let r = PathRasterizer()
                    r.usesPortableKernels = portable
                    r.fill(path: path, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1), into: img.image)
                    #expect(r.replayedBands == 1)
                    #expect((twoBars ? r.replayedLists : r.replayedSides) == 1)
                    for y in [0, 17, 31] {
                        let row = Array(img.argb[(y * w)..<(y * w + w)])
                        let tag = "n \(n) y \(y) portable \(portable) two bars \(twoBars)"
                        #expect(row[1] == 0xFFFF_FFFF, "\(tag)")
                        #expect(row[2] == 0xFF7F_7FFF, "\(tag)")
                        #expect(row[3...(2 + n)].allSatisfy { $0 == 0xFF00_00FF }, "\(tag)")
                        #expect(row[3 + n] == 0xFF7F_7FFF, "\(tag)")
                        #expect(row[4 + n] == 0xFFFF_FFFF, "\(tag)")
                    }
                }
            }
        }
    }

    /// 80 seeded scenes of 1–4 rectangles and rounded rectangles (fractional sides, up to 150 rows,
    /// overlapping or side by side), both fill rules, opaque and translucent ink, ARGB32 and A8
    /// targets, some under a clip that cuts through them, with the AVX2 and the portable
    /// kernels: replayed and swept fills give the same pixels, and bands are replayed in most.
    @Test func replayedBandsGiveTheSweptPixels() {
        var rng = SeededLCG(state: 4242)
        let w = 96, h = 160
        var replayedScenes = 0, sidesScenes = 0, listScenes = 0
        for iteration in 0..<80 {
            let path = CGMutablePath()
            for _ in 0..<(1 + Int(rng.next() * 4)) {
                let rect = CGRect(x: rng.next() * 80 - 4, y: rng.next() * 40 - 4,
                                  width: 0.3 + rng.next() * 50, height: 20 + rng.next() * 130)
                if rng.next() < 0.3 {
                    path.addRoundedRect(in: rect, cornerWidth: min(rect.width / 2, 6), cornerHeight: 6)
                } else {
                    path.addRect(rect)
                }
            }
            let rule: CGPathFillRule = iteration % 2 == 0 ? .winding : .evenOdd
            let color = CGColor(red: rng.next(), green: rng.next(), blue: rng.next(),
                                alpha: iteration % 3 == 0 ? 0.2 + 0.7 * rng.next() : 1)
            let format = iteration % 4 == 3 ? PIXMAN_a8 : PIXMAN_a8r8g8b8
            let clip: CGRect? = iteration % 5 == 4 ? CGRect(x: 10.5, y: 20.25, width: 60, height: 100) : nil
            let portable = iteration % 8 >= 6
            let replayed = RasterTestImage(width: w, height: h, format: format)
            let swept = RasterTestImage(width: w, height: h, format: format)
            RasterKernelTests.background(replayed, seed: UInt32(iteration + 3))
            RasterKernelTests.background(swept, seed: UInt32(iteration + 3))
            let r = PathRasterizer()
            r.usesPortableKernels = portable
            r.fill(path: path, rule: rule, color: color, into: replayed.image, clip: clip)
            if r.replayedBands > 0 { replayedScenes += 1 }
            if r.replayedSides > 0 { sidesScenes += 1 }
            if r.replayedLists > 0 { listScenes += 1 }
            r.replaysRows = false
            r.fill(path: path, rule: rule, color: color, into: swept.image, clip: clip)
            #expect(r.replayedBands == 0)
            let a = format == PIXMAN_a8 ? replayed.alpha.map(UInt32.init) : replayed.argb
            let b = format == PIXMAN_a8 ? swept.alpha.map(UInt32.init) : swept.argb
            let differing = a.indices.first { a[$0] != b[$0] } ?? -1
            #expect(differing == -1, "iteration \(iteration): pixel (\(differing % w), \(differing / w))")
        }
        #expect(replayedScenes >= 50)
        // Scenes of one shape, or of shapes side by side in some bands, go through replay_sides.
        #expect(sidesScenes >= 20)
        // Opaque scenes of shapes side by side go through replay_ops.
        #expect(listScenes >= 10)
    }

    /// A band with a slanted edge, or a vertical edge that starts inside it, is swept: the
    /// replay is for rows that are all alike only.
    @Test func bandsWithOtherEdgesAreSwept() {
        let img = RasterTestImage(width: 40, height: 64, format: PIXMAN_a8r8g8b8)
        Self.white(img)
        let r = PathRasterizer()
        let slanted = CGMutablePath()
        slanted.addLines(between: [CGPoint(x: 2, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 31, y: 64),
                                   CGPoint(x: 2, y: 64)])
        slanted.closeSubpath()
        r.fill(path: slanted, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1), into: img.image)
        #expect(r.replayedBands == 0)
        // Rows 0 … 39 are alike, and so are rows 40 … 63; the band of rows 32 … 63 holds vertical
        // edges from row 40 on: only the band of rows 0 … 31 is replayed.
        let step = CGMutablePath()
        step.addRect(CGRect(x: 2, y: 0, width: 10, height: 64))
        step.addRect(CGRect(x: 20, y: 40, width: 10, height: 24))
        r.fill(path: step, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1), into: img.image)
        #expect(r.replayedBands == 1)
    }
}
