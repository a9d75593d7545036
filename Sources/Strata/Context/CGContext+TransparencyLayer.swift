import CPixman
import Foundation

/// One open transparency layer: its pixels, what drawing went to before it, and the alpha and
/// shadow it set aside.
struct _TransparencyLayer {
    /// nil when the layer's memory could not be had: its drawing then goes straight through.
    let pixels: Bitmap?
    let under: Bitmap
    let alpha: CGFloat
    let shadow: _GState.Shadow?
    /// `beginTransparencyLayer(in:)`'s rectangle in device space (nil: the whole context).
    let bounds: CGPath?
}

/// Transparency layers: drawing between `beginTransparencyLayer` and `endTransparencyLayer`
/// goes to a fully transparent layer, which is then composited as one object with the
/// context's alpha, shadow, blend mode and clip — a group of shapes casts one shadow and fades
/// as one. As Apple documents, inside the layer the global alpha is 1 and shadows are off (the
/// other settings are unchanged); ending the layer brings them back. Layers nest. An
/// `endTransparencyLayer()` without a layer open is ignored; layers still open when the context
/// goes away are never composited.
extension CGContext {
    /// Begins a transparency layer covering the whole context. `auxiliaryInfo` is accepted for
    /// compatibility (Core Graphics defines no keys for it either).
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        beginLayer(bounds: nil)
    }

    /// Begins a transparency layer whose result is kept only inside `rect` (user space).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        var ctm = state.ctm
        beginLayer(bounds: CGPath(rect: rect.standardized).copy(using: &ctm) ?? CGPath())
    }

    /// Composites the innermost transparency layer into what was drawn before it.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else { return }
        target = layer.under
        state.alpha = layer.alpha
        state.shadow = layer.shadow
        guard let image = layer.pixels?.image else { return }
        if let bounds = layer.bounds {
            paint(.fill(bounds, .winding), with: .image(image))
        } else {
            paint(.everywhere, with: .image(image))
        }
    }

    private func beginLayer(bounds: CGPath?) {
        let pixels = Bitmap(width: width, height: height)
        transparencyLayers.append(_TransparencyLayer(pixels: pixels, under: target, alpha: state.alpha,
                                                     shadow: state.shadow, bounds: bounds))
        if let pixels { target = pixels }
        state.alpha = 1
        state.shadow = nil
    }
}
