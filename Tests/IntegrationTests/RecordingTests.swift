import Foundation
import Strata
import XCTest

/// `--record OUT.png --duration D --fps F`: an animated PNG rendered offscreen whose frames are
/// the `--snapshot` pictures at i / F, identical neighbours merged into longer frames; and
/// `AnimatedPNG` itself (round trip, merging, bad input), read back by an independent parser.
final class RecordingTests: XCTestCase {
    /// The morph never rests: 1.2 s at 10 fps is 12 frames of 1/10 s, each the snapshot at its
    /// time, looping forever.
    func testMorphRecordingHasOneFramePerTick() throws {
        let apng = try ExampleRun.record("morph", ["--duration", "1.2", "--fps", "10"])
        XCTAssertEqual(apng.frames.count, 12)
        XCTAssertEqual(apng.plays, 0)
        XCTAssertEqual(apng.width, 240)
        XCTAssertEqual(apng.height, 240)
        XCTAssertEqual(apng.chunkTypes.prefix(2), ["IHDR", "acTL"])
        for f in apng.frames {
            XCTAssertEqual(f.delayNumerator, 1)
            XCTAssertEqual(f.delayDenominator, 10)
        }
        for i in [0, 3, 6, 11] {
            XCTAssertEqual(apng.frames[i].canvas, try ExampleRun.snapshot("morph", at: Double(i) / 10), "frame \(i)")
        }
        // Only the shape's 120×120 square changes after the first frame.
        XCTAssertEqual(apng.frames[1].region, PixelRect(x: 60, y: 60, width: 120, height: 120))
    }

    /// The progress arc animates for 0.6 s, then rests: at 10 fps frames 0…6 (t = 0 … 0.6) differ,
    /// and the picture at rest from 0.6 s to the end of the 2 s is one frame of 14/10 s.
    func testRestingTailIsOneLongFrame() throws {
        let apng = try ExampleRun.record("progress", ["--duration", "2", "--fps", "10"])
        XCTAssertEqual(apng.frames.map(\.delayNumerator), [1, 1, 1, 1, 1, 1, 14])
        XCTAssertEqual(apng.frames.map(\.delayDenominator), Array(repeating: 10, count: 7))
        var start = 0
        for (k, f) in apng.frames.enumerated() {
            XCTAssertEqual(f.canvas, try ExampleRun.snapshot("progress", at: Double(start) / 10), "frame \(k) at \(start)/10 s")
            start += f.delayNumerator
        }
        XCTAssertEqual(start, 20, "the delays add up to the 2 s recorded")
    }

    /// Defaults: 2 s at 15 fps; `--scale 2` doubles the canvas.
    func testDefaultsAndScale() throws {
        let apng = try ExampleRun.record("reveal", ["--scale", "2"])
        XCTAssertEqual(apng.width, 640)
        XCTAssertEqual(apng.height, 480)
        XCTAssertEqual(apng.frames.reduce(0) { $0 + $1.delayNumerator }, 30)
        XCTAssertTrue(apng.frames.allSatisfy { $0.delayDenominator == 15 })
    }

    /// Every example in the README's gallery records (what `scripts/showcase` runs): a valid APNG
    /// whose first frame is the snapshot at 0 and whose delays add up to the duration.
    func testEveryGalleryExampleRecords() throws {
        for example in ["hello", "fade", "movelayer", "grouped", "position", "keyframes", "progress", "indicator",
                        "morph", "reveal", "toast", "panel", "stress", "gestures"] {
            let apng = try ExampleRun.record(example, ["--duration", "0.4", "--fps", "5"])
            XCTAssertEqual(apng.frames.first?.canvas, try ExampleRun.snapshot(example, at: 0), example)
            XCTAssertEqual(apng.frames.reduce(0) { $0 + $1.delayNumerator }, 2, example)
        }
    }

    /// The examples with live loops of their own render offscreen too: inputprobe's window at its
    /// `--size`, outputbars' bar as on an 800-point-wide output, each one flat colour — so a
    /// recording is one frame lasting the whole duration.
    func testOwnLoopExamplesRenderOffscreen() throws {
        for (example, arguments, width, height, color) in [
            ("inputprobe", ["--size", "320x200"], 320, 200, UInt32(0xFF26_334D)),  // (0.15, 0.2, 0.3)
            ("outputbars", [], 800, 24, UInt32(0xFF14_171C)),                      // (0.08, 0.09, 0.11)
        ] {
            let still = try ExampleRun.snapshot(example, at: 0.5, arguments: arguments)
            XCTAssertEqual([still.width, still.height], [width, height], example)
            XCTAssertEqual(Set(still.pixels.map(hex)), [hex(color)], example)
            let apng = try ExampleRun.record(example, arguments + ["--duration", "0.6", "--fps", "5"])
            XCTAssertEqual(apng.frames.map(\.canvas), [still], example)
            XCTAssertEqual(apng.frames.map(\.delayNumerator), [3], example)
            XCTAssertEqual(apng.frames.map(\.delayDenominator), [5], example)
        }
    }

    /// Bad recording options end with status 1 and say why; nothing is written.
    func testBadRecordingOptionsAreRefused() throws {
        let out = TestEnvironment.artifact("bad-record.png")
        for (arguments, message) in [
            (["--record", out.path, "--fps", "0"], "--fps"),
            (["--record", out.path, "--fps", "2.5"], "--fps"),
            (["--record", out.path, "--fps", "121"], "--fps"),
            (["--record", out.path, "--duration", "0"], "--duration"),
            (["--record", out.path, "--duration", "1e9"], "at most 3600"),
            (["--duration", "1"], "need --record"),
            (["--record"], "needs a value"),
        ] {
            try? FileManager.default.removeItem(at: out)
            let p = try ChildProcess(executable: TestEnvironment.example("morph").path, arguments: arguments)
            XCTAssertEqual(p.waitForExit(timeout: 30), .exited(1), "\(arguments): \(p.transcript)")
            XCTAssertTrue(p.standardError.contains(message), "\(arguments): \(p.standardError)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "\(arguments) wrote a file")
        }
    }

    // MARK: - AnimatedPNG

    private func solid(_ color: UInt32, _ w: Int = 4, _ h: Int = 3, dot: (Int, Int, UInt32)? = nil) -> PNGImage {
        var image = PNGImage(width: w, height: h, pixels: Array(repeating: color, count: w * h))
        if let dot { image.pixels[dot.1 * w + dot.0] = dot.2 }
        return image
    }

    func testAnimatedPNGRoundTripsAndMergesRepeats() throws {
        var apng = AnimatedPNG(width: 4, height: 3)
        apng.plays = 3
        let a = solid(0xFF10_2030), b = solid(0xFF10_2030, dot: (2, 1, 0x8000_0080)), c = solid(0x0000_0000)
        try apng.append(a, delay: 1, over: 30)
        try apng.append(b, delay: 1, over: 30)
        try apng.append(b, delay: 2, over: 30)   // merged: b shows 3/30 s
        try apng.append(c, delay: 5, over: 100)
        try apng.append(c, delay: 1, over: 30)   // another denominator: stored as its own frame
        XCTAssertEqual(apng.frameCount, 4)
        let read = try APNGReader(bytes: apng.pngData())
        XCTAssertEqual(read.plays, 3)
        XCTAssertEqual(read.frames.map(\.canvas), [a, b, c, c])
        XCTAssertEqual(read.frames.map(\.delayNumerator), [1, 3, 5, 1])
        XCTAssertEqual(read.frames.map(\.delayDenominator), [30, 30, 100, 30])
        XCTAssertEqual(read.frames[1].region, PixelRect(x: 2, y: 1, width: 1, height: 1), "only the changed pixel")
        XCTAssertEqual(read.frames[3].region, PixelRect(x: 0, y: 0, width: 1, height: 1), "an unchanged stored frame")
        XCTAssertEqual(try apng.pngData(), try apng.pngData(), "deterministic")
        // Any PNG reader sees the first frame.
        XCTAssertEqual(try PNGImage.decode(data: apng.pngData()), a)
    }

    func testDelaysThatOverflowSixteenBitsStartANewFrame() throws {
        var apng = AnimatedPNG(width: 4, height: 3)
        try apng.append(solid(0xFFFF_FFFF), delay: 65000, over: 1)
        try apng.append(solid(0xFFFF_FFFF), delay: 1000, over: 1)
        let read = try APNGReader(bytes: apng.pngData())
        XCTAssertEqual(read.frames.map(\.delayNumerator), [65000, 1000])
    }

    func testAnimatedPNGBadInput() throws {
        var apng = AnimatedPNG(width: 4, height: 3)
        XCTAssertThrowsError(try apng.pngData()) { XCTAssertEqual($0 as? PNGError, .invalidArgument("an animated PNG needs at least one frame")) }
        XCTAssertThrowsError(try apng.append(solid(0, 3, 3), delay: 1, over: 10))
        XCTAssertThrowsError(try apng.append(PNGImage(width: 4, height: 3, pixels: [1, 2]), delay: 1, over: 10))
        XCTAssertThrowsError(try apng.append(solid(0), delay: 1, over: 0))
        XCTAssertEqual(apng.frameCount, 0)
        XCTAssertThrowsError(try AnimatedPNG(width: 0, height: 3).pngData())
    }
}
