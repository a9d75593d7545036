/// `width·height`, or nil when either is negative or the product overflows `Int`.
///
/// For size checks on dimensions a caller gave: Swift traps on an overflowing `*`, so comparing
/// a pixel count with `width * height` would crash on absurd sizes instead of refusing them.
internal func _pixelCount(_ width: Int, _ height: Int) -> Int? {
    guard width >= 0, height >= 0 else { return nil }
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? nil : count
}
