import Glibc
import Testing
@testable import StrataWayland
import StrataTestSupport

@Suite(.runLoopTurn) struct ConnectionErrorTests {
    @Test func missingSocketNamesWhatWasTried() throws {
        let dir = "/tmp/strata-no-compositor-\(getpid())"
        mkdir(dir, 0o700)
        defer { rmdir(dir) }
        setenv("XDG_RUNTIME_DIR", dir, 1)
        do {
            _ = try WaylandDisplay(name: "strata-test-missing")
            Issue.record("connected to a compositor that does not exist")
        } catch let error as WaylandError {
            guard case let .noCompositor(tried, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(tried.contains("\(dir)/strata-test-missing"))
            #expect(error.description.hasPrefix("cannot connect to a Wayland compositor"))
        }
    }
}
