import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// TiledImageSource: regions and levels of JPEG (scaled, cropped, skipped decoding), PNG (tile
/// pyramid streamed once) and the generated picture, against whole decodes.
@Suite(.runLoopTurn) struct TiledImageSourceTests {
    /// A smooth opaque test picture (low-frequency gradients: JPEG keeps them within a few levels).
    static func smooth(_ w: Int, _ h: Int) -> CGImage {
        CGImage(width: w, height: h) { p in
            for y in 0..<h {
                for x in 0..<w {
                    let r = UInt32(x * 255 / (w - 1)), g = UInt32(y * 255 / (h - 1)), b = UInt32((x + y) * 255 / (w + h - 2))
                    p[y * w + x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }!
    }

    static func read(_ s: TiledImageSource, level: Int, _ x: Int, _ y: Int, _ w: Int, _ h: Int) throws -> [UInt32] {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: w * h)
        try out.withUnsafeMutableBufferPointer { try s.read(level: level, x: x, y: y, width: w, height: h, into: $0.baseAddress!, stride: w) }
        return out
    }

    /// Box average of `f`×`f` blocks (partial blocks at the edges average what they have).
    static func boxDown(_ p: [UInt32], _ w: Int, _ h: Int, _ f: Int) -> [UInt32] {
        let ow = (w + f - 1) / f, oh = (h + f - 1) / f
        var out = [UInt32](repeating: 0, count: ow * oh)
        for oy in 0..<oh {
            for ox in 0..<ow {
                var sum = [0, 0, 0, 0], n = 0
                for y in (oy * f)..<min(h, oy * f + f) {
                    for x in (ox * f)..<min(w, ox * f + f) {
                        let v = p[y * w + x]
                        for c in 0..<4 { sum[c] += Int(v >> UInt32(24 - 8 * c) & 0xFF) }
                        n += 1
                    }
                }
                var v: UInt32 = 0
                for c in 0..<4 { v |= UInt32((sum[c] + n / 2) / n) << UInt32(24 - 8 * c) }
                out[oy * ow + ox] = v
            }
        }
        return out
    }

    static func maxError(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var worst = 0
        for (p, q) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16, 24] {
                let d = Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)
                worst = max(worst, abs(d))
            }
        }
        return worst
    }

    @Test func jpegLevelsMatchFullDecodeDownsampledWithinTolerance() throws {
        let (w, h) = (520, 392)
        let data = try Self.smooth(w, h).jpegData(quality: 95, fullChroma: true)
        let source = try TiledImageSource(data: data)
        #expect(source.kind == "jpeg" && source.width == w && source.height == h)
        let full = try Self.read(source, level: 0, 0, 0, w, h)
        let decoded = try CGImage.decodeJPEG(data: data)
        #expect(full == Array(UnsafeBufferPointer(start: decoded.pixels, count: w * h)))
        // Levels 1–3 come from DCT scaling, 4–5 from the 1/8 decode averaged: all close to a box
        // filter of the full decode.
        for level in 1...5 {
            let s = source.size(atLevel: level)
            #expect(s == ((w + (1 << level) - 1) >> level, (h + (1 << level) - 1) >> level))
            let scaled = try Self.read(source, level: level, 0, 0, s.width, s.height)
            let reference = Self.boxDown(full, w, h, 1 << level)
            #expect(Self.maxError(scaled, reference) <= 6, "level \(level)")
        }
    }

    @Test func jpegRegionsEqualTheSamePixelsOfTheWholeLevel() throws {
        // 4:4:4: no chroma upsampling across the crop edge, so cropped decoding is exact.
        let (w, h) = (520, 392)
        let source = try TiledImageSource(data: Self.smooth(w, h).jpegData(quality: 90, fullChroma: true))
        for level in [0, 1, 2, 4] {
            let s = source.size(atLevel: level)
            let whole = try Self.read(source, level: level, 0, 0, s.width, s.height)
            // A region not aligned to any block, and one touching the bottom-right corner.
            for (x, y) in [(s.width / 3 + 1, s.height / 5 + 3), (s.width - s.width / 4, s.height - s.height / 3)] {
                let rw = min(s.width - x, s.width / 4 + 5), rh = min(s.height - y, s.height / 3)
                let region = try Self.read(source, level: level, x, y, rw, rh)
                var expected: [UInt32] = []
                for r in 0..<rh { expected += whole[((y + r) * s.width + x)..<((y + r) * s.width + x + rw)] }
                if level <= 3 {
                    #expect(region == expected, "level \(level) at \(x),\(y)")
                } else {
                    // Past 1/8 the region's blocks start at its own origin: compare loosely.
                    #expect(Self.maxError(region, expected) <= 6, "level \(level) at \(x),\(y)")
                }
            }
        }
    }

    @Test func pngPyramidLevelsAreExactBoxAverages() throws {
        // 600×500 with alpha: three tile columns, two tile rows at level 0.
        let (w, h) = (600, 500)
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt32(128 + (x * 7 + y * 3) % 128)
                let straight = a << 24 | UInt32(x % 256) << 16 | UInt32(y % 256) << 8 | UInt32((x ^ y) & 0xFF)
                pixels[y * w + x] = PNGImage.premultiplied(straight)
            }
        }
        let png = try PNGImage(width: w, height: h, pixels: pixels).pngData()
        let source = try TiledImageSource(data: png)
        #expect(source.kind == "png" && source.coarsestLevel == 10)
        #expect(try Self.read(source, level: 0, 0, 0, w, h) == pixels)
        // A region across four tiles.
        let region = try Self.read(source, level: 0, 250, 200, 20, 100)
        #expect(region[0] == pixels[200 * w + 250] && region[99 * 20 + 19] == pixels[299 * w + 269])
        var level = pixels, (lw, lh) = (w, h)
        for l in 1...source.coarsestLevel {
            level = Self.boxDown(level, lw, lh, 2)
            (lw, lh) = ((lw + 1) / 2, (lh + 1) / 2)
            #expect(try Self.read(source, level: l, 0, 0, lw, lh) == level, "level \(l)")
        }
        #expect((lw, lh) == (1, 1))
    }

    @Test func generatedPictureFollowsItsFormulaAtEveryLevel() throws {
        let source = try #require(TiledImageSource.generated(width: 20000, height: 20000))
        #expect(source.kind == "generated" && source.coarsestLevel == 15)
        let p = try Self.read(source, level: 0, 1000, 1010, 4, 1)
        #expect(p[0] == 0xFF20_2020)  // grid line at x = 1000
        // (1009, 1010): past both 8-pixel lines; r = 1009·255/19999 = 12, g = 12, b 200.
        #expect(try Self.read(source, level: 0, 1009, 1010, 1, 1) == [0xFF0C_0CC8])
        // Level 2's pixel (600, 700) samples the full image at (2402, 2802): checker (1 + 1) even.
        let r = UInt32(2402 * 255 / 19999), g = UInt32(2802 * 255 / 19999)
        #expect(try Self.read(source, level: 2, 600, 700, 1, 1) == [0xFF00_0000 | r << 16 | g << 8 | 200])
        #expect(TiledImageSource.generated(width: 0, height: 5) == nil)
    }

    @Test func badInputGivesErrorsNotCrashes() throws {
        let dir = JPEGDecodeTests.dir
        #expect(throws: JPEGError.tooLarge(width: 60000, height: 60000, limits: .default)) {
            try TiledImageSource(contentsOfFile: dir.appendingPathComponent("bomb.jpg").path, limits: .default)
        }
        // 60000² is within the tiled default (2^30 is less: 3.6e9 > 1.07e9, so still refused).
        #expect(throws: JPEGError.self) { try TiledImageSource(contentsOfFile: dir.appendingPathComponent("bomb.jpg").path) }
        // A truncated JPEG opens (its header is whole) but reading the damaged rows fails.
        let whole = try Self.smooth(256, 256).jpegData(quality: 90)
        let truncated = try TiledImageSource(data: Array(whole.prefix(whole.count * 3 / 4)))
        #expect(throws: JPEGError.self) { try Self.read(truncated, level: 0, 0, 0, 256, 256) }
        // Rows above the damage still decode; a region reaching into it fails.
        #expect(try Self.read(truncated, level: 0, 0, 0, 256, 16).count == 256 * 16)
        #expect(throws: JPEGError.self) { try Self.read(truncated, level: 2, 0, 48, 64, 16) }
        #expect(throws: JPEGError.self) { try TiledImageSource(contentsOfFile: dir.appendingPathComponent("truncated.jpg").path) }
        #expect(throws: (any Error).self) { try TiledImageSource(contentsOfFile: "/nonexistent.png") }
        #expect(throws: (any Error).self) { try TiledImageSource(data: [0x89, 0x50, 0x4E, 0x47, 1, 2]) }
        #expect(throws: (any Error).self) { try TiledImageSource(data: []) }
        // Regions outside the level, empty, or a level past the coarsest.
        let quad = try TiledImageSource(contentsOfFile: dir.appendingPathComponent("quad-444.jpg").path)
        for (l, x, y, w, h) in [(0, 30, 0, 3, 1), (0, 0, 0, 0, 1), (1, 0, 0, 17, 1), (6, 0, 0, 1, 1), (-1, 0, 0, 1, 1)] {
            #expect(throws: JPEGError.self) { try Self.read(quad, level: l, x, y, w, h) }
        }
    }

    @Test func interlacedPNGIsTiledThroughAWholeDecode() throws {
        // 1×1 Adam7: the single pixel is pass 1's only row, so the stored scanline is the same.
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += PNGTestFile.chunk("IHDR", PNGTestFile.be32(1) + PNGTestFile.be32(1) + [8, 6, 0, 0, 1])
        file += PNGTestFile.chunk("IDAT", PNGTestFile.zlibStored([0, 255, 0, 0, 128]))
        file += PNGTestFile.chunk("IEND", [])
        let source = try TiledImageSource(data: file)
        #expect(try Self.read(source, level: 0, 0, 0, 1, 1) == [0x8080_0000])
    }

    @Test func jpegFileDeletedAfterOpeningStillReads() throws {
        let path = NSTemporaryDirectory() + "/strata-tiled-\(getpid()).jpg"
        try Data(Self.smooth(64, 48).jpegData(quality: 90)).write(to: URL(fileURLWithPath: path))
        let source = try TiledImageSource(contentsOfFile: path)
        try FileManager.default.removeItem(atPath: path)
        // The first decoder holds the file open.
        #expect(try Self.read(source, level: 1, 0, 0, 32, 24).count == 32 * 24)
    }
}
