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
}
