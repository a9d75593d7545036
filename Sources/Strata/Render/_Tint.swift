import CPixman

/// A per-channel colour multiplier (``RenderLayer/colorMultiplier``) in 8-bit fixed point:
/// premultiplied pixel channels scale by `r·a`, `g·a`, `b·a` and `a` (each /255), which keeps
/// them premultiplied (a channel never exceeds its alpha).
struct _Tint: Hashable {
    var r: UInt32, g: UInt32, b: UInt32, a: UInt32

    /// nil for opaque white (no change) or a colour with a non-finite component.
    init?(_ c: CGColor?) {
        guard let c else { return nil }
        func unit(_ v: CGFloat) -> Double? { v.isNaN ? nil : min(max(Double(v), 0), 1) }
        guard let cr = unit(c.red), let cg = unit(c.green), let cb = unit(c.blue), let ca = unit(c.alpha) else { return nil }
        r = UInt32((cr * ca * 255).rounded()); g = UInt32((cg * ca * 255).rounded())
        b = UInt32((cb * ca * 255).rounded()); a = UInt32((ca * 255).rounded())
        if r == 255, g == 255, b == 255, a == 255 { return nil }
    }

    /// Multiplies every pixel of `image` (a8r8g8b8, premultiplied) in place, rounding to
    /// nearest.
    func apply(to image: OpaquePointer) {
        guard let bits = pixman_image_get_data(image) else { return }
        let w = Int(pixman_image_get_width(image)), h = Int(pixman_image_get_height(image))
        let stride = Int(pixman_image_get_stride(image)) / 4
        @inline(__always) func mul(_ c: UInt32, _ f: UInt32) -> UInt32 {
            let t = c * f + 128
            return (t + (t >> 8)) >> 8                  // c·f/255, rounded
        }
        for y in 0..<h {
            let row = bits + y * stride
            for x in 0..<w {
                let p = row[x]
                guard p != 0 else { continue }
                row[x] = mul(p >> 24, a) << 24 | mul(p >> 16 & 0xFF, r) << 16 | mul(p >> 8 & 0xFF, g) << 8 | mul(p & 0xFF, b)
            }
        }
    }
}
