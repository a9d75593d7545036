import Foundation

extension _FrameList {
    /// A shadow cast by a layer's content (`_Shadow.Source.content`): the layer as the shadow
    /// sees it, the hash of that drawing placed by the shadow's map (any change in the layer or
    /// its subtree that moves or reshapes the shadow changes it: damage), and the device
    /// pixels the blurred shadow may touch; `layers` counts the layers drawn. Nil when the
    /// content draws nothing.
    static func contentShadow(_ l: RenderLayer, _ s: _Shadow, _ matrix: _Matrix3,
                              depth: Int) -> (layer: RenderLayer, key: Int, box: PixelRect, layers: Int)? {
        let caster = _Shadow.caster(l)
        let ms = s.matrix(matrix)
        let list = _FrameList()
        list.build(layer: caster, matrix: ms, depth: depth)
        guard let b = list.nodes.first?.subtree else { return nil }
        var h = Hasher()
        for n in list.nodes { h.combine(n.key); h.combine(n.footprint) }
        let m = _Blur.margin(sigma: s.sigma(ms)) + 1
        return (caster, h.finalize(), b.outset(by: m),
                list.nodes.count)
    }
}
