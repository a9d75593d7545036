import CPixman
import Foundation

/// Core Graphics' shadows: once set, every drawing operation (fills, strokes, images,
/// gradients, text) first paints a blurred, offset copy of what it draws in the shadow colour,
/// then draws itself over it. Part of the graphics state (saved and restored with it).
///
/// As Core Graphics documents, the offset and blur are in *base space* — the context's user
/// space before any CTM changes (`baseTransform`) — so scaling or rotating the CTM does not
/// scale or turn the shadow: in a top-left UIKit-style context a positive height moves the
/// shadow down (as on iOS), in a bottom-left bitmap context up. Choices where Apple gives no
/// figure, documented: the blur is a Gaussian of standard deviation `blur / 2` base-space units
/// (what CSS's blur radius means); the offset is rounded to whole device pixels; the shadow is
/// computed from the operation's unclipped drawing and then clipped like the drawing; the
/// global alpha and the blend mode apply to it as to the drawing; `clear(_:)` casts none.
extension CGContext {
    /// Sets the shadow: `offset` and `blur` (≥ 0) in base space, `color` (nil or fully
    /// transparent turns shadows off). Non-finite values turn shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil
            return
        }
        state.shadow = _GState.Shadow(offset: offset, blur: max(blur, 0), color: color)
    }

    /// Sets the shadow with Core Graphics' default colour: black at one-third alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    /// Paints the shadow of `paint` through `coverage` (before the operation itself).
    func paintShadow(_ coverage: _Coverage, with paint: _Paint, _ shadow: _GState.Shadow) {
        let base = baseTransform
        let w = shadow.offset.width, h = shadow.offset.height
        let dx = base.a * w + base.c * h, dy = base.b * w + base.d * h
        let scale = abs(base.a * base.d - base.b * base.c).squareRoot()
        let sigma = Double(shadow.blur / 2 * scale)
        let margin = _Blur.margin(sigma: sigma)
        guard dx.magnitude < 1e6, dy.magnitude < 1e6, let full = coverageBox(coverage) else { return }
        let ox = Int(dx.rounded()), oy = Int(dy.rounded())
        // Only drawing within `margin` of the clip moved back by the offset can reach the clip.
        let clip = state.clip
        let reach = PixelRect(x: clip.x - ox - margin, y: clip.y - oy - margin,
                              width: clip.width + 2 * margin, height: clip.height + 2 * margin)
        guard let src = intersect(reach, full),
              let drawn = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(src.width), Int32(src.height), nil, 0) else { return }
        defer { pixman_image_unref(drawn) }
        // The operation alone, unclipped and at full alpha.
        guard let mask = coverageMask(coverage, src, clipped: false) else { return }
        defer { pixman_image_unref(mask) }
        composite(paint, through: mask, onto: drawn, at: src)
        // Its alpha, padded by the blur's reach, blurred.
        let pw = src.width + 2 * margin, ph = src.height + 2 * margin
        guard let blurred = pixman_image_create_bits(PIXMAN_a8, Int32(pw), Int32(ph), nil, 0),
              let bits = pixman_image_get_data(blurred) else { return }
        defer { pixman_image_unref(blurred) }
        pixman_image_composite32(PIXMAN_OP_SRC, drawn, nil, blurred, 0, 0, 0, 0, Int32(margin), Int32(margin),
                                 Int32(src.width), Int32(src.height))
        let stride = Int(pixman_image_get_stride(blurred))
        let temp = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * ph)
        defer { temp.deallocate() }
        _Blur.gaussian(UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self), width: pw, height: ph,
                       stride: stride, sigma: sigma, temp: temp)
        // Where it lands, clipped like the drawing.
        let placed = PixelRect(x: src.x - margin + ox, y: src.y - margin + oy, width: pw, height: ph)
        guard let area = intersect(clip, placed),
              let cut = pixman_image_create_bits(PIXMAN_a8, Int32(area.width), Int32(area.height), nil, 0) else { return }
        defer { pixman_image_unref(cut) }
        let aw = Int32(area.width), ah = Int32(area.height)
        pixman_image_composite32(PIXMAN_OP_SRC, blurred, nil, cut, Int32(area.x - placed.x), Int32(area.y - placed.y),
                                 0, 0, 0, 0, aw, ah)
        if let clipMask = state.clipMask {
            pixman_image_composite32(PIXMAN_OP_IN, clipMask.image, nil, cut, Int32(area.x), Int32(area.y), 0, 0, 0, 0, aw, ah)
        }
        var color = _Painter.pixmanColor(_Painter.premultiplied(shadow.color, alpha: Double(state.alpha)))
        guard let solid = pixman_image_create_solid_fill(&color) else { return }
        defer { pixman_image_unref(solid) }
        let op = state.blendMode.isBounded ? state.blendMode.pixmanOp : PIXMAN_OP_OVER
        pixman_image_composite32(op, solid, cut, target.image, 0, 0, 0, 0, Int32(area.x), Int32(area.y), aw, ah)
    }

    /// `paint` through `mask` (whose (0, 0) is `area`'s origin) into `target`, which is
    /// `area`-sized and transparent: what the operation alone draws.
    private func composite(_ paint: _Paint, through mask: OpaquePointer, onto target: OpaquePointer, at area: PixelRect) {
        let w = Int32(area.width), h = Int32(area.height)
        switch paint {
        case .color(let c):
            var pc = _Painter.pixmanColor(_Painter.premultiplied(c, alpha: 1))
            guard let s = pixman_image_create_solid_fill(&pc) else { return }
            pixman_image_composite32(PIXMAN_OP_SRC, s, mask, target, 0, 0, 0, 0, 0, 0, w, h)
            pixman_image_unref(s)
        case .image(let img):
            pixman_image_composite32(PIXMAN_OP_SRC, img, mask, target, Int32(area.x), Int32(area.y), 0, 0, 0, 0, w, h)
        case .pixels(let fill):
            guard let s = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, nil, 0),
                  let data = pixman_image_get_data(s) else { return }
            fill(data, Int(pixman_image_get_stride(s)) / 4, area)
            pixman_image_composite32(PIXMAN_OP_SRC, s, mask, target, 0, 0, 0, 0, 0, 0, w, h)
            pixman_image_unref(s)
        }
    }
}
