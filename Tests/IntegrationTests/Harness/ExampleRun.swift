import Foundation
import Strata
import XCTest

/// Runs an example offscreen (`--snapshot`, `--record`) with a Wayland display that must not
/// be used, and reads what it wrote (kept in `.build/integration-artifacts`).
enum ExampleRun {
    /// `arguments` come first (an example's own options, e.g. `--layers N`).
    static func snapshot(_ example: String, at time: Double, arguments: [String] = [],
                         file: StaticString = #filePath, line: UInt = #line) throws -> PNGImage {
        let out = TestEnvironment.artifact("\(example)-\(time).png")
        try run(example, arguments + ["--snapshot", String(time), out.path], output: out, file: file, line: line)
        return try PNGImage.decode(path: out.path)
    }

    static func record(_ example: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> APNGReader {
        let out = TestEnvironment.artifact("\(example)-record.png")
        try run(example, ["--record", out.path] + arguments, output: out, file: file, line: line)
        return try APNGReader(path: out.path)
    }

    private static func run(_ example: String, _ arguments: [String], output: URL, file: StaticString, line: UInt) throws {
        try? FileManager.default.removeItem(at: output)
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = "wayland-strata-must-not-be-used"
        let p = try ChildProcess(executable: TestEnvironment.example(example, file: file, line: line).path,
                                 arguments: arguments, environment: env)
        XCTAssertEqual(p.waitForExit(timeout: 60), .exited(0), p.transcript, file: file, line: line)
    }
}
