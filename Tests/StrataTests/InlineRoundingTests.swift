import Testing
@testable import Strata
import StrataTestSupport

/// The fill pipeline's libm-free rounding (`InlineRounding.swift`) against the `rounded` forms it
/// replaces: halves of both signs, zeros, values next to halves and integers, seeded values of
/// every magnitude from 2⁻³⁰ to 2⁶⁰, and the non-finite ones.
@Suite(.runLoopTurn) struct InlineRoundingTests {
    static func values() -> [Double] {
        var vs: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.5.nextDown, (-0.5).nextUp, 1.0.nextDown,
                            (-1.0).nextUp, 0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52, -0x1p52, 0x1p60, 1e-300, -1e-300]
        var rng = SeededLCG(state: 11)
        for i in 0..<40_000 {
            let scale = Double(sign: .plus, exponent: i % 91 - 30, significand: 1)
            var v = (rng.next() * 2 - 1) * scale
            if i % 3 == 0 { v = (v * 2).rounded() / 2 }             // on halves
            if i % 5 == 0 { v = i % 2 == 0 ? v.nextUp : v.nextDown }   // next to them
            vs.append(v)
        }
        return vs
    }

    @Test func nearestMatchesRounded() {
        var wrong = 0
        for v in Self.values() + [.infinity, -.infinity] {
            let a = v.rounded(), b = _roundedToNearest(v)
            if a != b || a.sign != b.sign { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(_roundedToNearest(.nan).isNaN)
    }

    @Test func floorAndCeilMatchRounded() {
        var wrong = 0
        for v in Self.values() where v.magnitude < 0x1p62 {
            if _floorInt(v) != Int(v.rounded(.down)) || _ceilInt(v) != Int(v.rounded(.up)) { wrong += 1 }
        }
        #expect(wrong == 0)
    }
}
