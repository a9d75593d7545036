import Foundation

extension CALayer {
    /// Renders the layer and its sublayers into `ctx` (Core Animation's `render(in:)`), in the
    /// layer's coordinate space: a point of the layer's bounds lands where the context's current
    /// transform puts that point of user space (the layer's own position and transform are not
    /// applied; its opacity is). Rendered from the model values, as Apple's: running animations
    /// are left out. The context's clip (also an image mask), global alpha and blend mode apply;
    /// its shadow does not.
    ///
    /// ```swift
    /// GraphicsBeginImageContextWithOptions(view.bounds.size, false, 0)
    /// view.layer.render(in: GraphicsGetCurrentContext()!)
    /// let image = GraphicsGetImageFromCurrentImageContext()
    /// GraphicsEndImageContext()
    /// ```
    ///
    /// Strata difference: masks, 3D transforms, filters and `compositingFilter` are rendered as
    /// on screen (Apple's documentation says its implementation leaves such layers out).
    public func render(in ctx: CGContext) {
        ctx._drawLayerTree(self)
    }
}

extension CGContext {
    /// `CALayer.render(in:)`: the layer's model subtree composited, through the CTM, straight
    /// into the pixels `paint` asks for (the clip's area, no larger), then painted through the
    /// clip.
    func _drawLayerTree(_ layer: CALayer) {
        guard state.alpha > 0, state.clip.width > 0, state.clip.height > 0 else { return }
        var root = RenderTree(modelCopyOf: layer).snapshot(at: CACurrentMediaTime())
        // Layer space → user space is the identity: the anchor point (in bounds coordinates)
        // sits at that same user-space point. Then the CTM: its linear part as the layer's
        // transform (applied about the anchor point), the anchor point placed where the CTM
        // puts it.
        let m = state.ctm
        let anchor = CGPoint(x: root.bounds.minX + root.anchorPoint.x * root.bounds.width,
                             y: root.bounds.minY + root.anchorPoint.y * root.bounds.height)
        root.transform = CATransform3DMakeAffineTransform(CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0))
        root.position = anchor.applying(m)
        root.zPosition = 0
        root.anchorPointZ = 0
        // An explicit blend mode: the state's shadow is not drawn under it.
        paint(.everywhere, with: .pixels({ dst, stride, area in
            guard let pixels = Bitmap(wrapping: dst, width: area.width, height: area.height, bytesPerRow: 4 * stride) else { return }
            // A container over the area, one unit per device pixel: its bounds' origin is the
            // area's corner (no layer has this id: layer ids count up from 1).
            var container = RenderLayer(id: .max)
            container.bounds = CGRect(x: area.x, y: area.y, width: area.width, height: area.height)
            container.position = CGPoint(x: CGFloat(area.width) / 2, y: CGFloat(area.height) / 2)
            container.sublayers = [root]
            Compositor().render(container, into: pixels, scale: 1)
        }), blend: state.blendMode)
    }
}
