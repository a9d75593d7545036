import Strata

/// UIKit's `UIColor`, as far as layer code uses it: components, the system palette (iOS light
/// appearance values), and `cgColor`. Ported code swaps `UIColor` for `Color` and nothing else.
///
/// Differs from UIKit: no dynamic (light/dark) colours, no pattern colours; every colour is sRGB.
public final class Color: Hashable, Sendable {
    public let cgColor: CGColor

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public init(white: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(gray: white, alpha: alpha)
    }

    public init(cgColor: CGColor) {
        self.cgColor = cgColor
    }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    private convenience init(_ r: Int, _ g: Int, _ b: Int) {
        self.init(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
    }

    public static func == (a: Color, b: Color) -> Bool { a.cgColor == b.cgColor }
    public func hash(into h: inout Hasher) { h.combine(cgColor) }

    public static let black = Color(white: 0, alpha: 1)
    public static let darkGray = Color(white: 1.0 / 3, alpha: 1)
    public static let gray = Color(white: 0.5, alpha: 1)
    public static let lightGray = Color(white: 2.0 / 3, alpha: 1)
    public static let white = Color(white: 1, alpha: 1)
    public static let clear = Color(white: 0, alpha: 0)
    public static let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = Color(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = Color(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = Color(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    public static let systemRed = Color(255, 59, 48)
    public static let systemOrange = Color(255, 149, 0)
    public static let systemYellow = Color(255, 204, 0)
    public static let systemGreen = Color(52, 199, 89)
    public static let systemMint = Color(0, 199, 190)
    public static let systemTeal = Color(48, 176, 199)
    public static let systemCyan = Color(50, 173, 230)
    public static let systemBlue = Color(0, 122, 255)
    public static let systemIndigo = Color(88, 86, 214)
    public static let systemPurple = Color(175, 82, 222)
    public static let systemPink = Color(255, 45, 85)
    public static let systemBrown = Color(162, 132, 94)
    public static let systemGray = Color(142, 142, 147)
    public static let systemGray2 = Color(174, 174, 178)
    public static let systemGray3 = Color(199, 199, 204)
    public static let systemGray4 = Color(209, 209, 214)
    public static let systemGray5 = Color(229, 229, 234)
    public static let systemGray6 = Color(242, 242, 247)
    public static let label = Color.black
    public static let systemBackground = Color.white
}
