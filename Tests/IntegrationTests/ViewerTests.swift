import Foundation
import Strata
import StrataWayland
import XCTest

/// `examples/viewer` under headless sway (an 800×600 window filling the output, so surface
/// points are output pixels) on its generated 20 000² image: the window maps, its tiles (drawn
/// on background threads) show the image's exact pixels, equal to the offscreen snapshot, and
/// a pointer drag and a wheel step change what is shown by exactly the documented amounts.
final class ViewerTests: XCTestCase {
    /// The generated image's pixel (x, y), written from TiledImageSource.generated's documented
    /// pattern: 8-pixel lines (#202020) every 1000 pixels, red = x·255/(w−1), green = y·255/(h−1),
    /// blue 200 or 60 in 2000-pixel checkers.
    static func generated(_ x: Int, _ y: Int, size: Int = 20000) -> UInt32 {
        if x % 1000 < 8 || y % 1000 < 8 { return 0xFF20_2020 }
        let r = UInt32(x * 255 / (size - 1)), g = UInt32(y * 255 / (size - 1))
        let b: UInt32 = (x / 2000 + y / 2000) % 2 == 0 ? 200 : 60
        return 0xFF00_0000 | r << 16 | g << 8 | b
    }

    /// Screen points where `shot` differs from `expected(x, y)` (every 5th pixel; at most 5),
    /// outside the cursor sway draws into screenshots around `pointer`.
    static func mismatches(_ shot: PNGImage, pointer: (Int, Int), size: (Int, Int) = (800, 600),
                           _ expected: (Int, Int) -> UInt32) -> [String] {
        var out: [String] = []
        for y in stride(from: 0, to: size.1, by: 5) {
            for x in stride(from: 0, to: size.0, by: 5) where shot.pixel(x: x, y: y) != expected(x, y) {
                if (pointer.0 - 32...pointer.0 + 48).contains(x) && (pointer.1 - 32...pointer.1 + 48).contains(y) { continue }
                if out.count < 5 { out.append("(\(x),\(y)) \(String(shot.pixel(x: x, y: y) ?? 0, radix: 16))≠\(String(expected(x, y), radix: 16))") }
            }
        }
        return out
    }

    /// Screenshots until the screen shows `expected` (tiles arrive from background threads and
    /// fade in over 0.25 s); the last screenshot and its mismatches.
    func waitForPicture(_ sway: HeadlessCompositor, _ label: String, pointer: (Int, Int), size: (Int, Int) = (800, 600),
                        _ expected: (Int, Int) -> UInt32) throws -> (PNGImage, [String]) {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let shot = try sway.screenshot(label)
            let off = Self.mismatches(shot, pointer: pointer, size: size, expected)
            if off.isEmpty || Date() > deadline { return (shot, off) }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    func testViewerShowsExactTilesAndPansAndZoomsUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let vp = try SeatVirtualPointer(compositor: sway)
        try vp.move(to: 790, 590)
        let options = ["--generated", "20000", "--zoom", "1", "--center", "2000", "2000"]
        let app = try ChildProcess(executable: try TestEnvironment.example("viewer").path,
                                   arguments: options + ["--exit-after", "120"], environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)

        // Zoom 1, image (2000, 2000) in the middle: screen (x, y) is image (1600 + x, 1700 + y),
        // across the checker corner and grid lines at 2000.
        let (first, off1) = try waitForPicture(sway, "viewer-start", pointer: (790, 590)) { x, y in Self.generated(1600 + x, 1700 + y) }
        XCTAssertEqual(off1, [], "\(app.transcript)\n\(sway.logTail)")
        // The offscreen snapshot of the same view (tiles drawn synchronously) is the same picture.
        let out = TestEnvironment.artifact("viewer-snapshot.png")
        let snap = try ChildProcess(executable: try TestEnvironment.example("viewer").path,
                                    arguments: options + ["--snapshot", "0", out.path])
        XCTAssertEqual(snap.waitForExit(timeout: 60), .exited(0), snap.transcript)
        let offscreen = try PNGImage.decode(path: out.path)
        XCTAssertEqual(Self.mismatches(first, pointer: (790, 590)) { x, y in offscreen.pixel(x: x, y: y) ?? 0 }, [])

        // Drag with the button held from (400, 300) to (300, 250): the picture follows the
        // pointer, so the middle moves to image (2100, 2050).
        try vp.move(to: 400, 300)
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
        for i in 1...10 { try vp.move(to: UInt32(400 - 10 * i), UInt32(300 - 5 * i)) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        XCTAssertTrue(app.waitForLine("viewer: zoom 1.0 center 2100.0 2050.0", timeout: 10), app.transcript)
        let (_, off2) = try waitForPicture(sway, "viewer-dragged", pointer: (300, 250)) { x, y in Self.generated(1700 + x, 1750 + y) }
        XCTAssertEqual(off2, [], app.transcript)

        // Two wheel detents up at (200, 100): zoom 2 about image (1900, 1850) under the pointer;
        // the top-left corner shows image (1800, 1800) and each image pixel is a 2×2 block.
        try vp.move(to: 200, 100)
        try vp.frame { p, t in
            p.axisDiscrete(time: t, axis: .verticalScroll, value: -30, discrete: -2)
            p.axisSource(axisSource: .wheel)
        }
        XCTAssertTrue(app.waitForLine("viewer: zoom 2.0 center 2000.0 1950.0", timeout: 10), app.transcript)
        let (_, off3) = try waitForPicture(sway, "viewer-zoomed", pointer: (200, 100)) { x, y in Self.generated(1800 + x / 2, 1800 + y / 2) }
        XCTAssertEqual(off3, [], app.transcript)
    }

    /// On a 2× output (1600×1200 pixels, 800×600 points) the viewer follows the output's scale
    /// by itself (its `ViewHost` gives the view the window's `contentsScale`): the tiles are
    /// drawn at device pixels, so at zoom 1 each image pixel is an exact 2×2 block of the
    /// screenshot, not an upscaled blur.
    func testViewerDrawsItsTilesAtTheOutputScaleUnderSway() throws {
        let sway = try HeadlessCompositor("sway", size: "1600x1200", scale: "2")
        let app = try ChildProcess(executable: try TestEnvironment.example("viewer").path,
                                   arguments: ["--generated", "20000", "--zoom", "1", "--center", "2000", "2000", "--exit-after", "120"],
                                   environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)
        // Screen pixel (x, y) is point (x/2, y/2), image (1600 + x/2, 1700 + y/2). No pointer
        // device exists, so sway draws no cursor.
        let (shot, off) = try waitForPicture(sway, "viewer-2x", pointer: (-1000, -1000), size: (1600, 1200)) { x, y in
            Self.generated(1600 + x / 2, 1700 + y / 2)
        }
        XCTAssertEqual(shot.width, 1600)
        XCTAssertEqual(off, [], "\(app.transcript)\n\(sway.logTail)")
    }

    /// Offscreen snapshots (tiles drawn synchronously): the whole image fitted (golden), and at
    /// `--scale 2` the tiles are drawn at device pixels, each image pixel a 2×2 block.
    func testSnapshotsMatchTheGoldenAndDrawTilesAtTheOutputScale() throws {
        try ExampleGolden.check(try ExampleRun.snapshot("viewer", at: 0), "viewer-0.0")
        let out = TestEnvironment.artifact("viewer-scale2.png")
        let p = try ChildProcess(executable: try TestEnvironment.example("viewer").path,
                                 arguments: ["--zoom", "1", "--center", "2000", "2000", "--scale", "2", "--snapshot", "0", out.path])
        XCTAssertEqual(p.waitForExit(timeout: 60), .exited(0), p.transcript)
        let shot = try PNGImage.decode(path: out.path)
        XCTAssertEqual(shot.width, 1600)
        var off: [String] = []
        for y in stride(from: 0, to: 1200, by: 7) {
            for x in stride(from: 0, to: 1600, by: 7) where shot.pixel(x: x, y: y) != Self.generated(1600 + x / 2, 1700 + y / 2) {
                if off.count < 5 { off.append("(\(x),\(y))") }
            }
        }
        XCTAssertEqual(off, [])
    }

    func testCorruptFileGivesAClearErrorAndExitStatus1() throws {
        let bad = TestEnvironment.artifact("viewer-corrupt.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]).write(to: bad)
        let p = try ChildProcess(executable: try TestEnvironment.example("viewer").path,
                                 arguments: ["--snapshot", "0", TestEnvironment.artifact("viewer-none.png").path, bad.path])
        XCTAssertEqual(p.waitForExit(timeout: 30), .exited(1), p.transcript)
        XCTAssertTrue(p.standardError.hasPrefix("viewer: \(bad.path): JPEG: malformed"), p.standardError)
    }
}
