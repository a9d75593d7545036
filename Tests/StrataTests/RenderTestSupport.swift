import Foundation
@testable import Strata

/// Builders shared by the compositor tests: layers placed by their top-left corner.
enum RenderFixture {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A layer whose top-left corner is at (x, y) in its parent, `w`×`h`, filled with `color`.
    static func layer(_ id: UInt64, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat,
                      _ color: CGColor? = nil) -> RenderLayer {
        var l = RenderLayer(id: id)
        l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        l.anchorPoint = .zero
        l.position = CGPoint(x: x, y: y)
        l.backgroundColor = color
        return l
    }

    /// A `w`×`h` layer centred on (cx, cy) (default anchor point) with `transform`.
    static func centered(_ id: UInt64, _ w: CGFloat, _ h: CGFloat, at cx: CGFloat, _ cy: CGFloat,
                         _ transform: CATransform3D, _ color: CGColor?) -> RenderLayer {
        var l = RenderLayer(id: id)
        l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        l.position = CGPoint(x: cx, y: cy)
        l.transform = transform
        l.backgroundColor = color
        return l
    }

    /// A root of `w`×`h` points with `background` and `sublayers`.
    static func root(_ w: CGFloat, _ h: CGFloat, _ background: CGColor? = .white, _ sublayers: [RenderLayer]) -> RenderLayer {
        var r = layer(1, 0, 0, w, h, background)
        r.sublayers = sublayers
        return r
    }

    static func render(_ tree: RenderLayer, _ w: Int, _ h: Int, scale: CGFloat = 1) -> Bitmap {
        Snapshot.render(tree, width: w, height: h, scale: scale)!
    }

    static func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16, uppercase: true) }
}
