import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RasterTests {
    @Test func pixelAlignedRectIsExact() {
        let img = RasterTestImage(width: 8, height: 8).fill(CGPath(rect: CGRect(x: 2, y: 3, width: 4, height: 2)))
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (3..<5).contains(y)
                #expect(img.alpha[y * 8 + x] == (inside ? 255 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test func fractionalEdgesGiveAreaCoverage() {
        // x from 1.25 to 3.5, y from 0.5 to 2: pixel (1,0): 0.75·0.5 = 0.375 → 96; (3,1): 0.5 → 128.
        let img = RasterTestImage(width: 5, height: 3).fill(CGPath(rect: CGRect(x: 1.25, y: 0.5, width: 2.25, height: 1.5)))
        let a = img.alpha
        #expect(a[0 * 5 + 1] == 96)
        #expect(a[0 * 5 + 2] == 128)
        #expect(a[1 * 5 + 1] == 191)
        #expect(a[1 * 5 + 2] == 255)
        #expect(a[1 * 5 + 3] == 128)
        #expect(a[0 * 5 + 0] == 0 && a[2 * 5 + 2] == 0 && a[1 * 5 + 4] == 0)
    }

    @Test func diagonalHalfPixel() {
        // Triangle (0,0) (4,0) (0,4): pixels on the diagonal are half covered.
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 0, y: 4)])
        p.closeSubpath()
        let a = RasterTestImage(width: 4, height: 4).fill(p).alpha
        #expect(a[0] == 255 && a[3] == 128 && a[1 * 4 + 2] == 128 && a[3 * 4 + 0] == 128 && a[3 * 4 + 3] == 0)
    }

    @Test func fillRulesOnNestedSquares() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 6, height: 6))
        p.addRect(CGRect(x: 2, y: 2, width: 2, height: 2))
        let nz = RasterTestImage(width: 6, height: 6).fill(p, rule: .winding).alpha
        let eo = RasterTestImage(width: 6, height: 6).fill(p, rule: .evenOdd).alpha
        #expect(nz[2 * 6 + 2] == 255 && eo[2 * 6 + 2] == 0)
        #expect(nz[0] == 255 && eo[0] == 255)
        // Opposite direction inner square: a hole under both rules.
        let q = CGMutablePath()
        q.addRect(CGRect(x: 0, y: 0, width: 6, height: 6))
        q.addLines(between: [CGPoint(x: 2, y: 2), CGPoint(x: 2, y: 4), CGPoint(x: 4, y: 4), CGPoint(x: 4, y: 2)])
        #expect(RasterTestImage(width: 6, height: 6).fill(q).alpha[3 * 6 + 3] == 0)
    }

    @Test func blendsOverARGBWithPremultipliedColour() {
        let img = RasterTestImage(width: 4, height: 1, format: PIXMAN_a8r8g8b8)
        img.fillARGB(0xFFFF_FFFF)
        img.fill(CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1)), color: CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        img.fill(CGPath(rect: CGRect(x: 3, y: 0, width: 0.5, height: 1)), color: .black)
        // 50% red over white: src = 0x80800000; dst·(255−128)/255 = 127 → (255, 127, 127).
        #expect(img.argb == [0xFFFF_7F7F, 0xFFFF_7F7F, 0xFFFF_FFFF, 0xFF7F_7F7F])
    }

    @Test func clipRectangleLimitsDrawing() {
        let img = RasterTestImage(width: 8, height: 8)
            .fill(CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8)), clip: CGRect(x: 2, y: 2, width: 3, height: 4))
        #expect(img.alpha.filter { $0 == 255 }.count == 12)
        #expect(img.alpha[2 * 8 + 2] == 255 && img.alpha[1 * 8 + 2] == 0 && img.alpha[2 * 8 + 5] == 0)
    }

    @Test func shapeCrossingTheClipEdgesKeepsItsWinding() {
        // A rect starting left of the image: the part inside is still filled.
        let img = RasterTestImage(width: 6, height: 2).fill(CGPath(rect: CGRect(x: -10, y: 0, width: 13.5, height: 2)))
        #expect(Array(img.alpha[0..<6]) == [255, 255, 255, 128, 0, 0])
    }

    @Test func otherFormatsGoThroughAMask() {
        let img = RasterTestImage(width: 4, height: 1, format: PIXMAN_r5g6b5)
        img.fill(CGPath(rect: CGRect(x: 1, y: 0, width: 2, height: 1)), color: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        let stride = Int(pixman_image_get_stride(img.image))
        let p = UnsafeMutableRawPointer(pixman_image_get_data(img.image)!).assumingMemoryBound(to: UInt16.self)
        #expect((0..<4).map { p[$0] } == [0, 0xFFFF, 0xFFFF, 0])
        #expect(stride >= 8)
    }

    @Test func transformScalesAndMovesTheShape() {
        let img = RasterTestImage(width: 8, height: 8)
            .fill(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)),
                  transform: CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 4, y: 1)))
        #expect(img.alpha.filter { $0 == 255 }.count == 6)
        #expect(img.alpha[1 * 8 + 4] == 255 && img.alpha[3 * 8 + 5] == 255 && img.alpha[4 * 8 + 5] == 0)
    }

    /// Random polygons and curves, many self-intersecting, both rules, some reaching outside the
    /// image: the fast path must match the reference converter to within rounding.
    @Test func fastPathMatchesReferenceOnSeededRandomPaths() {
        var rng = SeededLCG(state: 12345)
        let w = 24, h = 20
        var worst = 0
        // 60 paths (the first 20 under a sanitizer: `TestScale`).
        for iteration in 0..<TestScale.count(60, sanitized: 20) {
            let p = CGMutablePath()
            for _ in 0..<(1 + Int(rng.next() * 3)) {
                p.move(to: CGPoint(x: rng.next() * 32 - 4, y: rng.next() * 28 - 4))
                for _ in 0..<(2 + Int(rng.next() * 6)) {
                    let e = CGPoint(x: rng.next() * 32 - 4, y: rng.next() * 28 - 4)
                    switch Int(rng.next() * 3) {
                    case 0: p.addLine(to: e)
                    case 1: p.addQuadCurve(to: e, control: CGPoint(x: rng.next() * 32 - 4, y: rng.next() * 28 - 4))
                    default: p.addCurve(to: e, control1: CGPoint(x: rng.next() * 32 - 4, y: rng.next() * 28 - 4),
                                        control2: CGPoint(x: rng.next() * 32 - 4, y: rng.next() * 28 - 4))
                    }
                }
                if rng.next() < 0.5 { p.closeSubpath() }
            }
            let rule: CGPathFillRule = iteration % 2 == 0 ? .winding : .evenOdd
            let fast = RasterTestImage(width: w, height: h).fill(p, rule: rule).alpha
            let ref = _ReferenceRasterizer.coverage(p, rule: rule, width: w, height: h)
            for i in 0..<(w * h) { worst = max(worst, abs(Int(fast[i]) - Int(ref[i]))) }
        }
        #expect(worst <= 2)
    }
}
