import Foundation

/// The expansion of a `CATransformLayer` into its superlayer (see ``CATransformLayer``): its
/// 3-D space's layers become siblings in the superlayer's sublayer list, each carrying its full
/// transform to the superlayer, sorted far to near.
enum _Depth3D {
    /// Nested transform layers deeper than this draw flattened (bounds the recursion).
    static let maximumNesting = 64

    static func isTransformLayer(_ l: RenderLayer) -> Bool {
        RenderLayer.string(l.properties[CAGradientLayer.kindKey]) == CATransformLayer.kind
    }

    /// The layers of transform layer `t` (as built for a frame), ready to stand in its place
    /// among its siblings.
    static func expand(_ t: RenderLayer) -> [RenderLayer] {
        guard !t.isHidden, t.opacity > 0, !t.opacity.isNaN else { return [] }
        var out: [(depth: Double, layer: RenderLayer)] = []
        collect(t, toParent: t.placementTransform, opacity: t.opacity, nesting: 0, into: &out)
        // Stable: equal depths keep sibling order.
        let order = out.indices.sorted { out[$0].depth < out[$1].depth || (out[$0].depth == out[$1].depth && $0 < $1) }
        let z = t.zPosition.isFinite ? t.zPosition : 0
        return order.map { i in
            var l = out[i].layer
            // The compositor places a layer by translate(−anchor) · transform · translate(position,
            // zPosition); this transform makes that product the full matrix `m`, while zPosition
            // stays the transform layer's (its siblings sort by it).
            let b = l.bounds
            let a = CATransform3DMakeTranslation(b.origin.x + l.anchorPoint.x * b.width, b.origin.y + l.anchorPoint.y * b.height,
                                                 l.anchorPointZ)
            l.transform = CATransform3DConcat(CATransform3DConcat(a, l.transform), CATransform3DMakeTranslation(0, 0, -z))
            l.position = .zero
            l.zPosition = z
            return l
        }
    }

    /// Adds `t`'s sublayers; `toParent` maps `t`'s bounds space into the superlayer of the
    /// outermost transform layer. Each added layer's `transform` temporarily holds its full
    /// matrix (finished by `expand`).
    private static func collect(_ t: RenderLayer, toParent: CATransform3D, opacity: Float, nesting: Int,
                                into out: inout [(depth: Double, layer: RenderLayer)]) {
        let sub = t.sublayerTransformAboutAnchor ?? .identity
        for s in t.sublayers where !s.isHidden {
            let m = CATransform3DConcat(CATransform3DConcat(s.placementTransform, sub), toParent)
            if isTransformLayer(s), nesting < maximumNesting {
                collect(s, toParent: m, opacity: opacity * s.opacity, nesting: nesting + 1, into: &out)
                continue
            }
            var l = s
            l.opacity = s.opacity * opacity
            l.transform = m
            out.append((depth(of: l.bounds, m), l))
        }
    }

    /// The depth (z after `m`, divided by w) of the centre of `bounds`; non-finite depths sort
    /// as 0.
    static func depth(of bounds: CGRect, _ m: CATransform3D) -> Double {
        let x = Double(bounds.midX), y = Double(bounds.midY)
        let z = x * Double(m.m13) + y * Double(m.m23) + Double(m.m43)
        let w = x * Double(m.m14) + y * Double(m.m24) + Double(m.m44)
        let d = w > 0 ? z / w : z
        return d.isFinite ? d : 0
    }
}
