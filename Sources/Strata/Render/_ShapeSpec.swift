import CPixman
import Foundation

/// A shape layer's evaluated shape as the painter draws it (and damage compares it).
struct _ShapeSpec: Hashable {
    let shape: RenderShape

    static func == (a: _ShapeSpec, b: _ShapeSpec) -> Bool {
        a.shape.path == b.shape.path && a.shape.fillColor == b.shape.fillColor && a.shape.fillRule == b.shape.fillRule
            && a.shape.strokeColor == b.shape.strokeColor && a.shape.stroke == b.shape.stroke
    }

    func hash(into h: inout Hasher) {
        h.combine(shape.path)
        h.combine(shape.fillColor)
        h.combine(shape.strokeColor)
        h.combine(shape.stroke)
    }

    /// Layer-space rectangle the shape can touch: the path's box grown by the stroke's reach
    /// (half the width, times the miter limit for miter joins, plus a pixel of antialiasing).
    var reach: CGRect {
        let box = shape.path.boundingBoxOfPath
        guard !box.isNull, box.minX.isFinite, box.maxX.isFinite else { return .null }
        var grow: CGFloat = 1
        if shape.strokeColor != nil {
            let w = max(0, shape.stroke.lineWidth.isFinite ? shape.stroke.lineWidth : 0)
            grow += w / 2 * max(1, shape.stroke.miterLimit.isFinite ? min(shape.stroke.miterLimit, 64) : 1) + w
        }
        return box.insetBy(dx: -grow, dy: -grow)
    }
}

extension _Painter {
    /// Draws a shape layer's fill and stroke with the path rasterizer, one clip rectangle of the
    /// target's region at a time (the rasterizer writes pixels directly, outside pixman's clip).
    func drawShape(_ s: _ShapeSpec, _ matrix: _Matrix3, alpha: Double) {
        let t = targets[targets.count - 1]
        let m = matrix.translated(Double(-t.ox), Double(-t.oy))
        guard m.isAffine, m.isFinite, alpha > 0 else { return }
        let transform = CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m31, ty: m.m32)
        var shape = s.shape
        if alpha < 1 {
            shape.fillColor = shape.fillColor.flatMap { $0.copy(alpha: $0.alpha * alpha) }
            shape.strokeColor = shape.strokeColor.flatMap { $0.copy(alpha: $0.alpha * alpha) }
        }
        let surface = surfaceRect(in: t)
        for r in t.clip.rects {
            let x0 = max(r.x - t.ox, surface.x), y0 = max(r.y - t.oy, surface.y)
            let x1 = min(r.maxX - t.ox, surface.maxX), y1 = min(r.maxY - t.oy, surface.maxY)
            guard x1 > x0, y1 > y0 else { continue }
            shape.draw(into: t.image, transform: transform,
                       clip: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), rasterizer: rasterizer)
        }
    }
}
