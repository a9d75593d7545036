import Foundation
import XCTest

/// A child's stdout lines that start with `prefix`, taken one at a time in order: each `next`
/// waits for the line after the ones already taken.
final class PrefixedLines {
    let process: ChildProcess
    let prefix: String
    private var taken = 0

    init(_ process: ChildProcess, prefix: String) {
        self.process = process
        self.prefix = prefix
    }

    /// The next line, or nil (and a failure naming `what`) when none comes within `timeout`.
    func next(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let prefix = self.prefix, taken = self.taken
        guard process.waitForLines(timeout: timeout, until: { $0.filter { $0.hasPrefix(prefix) }.count > taken }) else {
            XCTFail("\(what): no '\(prefix)' line\n\(process.transcript)", file: file, line: line)
            return nil
        }
        self.taken += 1
        return process.lines.filter { $0.hasPrefix(prefix) }[taken]
    }
}
