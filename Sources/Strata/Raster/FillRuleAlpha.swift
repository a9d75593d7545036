import Foundation

/// A fill rule applied to an accumulated winding coverage: the sweep is specialised on it, so the
/// rule costs no branch per pixel.
internal protocol _FillRuleAlpha {
    /// round(255 · rule(|v|)), 0…255.
    static func alpha(_ v: Float) -> UInt32
}

/// Non-zero: min(|v|, 1).
internal enum _NonZeroRule: _FillRuleAlpha {
    @inline(__always)
    static func alpha(_ v: Float) -> UInt32 {
        var t = abs(v)
        if t > 1 { t = 1 }
        return _alpha255(t)
    }
}

/// Even-odd: the distance of |v| to the nearest even number.
internal enum _EvenOddRule: _FillRuleAlpha {
    @inline(__always)
    static func alpha(_ v: Float) -> UInt32 {
        var t = abs(v)
        if t > 2 { t -= 2 * Float(_floorIndex(t * 0.5)) }
        if t > 1 { t = 2 - t }
        return _alpha255(t)
    }
}

/// round(t·255) for t in 0…1: adding 2²³ leaves it in the low mantissa bits (no trapping conversion).
@inline(__always)
private func _alpha255(_ t: Float) -> UInt32 {
    (t * 255 + 8_388_608).bitPattern & 0x1FF
}
