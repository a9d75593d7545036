import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CAGradientLayer drawing in the compositor: geometry of each type, stops, shapes, bad input.
@Suite(.runLoopTurn) struct GradientRenderTests {
    typealias F = RenderFixture

    /// A gradient render layer at (x, y), `w`×`h`.
    static func gradient(_ id: UInt64, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat,
                         _ type: CAGradientLayerType = .axial, colors: [CGColor], locations: [Double]? = nil,
                         start: CGPoint? = nil, end: CGPoint? = nil) -> RenderLayer {
        var l = F.layer(id, x, y, w, h)
        l.properties[CAGradientLayer.kindKey] = "gradient"
        l.properties["colors"] = colors
        if let locations { l.properties["locations"] = locations.map { NSNumber(value: $0) } }
        if let start { l.properties["startPoint"] = start }
        if let end { l.properties["endPoint"] = end }
        if type != .axial { l.properties["type"] = type }
        return l
    }

    static func channels(_ p: UInt32) -> [Int] { [24, 16, 8, 0].map { Int((p >> UInt32($0)) & 0xFF) } }

    /// Every channel of `p` within `tol` of the non-premultiplied opaque colour (a, r, g, b).
    static func near(_ p: UInt32, _ expected: [Double], tol: Int = 1) -> Bool {
        zip(channels(p), expected).allSatisfy { abs(Double($0) - $1 * 255) <= Double(tol) }
    }

    static func render(_ layers: [RenderLayer], _ w: Int, _ h: Int, background: CGColor? = .white, scale: CGFloat = 1) -> Bitmap {
        F.render(F.root(CGFloat(w) / scale, CGFloat(h) / scale, background, layers), w, h, scale: scale)
    }

    @Test func axialDefaultRunsTopToBottomThroughPixelCentres() {
        let b = Self.render([Self.gradient(2, 0, 0, 8, 100, colors: [F.red, F.blue])], 8, 100)
        for y in [0, 1, 25, 49, 50, 73, 99] {
            let t = (Double(y) + 0.5) / 100
            #expect(Self.near(b.pixel(x: 3, y: y), [1, 1 - t, 0, t]), "row \(y): \(F.hex(b.pixel(x: 3, y: y)))")
            #expect(b.pixel(x: 0, y: y) == b.pixel(x: 7, y: y))
        }
    }

    @Test func axialDiagonalUsesPointSpaceAndPadsBeyondTheEnds() {
        // start (0.25, 0.5) → end (0.75, 0.5) on 200×10: t = (x + 0.5 − 50) / 100, padded.
        let l = Self.gradient(2, 0, 0, 200, 10, colors: [F.red, F.green, F.blue],
                              start: CGPoint(x: 0.25, y: 0.5), end: CGPoint(x: 0.75, y: 0.5))
        let b = Self.render([l], 200, 10)
        #expect(b.pixel(x: 0, y: 5) == 0xFFFF0000)
        #expect(b.pixel(x: 49, y: 5) == 0xFFFF0000)
        #expect(b.pixel(x: 199, y: 5) == 0xFF0000FF)
        #expect(b.pixel(x: 150, y: 5) == 0xFF0000FF)
        for x in [60, 80, 99, 100, 120, 140] {
            let t = (Double(x) + 0.5 - 50) / 100
            let e: [Double] = t < 0.5 ? [1, 1 - 2 * t, 2 * t, 0] : [1, 0, 2 - 2 * t, 2 * t - 1]
            #expect(Self.near(b.pixel(x: x, y: 5), e), "x \(x): \(F.hex(b.pixel(x: x, y: 5)))")
        }
    }

    @Test func radialIsAnEllipseCentredAtStartPoint() {
        // 200×100, centre (0.5, 0.5), half-axes (0.25·200, 0.5·100) = (50, 50) points.
        let l = Self.gradient(2, 0, 0, 200, 100, .radial, colors: [F.red, F.blue],
                              start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 0.75, y: 1))
        let b = Self.render([l], 200, 100)
        #expect(Self.near(b.pixel(x: 100, y: 50), [1, 1 - 0.0141, 0, 0.0141]))
        #expect(b.pixel(x: 0, y: 0) == 0xFF0000FF)
        #expect(b.pixel(x: 160, y: 50) == 0xFF0000FF)
        for (x, y) in [(125, 50), (100, 75), (130, 30), (80, 60)] {
            let dx = (Double(x) + 0.5 - 100) / 50, dy = (Double(y) + 0.5 - 50) / 50
            let t = min(1, (dx * dx + dy * dy).squareRoot())
            #expect(Self.near(b.pixel(x: x, y: y), [1, 1 - t, 0, t]), "(\(x), \(y)): \(F.hex(b.pixel(x: x, y: y)))")
        }
    }

    @Test func conicSweepsClockwiseFromStartToEnd() {
        let l = Self.gradient(2, 0, 0, 100, 100, .conic, colors: [F.red, F.blue],
                              start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5))
        let b = Self.render([l], 100, 100)
        for (x, y) in [(90, 50), (50, 90), (10, 50), (50, 10), (80, 80), (20, 70)] {
            let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50
            var a = atan2(dy, dx) / (2 * .pi)
            if a < 0 { a += 1 }
            #expect(Self.near(b.pixel(x: x, y: y), [1, 1 - a, 0, a]), "(\(x), \(y)): \(F.hex(b.pixel(x: x, y: y)))")
        }
    }

    @Test func conicAngleZeroFollowsTheStartToEndDirection() {
        // end straight above start: t = 0 points up, ¼ right, ½ down, ¾ left (clockwise on screen).
        let l = Self.gradient(2, 0, 0, 100, 100, .conic, colors: [F.red, F.blue],
                              start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 0.5, y: 0))
        let b = Self.render([l], 100, 100)
        for (x, y) in [(50, 10), (49, 10), (90, 50), (50, 90), (10, 50), (80, 20), (20, 80)] {
            let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50
            var a = atan2(dx, -dy) / (2 * .pi)
            if a < 0 { a += 1 }
            #expect(Self.near(b.pixel(x: x, y: y), [1, 1 - a, 0, a]), "(\(x), \(y)): \(F.hex(b.pixel(x: x, y: y)))")
        }
        // Either side of the seam: just right of up is red, just left is blue.
        #expect(Self.channels(b.pixel(x: 50, y: 10))[1] >= 254 && Self.channels(b.pixel(x: 49, y: 10))[3] >= 254)
    }

    @Test func roundedCornersClipTheGradientLikeABackground() {
        var l = Self.gradient(2, 10, 10, 80, 60, colors: [F.red, F.blue])
        l.cornerRadius = 20
        let b = Self.render([l], 100, 80)
        #expect(b.pixel(x: 11, y: 11) == 0xFFFFFFFF)   // outside the rounded corner: background
        #expect(b.pixel(x: 88, y: 68) == 0xFFFFFFFF)
        #expect(Self.near(b.pixel(x: 50, y: 40), [1, 1 - 30.5 / 60, 0, 30.5 / 60]))
        #expect(Self.near(b.pixel(x: 10, y: 40), [1, 1 - 30.5 / 60, 0, 30.5 / 60]))  // straight edge: fully inside
    }

    @Test func translucentColoursAndOpacityBlendOverTheBackground() {
        var l = Self.gradient(2, 0, 0, 4, 4, colors: [F.red.copy(alpha: 0.5)!, F.red.copy(alpha: 0.5)!])
        l.opacity = 0.5
        let b = Self.render([l], 4, 4)
        // 25% red over white: (255·0.75 + 255·0.25) red, 191 green/blue.
        #expect(Self.near(b.pixel(x: 2, y: 2), [1, 1, 0.75, 0.75]))
    }

    @Test func badInputHasDocumentedOutcomes() {
        // No colours: nothing drawn.
        #expect(Self.render([Self.gradient(2, 0, 0, 4, 4, colors: [])], 4, 4).pixel(x: 1, y: 1) == 0xFFFFFFFF)
        // One colour: a solid fill.
        #expect(Self.render([Self.gradient(2, 0, 0, 4, 4, colors: [F.green])], 4, 4).pixel(x: 1, y: 1) == 0xFF00FF00)
        // Locations out of order: 0.8 then 0.2 → the second takes 0.8 (hard edge at 0.8).
        let ooo = Self.render([Self.gradient(2, 0, 0, 1, 100, colors: [F.red, F.green, F.blue],
                                             locations: [0, 0.8, 0.2])], 1, 100)
        #expect(Self.near(ooo.pixel(x: 0, y: 40), [1, 1 - 40.5 / 80, 40.5 / 80, 0]))
        #expect(ooo.pixel(x: 0, y: 81) == 0xFF0000FF)
        // Out of range and NaN: clamped (NaN → 0); everything past 1 is the last colour.
        let oor = Self.render([Self.gradient(2, 0, 0, 1, 100, colors: [F.red, F.blue], locations: [.nan, 7])], 1, 100)
        #expect(Self.near(oor.pixel(x: 0, y: 50), [1, 0.495, 0, 0.505]))
        // Count mismatch: locations ignored, stops spread evenly.
        let mis = Self.render([Self.gradient(2, 0, 0, 1, 100, colors: [F.red, F.blue], locations: [0.9])], 1, 100)
        #expect(Self.near(mis.pixel(x: 0, y: 50), [1, 0.495, 0, 0.505]))
        // Degenerate geometry: start == end (axial) and a zero half-axis (radial) show the last colour.
        let same = Self.gradient(2, 0, 0, 4, 4, colors: [F.red, F.blue], start: .zero, end: .zero)
        #expect(Self.render([same], 4, 4).pixel(x: 2, y: 2) == 0xFF0000FF)
        let flat = Self.gradient(2, 0, 0, 4, 4, .radial, colors: [F.red, F.blue], start: .zero, end: CGPoint(x: 1, y: 0))
        #expect(Self.render([flat], 4, 4).pixel(x: 2, y: 2) == 0xFF0000FF)
        // Non-finite points: nothing drawn.
        let nan = Self.gradient(2, 0, 0, 4, 4, colors: [F.red, F.blue], start: CGPoint(x: CGFloat.nan, y: 0))
        #expect(Self.render([nan], 4, 4).pixel(x: 2, y: 2) == 0xFFFFFFFF)
        let inf = Self.gradient(2, 0, 0, 4, 4, .conic, colors: [F.red, F.blue], end: CGPoint(x: CGFloat.infinity, y: 0))
        #expect(Self.render([inf], 4, 4).pixel(x: 2, y: 2) == 0xFFFFFFFF)
    }

    @Test func rotatedAndProjectiveLayersSampleThroughTheirMatrix() {
        // A 90°-rotated vertical gradient runs horizontally on screen (right to left).
        var l = Self.gradient(2, 0, 0, 100, 20, colors: [F.red, F.blue])
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 100)
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.position = CGPoint(x: 50, y: 10)
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let b = Self.render([l], 100, 20)
        #expect(Self.near(b.pixel(x: 2, y: 10), [1, 0.025, 0, 0.975], tol: 2))
        #expect(Self.near(b.pixel(x: 97, y: 10), [1, 0.975, 0, 0.025], tol: 2))
        var p = l
        p.transform.m34 = -1 / 500
        p.transform = CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 1, 0), p.transform)
        let q = Self.render([p], 100, 20)
        #expect(Self.channels(q.pixel(x: 50, y: 10))[0] == 255)
        #expect(Self.channels(q.pixel(x: 10, y: 10))[3] > Self.channels(q.pixel(x: 90, y: 10))[3])
    }

    @Test func maskCutsTheGradient() {
        // A circular mask (a layer with a corner radius of half its size; shape layers mask the
        // same way): inside, the gradient; outside, the background.
        var l = Self.gradient(2, 0, 0, 40, 40, colors: [F.red, F.blue])
        var m = F.layer(100, 10, 10, 20, 20, .black)
        m.cornerRadius = 10
        l.mask = m
        let b = Self.render([l], 40, 40)
        #expect(Self.near(b.pixel(x: 20, y: 20), [1, 1 - 20.5 / 40, 0, 20.5 / 40]))
        #expect(b.pixel(x: 11, y: 11) == 0xFFFFFFFF)
        #expect(b.pixel(x: 5, y: 20) == 0xFFFFFFFF)
    }

    /// The seeds' pattern: a gradient layer masked by a shape layer (a gradient-filled shape),
    /// through the engine. Inside the triangle the gradient, outside the background, the
    /// hypotenuse antialiased.
    @Test func shapeLayerMaskMakesAGradientFilledShape() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let g = CAGradientLayer()
        g.frame = root.bounds
        g.colors = [F.red, F.blue]
        let triangle = CAShapeLayer()
        triangle.frame = g.bounds
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 10))
        p.addLine(to: CGPoint(x: 90, y: 10))
        p.addLine(to: CGPoint(x: 10, y: 90))
        p.closeSubpath()
        triangle.path = p
        g.mask = triangle
        root.addSublayer(g)
        let b = Snapshot.render(RenderTree(root: root).snapshot(at: 0), scale: 1)!
        for (x, y) in [(12, 12), (50, 20), (20, 50), (30, 60), (70, 15), (12, 85)] {
            let t = (Double(y) + 0.5) / 100
            #expect(Self.near(b.pixel(x: x, y: y), [1, 1 - t, 0, t]), "(\(x), \(y)): \(F.hex(b.pixel(x: x, y: y)))")
        }
        for (x, y) in [(5, 5), (95, 50), (50, 60), (80, 80), (5, 95), (50, 5)] {
            #expect(b.pixel(x: x, y: y) == 0xFFFFFFFF, "(\(x), \(y)): \(F.hex(b.pixel(x: x, y: y)))")
        }
        // Pixel (49, 50)'s centre lies on the hypotenuse x + y = 100: half gradient, half white.
        let t = 50.5 / 100
        #expect(Self.near(b.pixel(x: 49, y: 50), [1, 0.5 + 0.5 * (1 - t), 0.5, 0.5 + 0.5 * t], tol: 3),
                "\(F.hex(b.pixel(x: 49, y: 50)))")
    }

    static func goldenScene() -> RenderLayer {
        let orange = CGColor(red: 1, green: 0.6, blue: 0, alpha: 1), purple = CGColor(red: 0.5, green: 0, blue: 0.8, alpha: 1)
        var axial = gradient(2, 8, 8, 80, 60, colors: [orange, purple, F.green], locations: [0, 0.7, 1],
                             start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 1))
        axial.cornerRadius = 14
        var radial = gradient(3, 96, 8, 80, 60, .radial, colors: [.white, orange, purple],
                              start: CGPoint(x: 0.4, y: 0.4), end: CGPoint(x: 1, y: 1))
        radial.cornerRadius = 30
        let conic = gradient(4, 8, 76, 80, 60, .conic, colors: [F.red, orange, F.green, F.blue, F.red],
                             start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 0.5, y: 0))
        var rotated = gradient(5, 0, 0, 60, 40, colors: [F.blue.copy(alpha: 0.9)!, F.red.copy(alpha: 0.2)!],
                               start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5))
        rotated.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        rotated.position = CGPoint(x: 136, y: 106)
        rotated.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        rotated.cornerRadius = 10
        return F.root(184, 144, CGColor(gray: 0.9, alpha: 1), [axial, radial, conic, rotated])
    }

    @Test func goldenEachTypeWithRoundedCornersAtScale2() {
        RenderGolden.check(Snapshot.render(Self.goldenScene(), scale: 2)!, "types-rounded-scale2", tolerance: 1, folder: "gradient")
    }
}
