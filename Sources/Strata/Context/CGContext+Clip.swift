import CPixman
import Foundation

/// Clipping: the clip only shrinks (intersections), and `restoreGState()` is the way back.
/// Rectangles whose device edges fall on whole pixels clip exactly (no mask); any other shape
/// clips through an antialiased coverage mask.
extension CGContext {
    /// Intersects the clip with `rect` (user space) and clears the current path (Apple).
    public func clip(to rect: CGRect) {
        beginPath()
        var ctm = state.ctm
        guard let p = CGPath(rect: rect).copy(using: &ctm) else { return }
        clipDevice(p, rule: .winding)
    }

    /// Intersects the clip with the union of `rects` and clears the current path; an empty
    /// array clips everything away.
    public func clip(to rects: [CGRect]) {
        beginPath()
        let p = CGMutablePath()
        p.addRects(rects, transform: state.ctm)
        clipDevice(p, rule: .winding)
    }

    /// Intersects the clip with the current path's interior (`rule`), then clears the path.
    /// Without a current path it does nothing (Apple: "If the context does not have a current
    /// path, the function does nothing"); a path of zero area clips everything away.
    public func clip(using rule: CGPathFillRule = .winding) {
        guard !devicePath.isEmpty else { return }
        clipDevice(takePath(), rule: rule)
    }

    /// Intersects the clip with the current path's even-odd interior.
    public func eoClip() { clip(using: .evenOdd) }

    /// Back to the whole bitmap (UIKit's `resetClip`).
    public func resetClip() {
        state.clip = PixelRect(x: 0, y: 0, width: width, height: height)
        state.clipMask = nil
        state.clipBounds = CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// The bounding box of the clip in user space: the intersection of the clipping shapes'
    /// exact bounding boxes and the context's bounds, through the inverse CTM (`.null` when
    /// everything is clipped away).
    public var boundingBoxOfClipPath: CGRect {
        guard !state.clip.isEmpty, !state.clipBounds.isNull, !state.clipBounds.isEmpty else { return .null }
        return state.clipBounds.applying(state.ctm.inverted())
    }

    /// The clip's device pixel box (before any clip mask), for callers that draw pixels.
    public var clipBoundingBoxInDeviceSpace: PixelRect { state.clip }

    func clipDevice(_ p: CGPath, rule: CGPathFillRule) {
        state.clipBounds = state.clipBounds.intersection(p.boundingBoxOfPath)
        guard let box = intersect(state.clip, Self.enclosing(p.boundingBoxOfPath, grow: 0)) else {
            state.clip = PixelRect(x: 0, y: 0, width: 0, height: 0)
            state.clipMask = nil
            return
        }
        if let r = Self.pixelAlignedRect(p), let b = intersect(box, r) {
            state.clip = b
            return
        }
        guard let mask = _ClipMask(width: width, height: height) else { return }
        rasterizer.fill(path: p, rule: rule, color: .white, into: mask.image,
                        clip: CGRect(x: box.x, y: box.y, width: box.width, height: box.height))
        if let old = state.clipMask {
            pixman_image_composite32(PIXMAN_OP_IN, old.image, nil, mask.image, Int32(box.x), Int32(box.y), 0, 0,
                                     Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        }
        state.clip = box
        state.clipMask = mask
    }

    /// The pixels of `p` when it is one axis-aligned rectangle whose edges lie on whole pixels
    /// (within 1e-9): a move, three or four lines, optionally closed.
    static func pixelAlignedRect(_ p: CGPath) -> PixelRect? {
        var pts: [CGPoint] = []
        var ok = true
        p._forEach { t, q in
            switch t {
            case .moveToPoint: if pts.isEmpty { pts.append(q[0]) } else { ok = false }
            case .addLineToPoint: pts.append(q[0])
            case .closeSubpath: break
            default: ok = false
            }
        }
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard ok, pts.count == 4 else { return nil }
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            guard a.x == b.x || a.y == b.y else { return nil }
        }
        for q in pts where !q.x.isFinite || !q.y.isFinite || abs(q.x - q.x.rounded()) > 1e-9 || abs(q.y - q.y.rounded()) > 1e-9 { return nil }
        let xs = pts.map { Int(max(min($0.x.rounded(), 1e6), -1e6)) }, ys = pts.map { Int(max(min($0.y.rounded(), 1e6), -1e6)) }
        let x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
