import Foundation
import XCTest

/// One layer-shell surface per output (`LayerShellWindowSet`, the `outputbars` example) under a
/// real compositor: a bar on every output, and a new bar when an output is plugged in.
///
/// Outputs going away are covered by `LayerShellWindowSetTests` (StrataWaylandTests) against
/// a scripted compositor: headless sway 1.7 can create outputs (`swaymsg create_output`) but
/// has no way to remove one (`unplug` arrived in sway 1.8; `disable` keeps the global).
final class OutputLayerShellTests: XCTestCase {
    /// The 800×600 output gets its 800×24 bar at start; `create_output` adds HEADLESS-2
    /// (wlroots' default 1920×1080 headless mode), which gets a 1920×24 bar of its own.
    func testABarOnEveryOutputIncludingOnesPluggedInLaterUnderSway() throws {
        let sway = try HeadlessCompositor("sway")
        let bars = try ChildProcess(executable: TestEnvironment.example("outputbars").path, arguments: ["--exit-after", "60"],
                                    environment: sway.clientEnvironment)
        defer { bars.kill() }
        XCTAssertTrue(bars.waitForLine("strata: bar HEADLESS-1 shown 800x24", timeout: 30), bars.transcript)
        let create = try ChildProcess(executable: "/usr/bin/swaymsg", arguments: ["create_output"],
                                      environment: sway.clientEnvironment)
        XCTAssertEqual(create.waitForExit(timeout: 10), .exited(0), create.transcript)
        XCTAssertTrue(bars.waitForLine("strata: bar HEADLESS-2 shown 1920x24", timeout: 30), bars.transcript)
        XCTAssertEqual(bars.lines.filter { $0.hasPrefix("strata: bar ") },
                       ["strata: bar HEADLESS-1 shown 800x24", "strata: bar HEADLESS-2 shown 1920x24"])
    }
}
