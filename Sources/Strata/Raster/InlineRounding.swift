import Foundation

// Rounding in the per-edge and per-call paths of the fill pipeline without libm calls: on
// baseline x86-64 `rounded()`, `rounded(.down)` and `rounded(.up)` are calls into libm (no
// SSE4.1 `roundsd`), which cost as much as the rest of an edge's work. Each function gives
// exactly the value of the `rounded` form it replaces, zeros' signs included (checked against
// it in `InlineRoundingTests`).

/// `v.rounded()` (to nearest, halves away from zero).
@inline(__always)
internal func _roundedToNearest(_ v: Double) -> Double {
    guard v.magnitude < 0x1p52 else { return v.rounded() }   // also NaN and ±∞
    let t = Double(Int64(v))   // toward zero: exact below 2⁵²
    let f = v - t              // the fraction, exact
    let r = f >= 0.5 ? t + 1 : (f <= -0.5 ? t - 1 : t)
    return r == 0 ? 0 * v : r  // −0.0 where rounded() gives it
}

/// `Int(v.rounded(.down))` for finite |v| < 2⁵².
@inline(__always)
internal func _floorInt(_ v: Double) -> Int {
    guard v.magnitude < 0x1p52 else { return Int(v.rounded(.down)) }
    let i = Int(v)
    return Double(i) > v ? i - 1 : i
}

/// `Int(v.rounded(.up))` for finite |v| < 2⁵².
@inline(__always)
internal func _ceilInt(_ v: Double) -> Int {
    guard v.magnitude < 0x1p52 else { return Int(v.rounded(.up)) }
    let i = Int(v)
    return Double(i) < v ? i + 1 : i
}
