import Foundation

/// `_mulChannels(color, m)` for m = 0…255, filled in as the blitter meets each m: edge pixels of
/// a fill or stroke take one table read instead of a four-channel multiply. The entries are
/// stored with bit 32 set, so 0 marks one not computed yet; the table is cleared when the colour
/// changes. Owned by one `PathRasterizer` (not thread-safe, like it).
internal struct _ScaledColorCache {
    let entries: UnsafeMutablePointer<UInt64>
    private(set) var color: UInt32 = 0

    init() {
        entries = .allocate(capacity: 256)
        entries.initialize(repeating: 0, count: 256)
    }

    func free() { entries.deallocate() }

    /// Makes the table describe `c` (premultiplied ARGB), clearing it if it held another colour.
    mutating func use(_ c: UInt32) {
        if c != color {
            entries.update(repeating: 0, count: 256)
            color = c
        }
    }
}

/// Reads entry `m` of a `_ScaledColorCache` table for `color`, computing it on first use.
@inline(__always)
internal func _scaledColor(_ entries: UnsafeMutablePointer<UInt64>, _ color: UInt32, _ m: UInt32) -> UInt32 {
    let e = entries[Int(m)]
    if e != 0 { return UInt32(truncatingIfNeeded: e) }
    let v = _mulChannels(color, m)
    entries[Int(m)] = UInt64(v) | 1 << 32
    return v
}
