import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// `magnificationFilter` / `minificationFilter` follow how big the image is on the target, not
/// in layer space: a 2×1 image in a 2×1-point layer is magnified on a scale-2 surface or under a
/// ×2 transform (Apple's own example magnifies a 10×10-point image by a scale of 10), and a
/// 4×1 image in a 4×1-point layer under a ×0.5 transform is minified.
@Suite(.runLoopTurn) struct RenderFilterDeviceScaleTests {
    typealias F = RenderFixture
    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00

    static func imageLayer(_ image: CGImage, _ w: CGFloat, _ filters: [String: String],
                           transform: CATransform3D = CATransform3DIdentity) -> RenderLayer {
        var l = F.layer(2, 0, 0, w, 1)
        l.contents = image
        l.transform = transform
        for (k, v) in filters { l.properties[k] = v }
        return l
    }

    static func row(_ b: Bitmap, _ y: Int = 0) -> [UInt32] { (0..<b.width).map { b.pixel(x: $0, y: y) } }

    @Test func surfaceScaleMagnifies() {
        let img = CGImage(width: 2, height: 1, pixels: [Self.red, Self.blue])!
        let root = F.root(2, 1, nil, [Self.imageLayer(img, 2, ["magnificationFilter": "nearest"])])
        let b = F.render(root, 4, 2, scale: 2)
        #expect(Self.row(b, 0) == [Self.red, Self.red, Self.blue, Self.blue], "\(Self.row(b, 0).map(F.hex))")
        #expect(Self.row(b, 1) == [Self.red, Self.red, Self.blue, Self.blue])
        // Only the minification filter nearest: bilinear, so the middle pixels blend.
        let linear = F.render(F.root(2, 1, nil, [Self.imageLayer(img, 2, ["minificationFilter": "nearest"])]), 4, 2, scale: 2)
        #expect(linear.pixel(x: 1, y: 0) != Self.red && linear.pixel(x: 2, y: 0) != Self.blue,
                "\(Self.row(linear).map(F.hex))")
    }

    @Test func transformScaleMagnifiesAndMinifies() {
        let two = CGImage(width: 2, height: 1, pixels: [Self.red, Self.blue])!
        let up = Self.imageLayer(two, 2, ["magnificationFilter": "nearest"], transform: CATransform3DMakeScale(2, 2, 1))
        let b = F.render(F.root(4, 2, nil, [up]), 4, 2)
        #expect(Self.row(b) == [Self.red, Self.red, Self.blue, Self.blue], "\(Self.row(b).map(F.hex))")

        let four = CGImage(width: 4, height: 1, pixels: [Self.red, Self.green, Self.blue, Self.red])!
        let half = CATransform3DMakeScale(0.5, 1, 1)
        let nearest = F.render(F.root(2, 1, nil, [Self.imageLayer(four, 4, ["minificationFilter": "nearest"], transform: half)]), 2, 1)
        #expect([Self.red, Self.green].contains(nearest.pixel(x: 0, y: 0)) && [Self.blue, Self.red].contains(nearest.pixel(x: 1, y: 0)),
                "source pixels, unblended: \(Self.row(nearest).map(F.hex))")
        let blended = F.render(F.root(2, 1, nil, [Self.imageLayer(four, 4, ["magnificationFilter": "nearest"], transform: half)]), 2, 1)
        #expect(![Self.red, Self.green].contains(blended.pixel(x: 0, y: 0)), "bilinear: \(Self.row(blended).map(F.hex))")
    }
}
