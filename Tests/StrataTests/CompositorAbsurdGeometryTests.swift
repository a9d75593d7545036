import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Geometry far beyond what the layer-damage fuzz target feeds (it clamps finite values to
/// ±1e5, though a perspective −1/d can still be huge): 1e9, 1e30, 1e263, NaN and ∞ in sublayer transforms, sizes, corner radii, borders and
/// shadows. Documented outcomes: never a trap; memory bounded by the surface (a shadow's blur σ
/// is capped at `_Shadow.maximumSigma` device pixels); a damage-only repaint equals a full
/// render; a non-finite transform skips the layer's subtree; a parent's `masksToBounds` keeps
/// whatever an absurd sublayer draws inside the parent. Inside, finite coordinates past about
/// 1e15 device pixels draw approximately (double precision is lost clipping them to the
/// surface): the layer may cover its part of the surface partly or not at all.
@Suite(.runLoopTurn) struct CompositorAbsurdGeometryTests {
    typealias F = RenderFixture
    static let width = 40, height = 30
    static let absurd: [CGFloat] = [1e9, 1e30, -1e30, 1e263, .nan, .infinity, -.infinity]
    static let white: UInt32 = 0xFFFF_FFFF, red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF

    /// A 30×20 blue parent at (5, 5) holding `child`, and a 4×4 green marker at (0, 0).
    static func scene(_ child: RenderLayer, parent configure: (inout RenderLayer) -> Void = { _ in }) -> RenderLayer {
        var parent = F.layer(2, 5, 5, 30, 20, F.blue)
        parent.sublayers = [child]
        configure(&parent)
        return F.root(CGFloat(width), CGFloat(height), .white, [parent, F.layer(9, 0, 0, 4, 4, F.green)])
    }

    /// Renders `tree` fully, and damage-only over a frame of the same surface without it; the
    /// two must agree pixel for pixel.
    static func render(_ tree: RenderLayer, _ comment: Comment) -> Bitmap {
        let full = F.render(tree, width, height)
        let empty = F.root(CGFloat(width), CGFloat(height), .white, [])
        let compositor = Compositor()
        let incremental = Bitmap(width: width, height: height)!
        compositor.render(empty, into: incremental, scale: 1)
        let damage = compositor.damage(from: empty, to: tree, scale: 1, bounds: CGRect(x: 0, y: 0, width: width, height: height))
        compositor.render(tree, into: incremental, scale: 1, region: damage)
        #expect(incremental.hasSamePixels(as: full), "damage-only repaint differs: \(comment)")
        return full
    }

    /// Every pixel outside the parent (5…34 × 5…24) is the background or the marker.
    static func expectOutsideParentUntouched(_ b: Bitmap, _ comment: Comment) {
        for y in 0..<height {
            for x in 0..<width where !(5..<35).contains(x) || !(5..<25).contains(y) {
                let want = x < 4 && y < 4 ? green : white
                guard b.pixel(x: x, y: y) == want else {
                    Issue.record("pixel (\(x), \(y)) is \(F.hex(b.pixel(x: x, y: y))), not \(F.hex(want)): \(comment)")
                    return
                }
            }
        }
    }

    @Test func absurdSublayerTransformsStayInsideAClippingParent() {
        let child = F.layer(3, 2, 2, 10, 8, F.red)
        for v in Self.absurd {
            var perspective = CATransform3DIdentity; perspective.m34 = v
            var w = CATransform3DIdentity; w.m44 = v
            var shear = CATransform3DIdentity; shear.m12 = v
            let transforms: [(String, CATransform3D)] = [
                ("translate", CATransform3DMakeTranslation(v, v, 0)), ("scale", CATransform3DMakeScale(v, v, 1)),
                ("scaleX", CATransform3DMakeScale(v, 1, 1)), ("m34", perspective), ("m44", w), ("m12", shear),
                ("rotation", CATransform3DMakeRotation(v, 0, 0, 1)),
            ]
            for (name, t) in transforms {
                let tree = Self.scene(child) { p in p.sublayerTransform = t; p.masksToBounds = true }
                let b = Self.render(tree, "sublayerTransform \(name) \(v)")
                Self.expectOutsideParentUntouched(b, "sublayerTransform \(name) \(v)")
            }
        }
    }

    /// A layer turned in 3-D under an extreme perspective (the parent's sublayerTransform with
    /// m34 of −6.44e127, as the layer-damage fuzzer found: 1/m34 a denormal), in a group with
    /// opacity: repainting any part of the frame gives the full render's pixels there. The
    /// group is drawn into an offscreen placed by the repainted region; folding that offscreen's
    /// origin into the projective matrix (instead of adding it after the perspective divide)
    /// cancelled the layer's x and y terms against the huge W terms, and the yellow layer
    /// covered a strip of pixels in one repaint and nothing in another.
    @Test func anExtremePerspectiveDrawsTheSameInEveryRepaintedRegion() {
        for m34: CGFloat in [-6.44e127, -1e30, 1e30, -1e9] {
            let child = F.centered(3, 11, 31, at: 12, 8, CATransform3DMakeRotation(2, 0, 1, 1), CGColor(red: 0.93, green: 0.93, blue: 0.2, alpha: 1))
            var perspective = CATransform3DMakeTranslation(5.5, -5.9, 0)
            perspective.m34 = m34
            let tree = Self.scene(child) { p in p.sublayerTransform = perspective; p.opacity = 0.5 }
            let full = F.render(tree, Self.width, Self.height)
            var inked = 0
            for y in 0..<Self.height { for x in 0..<Self.width where full.pixel(x: x, y: y) != Self.white { inked += 1 } }
            #expect(inked > 16 * 4 + 100, "m34 \(m34): the parent and marker (and whatever the child draws) are drawn")
            // Regions at every offset in a 6×6 grid, 12×3 and 5×7 pixels: each repaints over the
            // full render and must leave it as it was.
            let compositor = Compositor()
            for (w, h) in [(12, 3), (5, 7)] {
                for oy in stride(from: 0, to: Self.height - h, by: 6) {
                    for ox in stride(from: 0, to: Self.width - w, by: 6) {
                        let b = F.render(tree, Self.width, Self.height)
                        compositor.render(tree, into: b, scale: 1, region: Region(x: ox, y: oy, width: w, height: h))
                        #expect(b.hasSamePixels(as: full), "m34 \(m34): repainting (\(ox), \(oy), \(w)×\(h)) changed pixels")
                    }
                }
            }
        }
    }

    /// The layer-damage fuzzer's `tiny-perspective-denormal-scale` input as a fixed scene: a
    /// masked layer turned in 3-D under the root's m34 = −6.44e127, the root a rounded,
    /// clipping, bordered group at opacity 0.12. The eye is 1.6e-128 px from the plane: the
    /// half of the layer in front of it shrinks to the perspective's centre and the other half
    /// is behind the eye, so the layer draws nothing. Its triangles were cut where they pass
    /// behind the eye by interpolating coordinates of ~1e131, which left errors of ~1e115 that
    /// the perspective divide made into slivers across the surface — different ones in each
    /// repainted region (the fuzzer saw one pixel at 1/255 missing from a damage-only repaint).
    @Test func aMaskedLayerTurnedUnderAnExtremePerspectiveDrawsNothingInAnyRegion() {
        var turned = F.centered(3, 43.21110856794079, 48.593270771343555, at: 27.71923399710078, -1.7766079194323652,
            CATransform3D(m11: -0.38509742371418104, m12: 0.6525718252609057, m13: -0.6525718252609057, m14: 0,
                          m21: -0.6525718252609057, m22: 0.3074512881429094, m23: 0.6925487118570904, m24: 0,
                          m31: 0.6525718252609057, m32: 0.6925487118570904, m33: 0.3074512881429094, m34: 0,
                          m41: 0, m42: 0, m43: 0, m44: 1),
            CGColor(red: 0.925612268253605, green: 0.9317463950560769, blue: 0.19673456931410696, alpha: 1))
        turned.cornerRadius = 27.775234607461663
        turned.mask = F.centered(4, 1.855497062638285, 14.110780498970016, at: 12.037384603646906, 21.44129091325246,
                                 CATransform3DIdentity, CGColor(gray: 0, alpha: 0.793362325474937))
        var root = F.centered(2, 17.24818799114977, 33.66445410849165, at: 73.73281452658885, 9.34004730296788, CATransform3DIdentity, nil)
        root.opacity = 0.12471198
        root.masksToBounds = true
        root.cornerRadius = 20.3067063401236
        root.maskedCorners = 2
        root.borderWidth = 0.7357289997711146
        root.borderColor = CGColor(red: 0.98, green: 0, blue: 0.1175, alpha: 1)
        var perspective = CATransform3DMakeTranslation(5.486991683833066, -5.9139391165026325, 0)
        perspective.m34 = -6.44231119759789e127
        root.sublayerTransform = perspective
        // The same group holding a sublayer that draws nothing: the root is still drawn as a group.
        root.sublayers = [F.layer(5, 0, 0, 4, 4, nil)]
        let alone = F.render(root, 96, 72)
        var inked = 0
        for y in 0..<72 { for x in 0..<96 where alone.pixel(x: x, y: y) != 0 { inked += 1 } }
        #expect(inked > 100, "the root's border is drawn")
        root.sublayers = [turned]
        let full = F.render(root, 96, 72)
        var differ: [String] = []
        for y in 0..<72 { for x in 0..<96 where full.pixel(x: x, y: y) != alone.pixel(x: x, y: y) { differ.append("(\(x),\(y)) \(F.hex(alone.pixel(x: x, y: y)))->\(F.hex(full.pixel(x: x, y: y)))") } }
        #expect(differ.isEmpty, "the turned layer draws nothing: \(differ.count) \(differ.prefix(6))")
        let compositor = Compositor()
        for (w, h) in [(12, 3), (5, 7)] {
            for oy in stride(from: 0, to: 72 - h, by: 3) {
                for ox in stride(from: 0, to: 96 - w, by: 3) {
                    let b = F.render(root, 96, 72)
                    compositor.render(root, into: b, scale: 1, region: Region(x: ox, y: oy, width: w, height: h))
                    #expect(b.hasSamePixels(as: full), "repainting (\(ox), \(oy), \(w)×\(h)) changed pixels")
                }
            }
        }
    }

    @Test func aNonFiniteSublayerTransformSkipsTheSublayers() {
        for v in [CGFloat.nan, .infinity, -.infinity] {
            for i in 0..<16 {
                var t = CATransform3DIdentity
                withUnsafeMutableBytes(of: &t) { $0.storeBytes(of: v, toByteOffset: i * MemoryLayout<CGFloat>.stride, as: CGFloat.self) }
                let b = Self.render(Self.scene(F.layer(3, 2, 2, 10, 8, F.red)) { $0.sublayerTransform = t }, "m[\(i)] = \(v)")
                // The parent still draws; its sublayer (red, device 7…16 × 7…14) does not.
                #expect(b.pixel(x: 10, y: 10) == Self.blue, "m[\(i)] = \(v)")
                #expect(b.pixel(x: 30, y: 20) == Self.blue, "m[\(i)] = \(v)")
                Self.expectOutsideParentUntouched(b, "m[\(i)] = \(v)")
            }
        }
    }

    /// A 1e9-point layer at the origin is still drawn exactly: it covers the parent's area.
    @Test func aBillionPointLayerCoversTheSurfaceExactly() {
        let b = Self.render(Self.scene(F.layer(3, 0, 0, 1e9, 1e9, F.red)), "1e9 layer")
        #expect(b.pixel(x: 5, y: 5) == Self.red)
        #expect(b.pixel(x: 39, y: 29) == Self.red)
        #expect(b.pixel(x: 4, y: 10) == Self.white)
        #expect(b.pixel(x: 1, y: 1) == Self.green)
    }

    /// Enormous sizes, radii and borders on clipped groups (an offscreen group with opacity and
    /// a rounded mask): nothing traps; what lands outside the parent is unchanged.
    @Test func enormousSizesRadiiAndBordersDoNotTrap() {
        for v in Self.absurd {
            var group = F.layer(3, 0, 0, v, v, F.red)
            group.opacity = 0.5
            group.masksToBounds = true
            group.cornerRadius = v
            group.borderWidth = v
            group.borderColor = F.green
            group.sublayers = [F.layer(4, 1, 1, 5, 5, F.green)]
            var radius = F.layer(5, 2, 2, 10, 8, F.red)
            radius.cornerRadius = v
            for (name, child) in [("group", group), ("cornerRadius", radius)] {
                let b = Self.render(Self.scene(child) { $0.masksToBounds = true }, "\(name) \(v)")
                Self.expectOutsideParentUntouched(b, "\(name) \(v)")
            }
        }
        // A corner radius beyond half the size rounds as half the size (a capsule).
        var capsule = F.layer(5, 2, 2, 10, 8, F.red)
        capsule.cornerRadius = 4
        let expected = Self.render(Self.scene(capsule), "capsule")
        for v: CGFloat in [1e9, 1e30, 1e263] {
            capsule.cornerRadius = v
            #expect(Self.render(Self.scene(capsule), "radius \(v)").hasSamePixels(as: expected), "cornerRadius \(v)")
        }
    }

    /// A shadow radius of 1e9 or 1e30 blurs with the capped σ: exactly the picture of a radius
    /// at the cap (memory bounded by the surface), not of any smaller one.
    @Test func hugeShadowRadiiBlurAsTheCap() {
        /// A 200×40 layer left of the surface: only its shadow's blurred edge reaches in.
        func offSurface(_ radius: CGFloat) -> RenderLayer {
            var l = F.layer(3, -300, -10, 200, 40, F.red)
            l.properties["shadowOpacity"] = Float(1)
            l.properties["shadowRadius"] = radius
            l.properties["shadowOffset"] = CGSize(width: 0, height: 0)
            return l
        }
        let cap = Self.render(Self.scene(offSurface(_Shadow.maximumSigma)), "radius at the cap")
        let below = Self.render(Self.scene(offSurface(_Shadow.maximumSigma / 2)), "radius below the cap")
        // The edge of the blur darkens the background, more to the left.
        let left = cap.pixel(x: 0, y: 29), right = cap.pixel(x: 39, y: 29)
        #expect(left != Self.white && right != Self.white && left & 0xFF < right & 0xFF, "\(F.hex(left)) \(F.hex(right))")
        #expect(!below.hasSamePixels(as: cap))
        for v: CGFloat in [1e9, .greatestFiniteMagnitude] {
            #expect(Self.render(Self.scene(offSurface(v)), "radius \(v)").hasSamePixels(as: cap), "shadowRadius \(v)")
        }
    }

    /// Non-finite shadow radii cast the shadow unblurred (radius 0); a blurred shadowPath of
    /// 1e30 points is cut to the surface before it is rasterized.
    @Test func nonFiniteShadowRadiiAndHugeShadowPaths() {
        func shadowed(_ radius: CGFloat) -> RenderLayer {
            var l = F.layer(3, 2, 2, 10, 8, F.red)
            l.properties["shadowOpacity"] = Float(1)
            l.properties["shadowRadius"] = radius
            l.properties["shadowOffset"] = CGSize(width: 3, height: 3)
            return l
        }
        let sharp = Self.render(Self.scene(shadowed(0)), "radius 0")
        #expect(sharp.pixel(x: 19, y: 17) == 0xFF00_0000)
        #expect(sharp.pixel(x: 20, y: 18) == Self.blue)
        for v: CGFloat in [.nan, .infinity, -.infinity] {
            #expect(Self.render(Self.scene(shadowed(v)), "radius \(v)").hasSamePixels(as: sharp), "shadowRadius \(v)")
        }
        var huge = F.layer(3, 2, 2, 10, 8, F.red)
        huge.properties["shadowOpacity"] = Float(1)
        huge.properties["shadowRadius"] = CGFloat(50)
        huge.properties["shadowPath"] = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1e30, height: 1e30), transform: nil)
        let b = Self.render(Self.scene(huge), "1e30 shadowPath")
        #expect(b.pixel(x: 10, y: 10) == Self.red)
        #expect(b.pixel(x: 1, y: 1) == Self.green)
    }
}
