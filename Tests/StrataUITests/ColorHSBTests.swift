import Foundation
import Testing
@testable import StrataUI
@testable import Strata

/// `Color(hue:saturation:brightness:alpha:)`, `getHue` and `getRed`: the colour wheel's corners,
/// a table of mixed values, wrapping and clamping, and the HSB → RGB → HSB round trip.
@Suite struct ColorHSBTests {
    static func rgba(_ c: Color) -> [CGFloat] {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        #expect(c.getRed(&r, green: &g, blue: &b, alpha: &a))
        return [r, g, b, a]
    }

    static func near(_ a: [CGFloat], _ b: [CGFloat], _ eps: CGFloat = 1e-12) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= eps }
    }

    @Test func theWheelsCornersAndAMixedTable() {
        let table: [((CGFloat, CGFloat, CGFloat, CGFloat), [CGFloat])] = [
            ((0, 1, 1, 1), [1, 0, 0, 1]),
            ((1.0 / 6, 1, 1, 1), [1, 1, 0, 1]),
            ((1.0 / 3, 1, 1, 0.5), [0, 1, 0, 0.5]),
            ((0.5, 1, 1, 1), [0, 1, 1, 1]),
            ((2.0 / 3, 1, 1, 1), [0, 0, 1, 1]),
            ((5.0 / 6, 1, 1, 1), [1, 0, 1, 1]),
            ((0.5, 0.5, 0.8, 1), [0.4, 0.8, 0.8, 1]),
            ((0.25, 0.5, 1, 1), [0.75, 1, 0.5, 1]),
            ((0.7, 0, 0.3, 1), [0.3, 0.3, 0.3, 1]),                       // no saturation: grey
            ((0.9, 0.7, 0, 1), [0, 0, 0, 1]),                             // no brightness: black
        ]
        for ((h, s, v, a), expected) in table {
            #expect(Self.near(Self.rgba(Color(hue: h, saturation: s, brightness: v, alpha: a)), expected))
        }
    }

    @Test func hueWrapsAndTheOthersClamp() {
        #expect(Self.near(Self.rgba(Color(hue: 1, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 0, 1]))
        #expect(Self.near(Self.rgba(Color(hue: -1.0 / 3, saturation: 1, brightness: 1, alpha: 1)), [0, 0, 1, 1]))
        #expect(Self.near(Self.rgba(Color(hue: 7.5, saturation: 1, brightness: 1, alpha: 1)), [0, 1, 1, 1]))
        #expect(Self.near(Self.rgba(Color(hue: 0, saturation: 3, brightness: 2, alpha: 1)), [1, 0, 0, 1]))
        #expect(Self.near(Self.rgba(Color(hue: .nan, saturation: .nan, brightness: 0.5, alpha: 1)), [0.5, 0.5, 0.5, 1]))
        #expect(Self.near(Self.rgba(Color(hue: .infinity, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 0, 1]))
    }

    @Test func getHueRoundTripsSeededColours() {
        var state: UInt64 = 0xC0105
        func unit() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(state >> 11) * 0x1p-53
        }
        for _ in 0..<500 {
            let h = unit(), s = 0.05 + 0.95 * unit(), v = 0.05 + 0.95 * unit(), a = unit()
            var h2: CGFloat = -1, s2: CGFloat = -1, v2: CGFloat = -1, a2: CGFloat = -1
            #expect(Color(hue: h, saturation: s, brightness: v, alpha: a).getHue(&h2, saturation: &s2, brightness: &v2, alpha: &a2))
            #expect(Self.near([h2, s2, v2, a2], [h, s, v, a], 1e-9))
        }
        var h: CGFloat = -1, s: CGFloat = -1, v: CGFloat = -1
        Color.gray.getHue(&h, saturation: &s, brightness: &v, alpha: nil)
        #expect(h == 0 && s == 0 && v == 0.5)
        Color.black.getHue(&h, saturation: &s, brightness: nil, alpha: nil)
        #expect(h == 0 && s == 0)
        Color.magenta.getHue(&h, saturation: nil, brightness: nil, alpha: nil)
        #expect(abs(h - 5.0 / 6) < 1e-15)
    }
}
