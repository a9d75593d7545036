import Foundation
import Testing
import Strata
import StrataTestSupport

/// `RunLoopTurnTrait`'s contract, checked by running its scope directly around bodies that keep
/// or break it. The suite takes no trait itself: the issue the scope records has to land inside
/// `withKnownIssue`, and a level the body leaves open has to be closed after the scope returns.
@Suite struct RunLoopTurnTraitTests {
    /// Runs the trait's scope for the current test around `body`. Nothing in between suspends,
    /// so the body, the scope and the caller share the thread whose transactions they look at.
    private func turn(_ body: @Sendable () -> Void) async throws {
        let test = try #require(Test.current)
        let trait: RunLoopTurnTrait = .runLoopTurn
        try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
    }

    /// A root layer whose opacity changes have no implicit animation, so the render tree shows
    /// the last committed value at any time; the tree starts committed.
    private func layerAndTree() -> (CALayer, RenderTree) {
        let layer = CALayer()
        layer.actions = ["opacity": NSNull()]
        let tree = RenderTree(root: layer)
        CATransaction.flush()
        return (layer, tree)
    }

    @Test func aBodyReturningWithBeginOpenIsAnIssue() async throws {
        try await withKnownIssue {
            try await turn { CATransaction.begin() }
        } matching: { issue in
            issue.comments.map(\.rawValue)
                == ["aBodyReturningWithBeginOpenIsAnIssue() returned with an explicit transaction open (begin() without commit())"]
        }
        // The scope reports the open level and leaves it: closing it is the test's business.
        #expect(CATransaction.hasUncommittedChanges)
        CATransaction.commit()
        #expect(!CATransaction.hasUncommittedChanges)
    }

    @Test func aChangeInTheBodyIsCommittedWhenItReturns() async throws {
        // The body runs synchronously on this thread, before `turn` returns.
        let (model, tree) = layerAndTree()
        nonisolated(unsafe) let layer = model
        try await turn {
            layer.opacity = 0.25
            // The change waits in the thread's implicit transaction: the render tree has not seen it.
            #expect(CATransaction.hasUncommittedChanges)
            #expect(tree.snapshot(at: 0).opacity == 1)
        }
        #expect(!CATransaction.hasUncommittedChanges)
        #expect(tree.snapshot(at: 0).opacity == 0.25)
    }

    @Test func aLeftoverChangeIsCommittedBeforeTheBody() async throws {
        let (layer, tree) = layerAndTree()
        layer.opacity = 0.5   // an earlier turn's change that nothing committed
        #expect(tree.snapshot(at: 0).opacity == 1)
        try await turn {
            #expect(!CATransaction.hasUncommittedChanges)
            #expect(tree.snapshot(at: 0).opacity == 0.5)
        }
    }
}
