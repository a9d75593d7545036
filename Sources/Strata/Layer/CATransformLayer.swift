import Foundation

/// A layer that builds a true 3-D hierarchy: its sublayers are not flattened into its plane
/// but keep their depth, placed by its transform in its superlayer's space, and are drawn
/// back to front by depth — cards whose faces turn away, cubes made of six layers (Core
/// Animation's transform layer).
///
/// As in Core Animation, the layer itself draws nothing (background, contents, border, shadow,
/// mask, masksToBounds and compositingFilter are ignored) and forms no compositing group: its
/// `opacity` applies to each sublayer separately. Transform layers nest: a transform layer's
/// sublayer that is a transform layer stays in the same 3-D space (up to 64 levels of such
/// nesting; a transform layer deeper than that draws its sublayers flattened).
///
/// How it draws: every sublayer of the 3-D space (through nested transform layers) is placed
/// by its full 4×4 transform directly in the transform layer's superlayer, where the
/// superlayer's `sublayerTransform` (usually the perspective, `m34`) applies to its depth;
/// they are sorted by the depth of their centres (far first), keeping sibling order for equal
/// depths. Differences from Core Animation, documented: intersecting layers are not split (the
/// nearer centre wins as a whole); a transform layer used as a root, a mask or a replicator's
/// sublayer draws its sublayers flattened, like a plain layer; `hitTest(_:)` treats it as a
/// plain layer.
open class CATransformLayer: CALayer {
    static let kind = "transformLayer"

    public override init() {
        super.init()
        _storage[CAGradientLayer.kindKey] = .opaque(Self.kind)
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        _storage[CAGradientLayer.kindKey] = .opaque(Self.kind)
    }

    public required init?(coder: NSCoder) { return nil }
}
