import Foundation
import Testing

/// `hello` without a compositor: a clear error naming what was tried, exit code ≠ 0.
@Suite struct HelloNoDisplayTests {
    static var helloPath: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/hello").path
    }

    @Test func noDisplayIsAClearError() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.helloPath) else {
            Issue.record("hello is not built at \(Self.helloPath): run `swift build` first")
            return
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.helloPath)
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = nil
        env["XDG_RUNTIME_DIR"] = "/tmp/strata-no-such-runtime-dir"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        p.waitUntilExit()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus != 0)
        #expect(text.contains("cannot connect"))
        #expect(text.contains("/tmp/strata-no-such-runtime-dir/wayland-0"))
    }
}
