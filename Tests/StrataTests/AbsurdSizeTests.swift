import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Security hygiene (issue 12): sizes a caller gives are checked before any arithmetic that could
/// overflow, so absurd ones are refused (nil or an error) instead of trapping.
@Suite(.runLoopTurn) struct AbsurdSizeTests {
    @Test func pixelCountRefusesNegativeAndOverflowingSizes() {
        #expect(_pixelCount(3, 4) == 12)
        #expect(_pixelCount(0, Int.max) == 0)
        #expect(_pixelCount(-1, 4) == nil)
        #expect(_pixelCount(Int.max, 2) == nil)
        #expect(_pixelCount(1 << 32, 1 << 32) == nil)
    }

    @Test func imagesWithOverflowingSizesAreRefused() throws {
        #expect(CGImage(width: Int.max, height: 2, pixels: []) == nil)
        #expect(CGImage(width: 1 << 32, height: 1 << 32, pixels: [0]) == nil)
        #expect(CGImage(width: 2, height: 1, pixels: [1, 2])?.width == 2)
        let absurd = PNGImage(width: Int.max, height: 3, pixels: [1, 2, 3])
        #expect(Bitmap(absurd) == nil)
        #expect(absurd.pixel(x: 5, y: 1) == nil)
        #expect(absurd.pixel(x: 2, y: 0) == 3)
        #expect(throws: PNGError.self) { try absurd.pngData() }
        var movie = AnimatedPNG(width: Int.max, height: 2)
        #expect(throws: PNGError.self) { try movie.append(PNGImage(width: Int.max, height: 2, pixels: []), delay: 1, over: 10) }
        #expect(movie.frameCount == 0)
    }
}
