import Strata
import Testing

/// A suite trait making each test (each case of a parameterized test) one turn of a run loop
/// on the thread it runs on: see `runLoopTurn(_:)`. The test starts without a leftover implicit
/// transaction and its own is committed when it returns; a test that returns with an explicit
/// transaction still open (`begin()` without `commit()`) is an issue, since every later test on
/// that thread would nest inside it.
///
/// The scope runs on the test's thread because a synchronous test body has no suspension point
/// between it and this scope. A `@MainActor` suite runs its tests on the main thread, where this
/// scope does not run, so it takes no trait (its tests can use `runLoopTurn(_:)` inside).
public struct RunLoopTurnTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        CATransaction.flush()
        defer {
            CATransaction.flush()
            if CATransaction.hasUncommittedChanges {
                Issue.record("\(test.name) returned with an explicit transaction open (begin() without commit())")
            }
        }
        try await function()
    }
}

extension Trait where Self == RunLoopTurnTrait {
    /// Each test of the suite is one turn of a run loop (see `RunLoopTurnTrait`).
    public static var runLoopTurn: Self { RunLoopTurnTrait() }
}
