import Foundation
import XCTest

/// xdg-activation and idle inhibition against sway 1.7, which offers both.
final class ActivationAndIdleSwayTests: XCTestCase {
    /// sway's view of the `hello` window (`swaymsg -t get_tree`), once it knows it.
    private func helloNode(_ sway: HeadlessCompositor) throws -> [String: Any] {
        let deadline = Date(timeIntervalSinceNow: 10)
        while true {
            let msg = try ChildProcess(executable: "/usr/bin/swaymsg", arguments: ["-r", "-t", "get_tree"],
                                       environment: sway.clientEnvironment)
            XCTAssertEqual(msg.waitForExit(timeout: 30), .exited(0), msg.transcript)
            let json = msg.standardOutputLines.joined(separator: "\n")
            let tree = try JSONSerialization.jsonObject(with: Data(json.utf8))
            if let node = Self.find(in: tree, appID: "strata.hello") { return node }
            guard Date() < deadline else { throw HarnessError.failed("sway's tree has no strata.hello") }
        }
    }

    private static func find(in object: Any, appID: String) -> [String: Any]? {
        guard let node = object as? [String: Any] else { return nil }
        if node["app_id"] as? String == appID { return node }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key] as? [Any] ?? [] {
                if let found = find(in: child, appID: appID) { return found }
            }
        }
        return nil
    }

    /// `Window.inhibitsIdle` creates a zwp_idle_inhibitor_v1 for the window's surface: sway then
    /// reports the view as inhibiting idle (its application inhibitor enabled); without it, not.
    func testInhibitingIdleShowsInSwaysTree() throws {
        let sway = try HeadlessCompositor("sway")
        for inhibit in [true, false] {
            let hello = try ChildProcess(executable: TestEnvironment.example("hello").path,
                                         arguments: (inhibit ? ["--inhibit-idle"] : []) + ["--exit-after", "60"],
                                         environment: sway.clientEnvironment)
            defer { hello.kill(); _ = hello.waitForExit(timeout: 10) }
            XCTAssertTrue(hello.waitForLine("strata: shown", timeout: 30), hello.transcript)
            let node = try helloNode(sway)
            XCTAssertEqual(node["inhibit_idle"] as? Bool, inhibit, "\(node)")
            let inhibitors = node["idle_inhibitors"] as? [String: Any]
            XCTAssertEqual(inhibitors?["application"] as? String, inhibit ? "enabled" : "none", "\(node)")
        }
    }

    /// The token a launcher hands over in XDG_ACTIVATION_TOKEN is sent with
    /// xdg_activation_v1.activate for the window's surface once its first buffer is committed
    /// (sway ignores activation of an unmapped surface), exactly once.
    func testTheLaunchTokenActivatesTheFirstWindowOnceItIsMapped() throws {
        let sway = try HeadlessCompositor("sway")
        var env = sway.clientEnvironment
        env["XDG_ACTIVATION_TOKEN"] = "strata-launch-token-42"
        env["WAYLAND_DEBUG"] = "client"
        let hello = try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: ["--exit-after", "60"],
                                     environment: env)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForStandardError(timeout: 30) { lines in
            lines.contains { $0.contains(" -> xdg_activation_v1@") && $0.contains(".activate(") }
        }, hello.transcript)
        // Once the app is at rest, many frames later: still the one activation.
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        var lines: [String] = []
        _ = hello.waitForStandardError(timeout: 0) { lines = $0; return true }
        let activations = lines.filter { $0.contains(" -> xdg_activation_v1@") && $0.contains(".activate(") }
        XCTAssertEqual(activations.count, 1, "\(activations)")
        let activate = try XCTUnwrap(activations.first)
        XCTAssertTrue(activate.contains("\"strata-launch-token-42\""), activate)
        // The surface named is the one that got the first buffer, and the buffer came first.
        let surface = try XCTUnwrap(activate.range(of: "wl_surface@[0-9]+", options: .regularExpression).map { String(activate[$0]) })
        let attach = try XCTUnwrap(lines.firstIndex { $0.contains(" -> \(surface).attach(wl_buffer@") })
        let activated = try XCTUnwrap(lines.firstIndex(of: activate))
        XCTAssertLessThan(attach, activated)
    }
}
