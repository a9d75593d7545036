import Foundation

/// What a layer class draws by itself, between its background and its sublayers
/// (CAGradientLayer's gradient), resolved from ``RenderLayer/properties``. Hashable: damage
/// compares it between frames.
enum _OwnDrawing: Hashable {
    case gradient(_GradientSpec)

    /// Nil for layers that draw nothing of their own.
    init?(_ l: RenderLayer) {
        guard !l.properties.isEmpty else { return nil }
        if let g = _GradientSpec(l) { self = .gradient(g); return }
        return nil
    }
}

extension _Painter {
    /// Draws node `n`'s own drawing into the top target.
    func drawOwn(_ d: _OwnDrawing, _ n: _Node) {
        switch d {
        case .gradient(let g): drawGradient(g, n.shape, n.matrix, alpha: n.drawAlpha)
        }
    }
}
