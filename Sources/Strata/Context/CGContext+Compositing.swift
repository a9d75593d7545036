import CPixman
import Foundation

/// The one drawing primitive every public operation ends in: paint through coverage, clipped,
/// scaled by the global alpha, combined with the blend mode.
extension CGContext {
    /// Paints `paint` where `coverage` lies, inside the clip, with `blend` (default: the
    /// state's blend mode). Solid colours with the normal mode and no clip path go straight
    /// through the path rasterizer; everything else builds an 8-bit coverage mask over the
    /// touched pixels and composites with pixman.
    func paint(_ coverage: _Coverage, with paint: _Paint, blend: CGBlendMode? = nil) {
        guard state.alpha > 0 else { return }
        // A shadow goes under everything drawn with the state's blend mode (not under clear(_:)).
        if let shadow = state.shadow, blend == nil { paintShadow(coverage, with: paint, shadow) }
        guard let area = intersect(state.clip, coverageBox(coverage)) else { return }
        didPaint = true
        let mode = blend ?? state.blendMode
        if case .color(let c) = paint, mode.pixmanOp == PIXMAN_OP_OVER, state.clipMask == nil {
            let color = state.alpha < 1 ? CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * state.alpha) : c
            guard color.alpha > 0 else { return }
            let clip = CGRect(x: area.x, y: area.y, width: area.width, height: area.height)
            switch coverage {
            case .fill(let p, let rule):
                rasterizer.fill(path: p, rule: rule, color: color, into: target.image, clip: clip)
            case .stroke(let p, let style, let t):
                rasterizer.stroke(path: p, style: style, transform: t, color: color, into: target.image, clip: clip)
            case .everywhere:
                var pc = _Painter.pixmanColor(_Painter.premultiplied(color, alpha: 1))
                var box = pixman_box32_t(x1: Int32(area.x), y1: Int32(area.y), x2: Int32(area.maxX), y2: Int32(area.maxY))
                pixman_image_fill_boxes(PIXMAN_OP_OVER, target.image, &pc, 1, &box)
            }
            return
        }
        guard let mask = coverageMask(coverage, area) else { return }
        defer { pixman_image_unref(mask) }
        let w = Int32(area.width), h = Int32(area.height), x = Int32(area.x), y = Int32(area.y)
        var source: OpaquePointer
        var sx: Int32 = 0, sy: Int32 = 0
        var owned: OpaquePointer?
        switch paint {
        case .color(let c):
            var pc = _Painter.pixmanColor(_Painter.premultiplied(c, alpha: 1))
            guard let s = pixman_image_create_solid_fill(&pc) else { return }
            source = s; owned = s
        case .image(let img):
            source = img; sx = x; sy = y
        case .pixels(let fill):
            guard let s = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, nil, 0),
                  let data = pixman_image_get_data(s) else { return }
            fill(data, Int(pixman_image_get_stride(s)) / 4, area)
            source = s; owned = s
        }
        defer { if let owned { pixman_image_unref(owned) } }
        let dst = target.image
        if mode.isBounded {
            pixman_image_composite32(mode.pixmanOp, source, mask, dst, sx, sy, 0, 0, x, y, w, h)
            return
        }
        // Operators that drop the old pixel where the source is transparent: blend into a copy
        // of the area, then interpolate old → blended by the coverage (dst·(1−m) + blended·m).
        guard let blended = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, nil, 0) else { return }
        defer { pixman_image_unref(blended) }
        pixman_image_composite32(PIXMAN_OP_SRC, dst, nil, blended, x, y, 0, 0, 0, 0, w, h)
        pixman_image_composite32(mode.pixmanOp, source, nil, blended, sx, sy, 0, 0, 0, 0, w, h)
        var white = pixman_color_t(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF)
        guard let one = pixman_image_create_solid_fill(&white) else { return }
        defer { pixman_image_unref(one) }
        pixman_image_composite32(PIXMAN_OP_OUT_REVERSE, one, mask, dst, 0, 0, 0, 0, x, y, w, h)
        pixman_image_composite32(PIXMAN_OP_ADD, blended, mask, dst, 0, 0, 0, 0, x, y, w, h)
    }

    /// The coverage of `c` over `area` times the clip mask and the global alpha (unless not
    /// `clipped`: the coverage alone), as an A8 image whose (0, 0) is the area's origin; the
    /// caller unrefs it.
    func coverageMask(_ c: _Coverage, _ area: PixelRect, clipped: Bool = true) -> OpaquePointer? {
        let w = Int32(area.width), h = Int32(area.height)
        guard let mask = pixman_image_create_bits(PIXMAN_a8, w, h, nil, 0) else { return nil }
        let shift = CGAffineTransform(translationX: CGFloat(-area.x), y: CGFloat(-area.y))
        switch c {
        case .fill(let p, let rule):
            rasterizer.fill(path: p, rule: rule, transform: shift, color: .white, into: mask)
        case .stroke(let p, let style, let t):
            rasterizer.stroke(path: p, style: style, transform: t.concatenating(shift), color: .white, into: mask)
        case .everywhere:
            var pc = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0xFFFF)
            var box = pixman_box32_t(x1: 0, y1: 0, x2: w, y2: h)
            pixman_image_fill_boxes(PIXMAN_OP_SRC, mask, &pc, 1, &box)
        }
        guard clipped else { return mask }
        if let clip = state.clipMask {
            pixman_image_composite32(PIXMAN_OP_IN, clip.image, nil, mask, Int32(area.x), Int32(area.y), 0, 0, 0, 0, w, h)
        }
        if state.alpha < 1 {
            var pc = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((state.alpha * 65535).rounded()))
            if let s = pixman_image_create_solid_fill(&pc) {
                pixman_image_composite32(PIXMAN_OP_IN, s, nil, mask, 0, 0, 0, 0, 0, 0, w, h)
                pixman_image_unref(s)
            }
        }
        return mask
    }

    /// Device pixels `c` may touch (before clipping); nil when nothing.
    func coverageBox(_ c: _Coverage) -> PixelRect? {
        switch c {
        case .everywhere:
            return state.clip
        case .fill(let p, _):
            return Self.enclosing(p.boundingBoxOfPath, grow: 1)
        case .stroke(let p, let style, let t):
            let b = p.boundingBoxOfPath
            guard !b.isNull else { return nil }
            let w = style.lineWidth.isFinite ? max(style.lineWidth, 0) : 0
            let miter = style.lineJoin == .miter && style.miterLimit.isFinite ? max(style.miterLimit, 1) : 1
            let reach = w / 2 * max(miter, 1.5)
            return Self.enclosing(b.insetBy(dx: -reach, dy: -reach).applying(t), grow: 1)
        }
    }

    /// Whole pixels enclosing `r` grown by `grow`, clamped far outside any bitmap; nil for a
    /// null, empty or non-finite rectangle.
    static func enclosing(_ r: CGRect, grow: CGFloat) -> PixelRect? {
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        func c(_ v: CGFloat) -> Int { Int(min(max(v, -1e6), 1e6)) }
        let x0 = c((r.minX - grow).rounded(.down)), y0 = c((r.minY - grow).rounded(.down))
        let x1 = c((r.maxX + grow).rounded(.up)), y1 = c((r.maxY + grow).rounded(.up))
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    func intersect(_ a: PixelRect, _ b: PixelRect?) -> PixelRect? {
        guard let b else { return nil }
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
