import Testing
@testable import Strata

/// `_EdgeBuilder._onGrid` against the formula it replaces, `(y * 1024).rounded() / 1024`:
/// the same bits for every kind of finite y it promises them for (|y| < 2⁴¹).
@Suite struct EdgeGridTests {
    /// SplitMix64: 64 random bits a step, enough to draw any tie on the grid below 2⁴¹.
    struct SplitMix64 {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The y values that differ from the old formula's result (bit patterns), at most 5.
    static func mismatches(_ ys: [Double]) -> [Double] {
        Array(ys.lazy.filter { _EdgeBuilder._onGrid($0).bitPattern != (($0 * 1024).rounded() / 1024).bitPattern }.prefix(5))
    }

    @Test func tiesGoAwayFromZeroAndZerosKeepTheirSign() {
        #expect(_EdgeBuilder._onGrid(2.5 / 1024) == 3.0 / 1024)
        #expect(_EdgeBuilder._onGrid(-2.5 / 1024) == -3.0 / 1024)
        #expect(_EdgeBuilder._onGrid(3.5 / 1024) == 4.0 / 1024)
        #expect(_EdgeBuilder._onGrid(-0.5 / 1024) == -1.0 / 1024)
        #expect(_EdgeBuilder._onGrid(2.5 / 1024 - 0x1p-60) == 2.0 / 1024)
        #expect(_EdgeBuilder._onGrid(-0.25 / 1024).bitPattern == (-0.0).bitPattern)
        #expect(_EdgeBuilder._onGrid(0.25 / 1024).bitPattern == (0.0).bitPattern)
        #expect(_EdgeBuilder._onGrid(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(_EdgeBuilder._onGrid(0x1p41.nextDown) == 0x1p41)
        #expect(_EdgeBuilder._onGrid(-(0x1p41.nextDown)) == -0x1p41)
        #expect(_EdgeBuilder._onGrid((0x1p50 - 1.5) / 1024) == (0x1p50 - 1) / 1024)
    }

    @Test func seededValuesMatchTheLibmFormulaBitForBit() {
        var rng = SplitMix64(state: 0x5EED)
        func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }   // [0, 1)
        var uniform: [Double] = [], scaled: [Double] = [], ties: [Double] = []
        for _ in 0..<100_000 {
            // Anywhere in (−2⁴¹, 2⁴¹).
            uniform.append((unit() * 2 - 1) * 0x1p41)
            // Every magnitude from 2⁻⁴⁰ (far below the grid) to 2⁴⁰, either sign.
            let magnitude = Double(sign: .plus, exponent: Int(rng.next() % 81) - 40, significand: 1 + unit())
            scaled.append(rng.next() & 1 == 0 ? magnitude : -magnitude)
            // Exact ties k + ½ on the grid (|k| ≤ 2⁵⁰), their neighbours, and grid points.
            let k = Double(Int64(bitPattern: rng.next()) >> 13)
            let tie = k + 0.5
            ties += [tie / 1024, tie.nextUp / 1024, tie.nextDown / 1024, k / 1024]
        }
        #expect(Self.mismatches(uniform) == [])
        #expect(Self.mismatches(scaled) == [])
        #expect(Self.mismatches(ties) == [])
    }
}
