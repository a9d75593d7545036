import Strata

/// Runs `body` as one turn of a run loop, as far as transactions go: the thread starts the turn
/// with no implicit transaction open (one left over is committed first, as the previous turn's
/// end would have), and the changes `body` makes outside explicit transactions are committed
/// when it returns (`CATransaction.flush()`, Core Animation's end-of-turn commit).
///
/// Tests have no run loop. A change outside `begin()`/`commit()` opens the thread's implicit
/// transaction, and nothing commits it: it outlives the test on that pool thread, and a later
/// test's explicit transactions nest inside it, so their commits wait for it and never reach the
/// render tree — Core Animation's nesting rule, seen as a test that "sees no change". Each test of
/// a suite with the `.runLoopTurn` trait already is one turn; a test that needs several turns
/// (edit, commit, look at the next frame) wraps each in this.
@discardableResult
public func runLoopTurn<Result>(_ body: () throws -> Result) rethrows -> Result {
    CATransaction.flush()
    defer { CATransaction.flush() }
    return try body()
}
