import Foundation

/// Where a layer's `contents` image goes: the source pixel rectangle (contentsRect applied) and
/// the rectangle of layer space it fills (contentsGravity and contentsScale applied), split into
/// nine-slice pieces by contentsCenter.
struct _ContentsLayout: Hashable {
    struct Piece: Hashable {
        /// Source pixels (within the image).
        var source: CGRect
        /// Layer-space destination.
        var dest: CGRect
    }

    var image: CGImage
    var source: CGRect
    var dest: CGRect
    var center: CGRect
    var nearest: Bool
    /// Image pixels per point (contentsScale).
    var scale: CGFloat

    /// Nil when the layer has no image, the image or the destination is empty, or a value is
    /// not finite. Documented differences: y grows downwards, so `top` is the minY edge (what
    /// the user sees at the top); a contentsRect reaching outside the unit square shows only
    /// the part inside it (Core Animation extends edge pixels).
    init?(_ l: RenderLayer) {
        guard let image = l.contents, image.width > 0, image.height > 0 else { return nil }
        let scaleRaw = l.contentsScale
        let scale = scaleRaw.isFinite && scaleRaw > 0 ? scaleRaw : 1
        let unit = RenderLayer.unitRect
        let cr = l.contentsRect.standardized
        guard _FrameList.isFinite(cr) else { return nil }
        let shown = cr.intersection(unit)
        guard !shown.isNull, shown.width > 0, shown.height > 0, cr.width > 0, cr.height > 0 else { return nil }
        let iw = CGFloat(image.width), ih = CGFloat(image.height)
        let src = CGRect(x: shown.minX * iw, y: shown.minY * ih, width: shown.width * iw, height: shown.height * ih)
        // The whole contentsRect (in points) is what gravity places; `shown` is a part of it.
        let full = CGSize(width: cr.width * iw / scale, height: cr.height * ih / scale)
        let b = l.bounds
        var place = Self.place(full, in: b, gravity: l.contentsGravityName)
        guard _FrameList.isFinite(place), place.width > 0, place.height > 0 else { return nil }
        let fx = place.width / cr.width, fy = place.height / cr.height
        place = CGRect(x: place.minX + (shown.minX - cr.minX) * fx, y: place.minY + (shown.minY - cr.minY) * fy,
                       width: shown.width * fx, height: shown.height * fy)
        self.image = image
        self.scale = scale
        source = src
        dest = place
        let cc = l.contentsCenter.standardized
        center = _FrameList.isFinite(cc) ? cc.intersection(unit) : unit
        if center.isNull { center = unit }
        let magnifying = place.width > src.width / scale * 1.0001 || place.height > src.height / scale * 1.0001
        let filter = RenderLayer.string(l.properties[magnifying ? "magnificationFilter" : "minificationFilter"])
        nearest = filter == "nearest"
    }

    /// Chooses the filter from how big one image pixel is on the target, through `device`
    /// (layer space → target pixels: the layer's and its ancestors' transforms and the render
    /// scale), as Core Animation decides on screen: `magnificationFilter` when an image pixel
    /// spans more than one target pixel along either of its axes, else `minificationFilter`.
    /// Under perspective the size is taken at the destination's centre. `trilinear` draws as
    /// `linear` (no mipmaps; Apple allows renderers to ignore it). Keeps the layer-space choice
    /// of `init` when the centre is not visible.
    mutating func chooseFilter(_ l: RenderLayer, device: _Matrix3) {
        let c = CGPoint(x: dest.midX, y: dest.midY)
        let ux = dest.width / source.width, uy = dest.height / source.height
        guard let p = device.map(c), let px = device.map(CGPoint(x: c.x + ux, y: c.y)),
              let py = device.map(CGPoint(x: c.x, y: c.y + uy)) else { return }
        let kx = hypot(px.x - p.x, px.y - p.y), ky = hypot(py.x - p.x, py.y - p.y)
        guard kx.isFinite, ky.isFinite else { return }
        let magnifying = max(kx, ky) > 1.0001
        nearest = RenderLayer.string(l.properties[magnifying ? "magnificationFilter" : "minificationFilter"]) == "nearest"
    }

    /// The gravity's rectangle for content of natural `size` in `b`.
    static func place(_ size: CGSize, in b: CGRect, gravity: String) -> CGRect {
        let w = size.width, h = size.height
        func at(_ fx: CGFloat, _ fy: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
            CGRect(x: b.minX + (b.width - w) * fx, y: b.minY + (b.height - h) * fy, width: w, height: h)
        }
        switch gravity {
        case "center": return at(0.5, 0.5, w, h)
        case "top": return at(0.5, 0, w, h)
        case "bottom": return at(0.5, 1, w, h)
        case "left": return at(0, 0.5, w, h)
        case "right": return at(1, 0.5, w, h)
        case "topLeft": return at(0, 0, w, h)
        case "topRight": return at(1, 0, w, h)
        case "bottomLeft": return at(0, 1, w, h)
        case "bottomRight": return at(1, 1, w, h)
        case "resizeAspect", "resizeAspectFill":
            guard w > 0, h > 0 else { return .null }
            let f = gravity == "resizeAspect" ? min(b.width / w, b.height / h) : max(b.width / w, b.height / h)
            return at(0.5, 0.5, w * f, h * f)
        default: return b
        }
    }

    /// The pieces to draw: one when contentsCenter is the unit rectangle, else up to nine
    /// (corners keep their natural size, edges stretch one way, the middle both ways; when the
    /// destination is smaller than the corners, they shrink proportionally).
    func pieces(scale: CGFloat) -> [Piece] {
        if center == RenderLayer.unitRect { return [Piece(source: source, dest: dest)] }
        let xs = Self.slices(src0: source.minX, srcLen: source.width, c0: center.minX, c1: center.maxX,
                             dst0: dest.minX, dstLen: dest.width, scale: scale)
        let ys = Self.slices(src0: source.minY, srcLen: source.height, c0: center.minY, c1: center.maxY,
                             dst0: dest.minY, dstLen: dest.height, scale: scale)
        var out: [Piece] = []
        for y in ys {
            for x in xs {
                let p = Piece(source: CGRect(x: x.s0, y: y.s0, width: x.s1 - x.s0, height: y.s1 - y.s0),
                              dest: CGRect(x: x.d0, y: y.d0, width: x.d1 - x.d0, height: y.d1 - y.d0))
                if p.source.width > 0, p.source.height > 0, p.dest.width > 0, p.dest.height > 0 { out.append(p) }
            }
        }
        return out
    }

    private static func slices(src0: CGFloat, srcLen: CGFloat, c0: CGFloat, c1: CGFloat,
                               dst0: CGFloat, dstLen: CGFloat, scale: CGFloat)
        -> [(s0: CGFloat, s1: CGFloat, d0: CGFloat, d1: CGFloat)] {
        let sA = src0 + srcLen * c0, sB = src0 + srcLen * c1, sEnd = src0 + srcLen
        var left = (sA - src0) / scale, right = (sEnd - sB) / scale
        if left + right > dstLen, left + right > 0 {
            let f = dstLen / (left + right)
            left *= f; right *= f
        }
        let dA = dst0 + left, dB = dst0 + dstLen - right
        return [(src0, sA, dst0, dA), (sA, sB, dA, dB), (sB, sEnd, dB, dst0 + dstLen)]
    }
}
