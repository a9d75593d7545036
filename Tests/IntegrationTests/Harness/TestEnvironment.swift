import Foundation
import XCTest

/// Where the integration tests find things, and how they treat missing tools.
///
/// - The package root is derived from this file's `#filePath`
///   (`<root>/Tests/IntegrationTests/Harness/TestEnvironment.swift`).
/// - Example executables are looked up in the build products folder of the running test binary:
///   `swift test` runs `<root>/.build/<triple>/<config>/StrataPackageTests.xctest`, and the same
///   folder holds `hello` and every other executable product (`swift test` builds them all).
///   `STRATA_PRODUCTS_DIR` overrides the folder (e.g. a release build's).
/// - A compositor that is not installed skips its tests locally but fails them when `CI=true`.
enum TestEnvironment {
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    static var productsDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["STRATA_PRODUCTS_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }

    /// The built example `name`, or a failure that says how to build it.
    static func example(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let url = productsDirectory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            XCTFail("example '\(name)' not built at \(url.path); run `swift build --product \(name)` "
                    + "(or set STRATA_PRODUCTS_DIR)", file: file, line: line)
            throw HarnessError.missing(url.path)
        }
        return url
    }

    /// Skips (locally) or fails (under `CI=true`) when `compositor` is not installed.
    static func require(compositor: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let script = packageRoot.appendingPathComponent("scripts/compositor").path
        let probe = try ChildProcess(executable: "/bin/bash", arguments: [script, "available", compositor])
        guard probe.waitForExit(timeout: 10) == .exited(0) else {
            let message = "\(compositor) is not installed: \(probe.standardError.trimmingCharacters(in: .whitespacesAndNewlines))"
            if isCI {
                XCTFail("CI=true and " + message, file: file, line: line)
                throw HarnessError.missing(compositor)
            }
            throw XCTSkip(message + " (skipped locally; CI=true makes this a failure)")
        }
    }

    /// A fresh private folder under /tmp (world-traversable, so sway's user `nobody` can use it).
    static func temporaryDirectory(_ label: String) throws -> URL {
        var template = Array("/tmp/strata-\(label)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError.failed("mkdtemp failed: errno \(errno)") }
        return URL(fileURLWithPath: String(cString: made))
    }

    /// Where screenshots and logs of a run are kept for inspection (ignored by git).
    static func artifact(_ name: String) -> URL {
        let dir = packageRoot.appendingPathComponent(".build/integration-artifacts")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name)
    }
}

enum HarnessError: Error, CustomStringConvertible {
    case missing(String)
    case failed(String)

    var description: String {
        switch self {
        case let .missing(what): "missing: \(what)"
        case let .failed(why): why
        }
    }
}
