import Foundation

extension RenderLayer {
    /// A layer that draws nothing of its own, placed exactly like this one in its parent
    /// (bounds, position, anchor point, zPosition, transform, isDoubleSided): the compositor's
    /// stand-ins for rasterized and transitioning layers hold their drawing in sublayers.
    func placeholder(id: UInt64) -> RenderLayer {
        var p = RenderLayer(id: id)
        p.bounds = bounds
        p.position = position
        p.anchorPoint = anchorPoint
        p.anchorPointZ = anchorPointZ
        p.zPosition = zPosition
        p.transform = transform
        p.isDoubleSided = isDoubleSided
        p.borderColor = nil
        return p
    }

    /// The layer's bounds space into its superlayer's: translate(−anchor point, −anchorPointZ) ·
    /// transform · translate(position, zPosition), before the superlayer's sublayerTransform.
    var placementTransform: CATransform3D {
        let b = bounds
        let t = CATransform3DConcat(CATransform3DMakeTranslation(-(b.origin.x + anchorPoint.x * b.width),
                                                                 -(b.origin.y + anchorPoint.y * b.height), -anchorPointZ),
                                    transform)
        return CATransform3DConcat(t, CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// `sublayerTransform` applied about the anchor point (as it reaches the sublayers); nil
    /// when it is the identity.
    var sublayerTransformAboutAnchor: CATransform3D? {
        guard sublayerTransform != .identity else { return nil }
        let b = bounds
        let ax = b.origin.x + anchorPoint.x * b.width, ay = b.origin.y + anchorPoint.y * b.height
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, 0), sublayerTransform),
                                   CATransform3DMakeTranslation(ax, ay, 0))
    }
}
