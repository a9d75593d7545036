import Foundation
import Strata
import XCTest

/// wlr-layer-shell surfaces on the compositors that have it (sway, kwin), and the clear error on
/// one that does not (weston).
final class LayerShellTests: XCTestCase {
    static let panelColor: UInt32 = 0xFF14_171C  // (0.08, 0.09, 0.11) → 20, 23, 28
    static let windowColor: UInt32 = 0xFF20_2830

    /// The panel's exclusive zone (32 px at the top) moves a centred floating window down by
    /// half of it; the panel covers the full width of the top 32 rows.
    func testPanelExclusiveZoneMovesWindowsUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let alone = try restingWindowTop(in: sway, label: "no-panel")
        let panel = try ChildProcess(executable: TestEnvironment.example("panel").path, arguments: ["--exit-after", "60"],
                                     environment: sway.clientEnvironment)
        defer { panel.kill() }
        XCTAssertTrue(panel.waitForLine("strata: shown", timeout: 30), panel.transcript)
        let withPanel = try restingWindowTop(in: sway, label: "with-panel")
        XCTAssertEqual(withPanel - alone, 16, "the 800×600 output's usable area starts 32 px lower")
        let shot = try sway.screenshot("panel")
        XCTAssertEqual(hex(shot.pixel(x: 400, y: 3)), hex(Self.panelColor))
        XCTAssertEqual(hex(shot.pixel(x: 799, y: 31)), hex(Self.panelColor))
        XCTAssertNotEqual(hex(shot.pixel(x: 400, y: 32)), hex(Self.panelColor))
    }

    /// The toast rests anchored top-right with 16 px margins: its 360×96 surface spans
    /// x 424…783, y 16…111 of the 800×600 output, and the 344×80 card centred in it x 432…775,
    /// y 24…103; inside the card's 1 px border its fill spans x 433…774, y 25…102.
    func testToastRestsInTheTopRightCornerUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let toast = try ChildProcess(executable: TestEnvironment.example("toast").path, arguments: ["--exit-after", "60"],
                                     environment: sway.clientEnvironment)
        defer { toast.kill() }
        XCTAssertTrue(toast.waitForLine("strata: resting", timeout: 30), toast.transcript)
        let shot = try sway.screenshot("toast")
        let card: UInt32 = 0xFF2B_3340  // (0.17, 0.20, 0.25)
        guard let box = shot.boundingBox(of: card) else { return XCTFail("no toast card in the screenshot") }
        // The rounded, bordered card: its fill spans inside the 1 px border.
        XCTAssertEqual(box, PixelRect(x: 433, y: 25, width: 342, height: 78))
    }

    /// Under kwin (1280×720, server-side decorations, maximized windows borderless) a maximized
    /// window fills the output; with the panel's 32 px exclusive zone at the top it is
    /// configured 32 px shorter: kwin's work area excludes the zone.
    func testPanelExclusiveZoneShrinksAMaximizedWindowUnderKWin() throws {
        let kwin = try HeadlessCompositor("kwin", size: "1280x720")
        XCTAssertEqual(try maximizedConfigure(in: kwin), "strata: configure 1280 720 maximized")
        let panel = try ChildProcess(executable: TestEnvironment.example("panel").path, arguments: ["--exit-after", "60"],
                                     environment: kwin.clientEnvironment)
        defer { panel.kill() }
        XCTAssertTrue(panel.waitForLine("strata: shown", timeout: 30), panel.transcript)
        XCTAssertEqual(try maximizedConfigure(in: kwin), "strata: configure 1280 688 maximized")
        let shot = try kwin.screenshot("panel")
        XCTAssertEqual(hex(shot.pixel(x: 640, y: 3)), hex(Self.panelColor))
        XCTAssertEqual(hex(shot.pixel(x: 1279, y: 31)), hex(Self.panelColor))
        XCTAssertNotEqual(hex(shot.pixel(x: 640, y: 32)), hex(Self.panelColor))
    }

    /// The toast's top-right anchors and 16 px margins under kwin's 1280×720 output: the card's
    /// fill lands 480 px further right than on sway's 800×600 output, at the same height.
    func testToastRestsInTheTopRightCornerUnderKWin() throws {
        let kwin = try HeadlessCompositor("kwin", size: "1280x720")
        let toast = try ChildProcess(executable: TestEnvironment.example("toast").path, arguments: ["--exit-after", "60"],
                                     environment: kwin.clientEnvironment)
        defer { toast.kill() }
        XCTAssertTrue(toast.waitForLine("strata: resting", timeout: 30), toast.transcript)
        let shot = try kwin.screenshot("toast")
        let card: UInt32 = 0xFF2B_3340
        guard let box = shot.boundingBox(of: card) else { return XCTFail("no toast card in the screenshot") }
        XCTAssertEqual(box, PixelRect(x: 913, y: 25, width: 342, height: 78))
    }

    /// weston has no layer shell: the example fails at once, naming the global.
    func testMissingLayerShellIsAClearErrorUnderWeston() throws {
        let weston = try HeadlessCompositor("weston")
        let toast = try ChildProcess(executable: TestEnvironment.example("toast").path, arguments: [],
                                     environment: weston.clientEnvironment)
        let outcome = toast.waitForExit(timeout: 10)
        XCTAssertEqual(outcome, .exited(1), toast.transcript)
        XCTAssertTrue(toast.standardError.contains("zwlr_layer_shell_v1"), toast.transcript)
    }

    /// Starts hello, asks for maximize after 1 s, and returns its maximized configure line.
    private func maximizedConfigure(in compositor: HeadlessCompositor) throws -> String? {
        let hello = try ChildProcess(executable: TestEnvironment.example("hello").path,
                                     arguments: ["--report", "--maximize-after", "1", "--exit-after", "60"],
                                     environment: compositor.clientEnvironment)
        defer { hello.kill() }
        var line: String?
        let seen = hello.waitForLines(timeout: 30) { lines in
            line = lines.first { $0.hasSuffix(" maximized") }
            return line != nil
        }
        XCTAssertTrue(seen, hello.transcript)
        return line
    }

    /// Starts hello, waits until it rests, and returns the y of its window's top edge.
    private func restingWindowTop(in sway: HeadlessCompositor, label: String) throws -> Int {
        let hello = try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: ["--exit-after", "60"],
                                     environment: sway.clientEnvironment)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        let shot = try sway.screenshot(label)
        guard let window = shot.boundingBox(of: Self.windowColor) else {
            XCTFail("no hello window in the \(label) screenshot")
            return -1
        }
        return window.y
    }
}
