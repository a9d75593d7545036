import Foundation
import StrataWayland
import XCTest

/// End-to-end touch under headless KWin, with a touchscreen driven through KWin's fake input
/// (`SeatFakeTouch`): fingers on `examples/gestures` reach the views under them through the
/// board's transforms and drive its gesture recognizers (double tap, swipe, pan, a finger scroll
/// of the list, a two-finger pinch). Expected points come from the example's documented geometry
/// (`ViewInputTests`' transforms), not from StrataUI's hit testing.
final class ViewTouchKWinTests: XCTestCase {
    /// The gestures example under KWin with a touchscreen, the window's top-left corner found
    /// on a screenshot and checked by a first tap on its root view.
    final class Fixture {
        let kwin: HeadlessCompositor
        let touch: SeatFakeTouch
        let app: ChildProcess
        private(set) var origin = (x: 0.0, y: 0.0)
        private var seen = 0

        /// KWin's output `size` pixels at `scale`.
        init(size: String = "800x600", scale: String? = nil) throws {
            kwin = try HeadlessCompositor("kwin", size: size, scale: scale)
            touch = try SeatFakeTouch(compositor: kwin)
            app = try ChildProcess(executable: try TestEnvironment.example("gestures").path,
                                   arguments: ["--exit-after", "90"], environment: kwin.clientEnvironment)
            XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)
            seen = app.lines.count
            // KWin places the window: find the root's colour on screen (device pixels; the
            // board and the other views cover none of the root's corners).
            let k = Double(scale ?? "1") ?? 1
            var shot = try kwin.screenshot("gestures-touch")
            let deadline = Date(timeIntervalSinceNow: 10)
            while shot.boundingBox(of: 0xFF20_2830).map({ $0.width < Int(800 * k) - 1 }) ?? true, Date() < deadline {
                shot = try kwin.screenshot("gestures-touch")
            }
            guard let box = shot.boundingBox(of: 0xFF20_2830) else {
                app.kill()
                throw HarnessError.failed("the window is not on screen\n\(app.transcript)")
            }
            origin = (x: Double(box.x) / k, y: Double(box.y) / k)
            // A tap on the root, away from every other view, logs the root's local point.
            try touch.tap(origin.x + 30, origin.y + 450)
            XCTAssertEqual(next(1, "a tap on the root"), ["gestures: touch root 30.0 450.0"])
        }

        /// The `gestures:` lines printed since the last call, once there are `n` of them.
        func next(_ n: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
            let ok = app.waitForLines(timeout: 10) { $0.dropFirst(self.seen).filter { $0.hasPrefix("gestures:") }.count >= n }
            let new = app.lines.dropFirst(seen).filter { $0.hasPrefix("gestures:") }
            seen = app.lines.count
            if !ok { XCTFail("\(what): \(new.count) of \(n) lines\n\(app.transcript)", file: file, line: line) }
            return Array(new)
        }

        /// The global (logical) point of a point of the window.
        func screen(_ p: (Double, Double)) -> (Double, Double) { (origin.x + p.0, origin.y + p.1) }

        /// Taps red's centre and blue's, through the board's rotation and scale (and blue's own):
        /// fractional global points, which wl_touch carries (1/256 point) where clicks could not.
        func tapRedAndBlue(file: StaticString = #filePath, line: UInt = #line) throws {
            let red = screen(ViewInputTests.boardToScreen(50, 50))
            try touch.tap(red.0, red.1)
            XCTAssertEqual(next(1, "red"), ["gestures: touch red 30.0 30.0"], file: file, line: line)
            let blue = screen(ViewInputTests.boardToScreen(220, 130))
            try touch.tap(blue.0, blue.1)
            XCTAssertEqual(next(1, "blue"), ["gestures: touch blue 40.0 40.0"], file: file, line: line)
        }
    }

    /// Under KWin at scale 1.5 (a 1200×900 output) the same window points land on the
    /// same view points: touch positions arrive in surface-local logical coordinates, while the
    /// window draws at 1.5× (the window is found on the device-pixel screenshot).
    func testFingersAtFractionalScaleLandOnTheSamePoints() throws {
        let f = try Fixture(size: "1200x900", scale: "1.5")
        defer { f.app.kill() }
        try f.tapRedAndBlue()
    }

    func testFingersReachTheViewsUnderThemAndDriveTheirGestures() throws {
        let f = try Fixture()
        defer { f.app.kill() }
        let touch = f.touch, app = f.app
        func next(_ n: Int, _ what: String) -> [String] { f.next(n, what) }
        func screen(_ p: (Double, Double)) -> (Double, Double) { f.screen(p) }
        try f.tapRedAndBlue()

        // Two taps on the card: its double-tap recognizer.
        let card = screen((640, 100))
        try touch.tap(card.0, card.1)
        try touch.tap(card.0, card.1)
        XCTAssertEqual(next(3, "double tap"), ["gestures: touch card 60.0 40.0", "gestures: touch card 60.0 40.0",
                                               "gestures: doubletap card"])
        // A quick flick left: the swipe (the pan waits for it to fail, so the card stays).
        try touch.down([0: card])
        for i in 1...5 { try touch.move([0: (card.0 - 20 * Double(i), card.1)]) }
        try touch.up([0])
        XCTAssertEqual(next(2, "swipe"), ["gestures: touch card 60.0 40.0", "gestures: swipe left"])
        // A diagonal drag by (60, 60): the pan moves the card's centre there.
        try touch.down([0: card])
        for i in 1...6 { try touch.move([0: (card.0 + 10 * Double(i), card.1 + 10 * Double(i))]) }
        try touch.up([0])
        XCTAssertEqual(next(2, "pan"), ["gestures: touch card 60.0 40.0", "gestures: pan 700.0 160.0"])

        // A finger dragging the list up by 100 points: the first move (20 points) passes the
        // 10-point slop and the content follows from there, 80 points. The drag began within
        // the content-touch delay, so the row under the finger never hears of the touch. The
        // finger rests before it lifts (its last move in place): no momentum, the offset stays.
        let list = screen((660, 500))
        try touch.down([0: list])
        for i in 2...10 { try touch.move([0: (list.0, list.1 - 10 * Double(i))]) }
        Thread.sleep(forTimeInterval: 0.2)   // the finger resting (real time: the app's clock)
        try touch.move([0: (list.0, list.1 - 100)])
        try touch.up([0])
        XCTAssertEqual(next(1, "scroll"), ["gestures: scroll 80.0"])
        // A tap on the scrolled list reaches the row under it when the finger lifts: content
        // y = 400 − 300 + 80 = 180, row 4.
        let row = screen((660, 400))
        try touch.tap(row.0, row.1)
        XCTAssertEqual(next(1, "row tap"), ["gestures: touch row4 100.0 20.0"])

        // Two fingers 40 points apart on the card (now centred at 700, 160) spreading to 80:
        // the pinch doubles the card's scale. Both fingers land on the card in one frame.
        let moved = screen((700, 160))
        try touch.down([0: (moved.0 - 20, moved.1), 1: (moved.0 + 20, moved.1)])
        for i in 1...5 { try touch.move([0: (moved.0 - 20 - 4 * Double(i), moved.1), 1: (moved.0 + 20 + 4 * Double(i), moved.1)]) }
        try touch.up([0, 1])
        XCTAssertEqual(next(3, "pinch"), ["gestures: touch card 40.0 40.0", "gestures: touch card 80.0 40.0",
                                          "gestures: pinch 2.00"])
        // Nothing else was logged (a row touched during the drag would show here).
        XCTAssertEqual(app.lines.filter { $0.hasPrefix("gestures:") }.count, 15, app.transcript)
    }
}
