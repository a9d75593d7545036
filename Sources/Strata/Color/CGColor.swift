import Foundation

/// An immutable colour, stored as non-premultiplied sRGB components in 0…1 plus alpha.
///
/// Strata has one colour space: extended-range values are clamped to 0…1 when a colour is made,
/// and NaN components become 0 (documented difference: Core Graphics keeps colour spaces).
/// Animations interpolate components linearly in this space, premultiplied-free (as Core
/// Animation does for CGColor in sRGB).
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        self.red = clamp(red); self.green = clamp(green); self.blue = clamp(blue); self.alpha = clamp(alpha)
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Components in Core Graphics' order for an RGB space: [r, g, b, a].
    public var components: [CGFloat]? { [red, green, blue, alpha] }
    public var numberOfComponents: Int { 4 }

    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Premultiplied ARGB32 (pixman a8r8g8b8), each channel rounded to nearest.
    public var premultipliedARGB32: UInt32 {
        let a = (alpha * 255).rounded()
        let r = (red * alpha * 255).rounded(), g = (green * alpha * 255).rounded(), b = (blue * alpha * 255).rounded()
        return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    public static func == (l: CGColor, r: CGColor) -> Bool {
        l.red == r.red && l.green == r.green && l.blue == r.blue && l.alpha == r.alpha
    }

    public func hash(into h: inout Hasher) { h.combine(red); h.combine(green); h.combine(blue); h.combine(alpha) }

    public var description: String { "CGColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}
