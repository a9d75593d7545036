import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// `_OcclusionGrid` where its cells split: dense small rectangles, duplicates, containing
/// rectangles added before and after, against pixman's region as the reference.
@Suite(.runLoopTurn) struct OcclusionGridTests {
    typealias LCG = DamageRandomSceneTests.LCG

    /// `grid.covers` of the rectangle (x, y, w, h) (a mutating call, outside `#expect`'s closure).
    static func covers(_ grid: inout _OcclusionGrid, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ limit: Int) -> Bool {
        grid.covers(PixelRect(x: x, y: y, width: w, height: h), limit: limit)
    }

    /// Thousands of 1–4 px rectangles (many repeated) and a few large ones in a small area, so
    /// that cells split down to single pixels; every answer equals the region's.
    @Test(arguments: [7 as UInt32, 1234, 99_001])
    func denseSmallRectanglesAnswerLikeARegion(seed: UInt32) {
        var rng = LCG(s: seed)
        let extents = PixelRect(x: 3 + rng.int(20), y: 5 + rng.int(20), width: 90 + rng.int(100), height: 70 + rng.int(80))
        var grid = _OcclusionGrid()
        grid.reset(extents: extents)
        var rects: [PixelRect] = []
        for n in 0..<3_000 {
            let r: PixelRect
            if n % 500 == 250 {
                r = PixelRect(x: extents.x + rng.int(extents.width / 2), y: extents.y + rng.int(extents.height / 2),
                              width: 20 + rng.int(60), height: 20 + rng.int(60))
            } else if n > 0, rng.chance(0.1) {
                r = rects[rng.int(rects.count)] // a duplicate
            } else {
                r = PixelRect(x: extents.x + rng.int(extents.width), y: extents.y + rng.int(extents.height),
                              width: 1 + rng.int(4), height: 1 + rng.int(4))
            }
            guard let c = _FrameList.intersect(r, extents) else { continue }
            rects.append(c)
            grid.add(c)
        }
        var answers = [0, 0]
        for q in 0..<150 {
            let limit = q % 10 == 0 ? rects.count : rng.int(rects.count + 1)
            let size = q % 3 == 0 ? 1 : 1 + rng.int(q % 3 == 1 ? 4 : 40)
            let query = PixelRect(x: extents.x + rng.int(extents.width), y: extents.y + rng.int(extents.height),
                                  width: size, height: q % 3 == 0 ? 1 : 1 + rng.int(12))
            guard let qc = _FrameList.intersect(query, extents) else { continue }
            let reference = Region(Array(rects.prefix(limit))).contains(qc)
            answers[reference ? 1 : 0] += 1
            let answer = grid.covers(qc, limit: limit)
            #expect(answer == reference, "seed \(seed): \(qc) among \(limit)")
        }
        // Both answers occur, so the comparison tests something either way.
        #expect(answers[0] > 10 && answers[1] > 10, "\(answers)")
    }

    /// 100 000 one-pixel rectangles tiling 400 × 250, row by row: pixel (x, y) is rectangle
    /// y × 400 + x, so it is covered exactly when the limit is past that index.
    @Test func aHundredThousandPixelsTilingTheExtents() {
        var grid = _OcclusionGrid()
        grid.reset(extents: PixelRect(x: 0, y: 0, width: 400, height: 250))
        for i in 0..<100_000 { grid.add(PixelRect(x: i % 400, y: i / 400, width: 1, height: 1)) }
        #expect(grid.count == 100_000)
        let k = 45 * 400 + 124
        #expect(!Self.covers(&grid, 124, 45, 1, 1, k))
        #expect(Self.covers(&grid, 124, 45, 1, 1, k + 1))
        // Two pixels side by side: both needed.
        #expect(!Self.covers(&grid, 124, 45, 2, 1, k + 1))
        #expect(Self.covers(&grid, 124, 45, 2, 1, k + 2))
        // Rows 0…44 complete, row 45 only up to x = 123.
        #expect(Self.covers(&grid, 0, 0, 400, 45, k))
        #expect(!Self.covers(&grid, 0, 0, 400, 46, k))
        #expect(Self.covers(&grid, 0, 0, 400, 250, 100_000))
        #expect(!Self.covers(&grid, 0, 0, 400, 250, 99_999), "pixel (399, 249) is the last")
    }

    /// A rectangle containing whole cells, added first, answers for everything added after it;
    /// added last, it answers only from its own index on.
    @Test func containingRectangleFirstAndLast() {
        var first = _OcclusionGrid()
        first.reset(extents: PixelRect(x: 0, y: 0, width: 200, height: 130))
        first.add(PixelRect(x: 0, y: 0, width: 200, height: 130))
        for i in 0..<5_000 { first.add(PixelRect(x: i % 200, y: (i / 200) % 130, width: 1, height: 1)) }
        #expect(Self.covers(&first, 0, 0, 200, 130, 1))
        #expect(Self.covers(&first, 150, 120, 1, 1, 1))

        var last = _OcclusionGrid()
        last.reset(extents: PixelRect(x: 0, y: 0, width: 200, height: 130))
        for i in 0..<5_000 { last.add(PixelRect(x: i % 200, y: i / 200, width: 1, height: 1)) }
        last.add(PixelRect(x: 0, y: 0, width: 200, height: 130))
        // 5 000 pixels fill rows 0…24 exactly.
        #expect(Self.covers(&last, 0, 0, 200, 25, 5_000))
        #expect(!Self.covers(&last, 0, 0, 200, 26, 5_000))
        #expect(!Self.covers(&last, 150, 120, 1, 1, 5_000))
        #expect(Self.covers(&last, 150, 120, 1, 1, 5_001))
        #expect(Self.covers(&last, 0, 0, 200, 130, 5_001))
    }

    /// Rectangles outside the extents (a caller's mistake) are not recorded and crash nothing.
    @Test func rectanglesOutsideTheExtentsAreIgnored() {
        var grid = _OcclusionGrid()
        grid.reset(extents: PixelRect(x: 0, y: 0, width: 10, height: 10))
        for i in 0..<100 { grid.add(PixelRect(x: 20 + i % 3, y: 30, width: 1, height: 2)) }
        #expect(!Self.covers(&grid, 9, 9, 1, 1, 100))
    }
}
