import Foundation
import StrataWayland
import XCTest

/// End-to-end view input under headless sway: `examples/gestures` (an 800×600 window filling
/// sway's output, so surface points equal output pixels) logs which view gets each click, in
/// that view's coordinates. The test clicks screen points computed here from the example's
/// documented geometry (independently of StrataUI's hit testing) and checks the view and the
/// local point; then it scrolls the list with a wheel, double-clicks and drags the card, and
/// types into the text field with `wtype`.
final class ViewInputTests: XCTestCase {
    /// The board: 300×200, center (260, 260), rotated 30°, scaled 1.5.
    static func boardToScreen(_ x: Double, _ y: Double) -> (Double, Double) {
        let dx = (x - 150) * 1.5, dy = (y - 100) * 1.5
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        return (260 + dx * c - dy * s, 260 + dx * s + dy * c)
    }

    static func screenToBoard(_ x: Double, _ y: Double) -> (Double, Double) {
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let dx = x - 260, dy = y - 260
        return (150 + (dx * c + dy * s) / 1.5, 100 + (-dx * s + dy * c) / 1.5)
    }

    /// Blue inside the board: 80×80 centred at (220, 130), rotated 45°, scaled 0.5.
    static func boardToBlue(_ x: Double, _ y: Double) -> (Double, Double) {
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        let dx = x - 220, dy = y - 130
        return (40 + (dx * c + dy * s) / 0.5, 40 + (-dx * s + dy * c) / 0.5)
    }

    func testClicksReachTheViewUnderThePointerThroughTransforms() throws {
        let sway = try HeadlessCompositor("sway")
        let vp = try SeatVirtualPointer(compositor: sway)
        try vp.move(to: 790, 590)
        let app = try ChildProcess(executable: try TestEnvironment.example("gestures").path,
                                   arguments: ["--exit-after", "90"], environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)

        var seen = 0
        /// The next `gestures:` line after the ones already checked.
        func next(_ what: String) -> String? {
            let ok = app.waitForLines(timeout: 10) { lines in lines.filter { $0.hasPrefix("gestures:") }.count > seen }
            guard ok else { XCTFail("\(what): no line\n\(app.transcript)"); return nil }
            let line = app.lines.filter { $0.hasPrefix("gestures:") }[seen]
            seen += 1
            return line
        }
        func click(_ x: UInt32, _ y: UInt32, twice: Bool = false) throws {
            try vp.move(to: x, y)
            for _ in 0..<(twice ? 2 : 1) {
                try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
                try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
            }
        }
        func expectClick(_ name: String, _ local: (Double, Double), _ line: String?, file: StaticString = #filePath, line l: UInt = #line) {
            let parts = line?.split(separator: " ") ?? []
            XCTAssertEqual(parts.count, 5, "\(line ?? "nil")", file: file, line: l)
            guard parts.count == 5 else { return }
            XCTAssertEqual(String(parts[2]), name, "\(line!)", file: file, line: l)
            XCTAssertEqual(Double(parts[3]) ?? .nan, local.0, accuracy: 0.06, "\(line!)", file: file, line: l)
            XCTAssertEqual(Double(parts[4]) ?? .nan, local.1, accuracy: 0.06, "\(line!)", file: file, line: l)
        }

        // The board's center: the rotation pivot, so it stays at (260, 260).
        try click(260, 260)
        expectClick("board", (150, 100), next("board center"))
        // Red's center (board 50, 50) lands near (167.6, 120.0).
        let red = Self.boardToScreen(50, 50)
        XCTAssertEqual(red.0, 167.6, accuracy: 0.05)
        try click(UInt32(red.0.rounded()), UInt32(red.1.rounded()))
        let redLocal = Self.screenToBoard(red.0.rounded(), red.1.rounded())
        expectClick("red", (redLocal.0 - 20, redLocal.1 - 20), next("red"))
        // Blue's center (board 220, 130), through two rotations and two scales.
        let blue = Self.boardToScreen(220, 130)
        try click(UInt32(blue.0.rounded()), UInt32(blue.1.rounded()))
        let b = Self.screenToBoard(blue.0.rounded(), blue.1.rounded())
        expectClick("blue", Self.boardToBlue(b.0, b.1), next("blue"))
        // A point blue's untransformed frame covers but its rotated, halved shape does not: the
        // board gets it. Board point (185, 95) is inside blue's frame (180…260 × 90…170).
        let corner = Self.boardToScreen(185, 95)
        try click(UInt32(corner.0.rounded()), UInt32(corner.1.rounded()))
        let cb = Self.screenToBoard(corner.0.rounded(), corner.1.rounded())
        expectClick("board", cb, next("blue's empty corner"))
        // Inside the board's bounding box, outside the rotated board: the root.
        try click(60, 420)
        expectClick("root", (60, 420), next("outside the rotated board"))

        // Wheel over the list: two detents of 40 points.
        try vp.move(to: 660, 400)
        try vp.frame { p, t in
            p.axisDiscrete(time: t, axis: .verticalScroll, value: 30, discrete: 2)
            p.axisSource(axisSource: .wheel)
        }
        XCTAssertEqual(next("wheel"), "gestures: scroll 80.0")
        // The row under the pointer now: content y = 400 − 300 + 80 = 180 → row 4.
        try click(660, 400)
        expectClick("row4", (100, 20), next("row after scrolling"))

        // Double-click on the card: two clicks (the second with count 2), then the double tap.
        try click(640, 100, twice: true)
        expectClick("card", (60, 40), next("card click 1"))
        XCTAssertEqual(next("card click 2"), "gestures: click card 60.0 40.0 x2")
        XCTAssertEqual(next("double tap"), "gestures: doubletap card")

        // Drag the card by (60, 60) in 10-point steps with the button held.
        try vp.move(to: 640, 100)
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
        XCTAssertNotNil(next("press before the drag"))
        for i in 1...6 { try vp.move(to: UInt32(640 + 10 * i), UInt32(100 + 10 * i)) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        XCTAssertEqual(next("drag"), "gestures: pan 700.0 160.0")

        // Focus the field by clicking it, then type.
        try click(100, 540)
        expectClick("field", (60, 20), next("field click"))
        XCTAssertEqual(next("focus"), "gestures: focus field")
        let wtype = try ChildProcess(executable: "/usr/bin/wtype", arguments: ["-s", "200", "Hi!", "-k", "Return"],
                                     environment: sway.clientEnvironment)
        XCTAssertEqual(wtype.waitForExit(timeout: 30), .exited(0), wtype.transcript)
        XCTAssertEqual(next("H"), "gestures: text H")
        XCTAssertEqual(next("i"), "gestures: text Hi")
        XCTAssertEqual(next("!"), "gestures: text Hi!")
        XCTAssertEqual(next("Return"), "gestures: enter Hi!")
    }

    /// An input method (the test process, zwp_input_method_v2) composing and committing text
    /// into the gestures example's field (a `KeyInput`), through sway's text-input relay: the
    /// click makes the field first responder, its host enables the text input with the field's
    /// e-mail content type, and the composition and the commit reach `setMarkedText` and
    /// `insertText`; the field's context reaches the input method as surrounding text, and the
    /// input method's deletions around the cursor reach the field.
    func testAnInputMethodComposesAndCommitsIntoTheFocusedField() throws {
        let sway = try HeadlessCompositor("sway")
        let vp = try SeatVirtualPointer(compositor: sway)
        let im = try SeatInputMethod(compositor: sway)
        try vp.move(to: 790, 590)
        let app = try ChildProcess(executable: try TestEnvironment.example("gestures").path,
                                   arguments: ["--exit-after", "90"], environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)
        XCTAssertFalse(im.isActive, "no field has the focus yet")
        try vp.move(to: 100, 540)
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        XCTAssertTrue(app.waitForLine("gestures: focus field", timeout: 10), app.transcript)
        XCTAssertTrue(try im.wait(timeout: 10) { im.isActive && im.contentPurpose == .email },
                      "the input method is activated for an e-mail field\n\(app.transcript)")

        var seen = app.lines.count
        /// The `gestures:` lines printed since the last call, once there are `n` of them.
        func nextLines(_ n: Int) -> [String] {
            _ = app.waitForLines(timeout: 10) { $0.dropFirst(seen).filter { $0.hasPrefix("gestures:") }.count >= n }
            let new = app.lines.dropFirst(seen).filter { $0.hasPrefix("gestures:") }
            seen = app.lines.count
            return Array(new)
        }
        // The cursor after "に" (3 UTF-8 bytes): UTF-16 offset 1 of "にほ".
        try im.preedit("にほ", cursor: 3..<3)
        XCTAssertEqual(nextLines(1), ["gestures: marked にほ 1,0"], app.transcript)
        try im.commit("日本")
        XCTAssertEqual(nextLines(1), ["gestures: text 日本"], app.transcript)
        try im.preedit("ご", cursor: 0..<3)
        XCTAssertEqual(nextLines(1), ["gestures: marked ご 0,1"], app.transcript)
        // The composition cancelled (an empty preedit, nothing committed): the marked text goes.
        try im.preedit("", cursor: 0..<0)
        XCTAssertEqual(nextLines(1), ["gestures: marked none 0,0"], app.transcript)

        // The field is a TextDocumentProxy: the input method sees the text around the cursor,
        // empty when it was focused, then after its commit (its own change).
        XCTAssertTrue(try im.wait(timeout: 10) { im.contexts.last == "日本 6,6" }, "\(im.contexts)\n\(app.transcript)")
        XCTAssertEqual(im.contexts.first, " 0,0")
        // Left moves the field's cursor: sent as the app's change (cause other).
        let left = try ChildProcess(executable: "/usr/bin/wtype", arguments: ["-s", "200", "-k", "Left"], environment: sway.clientEnvironment)
        XCTAssertEqual(left.waitForExit(timeout: 30), .exited(0), left.transcript)
        XCTAssertEqual(nextLines(1), ["gestures: text 日|本"], app.transcript)
        XCTAssertTrue(try im.wait(timeout: 10) { im.contexts.last == "日本 3,3 other" }, "\(im.contexts)")
        // A correction: "日" (3 bytes) deleted before the cursor, "語" committed in its place.
        try im.commit("語", deletingBefore: 3)
        XCTAssertEqual(nextLines(2), ["gestures: text |本", "gestures: text 語|本"], app.transcript)
        XCTAssertTrue(try im.wait(timeout: 10) { im.contexts.last == "語本 3,3" }, "\(im.contexts)")
        // A deletion after the cursor: the field moves over "本" and deletes back.
        try im.commit(nil, deletingBefore: 0, after: 3)
        XCTAssertEqual(nextLines(1), ["gestures: text 語"], app.transcript)
        XCTAssertTrue(try im.wait(timeout: 10) { im.contexts.last == "語 3,3" }, "\(im.contexts)")
    }
}
