import Strata

/// `UIColor`'s hue–saturation–brightness initializer and its component getters.
///
/// Every `Color` is sRGB with components in 0…1 (`CGColor` clamps), so the getters always
/// succeed and return true. Hue is a fraction of the colour wheel starting at red (0 and 1 are
/// both red); out-of-range hues wrap around it, saturation and brightness are clamped to 0…1 (UIKit
/// makes extended-range colours from them instead).
extension Color {
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        func unit(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        let s = unit(saturation), v = unit(brightness)
        let wrapped = hue.isFinite ? hue - hue.rounded(.down) : 0          // 0 ≤ wrapped < 1
        let h6 = wrapped * 6
        let sector = Int(h6.rounded(.down)) % 6, f = h6 - h6.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The sRGB components and alpha, each into its pointer when not nil.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Hue (0 ≤ h < 1; 0 for greys), saturation, brightness and alpha, each into its pointer when
    /// not nil: brightness is the largest component, saturation the spread over it (0 for black).
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let r = cgColor.red, g = cgColor.green, b = cgColor.blue
        let hi = max(r, g, b), spread = hi - min(r, g, b)
        var h: CGFloat = 0
        if spread > 0 {
            if hi == r {
                h = (g - b) / spread
                if h < 0 { h += 6 }
            } else if hi == g {
                h = (b - r) / spread + 2
            } else {
                h = (r - g) / spread + 4
            }
            h /= 6
            if h >= 1 { h = 0 }
        }
        hue?.pointee = h
        saturation?.pointee = hi > 0 ? spread / hi : 0
        brightness?.pointee = hi
        alpha?.pointee = cgColor.alpha
        return true
    }
}
