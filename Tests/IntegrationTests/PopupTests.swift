import Foundation
import StrataWayland
import XCTest

/// xdg_popup menus under headless sway (`examples/menu`: a 640×480 floating window, which sway
/// centres on its 800×600 output at (80, 60)): placement by the positioner, flipping at the
/// output's edges, input reaching the menu's views, closing on a press in the window, and the
/// compositor's dismissal on a click outside the app (the grab).
final class PopupTests: XCTestCase {
    static let windowColor: UInt32 = 0xFF20_2830
    static let menuColor: UInt32 = 0xFFD8_DCE0

    func testMenusArePlacedFlippedChosenAndDismissedUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let vp = try SeatVirtualPointer(compositor: sway)
        try vp.move(to: 400, 300)
        let app = try ChildProcess(executable: try TestEnvironment.example("menu").path,
                                   arguments: ["--exit-after", "90"], environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)

        let menu = PrefixedLines(app, prefix: "menu:")
        func next(_ what: String) -> String? { menu.next(what) }
        // sway maps a floating window at (0, 0) and centres it afterwards: a click before then
        // lands 80 × 60 points off (seen in the client's trace: the press at window point
        // (150, 95), then a motion to (70, 35) once moved). Wait for the centred window first
        // (a deadline, not a sleep); the hover that follows moves the pointer over it.
        try waitUntilCentred(sway)
        try hoverUntilEntered(vp, app, 150, 95)
        XCTAssertEqual(next("hover"), "menu: pointer entered")
        /// Clicks window point (x, y) (output point (x + 80, y + 60)).
        func click(_ x: UInt32, _ y: UInt32) throws {
            try vp.move(to: x + 80, y + 60)
            try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
            try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        }

        // "open" (20, 20, 100×30): the menu hangs below it, left edges aligned.
        try click(70, 35)
        XCTAssertEqual(next("open menu"), "menu: popup 20 50 200x90")
        XCTAssertEqual(next("menu drawn"), "menu: shown")
        // On screen: window (20, 50) is output (100, 110); the menu spans x 100…299, y 110…199.
        let shot = try sway.screenshot("menu-open")
        XCTAssertEqual(hex(shot.pixel(x: 100, y: 110)), hex(Self.menuColor))
        XCTAssertEqual(hex(shot.pixel(x: 299, y: 199)), hex(Self.menuColor))
        XCTAssertEqual(hex(shot.pixel(x: 300, y: 150)), hex(Self.windowColor))
        XCTAssertEqual(hex(shot.pixel(x: 200, y: 200)), hex(Self.windowColor))
        // The second row (y 30…59 in the menu) is "beta".
        try click(100, 95)
        XCTAssertEqual(next("chose"), "menu: chose beta")

        // "corner" (540, 440, 100×40) is output (620…719, 500…539): a 200×90 menu below it
        // would end at output x 820, y 630, so the compositor flips both ways: above the
        // button (y 440 − 90), its right edge on the button's (x 640 − 200).
        try click(590, 460)
        XCTAssertEqual(next("corner menu"), "menu: popup 440 350 200x90")
        XCTAssertEqual(next("corner menu drawn"), "menu: shown")
        try click(540, 365)
        XCTAssertEqual(next("chose"), "menu: chose alpha")

        // A press in the app's own window outside the menu: the compositor passes it to the
        // app (same client), which closes the menu.
        try click(70, 35)
        XCTAssertEqual(next("reopened"), "menu: popup 20 50 200x90")
        XCTAssertEqual(next("reopened menu drawn"), "menu: shown")
        try click(300, 300)
        XCTAssertEqual(next("closed"), "menu: closed")

        // A click outside the app ends the grab: the compositor dismisses the menu.
        try click(70, 35)
        XCTAssertEqual(next("reopened again"), "menu: popup 20 50 200x90")
        XCTAssertEqual(next("reopened again, drawn"), "menu: shown")
        try vp.move(to: 10, 10)
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        XCTAssertEqual(next("dismissed"), "menu: dismissed")
    }

    /// Menus hanging from a wlr-layer-shell bar (`menu --layer`: a 60-point bar along the top of
    /// the output; layer_surface.get_popup): placed below the button in output pixels, chosen,
    /// and dismissed by a click outside the app.
    func testLayerShellBarMenusUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let vp = try SeatVirtualPointer(compositor: sway)
        try vp.move(to: 400, 300)
        let app = try ChildProcess(executable: try TestEnvironment.example("menu").path,
                                   arguments: ["--layer", "--exit-after", "90"], environment: sway.clientEnvironment)
        defer { app.kill() }
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript)
        let menu = PrefixedLines(app, prefix: "menu:")
        try hoverUntilEntered(vp, app, 70, 35)
        XCTAssertEqual(menu.next("hover"), "menu: pointer entered")
        func click(_ x: UInt32, _ y: UInt32) throws {
            try vp.move(to: x, y)
            try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .pressed) }
            try vp.frame { p, t in p.button(time: t, button: PointerButton.left, state: .released) }
        }

        try click(70, 35)
        XCTAssertEqual(menu.next("bar menu"), "menu: popup 20 50 200x90")
        XCTAssertEqual(menu.next("bar menu drawn"), "menu: shown")
        let shot = try sway.screenshot("menu-layer")
        XCTAssertEqual(hex(shot.pixel(x: 20, y: 50)), hex(Self.menuColor))
        XCTAssertEqual(hex(shot.pixel(x: 219, y: 139)), hex(Self.menuColor))
        XCTAssertNotEqual(hex(shot.pixel(x: 220, y: 100)), hex(Self.menuColor))
        try click(100, 115)                       // the third row: 110…139
        XCTAssertEqual(menu.next("chose"), "menu: chose gamma")

        try click(70, 35)
        XCTAssertEqual(menu.next("reopened"), "menu: popup 20 50 200x90")
        XCTAssertEqual(menu.next("reopened, drawn"), "menu: shown")
        try click(400, 400)                       // the desktop: not this app
        XCTAssertEqual(menu.next("dismissed"), "menu: dismissed")
    }

    /// Moves the pointer over (x, y) until the app reports it entered: a loaded compositor may
    /// route input to a just-mapped surface a little after its first frame.
    /// Waits until sway shows the 640×480 window centred on its 800×600 output: its top-left
    /// pixel at (80, 60), the output's background just outside it.
    private func waitUntilCentred(_ sway: HeadlessCompositor) throws {
        let deadline = Date(timeIntervalSinceNow: 10)
        while true {
            let shot = try sway.screenshot("menu-placed")
            if shot.pixel(x: 80, y: 60) == Self.windowColor, shot.pixel(x: 79, y: 59) != Self.windowColor { return }
            guard Date() < deadline else { return XCTFail("the menu window was never centred") }
        }
    }

    private func hoverUntilEntered(_ vp: SeatVirtualPointer, _ app: ChildProcess, _ x: UInt32, _ y: UInt32) throws {
        var entered = false
        // Always one move at least (the loop starts with one): "pointer entered" may already
        // have come while the window sat at (0, 0) under the pointer.
        for i in 0..<50 where !entered {
            try vp.move(to: x + UInt32(i % 2), y)
            entered = app.waitForLine("menu: pointer entered", timeout: 0.2)
        }
        XCTAssertTrue(entered, app.transcript)
    }
}
