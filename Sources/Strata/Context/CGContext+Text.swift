import Foundation

/// Text, laid out and drawn by ``TextLayout`` (fontconfig, HarfBuzz, FriBidi, FreeType) as
/// `CATextLayer` draws it.
///
/// Text follows UIKit's string drawing: a rectangle's lines run from its minY edge towards
/// +y, glyphs upright when user space is y-down (the layer and image-renderer contexts); in a
/// y-up context text comes out mirrored vertically (documented difference: Core Text flips
/// glyphs there). Glyphs are rasterised at the CTM's scale (capped at 16 pixels per unit) and
/// drawn with the fill state's alpha, clip and blend mode; the colours are the text's own.
extension CGContext {
    /// Default style of text drawn without attributes: Helvetica 12 pt, opaque black (UIKit's
    /// defaults for string drawing).
    public static let defaultTextStyle = TextStyle(fontName: "Helvetica", fontSize: 12, color: .black)

    /// Lays `text` out in `rect` (user space) and draws it from the rectangle's top-left.
    /// Text beyond the rectangle is cut (or truncated with "…" per `truncationMode`).
    public func draw(_ text: StyledText, in rect: CGRect, isWrapped: Bool = true,
                     truncationMode: CATextLayerTruncationMode = .none,
                     alignmentMode: CATextLayerAlignmentMode = .natural) {
        let r = rect.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
              r.width > 0, r.height > 0, !text.scalars.isEmpty else { return }
        let scale = textScale
        let limit = CGFloat(Self.maximumTextPixels) / scale
        let size = CGSize(width: min(r.width, limit), height: min(r.height, limit))
        let layout = TextLayout(text, options: TextLayout.Options(size: size, isWrapped: isWrapped, truncationMode: truncationMode,
                                                                  alignmentMode: alignmentMode, scale: scale))
        draw(layout, at: r.origin, width: size.width)
    }

    /// Draws `text` as unwrapped lines (one per paragraph) with the first line's top-left at
    /// `point`.
    public func draw(_ text: StyledText, at point: CGPoint) {
        let limit = CGFloat(Self.maximumTextPixels) / textScale
        draw(text, in: CGRect(origin: point, size: CGSize(width: limit, height: limit)), isWrapped: false)
    }

    /// An attributed string in `rect`, runs without attributes in ``defaultTextStyle``.
    public func draw(_ string: NSAttributedString, in rect: CGRect) {
        draw(StyledText(string, base: Self.defaultTextStyle), in: rect)
    }

    /// An attributed string from `point`, unwrapped.
    public func draw(_ string: NSAttributedString, at point: CGPoint) {
        draw(StyledText(string, base: Self.defaultTextStyle), at: point)
    }

    /// Text images are at most this many pixels per side (longer lines are cut).
    static let maximumTextPixels = 8192

    /// Device pixels per user unit for text: the CTM's larger stretch, within 1/64…16.
    var textScale: CGFloat {
        let t = state.ctm
        let s = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
        return s.isFinite ? min(max(s, 1.0 / 64), 16) : 1
    }

    /// Draws a layout made at ``textScale`` with its top-left at `origin` (user space).
    private func draw(_ layout: TextLayout, at origin: CGPoint, width: CGFloat) {
        guard layout.glyphCount > 0 else { return }
        let s = layout.options.scale
        let t = state.ctm
        // A plain scale-and-translate CTM draws glyphs straight into the bitmap, exactly as a
        // text layer's pixels come out.
        if t.b == 0, t.c == 0, t.a == s, t.d == s, state.clipMask == nil, state.alpha == 1, state.blendMode == .normal,
           state.shadow == nil {
            let c = state.clip
            guard !c.isEmpty else { return }
            didPaint = true
            let o = origin.applying(t)
            let row = target.bytesPerRow / 4
            layout.draw(into: target.pixels + c.y * row + c.x, width: c.width, height: c.height, rowPixels: row,
                        origin: CGPoint(x: o.x - CGFloat(c.x), y: o.y - CGFloat(c.y)))
            return
        }
        let w = Int(min((width * s).rounded(.up), CGFloat(Self.maximumTextPixels)))
        let h = Int(min((layout.height * s).rounded(.up) + 2, CGFloat(Self.maximumTextPixels)))
        guard w > 0, h > 0, let image = CGImage(width: w, height: h, fill: { px in
            layout.draw(into: px, width: w, height: h, rowPixels: w)
        }) else { return }
        drawPixels(image, imageToUser: CGAffineTransform(a: 1 / s, b: 0, c: 0, d: 1 / s, tx: origin.x, ty: origin.y),
                   tiled: false)
    }
}
