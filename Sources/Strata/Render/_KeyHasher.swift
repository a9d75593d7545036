import Foundation

/// The 64-bit hash behind a flattened node's damage keys (`_Node.key`, `contextKey`): each
/// word is folded in with one 64 × 64 → 128-bit multiply.
///
/// Why not `Hasher`: SipHash costs tens of cycles per value, and every layer of every frame
/// hashes a few dozen values (matrix, shape, colours, opacity …); that showed as a tenth of
/// the frame list's build. Keys are only compared between frames of one process, so the
/// weaker-than-SipHash mixing is fine: two different states of a layer share a key with a
/// probability of about 2⁻⁶⁴ (a miss would leave that layer's change undrawn).
struct _KeyHasher {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    init() {}

    @inline(__always) mutating func combine(_ w: UInt64) {
        let p = (state ^ w).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        state = p.high ^ p.low
    }

    @inline(__always) mutating func combine(_ v: Int) { combine(UInt64(bitPattern: Int64(v))) }

    /// Equal values hash equally: −0 as +0 (NaNs hash by their bits; a different NaN only
    /// adds damage).
    @inline(__always) mutating func combine(_ v: Double) { combine(v == 0 ? 0 : v.bitPattern) }

    @inline(__always) mutating func combine(_ b: Bool) { combine(b ? 1 as UInt64 : 2) }

    mutating func combine(_ m: _Matrix3) {
        combine(m.m11); combine(m.m12); combine(m.m13); combine(m.m21); combine(m.m22); combine(m.m23)
        combine(m.m31); combine(m.m32); combine(m.m33)
    }

    mutating func combine(_ r: CGRect) {
        combine(Double(r.origin.x)); combine(Double(r.origin.y)); combine(Double(r.width)); combine(Double(r.height))
    }

    mutating func combine(_ s: _RoundedRect) {
        combine(s.rect)
        combine(s.radii.x); combine(s.radii.y); combine(s.radii.z); combine(s.radii.w)
    }

    /// A colour by its components (as `CGColor`'s equality), or its absence.
    mutating func combine(_ c: CGColor?) {
        guard let c else { combine(3 as UInt64); return }
        combine(Double(c.red)); combine(Double(c.green)); combine(Double(c.blue)); combine(Double(c.alpha))
    }

    /// Any other value by its `Hashable` hash, or its absence (for fields rarely set).
    mutating func combine<T: Hashable>(hashOf v: T?) {
        guard let v else { combine(4 as UInt64); return }
        combine(v.hashValue)
    }

    func finalize() -> Int { Int(Int64(bitPattern: state)) }
}
