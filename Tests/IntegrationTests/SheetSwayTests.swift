import Foundation
import StrataWayland
import XCTest

/// `examples/sheet` under headless sway with a real pointer (the 800×600 window fills the
/// output, so surface points are output pixels): a drag scrubs the sheet's
/// ViewPropertyAnimator and the release runs it on or back; a click wiggles it with keyframes.
/// The screenshots check where the sheet came to rest.
final class SheetSwayTests: XCTestCase {
    /// The sheet's colour (#eef0f5 from 0.93, 0.94, 0.96) and the window's (#1c2430).
    static let sheet: UInt32 = 0xFFED_F0F5, background: UInt32 = 0xFF1C_2430

    func testADragScrubsTheAnimatorAndTheReleaseRunsItOnOrBack() throws {
        let sway = try HeadlessCompositor("sway")
        let vp = try SeatVirtualPointer(compositor: sway)
        try vp.move(to: 790, 10)
        let app = try ChildProcess(executable: try TestEnvironment.example("sheet").path,
                                   arguments: ["--exit-after", "90"], environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)
        let lines = PrefixedLines(app, prefix: "sheet:")

        /// Presses at (400, y), moves by `dy` in 16-pixel steps (a frame, 16 ms, each), rests
        /// 300 ms (so that the lift comes with no velocity) and lifts.
        func drag(from y: UInt32, by dy: Int) throws {
            try vp.move(to: 400, y)
            try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
            for i in 1...(abs(dy) / 16) { try vp.move(to: 400, UInt32(Int(y) + (dy < 0 ? -16 : 16) * i)) }
            vp.rest(milliseconds: 300)
            try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        }
        /// The colour at (300, y) on the output (beside the handle).
        func color(at y: Int) throws -> UInt32? { try sway.screenshot("sheet-\(y)").pixel(x: 300, y: y) }

        // 128 of the 320 points: under half way, at rest: back to the start.
        try drag(from: 520, by: -128)
        XCTAssertEqual(lines.next("release"), "sheet: released 0.40 back")
        XCTAssertEqual(lines.next("finish"), "sheet: finished start")
        XCTAssertEqual(try color(at: 470), Self.background, "closed: the sheet's top at 480")
        XCTAssertEqual(try color(at: 490), Self.sheet)

        // 256 points: past half way: on to the end, the sheet open at 160.
        try drag(from: 520, by: -256)
        XCTAssertEqual(lines.next("release"), "sheet: released 0.80 on")
        XCTAssertEqual(lines.next("finish"), "sheet: finished end")
        XCTAssertEqual(try color(at: 150), Self.background, "open: the sheet's top at 160")
        XCTAssertEqual(try color(at: 170), Self.sheet)

        // A click without a drag: the keyframe wiggle, to its end.
        try vp.move(to: 400, 300)
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        XCTAssertEqual(lines.next("wiggle"), "sheet: wiggled")

        // Closing by 96 of the 320 points (0.30 of the way down): back open.
        try drag(from: 200, by: 96)
        XCTAssertEqual(lines.next("release"), "sheet: released 0.30 back")
        XCTAssertEqual(lines.next("finish"), "sheet: finished start")
        XCTAssertEqual(try color(at: 170), Self.sheet, "still open")
    }
}
