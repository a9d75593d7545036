import CPixman
import Foundation

/// Gradients, filling the clip (or the part the drawing options allow).
extension CGContext {
    /// An axial gradient from `start` (location 0) to `end` (location 1) in user space, constant
    /// along lines perpendicular to start→end. Without `.drawsBeforeStartLocation` /
    /// `.drawsAfterEndLocation`, pixels beyond that end are left untouched (Core Graphics'
    /// rule). Equal or non-finite points draw nothing.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        let dx = end.x - start.x, dy = end.y - start.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0, len.isFinite, start.x.isFinite, start.y.isFinite,
              let raster = _GradientRaster(_GradientSpec(kind: .axial, start: start, end: end, stops: gradient.stops),
                                           matrix: deviceMatrix, alpha: 1) else { return }
        let fill = _Paint.pixels { dst, stride, r in
            raster.renderBlock(dst, stride: stride, x: r.x, y: r.y, width: r.width, height: r.height)
        }
        if options.contains([.drawsBeforeStartLocation, .drawsAfterEndLocation]) {
            paint(.everywhere, with: fill)
            return
        }
        // The band of user space between the allowed ends, reaching past every clip corner.
        let reach = clipReach(from: start) + len
        let ux = dx / len, uy = dy / len
        let a0 = options.contains(.drawsBeforeStartLocation) ? -reach : 0
        let a1 = options.contains(.drawsAfterEndLocation) ? len + reach : len
        func pt(_ along: CGFloat, _ side: CGFloat) -> CGPoint {
            CGPoint(x: start.x + ux * along - uy * side, y: start.y + uy * along + ux * side)
        }
        let band = CGMutablePath()
        band.addLines(between: [pt(a0, -reach), pt(a1, -reach), pt(a1, reach), pt(a0, reach)], transform: state.ctm)
        band.closeSubpath()
        paint(.fill(band, .winding), with: fill)
    }

    /// A radial gradient blending from the circle (`startCenter`, `startRadius`) at location 0
    /// to (`endCenter`, `endRadius`) at location 1. Concentric gradients with
    /// `endRadius > startRadius` are evaluated by Strata's gradient raster and honour each
    /// drawing option separately; other geometries use pixman's two-circle gradient, where
    /// either option extends both ends (documented difference). Negative or non-finite radii
    /// draw nothing.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard startRadius >= 0, endRadius >= 0, startRadius.isFinite, endRadius.isFinite,
              startCenter.x.isFinite, startCenter.y.isFinite, endCenter.x.isFinite, endCenter.y.isFinite else { return }
        if startCenter == endCenter, endRadius > startRadius {
            concentricGradient(gradient, center: startCenter, r0: startRadius, r1: endRadius, options: options)
        } else {
            twoCircleGradient(gradient, startCenter, startRadius, endCenter, endRadius, options: options)
        }
    }

    private func concentricGradient(_ g: CGGradient, center c: CGPoint, r0: CGFloat, r1: CGFloat,
                                    options: CGGradientDrawingOptions) {
        // The raster's t is distance / r1; location L sits at distance r0 + L·(r1 − r0).
        let k = Double(r0 / r1)
        let stops = g.stops.map { _GradientSpec.Stop(location: k + $0.location * (1 - k), color: $0.color) }
        guard let raster = _GradientRaster(_GradientSpec(kind: .radial, start: c, end: CGPoint(x: c.x + r1, y: c.y + r1),
                                                         stops: stops), matrix: deviceMatrix, alpha: 1) else { return }
        let fill = _Paint.pixels { dst, stride, r in
            raster.renderBlock(dst, stride: stride, x: r.x, y: r.y, width: r.width, height: r.height)
        }
        let before = options.contains(.drawsBeforeStartLocation) || r0 == 0
        let after = options.contains(.drawsAfterEndLocation)
        if before && after { paint(.everywhere, with: fill); return }
        func disc(_ r: CGFloat) -> CGRect { CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r) }
        let p = CGMutablePath()
        if after {
            let b = state.clip
            p.addRect(CGRect(x: b.x, y: b.y, width: b.width, height: b.height))
        } else {
            p.addEllipse(in: disc(r1), transform: state.ctm)
        }
        if !before { p.addEllipse(in: disc(r0), transform: state.ctm) }
        paint(.fill(p, .evenOdd), with: fill)
    }

    private func twoCircleGradient(_ g: CGGradient, _ c0: CGPoint, _ r0: CGFloat, _ c1: CGPoint, _ r1: CGFloat,
                                   options: CGGradientDrawingOptions) {
        func fx(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t(max(min(v, 32767), -32767) * 65536) }
        var inner = pixman_point_fixed_t(x: fx(c0.x), y: fx(c0.y)), outer = pixman_point_fixed_t(x: fx(c1.x), y: fx(c1.y))
        var stops = g.stops.map { s -> pixman_gradient_stop_t in
            let col = s.color
            func ch(_ v: CGFloat) -> UInt16 { UInt16((v * 65535).rounded()) }
            return pixman_gradient_stop_t(x: pixman_fixed_t(s.location * 65536),
                                          color: pixman_color_t(red: ch(col.red), green: ch(col.green), blue: ch(col.blue),
                                                                alpha: ch(col.alpha)))
        }
        guard let src = pixman_image_create_radial_gradient(&inner, &outer, fx(r0), fx(r1), &stops, Int32(stops.count))
        else { return }
        defer { pixman_image_unref(src) }
        let inv = state.ctm.inverted()
        guard [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty].allSatisfy({ abs($0) < 32767 }) else { return }
        func f(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }
        // Sample at pixel centres: pixman maps the centre (x + ½, y + ½) through the transform.
        var tr = pixman_transform_t(matrix: ((f(inv.a), f(inv.c), f(inv.tx)), (f(inv.b), f(inv.d), f(inv.ty)),
                                             (0, 0, pixman_fixed_t(65536))))
        pixman_image_set_transform(src, &tr)
        pixman_image_set_repeat(src, options.isEmpty ? PIXMAN_REPEAT_NONE : PIXMAN_REPEAT_PAD)
        paint(.everywhere, with: .image(src))
    }

    /// The CTM as the render side's projective matrix.
    var deviceMatrix: _Matrix3 {
        let t = state.ctm
        return _Matrix3(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// The largest user-space distance from `p` to a corner of the clip box.
    func clipReach(from p: CGPoint) -> CGFloat {
        let c = state.clip
        let inv = state.ctm.inverted()
        var reach: CGFloat = 1
        for (x, y) in [(c.x, c.y), (c.maxX, c.y), (c.x, c.maxY), (c.maxX, c.maxY)] {
            let q = CGPoint(x: x, y: y).applying(inv)
            reach = max(reach, ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot())
        }
        return reach.isFinite ? reach : 1e6
    }
}
