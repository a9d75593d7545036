import CFriBidi
import Foundation

/// Unicode bidirectional levels of one paragraph (FriBidi, rule set of UAX #9 with brackets).
enum _Bidi {
    /// Embedding levels per scalar (odd = right-to-left) and whether the paragraph is
    /// right-to-left. `base` nil detects the direction from the first strong character
    /// (left-to-right when there is none).
    static func levels(_ scalars: UnsafeBufferPointer<UInt32>, base: Bool? = nil) -> (levels: [UInt8], rtl: Bool) {
        let n = scalars.count
        guard n > 0, let s = scalars.baseAddress else { return ([], base ?? false) }
        // Pure left-to-right text below U+0590 has no right-to-left or explicit controls.
        if base != true, !scalars.contains(where: { $0 >= 0x590 || (0x202A...0x202E).contains($0) }) {
            return ([UInt8](repeating: 0, count: n), false)
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        fribidi_get_bidi_types(s, FriBidiStrIndex(n), &types)
        fribidi_get_bracket_types(s, FriBidiStrIndex(n), types, &brackets)
        var dir: FriBidiParType = base.map { $0 ? strata_fribidi_par_rtl : strata_fribidi_par_ltr } ?? strata_fribidi_par_on
        let ok = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &dir, &levels)
        guard ok != 0 else { return ([UInt8](repeating: 0, count: n), false) }
        return (levels.map { UInt8(bitPattern: $0) }, dir == strata_fribidi_par_rtl)
    }

    /// Visual order of items with `levels` (rule L2: reverse every maximal sequence at level ≥ k,
    /// for k from the highest level down to the lowest odd level).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let hi = levels.max(), hi > 0 else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? hi
        var k = hi
        while k >= max(lowestOdd, 1) {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= k else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= k { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            k -= 1
        }
        return order
    }
}
