import CPixman

/// How a drawing operation combines its paint with what the context already holds (Core
/// Graphics' `CGBlendMode`, with its Porter-Duff and PDF modes).
///
/// Every mode is applied as Core Graphics does: the shape's coverage interpolates between the
/// old pixel and the blended one, so nothing outside the shape changes, even for `copy`,
/// `sourceIn` or `clear`. Documented difference: `plusDarker` has no pixman operator and draws
/// as `normal`.
public enum CGBlendMode: Int32, Sendable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight,
         hardLight, difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut,
         destinationAtop, xor, plusDarker, plusLighter

    /// The pixman operator.
    var pixmanOp: pixman_op_t {
        switch self {
        case .normal, .plusDarker: PIXMAN_OP_OVER
        case .multiply: PIXMAN_OP_MULTIPLY
        case .screen: PIXMAN_OP_SCREEN
        case .overlay: PIXMAN_OP_OVERLAY
        case .darken: PIXMAN_OP_DARKEN
        case .lighten: PIXMAN_OP_LIGHTEN
        case .colorDodge: PIXMAN_OP_COLOR_DODGE
        case .colorBurn: PIXMAN_OP_COLOR_BURN
        case .softLight: PIXMAN_OP_SOFT_LIGHT
        case .hardLight: PIXMAN_OP_HARD_LIGHT
        case .difference: PIXMAN_OP_DIFFERENCE
        case .exclusion: PIXMAN_OP_EXCLUSION
        case .hue: PIXMAN_OP_HSL_HUE
        case .saturation: PIXMAN_OP_HSL_SATURATION
        case .color: PIXMAN_OP_HSL_COLOR
        case .luminosity: PIXMAN_OP_HSL_LUMINOSITY
        case .clear: PIXMAN_OP_CLEAR
        case .copy: PIXMAN_OP_SRC
        case .sourceIn: PIXMAN_OP_IN
        case .sourceOut: PIXMAN_OP_OUT
        case .sourceAtop: PIXMAN_OP_ATOP
        case .destinationOver: PIXMAN_OP_OVER_REVERSE
        case .destinationIn: PIXMAN_OP_IN_REVERSE
        case .destinationOut: PIXMAN_OP_OUT_REVERSE
        case .destinationAtop: PIXMAN_OP_ATOP_REVERSE
        case .xor: PIXMAN_OP_XOR
        case .plusLighter: PIXMAN_OP_ADD
        }
    }

    /// Whether the result, scaled by coverage m, equals lerp(old, blended, m) when the source is
    /// multiplied by m: true for modes whose result is the old pixel plus a term linear in the
    /// source. The others (whose result drops the old pixel where the source is transparent)
    /// go through an explicit interpolation.
    var isBounded: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: false
        default: true
        }
    }
}
