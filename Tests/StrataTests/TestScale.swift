import Foundation

/// How big a scale test or a seeded random test runs.
///
/// The plain suite (`scripts/test`) runs every such test at full size: 100 000 layers, a million
/// segments, every random case. Under a sanitizer (`scripts/sanitize` exports `STRATA_SANITIZER`)
/// the same tests run smaller: the first cases of the same seeded sequence, or the same structure
/// with fewer items, checked with the same exact values. The sanitizers look for memory errors,
/// leaks and races along the code paths, which the smaller runs take the same way; they cost
/// 3–20× a plain run, and at full size these few tests were ~60 % of the ASan suite's CPU time
/// (190 of 306 s run one at a time, 2026-12-02).
enum TestScale {
    /// True when the tests run under AddressSanitizer or ThreadSanitizer (`scripts/sanitize`).
    static let isSanitized = ProcessInfo.processInfo.environment["STRATA_SANITIZER"].map { !$0.isEmpty } ?? false

    /// `full` in the plain suite, `sanitized` under a sanitizer.
    static func count(_ full: Int, sanitized: Int) -> Int { isSanitized ? sanitized : full }
}
