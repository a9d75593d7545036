import Foundation
import StrataWayland
import XCTest

/// Drag and drop started by a finger, under headless KWin with a touchscreen (`SeatFakeTouch`):
/// the `dragdrop` example's handle view (`--views`) is held still until its drag interaction
/// lifts the item (UIKit's long press), then the finger carries it over the drop zone and
/// lifts. The drag starts with the touch-down's serial (KWin's touch grab), the client cancels
/// the touch in its views, and the drop goes through the data device as with the pointer.
final class DragAndDropTouchKWinTests: XCTestCase {
    static let orange: UInt32 = 0xFFF2_8C26, green: UInt32 = 0xFF33_B34D

    func testAFingerHeldOnAViewLiftsItAndDropsItOnAnother() throws {
        let kwin = try HeadlessCompositor("kwin")
        let touch = try SeatFakeTouch(compositor: kwin)
        let app = try ChildProcess(executable: TestEnvironment.example("dragdrop").path,
                                   arguments: ["--exit-after", "60", "--views"], environment: kwin.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)
        // KWin places the window: find it by its orange square (a deadline, not a sleep).
        var shot = try kwin.screenshot("dragdrop-touch")
        let deadline = Date(timeIntervalSinceNow: 10)
        while shot.boundingBox(of: Self.orange) == nil, Date() < deadline { shot = try kwin.screenshot("dragdrop-touch") }
        let square = try XCTUnwrap(shot.boundingBox(of: Self.orange), "the orange square is on screen")
        let origin = (x: Double(square.x - 60), y: Double(square.y - 60))
        XCTAssertEqual([square.width, square.height], [80, 80])

        // The finger goes down on the handle and stays: the drag starts once the interaction's
        // long press fires (half a second on the app's clock; the test waits for the line).
        try touch.down([0: (origin.x + 100, origin.y + 100)])
        XCTAssertTrue(app.waitForLine("dragdrop: drag started", timeout: 10), app.transcript)
        // KWin has started the drag once the surface under the finger gets the drag's enter.
        XCTAssertTrue(app.waitForLines(timeout: 10) { $0.contains { $0.hasPrefix("drag entered ") } }, app.transcript)
        for step in 1...10 { try touch.move([0: (origin.x + 100 + 20 * Double(step), origin.y + 100)]) }
        XCTAssertTrue(app.waitForLines(timeout: 10) { $0.contains { $0.hasPrefix("drag moved 300.0 100.0 ") } }, app.transcript)
        // Out and back before the lift, as under sway: once the client reports the second move,
        // KWin has read its answer (accept, set_actions) to the earlier ones.
        try touch.move([0: (origin.x + 301, origin.y + 100)])
        try touch.move([0: (origin.x + 300, origin.y + 100)])
        XCTAssertTrue(app.waitForLines(timeout: 10, until: DragAndDropSwayTests.movedOutAndBack), app.transcript)
        try touch.up([0])

        // Refused over the handle (where the finger held it), taken as text over the zone.
        let lines = DragAndDropSwayTests.expectViewsDrop(app, enteredAt: "100.0 100.0")
        XCTAssertTrue(lines.contains("dropped text/plain;charset=utf-8 \"Strata ✓ drag\" at 300.0 100.0"), app.transcript)
        XCTAssertEqual(lines.filter { $0 == "dragdrop: drag started" }.count, 1, "one drag per lift")
        // The zone turned green (a deadline for KWin to show the next frame).
        let greenDeadline = Date(timeIntervalSinceNow: 10)
        var after = try kwin.screenshot("dragdrop-touch-dropped")
        let zone = (x: square.x + 300, y: square.y + 100)   // window (360, 160)
        while after.pixel(x: zone.x, y: zone.y) != Self.green, Date() < greenDeadline {
            after = try kwin.screenshot("dragdrop-touch-dropped")
        }
        XCTAssertEqual(after.pixel(x: zone.x, y: zone.y).map { String($0, radix: 16) }, String(Self.green, radix: 16))
    }
}
