/// `min` and `max` of two `Double`s for the tests' brute-force references (millions of calls per
/// test): the standard library's are generic, and a debug build (scripts/test, the sanitizer
/// runs) calls them unspecialized, through witness tables — most of those tests' time. Same
/// results as `Swift.min` / `Swift.max` (the same comparisons, in the same order).
func dmin(_ x: Double, _ y: Double) -> Double { y < x ? y : x }
func dmax(_ x: Double, _ y: Double) -> Double { y >= x ? y : x }
