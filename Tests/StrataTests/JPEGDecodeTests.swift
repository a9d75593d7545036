import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// JPEG decoding against files made by cjpeg (scripts/make-jpeg-assets.py), an encoder
/// independent of ours, and round trips through our encoder. JPEG is lossy: solid 16×16 blocks
/// come back within a few levels, which is the tolerance asserted.
@Suite(.runLoopTurn) struct JPEGDecodeTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/jpeg")
    static func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    static func bytes(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: dir.appendingPathComponent(name))) }

    /// The quadrant colours of quad-*.jpg: top-left, top-right, bottom-left, bottom-right.
    static let quads: [(Int, Int, Int)] = [(200, 40, 40), (40, 180, 60), (30, 60, 210), (240, 240, 240)]

    static func channels(_ p: UInt32) -> (a: Int, r: Int, g: Int, b: Int) {
        (Int(p >> 24), Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
    }

    /// Every pixel of `image` is opaque and within `tolerance` of the quadrant it lies in,
    /// `margin` pixels away from the quadrant borders (4:2:0 chroma bleeds across them).
    static func expectQuadrants(_ image: CGImage, tolerance: Int, margin: Int) {
        let half = image.width / 2
        var worst = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = channels(image.pixel(x: x, y: y))
                #expect(c.a == 255)
                guard abs(x - half) >= margin || x < margin, abs(y - half) >= margin else { continue }
                let q = quads[(y >= half ? 2 : 0) + (x >= half ? 1 : 0)]
                worst = max(worst, abs(c.r - q.0), abs(c.g - q.1), abs(c.b - q.2))
            }
        }
        #expect(worst <= tolerance, "largest channel error \(worst)")
    }

    @Test func baseline444FileDecodesToKnownColours() throws {
        let image = try CGImage.decodeJPEG(path: Self.path("quad-444.jpg"))
        #expect(image.width == 32 && image.height == 32 && image.isOpaque)
        Self.expectQuadrants(image, tolerance: 2, margin: 0)
        // The same bytes from memory give the same pixels.
        let fromData = try CGImage.decodeJPEG(data: Self.bytes("quad-444.jpg"))
        #expect((0..<32 * 32).allSatisfy { fromData.pixels[$0] == image.pixels[$0] })
    }

    @Test func progressive420FileDecodes() throws {
        let image = try CGImage.decodeJPEG(path: Self.path("quad-420-progressive.jpg"))
        #expect(image.width == 32 && image.height == 32)
        // Chroma is subsampled 2×: the two pixels each side of a border may mix.
        Self.expectQuadrants(image, tolerance: 4, margin: 2)
    }

    @Test func grayscaleFileExpandsToEqualChannels() throws {
        let image = try CGImage.decodeJPEG(path: Self.path("gray.jpg"))
        #expect(image.width == 32 && image.height == 16)
        for y in 0..<16 {
            for x in [0, 7, 15, 16, 24, 31] {
                let c = Self.channels(image.pixel(x: x, y: y))
                #expect(c.a == 255 && c.r == c.g && c.g == c.b)
                #expect(abs(c.r - (x < 16 ? 64 : 192)) <= 2)
            }
        }
    }

    @Test func encodeThenDecodeRoundTripsWithinTolerance() throws {
        // Smooth gradients survive quality 95 within a few levels; alpha is dropped (opaque).
        let w = 48, h = 40
        let source = try #require(CGImage(width: w, height: h) { p in
            for y in 0..<h {
                for x in 0..<w { p[y * w + x] = 0xFF00_0000 | UInt32(x * 5) << 16 | UInt32(y * 6) << 8 | 0x80 }
            }
        })
        let data = try source.jpegData(quality: 95, fullChroma: true)
        #expect(data.starts(with: [0xFF, 0xD8]))
        let back = try CGImage.decodeJPEG(data: data)
        #expect(back.width == w && back.height == h)
        var worst = 0
        for i in 0..<(w * h) {
            let a = Self.channels(source.pixels[i]), b = Self.channels(back.pixels[i])
            worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
        }
        #expect(worst <= 4, "largest channel error \(worst)")
        let gray = try CGImage.decodeJPEG(data: source.jpegData(quality: 90, grayscale: true))
        let g = Self.channels(gray.pixel(x: 0, y: 0))
        #expect(g.r == g.g && g.g == g.b)
    }

    @Test func truncatedAndCorruptDataAreMalformedErrors() throws {
        #expect(throws: JPEGError.self) { try CGImage.decodeJPEG(path: Self.path("truncated.jpg")) }
        do {
            _ = try CGImage.decodeJPEG(data: Self.bytes("truncated.jpg"))
            Issue.record("truncated data decoded")
        } catch {
            guard case JPEGError.malformed(let reason) = error else { Issue.record("\(error)"); return }
            #expect(!reason.isEmpty)
        }
        // Not a JPEG at all, empty, and a PNG signature.
        for bad: [UInt8] in [[1, 2, 3, 4], [], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]] {
            #expect(throws: JPEGError.self) { try CGImage.decodeJPEG(data: bad) }
        }
        // Entropy-coded data overwritten with garbage after the header.
        var corrupt = try Self.bytes("quad-444.jpg")
        let sos = try #require(corrupt.indices.first { corrupt[$0] == 0xFF && corrupt[$0 + 1] == 0xDA })
        for i in (sos + 20)..<(corrupt.count - 2) { corrupt[i] = UInt8(truncatingIfNeeded: i * 37) | 0x01 }
        #expect(throws: JPEGError.self) { try CGImage.decodeJPEG(data: corrupt) }
    }

    @Test func missingFileIsAnIOError() {
        #expect(throws: JPEGError.io(path: "/nonexistent/x.jpg", reason: "No such file or directory")) {
            try CGImage.decodeJPEG(path: "/nonexistent/x.jpg")
        }
    }

    @Test func bombIsRefusedFromTheHeader() throws {
        let bomb = try Self.bytes("bomb.jpg")
        #expect(throws: JPEGError.tooLarge(width: 60000, height: 60000, limits: .default)) {
            try CGImage.decodeJPEG(data: bomb)
        }
        // Opting in lifts the pixel-count bound but CGImage's 32767 per side still refuses it.
        #expect(throws: JPEGError.tooLarge(width: 60000, height: 60000, limits: .unlimited)) {
            try CGImage.decodeJPEG(data: bomb, limits: .unlimited)
        }
        // A bound one pixel short of the real 32×32 refuses it; an exact one admits it.
        let quad = try Self.bytes("quad-444.jpg")
        let tight = ImageDecodeLimits(maxWidth: 100, maxHeight: 100, maxPixels: 1023)
        #expect(throws: JPEGError.tooLarge(width: 32, height: 32, limits: tight)) {
            try CGImage.decodeJPEG(data: quad, limits: tight)
        }
        #expect(try CGImage.decodeJPEG(data: quad, limits: .init(maxWidth: 32, maxHeight: 32, maxPixels: 1024)).width == 32)
    }

    @Test func encoderRejectsBadArguments() throws {
        let image = try #require(CGImage(width: 2, height: 2, pixels: [0, 0, 0, 0]))
        #expect(throws: JPEGError.invalidArgument("quality 0")) { try image.jpegData(quality: 0) }
        let empty = try #require(CGImage(width: 0, height: 0, pixels: []))
        #expect(throws: JPEGError.self) { try empty.jpegData() }
    }
}
