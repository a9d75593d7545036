import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct PNGImageTests {
    @Test func decodesHandBuiltRGBAAndPremultiplies() throws {
        // Row 0: opaque red, half-transparent orange (255,128,0,128); row 1: transparent white, (10,20,30,1).
        let file = PNGTestFile.make(width: 2, height: 2, colorType: 6, rows: [
            [255, 0, 0, 255, 255, 128, 0, 128],
            [255, 255, 255, 0, 10, 20, 30, 1],
        ])
        let image = try PNGImage.decode(data: file)
        #expect(image.width == 2 && image.height == 2)
        // 255·128/255 = 128, 128·128/255 = 64.25 → 64; alpha 0 → all zero; 30·1/255 → 0.
        #expect(image.pixels == [0xFFFF_0000, 0x8080_4000, 0x0000_0000, 0x0100_0000])
    }

    @Test func decodesGrayAndRGBWithoutAlphaAsOpaque() throws {
        let gray = try PNGImage.decode(data: PNGTestFile.make(width: 3, height: 1, colorType: 0, rows: [[0, 0x7F, 0xFF]]))
        #expect(gray.pixels == [0xFF00_0000, 0xFF7F_7F7F, 0xFFFF_FFFF])
        let rgb = try PNGImage.decode(data: PNGTestFile.make(width: 1, height: 1, colorType: 2, rows: [[0x20, 0x28, 0x30]]))
        #expect(rgb.pixels == [0xFF20_2830])
    }

    @Test func premultipliedRoundTripIsExactForEveryAlphaAndChannel() throws {
        // Every (alpha, p ≤ alpha) pair once per channel position: 256·257/2 = 32896 pixels.
        var pixels: [UInt32] = []
        for a in UInt32(0)...255 {
            for p in UInt32(0)...a {
                pixels.append(a << 24 | p << 16 | (a - p) << 8 | (p * 7 % (a + 1)))
            }
        }
        let image = PNGImage(width: 128, height: 257, pixels: pixels)
        let decoded = try PNGImage.decode(data: image.pngData())
        #expect(decoded == image)
    }

    @Test func encodingUnpremultipliesColours() throws {
        // Premultiplied (a 128, r 64) is straight r 128; writing 64 unconverted would decode to 32.
        let image = PNGImage(width: 1, height: 1, pixels: [0x8040_2010])
        #expect(try PNGImage.decode(data: image.pngData()).pixels == [0x8040_2010])
        #expect(PNGImage.unpremultiplied(0x8040_2010) == 0x8080_4020)
        // Invalid premultiplied input (channel above alpha) clamps instead of overflowing.
        #expect(PNGImage.unpremultiplied(0x10FF_0000) == 0x10FF_0000)
    }

    @Test func straightRoundTripOfOpaqueImageAndStrideEncoding() throws {
        // 3×2 pixels taken out of rows of 5 (a pixman image with padding).
        let backing: [UInt32] = [0xFF010203, 0xFF040506, 0xFF070809, 0xDEADBEEF, 0xDEADBEEF,
                                 0xFFFFFFFF, 0xFF000000, 0xFF202830, 0xDEADBEEF, 0xDEADBEEF]
        let data = try backing.withUnsafeBufferPointer {
            try PNGImage.encode(width: 3, height: 2, rowStride: 5, pixels: $0.baseAddress!)
        }
        let decoded = try PNGImage.decode(data: data)
        #expect(decoded.pixels == [0xFF010203, 0xFF040506, 0xFF070809, 0xFFFFFFFF, 0xFF000000, 0xFF202830])
        #expect(decoded.pixel(x: 2, y: 1) == 0xFF20_2830)
        #expect(decoded.pixel(x: 3, y: 0) == nil)
    }

    @Test func grayEncodingDecodesToOpaqueGray() throws {
        let data = try PNGImage.encodeGray(width: 2, height: 2, pixels: [0, 1, 128, 255])
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR colour type byte (offset 25) is 0: a gray file, not RGB.
        #expect(data[25] == 0)
        #expect(try PNGImage.decode(data: data).pixels == [0xFF00_0000, 0xFF01_0101, 0xFF80_8080, 0xFFFF_FFFF])
        #expect(throws: PNGError.invalidArgument("3 gray pixels for a 2×2 image")) {
            try PNGImage.encodeGray(width: 2, height: 2, pixels: [0, 0, 0])
        }
    }

    @Test func fileRoundTripAndIOErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-png-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.png").path
        let image = PNGImage(width: 2, height: 1, pixels: [0xFFFF_0000, 0x4010_2030])
        try image.write(toFile: path)
        #expect(try PNGImage.decode(path: path) == image)
        try PNGImage.writeGray(toFile: path, width: 1, height: 1, pixels: [200])
        #expect(try PNGImage.decode(path: path).pixels == [0xFFC8_C8C8])

        let truncated = dir.appendingPathComponent("truncated.png").path
        let full = try PNGImage(width: 32, height: 32, pixels: (0..<1024).map { UInt32($0) &* 40503 | 0xFF00_0000 }).pngData()
        #expect(FileManager.default.createFile(atPath: truncated, contents: Data(full.prefix(full.count - 20))))
        #expect(throws: PNGError.self) { try PNGImage.decode(path: truncated) }

        let missing = dir.appendingPathComponent("missing.png").path
        #expect(throws: PNGError.io(path: missing, reason: "No such file or directory")) {
            try PNGImage.decode(path: missing)
        }
        let unwritable = dir.appendingPathComponent("no/such/dir.png").path
        #expect(throws: PNGError.io(path: unwritable, reason: "No such file or directory")) {
            try image.write(toFile: unwritable)
        }
    }

    @Test func corruptTruncatedAndEmptyDataAreMalformed() throws {
        let good = try PNGImage(width: 64, height: 64, pixels: (0..<4096).map { UInt32($0) &* 2654435761 | 0xFF00_0000 }).pngData()
        for bad in [[], Array(good.prefix(7)), Array(good.prefix(40)), Array(good.prefix(good.count / 2)),
                    Array("not a png at all".utf8)] {
            #expect(throws: PNGError.self) { try PNGImage.decode(data: bad) }
            do { _ = try PNGImage.decode(data: bad) } catch {
                guard case .malformed = error else { Issue.record("expected .malformed, got \(error)"); continue }
            }
        }
        // A flipped byte inside IDAT breaks the CRC (a critical chunk): an error, not garbage pixels.
        var flipped = good
        flipped[good.count - 30] ^= 0xFF
        #expect(throws: PNGError.self) { try PNGImage.decode(data: flipped) }
    }

    @Test func absurdDimensionsAreRefusedBeforeAllocation() throws {
        // A header claiming 1,000,000 × 1,000,000 with a one-row body: refused by the limit check.
        let huge = PNGTestFile.make(width: 1_000_000, height: 1_000_000, colorType: 0, rows: [[0]])
        #expect(throws: PNGError.tooLarge(width: 1_000_000, height: 1_000_000, limits: .default)) {
            try PNGImage.decode(data: huge)
        }
        let small = try PNGImage(width: 40, height: 30, pixels: Array(repeating: 0xFF00_0000, count: 1200)).pngData()
        let tight = PNGImage.Limits(maxWidth: 100, maxHeight: 100, maxPixels: 1199)
        #expect(throws: PNGError.tooLarge(width: 40, height: 30, limits: tight)) {
            try PNGImage.decode(data: small, limits: tight)
        }
        #expect(try PNGImage.decode(data: small, limits: PNGImage.Limits(maxWidth: 40, maxHeight: 30, maxPixels: 1200)).width == 40)
    }

    @Test func inconsistentEncodeArgumentsThrow() {
        #expect(throws: PNGError.invalidArgument("3 pixels for a 2×2 image")) {
            try PNGImage(width: 2, height: 2, pixels: [0, 0, 0]).pngData()
        }
        #expect(throws: PNGError.invalidArgument("0 pixels for a 0×5 image")) {
            try PNGImage(width: 0, height: 5, pixels: []).pngData()
        }
        let one: [UInt32] = [0]
        #expect(throws: PNGError.invalidArgument("row stride 1 < width 2")) {
            try one.withUnsafeBufferPointer { try PNGImage.encode(width: 2, height: 1, rowStride: 1, pixels: $0.baseAddress!) }
        }
    }

    @Test func premultiplyMatchesExactRounding() {
        for a in UInt32(0)...255 {
            for c in stride(from: UInt32(0), through: 255, by: 5) {
                let expected = a == 0 ? 0 : UInt32((Double(c * a) / 255).rounded())
                #expect(PNGImage.premultiplied(a << 24 | c << 16 | c << 8 | c) == (a == 0 ? 0 : a << 24 | expected << 16 | expected << 8 | expected))
            }
        }
    }
}
