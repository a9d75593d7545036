import CPixman
import Foundation
import Strata

/// `gradient` scenes: a `CAGradientLayer` as big as the target, drawn by the ``Compositor``
/// (one op = one full frame, as the peers fill the whole target).
///
/// The scene's pixel geometry maps onto Core Animation's unit space: a linear gradient from p0
/// to p1 is startPoint p0/size → endPoint p1/size; a radial one of radius r about c is
/// startPoint c/size → endPoint (c + (r, r))/size (an ellipse with equal half-axes r).
final class GradientWorkload {
    let compositor = Compositor()
    let tree: RenderLayer
    let bitmap: Bitmap

    init?(_ scene: BenchScene, image: OpaquePointer) {
        let s = scene.raw
        let w = CGFloat(scene.width), h = CGFloat(scene.height)
        guard w > 0, h > 0, let stops = s["stops"] as? [[Any]],
              let bitmap = Bitmap(wrapping: UnsafeMutableRawPointer(pixman_image_get_data(image)!), width: scene.width,
                                  height: scene.height, bytesPerRow: Int(pixman_image_get_stride(image)))
        else { return nil }
        self.bitmap = bitmap
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        var colors: [CGColor] = [], locations: [NSNumber] = []
        for stop in stops {
            guard stop.count == 2, let t = stop[0] as? Double, let c = stop[1] as? [Double], c.count == 4 else { return nil }
            locations.append(NSNumber(value: t))
            colors.append(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        }
        layer.colors = colors
        layer.locations = locations
        switch s["type"] as? String {
        case "linear":
            guard let p0 = s["p0"] as? [Double], let p1 = s["p1"] as? [Double], p0.count == 2, p1.count == 2 else { return nil }
            layer.startPoint = CGPoint(x: p0[0] / w, y: p0[1] / h)
            layer.endPoint = CGPoint(x: p1[0] / w, y: p1[1] / h)
        case "radial":
            guard let c = s["center"] as? [Double], c.count == 2, let r = s["radius"] as? Double else { return nil }
            layer.type = .radial
            layer.startPoint = CGPoint(x: c[0] / w, y: c[1] / h)
            layer.endPoint = CGPoint(x: (c[0] + r) / w, y: (c[1] + r) / h)
        default:
            return nil
        }
        tree = RenderTree(root: layer).snapshot(at: 0)
    }

    func op() { compositor.render(tree, into: bitmap, scale: 1) }

    /// The rendered frame as an RGBA PNG (gradients are colour, not coverage).
    func writePNG(to path: String) throws { try bitmap.writePNG(to: path) }
}
