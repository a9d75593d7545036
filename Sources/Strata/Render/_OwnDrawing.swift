import Foundation

/// What a layer class draws by itself (CAGradientLayer's gradient, CATextLayer's text,
/// CAShapeLayer's shape), resolved from ``RenderLayer/properties``. Hashable: damage compares it
/// between frames.
///
/// Where it goes: a gradient or text right above the background; a shape, as Apple documents,
/// "between the layer's contents and its first sublayer", and inside the layer's `masksToBounds`
/// clip like the contents and sublayers (Apple: the path is not clipped to the bounds "only if the
/// normal layer masking rules" do not clip it).
enum _OwnDrawing: Hashable {
    case gradient(_GradientSpec)
    case text(_TextSpec)
    case shape(_ShapeSpec)

    /// A shape layer's shape: drawn above the contents and clipped by `masksToBounds`.
    var isShape: Bool {
        if case .shape = self { return true }
        return false
    }

    /// Every pixel of the layer's shape comes out opaque (lets the painter skip what it hides).
    var isOpaque: Bool {
        switch self {
        case .gradient(let g): return g.stops.allSatisfy { $0.color.alpha == 1 }
        case .text, .shape: return false
        }
    }

    /// Nil for layers that draw nothing of their own.
    init?(_ l: RenderLayer) {
        guard !l.properties.isEmpty else { return nil }
        if let s = l.shape { self = .shape(_ShapeSpec(shape: s)); return }
        if let g = _GradientSpec(l) { self = .gradient(g); return }
        if let t = _TextSpec(l) { self = .text(t); return }
        return nil
    }
}

extension _Painter {
    /// Draws node `n`'s own drawing into the top target.
    func drawOwn(_ d: _OwnDrawing, _ n: _Node) {
        switch d {
        case .gradient(let g): drawGradient(g, n.shape, n.matrix, alpha: n.drawAlpha)
        case .text(let t): drawText(t, n.matrix, alpha: n.drawAlpha)
        case .shape(let s): drawShape(s, n.matrix, alpha: n.drawAlpha)
        }
    }
}
