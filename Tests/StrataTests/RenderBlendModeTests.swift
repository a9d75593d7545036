import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Every `compositingFilter` name against the W3C Compositing and Blending formulas (the ones
/// pixman's PDF operators implement), computed here independently: an opaque source colour over
/// an opaque backdrop gives B(backdrop, source) per channel, within 2 levels of 8-bit rounding.
@Suite(.runLoopTurn) struct RenderBlendModeTests {
    typealias F = RenderFixture
    typealias RGB = SIMD3<Double>

    /// 8-bit backdrop and source, as the compositor quantizes them.
    static let backdrop = RGB(204, 102, 51) / 255
    static let source = RGB(77, 153, 230) / 255

    static func separable(_ f: @escaping @Sendable (Double, Double) -> Double) -> @Sendable (RGB, RGB) -> RGB {
        { b, s in RGB(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z)) }
    }

    static func lum(_ c: RGB) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = c.min(), x = c.max()
        var r = c
        if n < 0 { r = RGB(repeating: l) + (r - RGB(repeating: l)) * l / (l - n) }
        if x > 1 { r = RGB(repeating: l) + (r - RGB(repeating: l)) * (1 - l) / (x - l) }
        return r
    }
    static func setLum(_ c: RGB, _ l: Double) -> RGB { clipColor(c + RGB(repeating: l - lum(c))) }
    static func sat(_ c: RGB) -> Double { c.max() - c.min() }
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        let n = c.min(), x = c.max()
        guard x > n else { return .zero }
        return (c - RGB(repeating: n)) * s / (x - n)
    }

    static func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
    static func softLight(_ b: Double, _ s: Double) -> Double {
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
    }

    static let expected: [String: @Sendable (RGB, RGB) -> RGB] = [
        "multiplyBlendMode": separable { $0 * $1 },
        "screenBlendMode": separable { $0 + $1 - $0 * $1 },
        "overlayBlendMode": separable { b, s in hardLight(s, b) },
        "darkenBlendMode": separable { min($0, $1) },
        "lightenBlendMode": separable { max($0, $1) },
        "colorDodgeBlendMode": separable { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) },
        "colorBurnBlendMode": separable { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) },
        "hardLightBlendMode": separable(hardLight),
        "softLightBlendMode": separable(softLight),
        "differenceBlendMode": separable { abs($0 - $1) },
        "exclusionBlendMode": separable { $0 + $1 - 2 * $0 * $1 },
        "hueBlendMode": { b, s in setLum(setSat(s, sat(b)), lum(b)) },
        "saturationBlendMode": { b, s in setLum(setSat(b, sat(s)), lum(b)) },
        "colorBlendMode": { b, s in setLum(s, lum(b)) },
        "luminosityBlendMode": { b, s in setLum(b, lum(s)) },
        "additionCompositing": separable { min(1, $0 + $1) },
        "sourceOverCompositing": { _, s in s },
        "noSuchBlendMode": { _, s in s },
    ]

    @Test(arguments: expected.keys.sorted())
    func blendModeMatchesItsFormula(_ name: String) {
        let b = Self.backdrop, s = Self.source
        var l = F.layer(2, 0, 0, 4, 4, CGColor(red: s.x, green: s.y, blue: s.z, alpha: 1))
        l.properties["compositingFilter"] = name
        let root = F.root(4, 4, CGColor(red: b.x, green: b.y, blue: b.z, alpha: 1), [l])
        let p = F.render(root, 4, 4).pixel(x: 2, y: 2)
        let want = (Self.expected[name]!(b, s) * 255).rounded(.toNearestOrAwayFromZero)
        let got = RGB(Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF))
        #expect(p >> 24 == 0xFF)
        let diff: RGB = got - want
        #expect(max(abs(diff.x), abs(diff.y), abs(diff.z)) <= 2, "\(name): got \(got), want \(want)")
    }

    @Test func everyMappedNameIsTested() {
        #expect(Set(_BlendMode.operators.keys).isSubset(of: Set(Self.expected.keys)))
    }
}

/// `magnificationFilter` applies when the image is drawn larger than its natural size,
/// `minificationFilter` when smaller; "nearest" picks source pixels, anything else filters.
@Suite(.runLoopTurn) struct RenderFilterSelectionTests {
    typealias F = RenderFixture
    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00

    /// Every channel within one level (bilinear weights are 7-bit in pixman).
    static func near(_ a: UInt32, _ b: UInt32) -> Bool {
        stride(from: 0, to: 32, by: 8).allSatisfy { abs(Int((a >> UInt32($0)) & 0xFF) - Int((b >> UInt32($0)) & 0xFF)) <= 1 }
    }

    static func render(_ image: CGImage, width: CGFloat, _ filters: [String: String]) -> [UInt32] {
        var l = F.layer(2, 0, 0, width, 1)
        l.contents = image
        for (k, v) in filters { l.properties[k] = v }
        let b = F.render(F.root(width, 1, nil, [l]), Int(width), 1)
        return (0..<Int(width)).map { b.pixel(x: $0, y: 0) }
    }

    @Test func magnificationUsesTheMagnificationFilter() {
        let img = CGImage(width: 2, height: 1, pixels: [Self.red, Self.blue])!
        #expect(Self.render(img, width: 4, ["magnificationFilter": "nearest"]) == [Self.red, Self.red, Self.blue, Self.blue])
        let linear = Self.render(img, width: 4, ["minificationFilter": "nearest"])
        #expect(Self.near(linear[1], 0xFFBF_0040), "¾ red + ¼ blue at x = 1.5 → 0.75 source pixels: \(F.hex(linear[1]))")
        #expect(linear == Self.render(img, width: 4, [:]), "the minification filter does not apply")
    }

    @Test func minificationUsesTheMinificationFilter() {
        let img = CGImage(width: 4, height: 1, pixels: [Self.red, Self.green, Self.blue, Self.red])!
        let nearest = Self.render(img, width: 2, ["minificationFilter": "nearest"])
        #expect([Self.red, Self.green].contains(nearest[0]) && [Self.blue, Self.red].contains(nearest[1]),
                "source pixels, unblended: \(nearest.map(F.hex))")
        let linear = Self.render(img, width: 2, ["magnificationFilter": "nearest"])
        #expect(Self.near(linear[0], 0xFF80_8000) && Self.near(linear[1], 0xFF80_0080),
                "half and half at the shared edge: \(linear.map(F.hex))")
    }
}
