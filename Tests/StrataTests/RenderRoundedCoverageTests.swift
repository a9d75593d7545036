import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Rounded rectangles under axis-aligned maps: every pixel's alpha is its exactly covered
/// area (checked against an independent numerical integration), drawn directly or through a
/// clip region.
@Suite(.runLoopTurn) struct RenderRoundedCoverageTests {
    typealias F = RenderFixture

    /// Covered area of pixel (px, py) by the rounded rectangle [x0, x1] × [y0, y1] with corner
    /// semi-axes (rx, ry) on all corners: midpoint rule over 2048 vertical slices of the pixel,
    /// each slice's exact vertical extent (not the closed form the compositor uses).
    static func referenceArea(_ px: Int, _ py: Int, x0: Double, x1: Double, y0: Double, y1: Double,
                              rx: Double, ry: Double) -> Double {
        let n = 2048
        var sum = 0.0
        for k in 0..<n {
            let x = Double(px) + (Double(k) + 0.5) / Double(n)
            guard x > x0, x < x1 else { continue }
            // Inset of the top and bottom edges at this x (in a corner column).
            var inset = 0.0
            let dx = x < x0 + rx ? (x0 + rx - x) : (x > x1 - rx ? x - (x1 - rx) : 0)
            if dx > 0 { inset = ry - ry * max(0, 1 - (dx / rx) * (dx / rx)).squareRoot() }
            let top = y0 + inset, bottom = y1 - inset
            sum += max(0, min(bottom, Double(py + 1)) - max(top, Double(py)))
        }
        return sum / Double(n)
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6])
    func alphaIsTheCoveredArea(_ seed: UInt64) {
        var rng = seed &* 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(rng >> 11) / Double(1 << 53)
        }
        // A fractional position, size, radius and (possibly flipping, anisotropic) scale.
        let w = 8 + random() * 40, h = 8 + random() * 40, r = random() * min(w, h) / 2
        let sx = (0.5 + random() * 1.5) * (random() < 0.3 ? -1 : 1), sy = 0.5 + random() * 1.5
        var l = F.layer(2, 0, 0, w, h, .black)
        l.cornerRadius = r
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.position = CGPoint(x: 40 + random(), y: 40 + random())
        l.transform = CATransform3DMakeScale(sx, sy, 1)
        let b = F.render(F.root(80, 80, nil, [l]), 80, 80)
        let x0 = 40 + Double(l.position.x - 40) - abs(sx) * w / 2, x1 = x0 + abs(sx) * w
        let y0 = 40 + Double(l.position.y - 40) - sy * h / 2, y1 = y0 + sy * h
        var worst = 0
        for py in 0..<80 {
            for px in 0..<80 {
                let area = Self.referenceArea(px, py, x0: x0, x1: x1, y0: y0, y1: y1, rx: r * abs(sx), ry: r * sy)
                let expected = Int((area * 255).rounded())
                worst = max(worst, abs(Int(b.pixel(x: px, y: py) >> 24) - expected))
            }
        }
        // The reference's own error is far below half a level; ±1 covers rounding ties.
        #expect(worst <= 1, "worst alpha error \(worst)")
    }

    @Test func clippedByARegionGivesTheSamePixels() {
        // A sibling clip region (a rect clip from masksToBounds on a fractional parent makes a
        // shape group; a pixel-aligned one a clip region): same pixels as the direct path.
        var rounded = F.layer(3, 3.25, 4.5, 50.5, 30.75, F.blue)
        rounded.cornerRadius = 9.5
        var parent = F.layer(2, 0, 0, 40, 40, nil)
        parent.masksToBounds = true
        parent.sublayers = [rounded]
        let tree = F.root(60, 60, .white, [parent])
        let c = Compositor()
        let full = Bitmap(width: 60, height: 60)!
        c.render(tree, into: full, scale: 1)
        // Two disjoint rectangles: the painter's clip is then not one rectangle.
        let parts = Bitmap(width: 60, height: 60)!
        c.render(tree, into: parts, scale: 1, region: Region([PixelRect(x: 0, y: 0, width: 20, height: 60),
                                                               PixelRect(x: 25, y: 0, width: 35, height: 60)]))
        c.render(tree, into: parts, scale: 1, region: Region(x: 20, y: 0, width: 5, height: 60))
        #expect(parts.hasSamePixels(as: full))
        // Inside the corner arc: the pixel at the top-left corner of the layer is not covered.
        #expect(full.pixel(x: 3, y: 4) == 0xFFFF_FFFF)
        #expect(full.pixel(x: 20, y: 20) == 0xFF00_00FF)
    }

    /// Seeded scenes of rounded layers (any radius, corner mask, fractional size and position,
    /// flips, wide, narrow and short shapes whose corners share rows or columns), overlapping,
    /// opaque and translucent: the direct fill (coverage of the arc-crossed pixels only)
    /// equals the clip-region path (every pixel of every corner row integrated), pixel for pixel.
    @Test(arguments: [5 as UInt32, 61, 777, 2048])
    func directRoundedFillEqualsTheRegionPath(seed: UInt32) {
        var rng = DamageRandomSceneTests.LCG(s: seed)
        var layers: [RenderLayer] = []
        for i in 0..<40 {
            let w = rng.chance(0.2) ? 1 + rng.next() * 6 : 4 + rng.next() * 60
            let h = rng.chance(0.2) ? 1 + rng.next() * 6 : 4 + rng.next() * 50
            var l = F.layer(UInt64(i + 2), rng.next() * 110 - 10, rng.next() * 80 - 10, w, h,
                            CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: rng.chance(0.6) ? 1 : rng.next()))
            l.cornerRadius = rng.chance(0.2) ? 100 : rng.next() * 20
            l.maskedCorners = rng.chance(0.5) ? 15 : UInt(rng.int(16))
            if rng.chance(0.3) {
                l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
                l.transform = CATransform3DMakeScale((0.5 + rng.next() * 1.5) * (rng.chance(0.5) ? -1 : 1),
                                                     (0.5 + rng.next() * 1.5) * (rng.chance(0.5) ? -1 : 1), 1)
            }
            layers.append(l)
        }
        let tree = F.root(120, 90, .white, layers)
        let c = Compositor()
        let full = Bitmap(width: 120, height: 90)!
        c.render(tree, into: full, scale: 1)
        // Disjoint rectangles (the painter's clip is then not one rectangle), then the rest.
        let parts = Bitmap(width: 120, height: 90)!
        let x = 13 + rng.int(90), y = 7 + rng.int(70)
        c.render(tree, into: parts, scale: 1, region: Region([PixelRect(x: 0, y: 0, width: x, height: y),
                                                               PixelRect(x: x + 1, y: y + 1, width: 120, height: 90)]))
        c.render(tree, into: parts, scale: 1, region: Region([PixelRect(x: x, y: 0, width: 120, height: y + 1),
                                                               PixelRect(x: 0, y: y, width: x + 1, height: 90)]))
        for py in 0..<90 {
            for px in 0..<120 where parts.pixel(x: px, y: py) != full.pixel(x: px, y: py) {
                Issue.record("seed \(seed): pixel (\(px), \(py)) \(F.hex(parts.pixel(x: px, y: py))) ≠ direct \(F.hex(full.pixel(x: px, y: py)))")
                return
            }
        }
    }
}
