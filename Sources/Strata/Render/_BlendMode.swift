import CPixman

/// `compositingFilter` blend modes (Core Image filter names, as Core Animation takes them)
/// mapped to pixman's PDF separable and non-separable operators. A layer with one of these is
/// composited as a group with that operator instead of OVER; unknown names (and non-string
/// values) draw with OVER.
enum _BlendMode {
    static let operators: [String: pixman_op_t] = [
        "multiplyBlendMode": PIXMAN_OP_MULTIPLY, "screenBlendMode": PIXMAN_OP_SCREEN,
        "overlayBlendMode": PIXMAN_OP_OVERLAY, "darkenBlendMode": PIXMAN_OP_DARKEN,
        "lightenBlendMode": PIXMAN_OP_LIGHTEN, "colorDodgeBlendMode": PIXMAN_OP_COLOR_DODGE,
        "colorBurnBlendMode": PIXMAN_OP_COLOR_BURN, "hardLightBlendMode": PIXMAN_OP_HARD_LIGHT,
        "softLightBlendMode": PIXMAN_OP_SOFT_LIGHT, "differenceBlendMode": PIXMAN_OP_DIFFERENCE,
        "exclusionBlendMode": PIXMAN_OP_EXCLUSION, "hueBlendMode": PIXMAN_OP_HSL_HUE,
        "saturationBlendMode": PIXMAN_OP_HSL_SATURATION, "colorBlendMode": PIXMAN_OP_HSL_COLOR,
        "luminosityBlendMode": PIXMAN_OP_HSL_LUMINOSITY, "additionCompositing": PIXMAN_OP_ADD,
        "sourceOverCompositing": PIXMAN_OP_OVER,
    ]

    /// Internal filter name: the layer is composited OVER, but as a group of its own (its
    /// sublayers blend with each other, not with what is below). Used by transitions.
    static let isolatedGroup = "_strataIsolatedGroup"

    /// The operator for a layer's `compositingFilter`, nil for plain OVER.
    static func op(_ l: RenderLayer) -> pixman_op_t? {
        guard let name = RenderLayer.string(l.properties["compositingFilter"]) else { return nil }
        if name == isolatedGroup { return PIXMAN_OP_OVER }
        guard let op = operators[name], op != PIXMAN_OP_OVER else { return nil }
        return op
    }
}
