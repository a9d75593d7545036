/// pixman's 8-bit arithmetic on premultiplied a8r8g8b8 pixels, for the few loops that write
/// pixels themselves (no pixman call per small shape). Results equal pixman's OVER and IN
/// for the same inputs bit for bit: products are rounded as x·y/255 with
/// t = x·y + 128, (t + t/256)/256, and sums saturate at 255.
enum _PixelBlend {
    /// Every channel of `p` times `m`/255 (rounded as pixman does).
    @inline(__always)
    static func multiply(_ p: UInt32, by m: UInt32) -> UInt32 { _mulChannels(p, m) }

    /// Per-channel sum, each channel saturated at 255.
    @inline(__always)
    static func addSaturated(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var rb = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
        rb |= 0x0100_0100 &- ((rb >> 8) & 0x00FF_00FF)
        var ag = ((a >> 8) & 0x00FF_00FF) &+ ((b >> 8) & 0x00FF_00FF)
        ag |= 0x0100_0100 &- ((ag >> 8) & 0x00FF_00FF)
        return (rb & 0x00FF_00FF) | ((ag & 0x00FF_00FF) << 8)
    }

    /// `source` OVER `dest`: source + dest × (255 − source alpha)/255.
    @inline(__always)
    static func over(_ source: UInt32, _ dest: UInt32) -> UInt32 {
        let a = source >> 24
        if a == 0xFF { return source }
        if a == 0 && source == 0 { return dest }
        return addSaturated(source, multiply(dest, by: 255 - a))
    }
}
