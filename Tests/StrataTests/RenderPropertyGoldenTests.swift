import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// One golden image per visual property of issue 5 (`Goldens/render/prop-<name>.png`), each a
/// small scene that shows the property's cases side by side. Exact where the geometry lands
/// on whole pixels and images are sampled nearest; a tolerance of 2 levels where edges are
/// antialiased or images filtered. Exact pixel values of the same properties are asserted in
/// CompositorTests, RenderContentsTests, RenderMaskTests, RenderShadowTests and the others.
@Suite(.runLoopTurn) struct RenderPropertyGoldenTests {
    typealias F = RenderFixture
    static let grey = CGColor(gray: 0.85, alpha: 1)
    static let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    static let teal = CGColor(red: 0, green: 0.5, blue: 0.5, alpha: 1)

    /// An 8×6 image: red grows left to right, green top to bottom, a black top-left pixel.
    static let ramp = CGImage(width: 8, height: 6) { p in
        for y in 0..<6 { for x in 0..<8 { p[y * 8 + x] = 0xFF00_0000 | UInt32(32 * x + 16) << 16 | UInt32(40 * y + 20) << 8 | 0x40 } }
        p[0] = 0xFF00_0000
    }!

    /// A 6×6 frame: a 2-pixel dark border (corners blue) around a light middle.
    static let frame = CGImage(width: 6, height: 6) { p in
        for y in 0..<6 {
            for x in 0..<6 {
                let edgeX = x < 2 || x > 3, edgeY = y < 2 || y > 3
                p[y * 6 + x] = edgeX && edgeY ? 0xFF00_00C0 : edgeX || edgeY ? 0xFF30_3030 : 0xFFF0_E0A0
            }
        }
    }!

    static func imageLayer(_ id: UInt64, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, _ image: CGImage,
                           gravity: String = "resize", nearest: Bool = true) -> RenderLayer {
        var l = F.layer(id, x, y, w, h, grey)
        l.contents = image
        l.contentsGravityName = gravity
        if nearest { l.properties["magnificationFilter"] = "nearest"; l.properties["minificationFilter"] = "nearest" }
        return l
    }

    static func shadowed(_ l: inout RenderLayer, radius: CGFloat, offset: CGSize, opacity: Float = 0.6) {
        l.properties["shadowOpacity"] = opacity
        l.properties["shadowRadius"] = radius
        l.properties["shadowOffset"] = offset
    }

    /// name → (scene, scale, tolerance)
    static let scenes: [String: @Sendable () -> (RenderLayer, CGFloat, Int)] = [
        "backgroundColor": {
            var translucent = F.layer(3, 16, 8, 24, 16, CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
            translucent.sublayers = [F.layer(4, 12, 8, 16, 12, CGColor(red: 0, green: 1, blue: 0, alpha: 0.25))]
            return (F.root(48, 32, .white, [F.layer(2, 4, 4, 20, 20, F.red), translucent]), 1, 0)
        },
        "contentsGravity": {
            let names = ["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
                         "resize", "resizeAspect", "resizeAspectFill"]
            let cells = names.enumerated().map { i, g -> RenderLayer in
                var l = imageLayer(UInt64(2 + i), CGFloat(2 + 22 * (i % 4)), CGFloat(2 + 22 * (i / 4)), 20, 20, ramp, gravity: g)
                l.masksToBounds = true
                return l
            }
            return (F.root(90, 68, .white, cells), 1, 0)
        },
        "contentsRectCenterScale": {
            var part = imageLayer(2, 2, 2, 24, 24, ramp)
            part.contentsRect = CGRect(x: 0.25, y: 0.5, width: 0.5, height: 0.5)
            var nine = imageLayer(3, 28, 2, 40, 24, frame)
            nine.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
            var small = imageLayer(4, 70, 2, 24, 24, ramp, gravity: "center")
            small.contentsScale = 2
            return (F.root(96, 28, .white, [part, nine, small]), 2, 0)
        },
        "cornerRadiusMaskedCorners": {
            let masks: [UInt] = [0xF, 0b0101, 0b1010, 0b0001]
            let ls = masks.enumerated().map { i, m -> RenderLayer in
                var l = F.layer(UInt64(2 + i), CGFloat(2 + 26 * i), 2, 24, 24, teal)
                l.cornerRadius = 9
                l.maskedCorners = m
                return l
            }
            return (F.root(106, 28, .white, ls), 2, 2)
        },
        "borderAboveContentFollowingRadius": {
            var l = imageLayer(2, 4, 4, 40, 28, ramp)
            l.cornerRadius = 8
            l.borderWidth = 3
            l.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.7)
            l.sublayers = [F.layer(3, -6, 10, 20, 10, orange)]
            var clipped = l
            clipped.id = 4
            clipped.sublayers[0].id = 5
            clipped.position.x = 52
            clipped.masksToBounds = true
            return (F.root(100, 36, .white, [l, clipped]), 2, 2)
        },
        "groupOpacityAndHidden": {
            func pair(_ id: UInt64, _ x: CGFloat, group: Bool) -> RenderLayer {
                var p = F.layer(id, x, 4, 24, 24, F.red)
                p.opacity = 0.5
                p.allowsGroupOpacity = group
                p.sublayers = [F.layer(id + 1, 10, 10, 20, 20, F.blue)]
                return p
            }
            var hidden = F.layer(20, 76, 4, 20, 20, F.green)
            hidden.isHidden = true
            return (F.root(100, 40, .white, [pair(2, 4, group: true), pair(4, 40, group: false), hidden]), 1, 0)
        },
        "transformAndSublayerTransform": {
            let rotated = F.centered(2, 24, 14, at: 18, 18, CATransform3DMakeRotation(.pi / 6, 0, 0, 1), teal)
            var corner = F.centered(3, 24, 14, at: 50, 10, CATransform3DMakeRotation(.pi / 6, 0, 0, 1), orange)
            corner.anchorPoint = .zero
            var parent = F.layer(4, 70, 4, 28, 28, grey)
            parent.sublayerTransform = CATransform3DMakeScale(0.5, 1.5, 1)
            parent.sublayers = [F.layer(5, 4, 4, 20, 12, F.blue)]
            var image = imageLayer(6, 0, 0, 16, 12, ramp, nearest: false)
            image.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            image.position = CGPoint(x: 115.3, y: 18.6)
            image.transform = CATransform3DMakeRotation(-0.4, 0, 0, 1)
            return (F.root(130, 36, .white, [rotated, corner, parent, image]), 2, 2)
        },
        "perspectiveAndDoubleSided": {
            var eye = CATransform3DIdentity
            eye.m34 = -1 / 60
            func card(_ id: UInt64, _ cx: CGFloat, angle: CGFloat, doubleSided: Bool) -> RenderLayer {
                var l = imageLayer(id, 0, 0, 32, 24, ramp, nearest: false)
                l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
                l.position = CGPoint(x: cx, y: 20)
                l.transform = CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 1, 0), eye)
                l.isDoubleSided = doubleSided
                return l
            }
            let layers = [card(2, 22, angle: 0.7, doubleSided: true), card(3, 62, angle: 2.6, doubleSided: true),
                          card(4, 102, angle: 2.6, doubleSided: false)]
            return (F.root(124, 40, .white, layers), 2, 2)
        },
        "zPosition": {
            var a = F.layer(2, 4, 4, 20, 20, F.red); a.zPosition = 2
            var b = F.layer(3, 12, 10, 20, 20, F.green); b.zPosition = 1
            let c = F.layer(4, 20, 16, 20, 20, F.blue)
            return (F.root(44, 40, .white, [a, b, c]), 1, 0)
        },
        "masksToBoundsRounded": {
            var clip = F.layer(2, 4, 4, 30, 30, grey)
            clip.cornerRadius = 10
            clip.masksToBounds = true
            clip.sublayers = [F.layer(3, 10, -5, 30, 20, F.red), F.layer(4, -5, 15, 20, 30, F.blue)]
            var rotated = F.centered(5, 26, 26, at: 58, 19, CATransform3DMakeRotation(0.5, 0, 0, 1), grey)
            rotated.masksToBounds = true
            rotated.sublayers = [F.layer(6, 13, 0, 20, 40, orange)]
            var contents = imageLayer(7, 78, 4, 30, 30, ramp)
            contents.cornerRadius = 12
            contents.masksToBounds = true
            return (F.root(112, 38, .white, [clip, rotated, contents]), 2, 2)
        },
        "maskAndMaskOfMask": {
            let fade = CGImage(width: 8, height: 1) { p in for x in 0..<8 { p[x] = UInt32(255 - 32 * x) << 24 } }!
            var a = F.layer(2, 4, 4, 32, 24, F.red)
            a.sublayers = [F.layer(3, 16, 12, 24, 16, F.blue)]
            var m = imageLayer(100, 0, 0, 32, 24, fade, nearest: false)
            m.backgroundColor = nil
            a.mask = m
            var b = F.layer(4, 44, 4, 32, 24, teal)
            var outer = F.layer(101, 0, 0, 32, 24, .black)
            outer.cornerRadius = 12
            var inner = F.layer(102, 8, 6, 32, 24, .black)
            inner.cornerRadius = 4
            outer.mask = inner
            b.mask = outer
            return (F.root(80, 32, .white, [a, b]), 2, 2)
        },
        "shadows": {
            var shape = F.layer(2, 6, 6, 20, 20, teal)
            shape.cornerRadius = 6
            shadowed(&shape, radius: 3, offset: CGSize(width: 3, height: 4))
            var path = F.layer(3, 36, 6, 20, 20)
            let tri = CGMutablePath()
            tri.addLines(between: [CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 20), CGPoint(x: 0, y: 20)])
            tri.closeSubpath()
            path.properties["shadowPath"] = tri as CGPath
            shadowed(&path, radius: 2, offset: CGSize(width: 2, height: 2), opacity: 0.8)
            var content = F.layer(4, 66, 6, 24, 24)
            content.sublayers = [F.layer(5, 0, 0, 12, 12, orange), F.layer(6, 10, 10, 12, 12, F.blue)]
            shadowed(&content, radius: 2, offset: CGSize(width: 4, height: 4))
            var image = imageLayer(7, 96, 6, 16, 12, ramp)
            image.backgroundColor = nil
            shadowed(&image, radius: 0, offset: CGSize(width: 0, height: -3), opacity: 1)
            return (F.root(118, 36, .white, [shape, path, content, image]), 2, 2)
        },
        "shouldRasterize": {
            var l = F.centered(2, 24, 16, at: 20, 18, CATransform3DMakeRotation(0.3, 0, 0, 1), teal)
            l.cornerRadius = 5
            l.sublayers = [F.layer(3, 12, 8, 16, 12, orange)]
            l.properties["shouldRasterize"] = true
            var sharp = l
            sharp.id = 4
            sharp.sublayers[0].id = 5
            sharp.position.x = 58
            sharp.properties["rasterizationScale"] = CGFloat(4)
            return (F.root(80, 36, .white, [l, sharp]), 2, 2)
        },
        "compositingFilter": {
            let names = ["multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
                         "colorDodgeBlendMode", "colorBurnBlendMode", "hardLightBlendMode", "softLightBlendMode",
                         "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
                         "luminosityBlendMode", "additionCompositing"]
            var stripes = F.layer(2, 0, 0, 128, 32, orange)
            stripes.sublayers = [F.layer(3, 0, 16, 128, 16, teal)]
            let cells = names.enumerated().map { i, n -> RenderLayer in
                var l = F.layer(UInt64(10 + i), CGFloat(8 * i), 4, 8, 24, CGColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1))
                l.properties["compositingFilter"] = n
                return l
            }
            return (F.root(128, 32, .white, [stripes] + cells), 1, 1)
        },
        "minificationMagnificationFilters": {
            let checker = CGImage(width: 4, height: 4) { p in for i in 0..<16 { p[i] = (i % 4 + i / 4) % 2 == 0 ? 0xFF20_2020 : 0xFFE0_E0E0 } }!
            let fine = CGImage(width: 32, height: 32) { p in for i in 0..<1024 { p[i] = (i % 32 + i / 32) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }!
            let near = imageLayer(2, 2, 2, 28, 28, checker)
            let linear = imageLayer(3, 32, 2, 28, 28, checker, nearest: false)
            let minNear = imageLayer(4, 62, 2, 12, 12, fine)
            let minLinear = imageLayer(5, 76, 2, 12, 12, fine, nearest: false)
            return (F.root(90, 32, .white, [near, linear, minNear, minLinear]), 1, 2)
        },
    ]

    @Test(arguments: scenes.keys.sorted())
    func golden(_ name: String) {
        let (tree, scale, tolerance) = Self.scenes[name]!()
        RenderGolden.check(Snapshot.render(tree, scale: scale)!, "prop-\(name)", tolerance: tolerance)
    }
}
