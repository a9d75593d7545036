extension _EdgeBuilder {
    /// `y` rounded to the nearest multiple of 2⁻¹⁰, ties away from zero: bit for bit
    /// `(y * 1024).rounded() / 1024` (a zero keeps `y`'s sign) for every finite `y` with
    /// |y| < 2⁴¹, far beyond any frame (±2¹⁵ or a target's height).
    ///
    /// `.rounded()` is a call to libm's `round` on x86-64 (its baseline has no instruction
    /// rounding ties away from zero); this is a few branch-free SSE2 instructions instead.
    @inline(__always)
    static func _onGrid(_ y: Double) -> Double {
        let v = y * 1024
        // Adding and removing 1.5·2⁵² leaves |v| < 2⁵¹ rounded to an integer, ties to even.
        let even = (v + 0x1.8p52) - 0x1.8p52
        // At a tie (v − even = ±½ exactly) the neighbour away from zero is v ± ½, exact.
        let rounded = (v - even).magnitude == 0.5 ? v + Double(signOf: v, magnitudeOf: 0.5) : even
        return Double(signOf: v, magnitudeOf: rounded) / 1024
    }
}
