import Foundation
import Strata
import XCTest

/// One headless compositor started through `scripts/compositor` in a private runtime folder.
///
/// `start` returns after a client completed a roundtrip with it; `stop` ends it by PID and
/// removes the folder. The script is given this test process's PID (`--watch`), so even a test
/// run that crashes leaves no compositor behind.
final class HeadlessCompositor {
    let name: String
    let directory: URL
    /// The variables a client needs (XDG_RUNTIME_DIR, WAYLAND_DISPLAY, …), from `DIR/env`.
    let environment: [String: String]
    private var stopped = false

    static var script: String { TestEnvironment.packageRoot.appendingPathComponent("scripts/compositor").path }

    /// Starts `name` (weston, sway, mutter, kwin); skips or fails first when it is not installed.
    init(_ name: String, size: String = "800x600", scale: String? = nil,
         file: StaticString = #filePath, line: UInt = #line) throws {
        try TestEnvironment.require(compositor: name, file: file, line: line)
        self.name = name
        directory = try TestEnvironment.temporaryDirectory(name)
        let start = try ChildProcess(executable: "/bin/bash", arguments: [
            Self.script, "start", name, directory.path, "--size", size, "--watch", String(getpid()),
        ] + (scale.map { ["--scale", $0] } ?? []))
        guard start.waitForExit(timeout: 60) == .exited(0) else {
            start.kill()
            XCTFail("starting \(name) failed:\n\(start.transcript)", file: file, line: line)
            throw HarnessError.failed("\(name) did not start")
        }
        environment = try Self.environment(in: directory)
    }

    /// The client variables a start wrote to `directory/env` (each start rewrites it).
    static func environment(in directory: URL) throws -> [String: String] {
        let text = try String(contentsOf: directory.appendingPathComponent("env"), encoding: .utf8)
        var environment: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            environment[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return environment
    }

    deinit { stop() }

    /// The compositor's PID (its process group leader).
    var pid: Int32 { Int32(environment["STRATA_COMPOSITOR_PID"] ?? "") ?? 0 }

    /// This process's environment with the compositor's variables on top: what a client gets.
    var clientEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(environment) { _, ours in ours }
    }

    /// Takes a screenshot of the whole output, keeps it as `.build/integration-artifacts/<label>.png`
    /// and decodes it.
    func screenshot(_ label: String, file: StaticString = #filePath, line: UInt = #line) throws -> PNGImage {
        let out = TestEnvironment.artifact("\(label)-\(name).png")
        let shot = try ChildProcess(executable: "/bin/bash", arguments: [Self.script, "screenshot", directory.path, out.path])
        guard shot.waitForExit(timeout: 30) == .exited(0) else {
            shot.kill()
            XCTFail("screenshot under \(name) failed:\n\(shot.transcript)", file: file, line: line)
            throw HarnessError.failed("screenshot failed")
        }
        return try PNGImage.decode(path: out.path)
    }

    /// Stops the compositor and removes its folder (idempotent).
    func stop() {
        guard !stopped else { return }
        stopped = true
        if let stop = try? ChildProcess(executable: "/bin/bash", arguments: [Self.script, "stop", directory.path]) {
            _ = stop.waitForExit(timeout: 30)
        }
    }

    /// The last lines of the compositor's own log, for failure messages.
    var logTail: String {
        let log = (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(separator: "\n")
    }
}
