import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Rounded clips, borders and transformed rounded layers through cached coverage masks
/// (`_CoverageMaskCache`): exact covered areas where the map keeps the axes, the same pixels as
/// the reference path (pixman's triangles every frame) within a documented tolerance otherwise,
/// reuse while only the integer position changes, and a bounded cache.
@Suite(.runLoopTurn) struct RenderCoverageMaskTests {
    typealias F = RenderFixture
    typealias LCG = DamageRandomSceneTests.LCG

    /// Covered area of pixel (px, py) by [x0, x1] × [y0, y1] with circular corners of radii
    /// (top-left, top-right, bottom-right, bottom-left): midpoint rule over 1024 vertical slices,
    /// each slice's exact vertical extent.
    static func area(_ px: Int, _ py: Int, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double,
                     _ r: SIMD4<Double>) -> Double {
        let n = 1024
        var sum = 0.0
        func inset(_ r: Double, _ d: Double) -> Double { r - r * dmax(0, 1 - (d / r) * (d / r)).squareRoot() }
        for k in 0..<n {
            let x = Double(px) + (Double(k) + 0.5) / Double(n)
            guard x > x0, x < x1 else { continue }
            var top = y0, bottom = y1
            if r[0] > 0, x < x0 + r[0] { top = dmax(top, y0 + inset(r[0], x0 + r[0] - x)) }
            if r[1] > 0, x > x1 - r[1] { top = dmax(top, y0 + inset(r[1], x - (x1 - r[1]))) }
            if r[2] > 0, x > x1 - r[2] { bottom = dmin(bottom, y1 - inset(r[2], x - (x1 - r[2]))) }
            if r[3] > 0, x < x0 + r[3] { bottom = dmin(bottom, y1 - inset(r[3], x0 + r[3] - x)) }
            sum += dmax(0, dmin(bottom, Double(py + 1)) - dmax(top, Double(py)))
        }
        return sum / Double(n)
    }

    /// Device radii (top-left, top-right, bottom-right, bottom-left) of `maskedCorners` with no
    /// transform (CACornerMask: minXminY 1, maxXminY 2, minXmaxY 4, maxXmaxY 8).
    static func radii(_ mask: UInt, _ r: Double) -> SIMD4<Double> {
        SIMD4(mask & 1 != 0 ? r : 0, mask & 2 != 0 ? r : 0, mask & 8 != 0 ? r : 0, mask & 4 != 0 ? r : 0)
    }

    /// Paints `tree` with one painter, masks on or off (the reference path).
    static func paint(_ tree: RenderLayer, _ w: Int, _ h: Int, masks: Bool, painter: _Painter? = nil) -> Bitmap {
        let list = _FrameList()
        list.build(tree, scale: 1)
        let p = painter ?? _Painter()
        p.useCoverageMasks = masks
        let b = Bitmap(width: w, height: h)!
        p.paint(list, into: b, region: Region(x: 0, y: 0, width: w, height: h))
        return b
    }

    /// Worst alpha error against the reference areas of the rectangle [x0, x1] × [y0, y1].
    static func worstAlphaError(_ b: Bitmap, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double,
                                _ r: SIMD4<Double>, minus inner: (Double, Double, Double, Double, SIMD4<Double>)? = nil) -> Int {
        var worst = 0
        for py in 0..<b.height {
            for px in 0..<b.width {
                var a = area(px, py, x0, x1, y0, y1, r)
                if let i = inner { a -= area(px, py, i.0, i.1, i.2, i.3, i.4) }
                worst = max(worst, abs(Int(b.pixel(x: px, y: py) >> 24) - Int((a * 255).rounded())))
            }
        }
        return worst
    }

    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let opaqueImage = CGImage(width: 24, height: 20) { p in for i in 0..<(24 * 20) { p[i] = 0xFF00_0000 } }!

    /// Every `maskedCorners` combination, at whole and fractional positions, as a clip of
    /// sublayers (offscreen group) and of contents (no group): alpha is the covered area.
    @Test(arguments: Array(0 as UInt ..< 16))
    func clipOfEveryCornerCombinationIsTheCoveredArea(_ corners: UInt) {
        for (fx, fy) in [(0.0, 0.0), (0.3, 0.6)] {
            var group = F.layer(2, 4 + fx, 4 + fy, 24, 20, nil)
            group.cornerRadius = 7
            group.maskedCorners = corners
            group.masksToBounds = true
            group.sublayers = [F.layer(3, -5, -5, 40, 40, Self.black)]
            var contents = F.layer(2, 4 + fx, 4 + fy, 24, 20, nil)
            contents.contents = Self.opaqueImage
            contents.cornerRadius = 7
            contents.maskedCorners = corners
            contents.masksToBounds = true
            for l in [group, contents] {
                let b = Self.paint(F.root(34, 30, nil, [l]), 34, 30, masks: true)
                let worst = Self.worstAlphaError(b, 4 + fx, 28 + fx, 4 + fy, 24 + fy, Self.radii(corners, 7))
                #expect(worst <= 1, "corners \(corners), offset (\(fx), \(fy)), contents \(l.contents != nil): worst \(worst)")
            }
        }
    }

    /// A border follows the masked corners' radius: its alpha is the outer shape's area minus
    /// the inner one's (inset by the width, radii reduced by it).
    @Test(arguments: [UInt(0xF), 0b0101, 0b1010, 0])
    func borderIsTheBandBetweenTheTwoShapes(_ corners: UInt) {
        var l = F.layer(2, 3.5, 2.25, 30, 24, nil)
        l.cornerRadius = 9
        l.maskedCorners = corners
        l.borderWidth = 3
        l.borderColor = Self.black
        let b = Self.paint(F.root(38, 30, nil, [l]), 38, 30, masks: true)
        let outer = Self.radii(corners, 9), inner = Self.radii(corners, 6)
        let worst = Self.worstAlphaError(b, 3.5, 33.5, 2.25, 26.25, outer, minus: (6.5, 30.5, 5.25, 23.25, inner))
        // Outer and inner coverage are each rounded before the subtraction.
        #expect(worst <= 2, "corners \(corners): worst \(worst)")
        // The middle is empty, the straight part of the band full.
        #expect(b.pixel(x: 18, y: 14) == 0)
        #expect(b.pixel(x: 18, y: 3) >> 24 == 255 && b.pixel(x: 18, y: 4) >> 24 == 255)
    }

    /// A quarter turn keeps the exact coverage, each corner moved where the turn takes it:
    /// the layer's minXminY corner ends at the device's top right.
    @Test func quarterTurnMovesTheRoundedCorner() {
        var l = F.centered(2, 24, 16, at: 20, 20, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), Self.black)
        l.cornerRadius = 6
        l.maskedCorners = 1
        let b = Self.paint(F.root(40, 40, nil, [l]), 40, 40, masks: true)
        // Device rectangle: 16 wide, 24 tall about (20, 20).
        let worst = Self.worstAlphaError(b, 12, 28, 8, 32, SIMD4(0, 6, 0, 0))
        #expect(worst <= 1, "worst \(worst)")
        #expect(b.pixel(x: 27, y: 8) >> 24 < 64 && b.pixel(x: 12, y: 8) >> 24 == 255)
        // The same as a clip of contents and of sublayers.
        var clip = F.centered(3, 24, 16, at: 20, 20, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), nil)
        clip.cornerRadius = 6
        clip.maskedCorners = 1
        clip.masksToBounds = true
        clip.sublayers = [F.layer(4, -4, -4, 40, 40, Self.black)]
        let c = Self.paint(F.root(40, 40, nil, [clip]), 40, 40, masks: true)
        #expect(c.hasSamePixels(as: b))
    }

    /// Rotated by 15°, the mask is the reference path's triangles rasterized once: the same
    /// pixels for a background, a border and a clip.
    @Test func rotatedLayersMatchTheReferencePath() {
        var l = F.centered(2, 40, 28, at: 30, 26, CATransform3DMakeRotation(15 * .pi / 180, 0, 0, 1), F.blue)
        l.cornerRadius = 8
        l.borderWidth = 2.5
        l.borderColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        l.masksToBounds = true
        l.sublayers = [F.layer(3, -4, 10, 30, 30, F.red)]
        let tree = F.root(60, 52, .white, [l])
        let fast = Self.paint(tree, 60, 52, masks: true), reference = Self.paint(tree, 60, 52, masks: false)
        #expect(fast.hasSamePixels(as: reference))
    }

    /// Seeded random scenes of rounded layers (any corners, borders, clips of sublayers or
    /// contents, fractional positions, scales, 15° / 90° / random rotations): the mask path
    /// against the reference path. Documented tolerance: the reference approximates arcs by
    /// polygons and samples coverage on pixman's sub-pixel grid, so edge pixels differ by up to
    /// 24/255 per channel; pixels away from edges are identical.
    @Test(arguments: [UInt32(1), 2, 3, 4, 5, 6, 7, 8])
    func randomScenesMatchTheReferencePath(_ seed: UInt32) {
        var rng = LCG(s: seed)
        var layers: [RenderLayer] = []
        let image = CGImage(width: 16, height: 16) { p in
            for i in 0..<256 { p[i] = 0xFF00_0000 | UInt32(i * 997 & 0xFF_FFFF) }
        }!
        for i in 0..<14 {
            let w = 6 + rng.next() * 40, h = 6 + rng.next() * 40
            let angles: [Double] = [0, 0, 15 * .pi / 180, .pi / 2, rng.next() * 2 * .pi]
            var l = F.centered(UInt64(10 + 4 * i), w, h, at: rng.next() * 120, rng.next() * 90,
                               CATransform3DMakeRotation(angles[rng.int(angles.count)], 0, 0, 1),
                               rng.chance(0.6) ? CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: rng.chance(0.5) ? 1 : 0.6) : nil)
            if rng.chance(0.2) { l.transform = CATransform3DScale(l.transform, 0.5 + rng.next(), 0.5 + rng.next(), 1) }
            l.cornerRadius = rng.next() * min(w, h) / 2
            l.maskedCorners = UInt(rng.int(16))
            if rng.chance(0.5) {
                l.borderWidth = 0.5 + rng.next() * 5
                l.borderColor = CGColor(red: rng.next(), green: 0.2, blue: 0.4, alpha: rng.chance(0.5) ? 1 : 0.7)
            }
            if rng.chance(0.6) {
                l.masksToBounds = true
                if rng.chance(0.5) {
                    l.contents = image
                } else {
                    l.sublayers = [F.layer(UInt64(11 + 4 * i), -3, h / 3, w, h, F.green)]
                }
            }
            layers.append(l)
        }
        let tree = F.root(120, 90, .white, layers)
        let fast = Self.paint(tree, 120, 90, masks: true), reference = Self.paint(tree, 120, 90, masks: false)
        var worst = 0, off = 0
        for y in 0..<90 {
            for x in 0..<120 {
                let a = fast.pixel(x: x, y: y), b = reference.pixel(x: x, y: y)
                var d = 0
                for s in stride(from: 0, to: 32, by: 8) { d = max(d, abs(Int((a >> UInt32(s)) & 0xFF) - Int((b >> UInt32(s)) & 0xFF))) }
                worst = max(worst, d)
                if d > 4 { off += 1 }
            }
        }
        #expect(worst <= 24, "seed \(seed): worst \(worst)")
        // Only edge pixels: a small share of the surface.
        #expect(off <= 120 * 90 / 20, "seed \(seed): \(off) pixels off by more than 4")
    }

    /// An unchanged rounded layer makes its mask once; whole-pixel moves reuse it, a
    /// sub-pixel move makes another.
    @Test func masksAreMadeOnceAndReusedAcrossWholePixelMoves() {
        var l = F.layer(2, 10, 10, 40, 30, nil)
        l.cornerRadius = 8
        l.masksToBounds = true
        l.sublayers = [F.layer(3, 0, 0, 40, 30, F.red)]
        let painter = _Painter()
        _ = Self.paint(F.root(80, 60, .white, [l]), 80, 60, masks: true, painter: painter)
        let first = Self.paint(F.root(80, 60, .white, [l]), 80, 60, masks: true, painter: painter)
        #expect(painter.maskCache.misses == 1)
        l.position = CGPoint(x: 13, y: 12)
        let moved = Self.paint(F.root(80, 60, .white, [l]), 80, 60, masks: true, painter: painter)
        #expect(painter.maskCache.misses == 1)
        #expect(moved.pixel(x: 13 + 20, y: 12 + 1) == first.pixel(x: 10 + 20, y: 10 + 1))
        #expect(moved.pixel(x: 13, y: 12) == first.pixel(x: 10, y: 10))
        l.position = CGPoint(x: 13.5, y: 12)
        _ = Self.paint(F.root(80, 60, .white, [l]), 80, 60, masks: true, painter: painter)
        #expect(painter.maskCache.misses == 2)
    }

    /// A 128-pixel rounded rectangle on whole pixels: pieces tile the mask, full pieces hold
    /// only 255, empty ones only 0, and most of the area needs no mask.
    @Test func piecesTileTheMaskAndSkipItWhereFull() {
        let painter = _Painter()
        let shape = _RoundedRect(rect: CGRect(x: 0, y: 0, width: 128, height: 128), radii: SIMD4(repeating: 16))
        guard let p = painter.cachedMask(shape, ring: nil, .translation(10, 20)),
              let mask = p.owner as? _CoverageMask else { Issue.record("no mask"); return }
        #expect(p.x == 10 && p.y == 20 && p.width == 128 && p.height == 128)
        var seen = [Int](repeating: 0, count: 128 * 128)
        var plain = 0
        for piece in p.pieces {
            for y in piece.rect.y..<piece.rect.maxY {
                for x in piece.rect.x..<piece.rect.maxX {
                    seen[y * 128 + x] += 1
                    let v = mask.value(x: x, y: y)
                    if piece.coverage == .full { #expect(v == 255) }
                    if piece.coverage == .empty { #expect(v == 0) }
                }
            }
            if piece.coverage == .full { plain += piece.rect.width * piece.rect.height }
        }
        #expect(seen.allSatisfy { $0 == 1 })
        #expect(p.pieces.count <= 16)
        #expect(plain >= 128 * 128 - 4 * 16 * 16, "\(plain) pixels without the mask")
    }

    /// The cache never holds more than its budget, drops the least recently used first and
    /// never keeps a mask larger than a quarter of the budget.
    @Test func cacheStaysWithinItsBudget() {
        let cache = _CoverageMaskCache(maxBytes: 40_000)
        func key(_ i: Int) -> _CoverageMaskCache.Key {
            _CoverageMaskCache.Key(shape: _RoundedRect(rect: CGRect(x: 0, y: 0, width: 32, height: 32), radii: .zero), ring: 0,
                                   linear: SIMD4(1, 0, 0, 1), fraction: SIMD2(Double(i) / 1000, 0))
        }
        for i in 0..<100 {
            cache.nextFrame()
            cache.store(key(i), _CoverageMask(width: 32, height: 32, dx: 0, dy: 0, frame: cache.frame) { _, _, _ in }!)
            #expect(cache.bytes <= 40_000)
            #expect(cache.lookup(key(0)) != nil, "the mask used every frame stays (frame \(i))")
        }
        #expect(cache.count <= 40_000 / 1024)
        #expect(cache.lookup(key(1)) == nil)
        #expect(cache.lookup(key(99)) != nil)
        cache.store(key(1000), _CoverageMask(width: 128, height: 128, dx: 0, dy: 0, frame: cache.frame) { _, _, _ in }!)
        #expect(cache.lookup(key(1000)) == nil)
        #expect(cache.bytes <= 40_000)
    }

    /// Shapes too large to keep (a 10⁶-point rounded layer) go the reference way: same pixels.
    @Test func hugeRoundedLayersFallBackToTheReferencePath() {
        var l = F.layer(2, -500_000 + 30, 5, 1_000_000, 1_000_000, F.blue)
        l.cornerRadius = 20
        l.borderWidth = 3
        l.borderColor = Self.black
        l.masksToBounds = true
        l.sublayers = [F.layer(3, 499_990, 0, 20, 20, F.red)]
        let tree = F.root(60, 40, .white, [l])
        let painter = _Painter()
        let fast = Self.paint(tree, 60, 40, masks: true, painter: painter), reference = Self.paint(tree, 60, 40, masks: false)
        #expect(fast.hasSamePixels(as: reference))
        #expect(painter.maskCache.count == 0)
    }
}
