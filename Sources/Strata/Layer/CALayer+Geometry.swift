import Foundation

/// Converting between layers' coordinate spaces and hit testing (a geometry query only:
/// layers never receive input).
///
/// A layer maps its bounds space to its superlayer's as: subtract the anchor point
/// (`bounds.origin + anchorPoint × bounds.size`, and `anchorPointZ` on z), apply `transform`
/// (with perspective: the homogeneous divide; z = 0 in), add `position` and `zPosition` (so the
/// point at `anchorPointZ` lands on `zPosition`, as the compositor draws it), then apply the superlayer's
/// `sublayerTransform` about the superlayer's own anchor point. Model values are used (call
/// these on `presentation()` for what is on screen).
extension CALayer {
    /// The matrix taking this layer's bounds coordinates to its superlayer's (model values).
    /// Public for StrataUI's hit testing only (the `_` prefix: not API).
    public final var _toSuperlayer: CATransform3D { _toSuperlayer(in: _geometryParent) }

    /// The matrix taking this layer's bounds coordinates to those of `s`, its superlayer.
    final func _toSuperlayer(in s: CALayer?) -> CATransform3D {
        let b = bounds, a = anchorPoint
        let anchor = CGPoint(x: b.minX + b.width * a.x, y: b.minY + b.height * a.y)
        var m = CATransform3DConcat(CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ), transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let s {
            let st = s.sublayerTransform
            if st != .identity {
                let sb = s.bounds, sa = s.anchorPoint
                let sAnchor = CGPoint(x: sb.minX + sb.width * sa.x, y: sb.minY + sb.height * sa.y)
                let around = CATransform3DConcat(CATransform3DConcat(
                    CATransform3DMakeTranslation(-sAnchor.x, -sAnchor.y, 0), st),
                    CATransform3DMakeTranslation(sAnchor.x, sAnchor.y, 0))
                m = CATransform3DConcat(m, around)
            }
        }
        return m
    }

    /// The layer whose space this one is placed in: `superlayer`, except that for the top of
    /// a presentation copy it is a copy of the model superlayer's presentation values without
    /// its sublayers (`superlayer` would copy its whole subtree: walking up a deep tree of
    /// those would cost the square of its depth).
    final var _geometryParent: CALayer? {
        if let s = _superlayer { return s }
        guard _flags.contains(.presentation), let p = _extras?.modelLayer?._superlayer,
              p._flags.contains(.committed) else { return nil }
        return p._presentationCopy(at: CACurrentMediaTime())
    }

    /// This layer's bounds space → its root's, each layer flattened into its superlayer's plane
    /// as the compositor draws it (a 3D-turned layer's points land where its pixels are).
    final var _toRootPlane: _Matrix3 {
        var m = _Matrix3.identity
        var l = self
        while let p = l._geometryParent {
            m = m.then(_Matrix3(l._toSuperlayer(in: p)))
            l = p
        }
        return m
    }

    static let _unmapped = CGPoint(x: CGFloat.nan, y: .nan)

    /// `p` (in `layer`'s coordinates) in this layer's coordinates: through the root, where each
    /// point lands on screen, so converting there and back gives the point again. Layers in
    /// different trees are treated as if their roots coincided. A nil `layer`, as Apple
    /// documents: "the original point subtracted from the layer's frame's origin". Points that
    /// do not map (singular or non-finite transforms, behind the viewer) give (nan, nan).
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        guard let layer else { return CGPoint(x: p.x - frame.minX, y: p.y - frame.minY) }
        guard let inRoot = layer._toRootPlane.map(p) else { return Self._unmapped }
        return _toRootPlane.unmap(inRoot) ?? Self._unmapped
    }

    /// `p` (in this layer's coordinates) in `layer`'s; nil `layer`: `p` plus the frame's origin
    /// (the inverse of `convert(_:from: nil)`).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        if let layer { return layer.convert(p, from: self) }
        return CGPoint(x: p.x + frame.minX, y: p.y + frame.minY)
    }

    /// The bounding box of `r`'s converted corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        Self._mapRect(r) { convert($0, from: layer) }
    }

    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        Self._mapRect(r) { convert($0, to: layer) }
    }

    static func _mapRect(_ r: CGRect, _ f: (CGPoint) -> CGPoint) -> CGRect {
        if r.isNull { return r }
        let s = r.standardized
        let pts = [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                   CGPoint(x: s.minX, y: s.maxY), CGPoint(x: s.maxX, y: s.maxY)].map(f)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension CALayer {
    /// The hit-test walk behind `hitTest(_:)`: hidden layers and their subtrees are skipped; a
    /// point outside a layer's bounds (`contains(_:)`) hits nothing in its subtree, as Apple
    /// documents ("nil if the point lies outside the receiver's bounds rectangle"; a
    /// `CATransformLayer`, which has no plane of its own, passes its sublayers the point);
    /// sublayers are tried front to back (higher zPosition first, then later siblings), then the
    /// layer itself. Each layer's point is found on its plane as drawn (flattened into its
    /// superlayer's).
    ///
    /// Iterative through layers of Strata's own classes (any depth); a sublayer of any other
    /// class (a subclass, which may override `hitTest(_:)`) is asked through its
    /// `hitTest(_:)`, so a chain of such layers recurses once per level.
    final func _hitTest(_ p: CGPoint) -> CALayer? {
        struct Frame {
            let layer: CALayer
            let local: CGPoint
            let order: [CALayer]
            var next = 0
        }
        /// The layer's frame, or nil when nothing under it can be hit.
        func enter(_ l: CALayer, _ p: CGPoint) -> Frame? {
            if l.isHidden { return nil }
            guard let local = _Matrix3(l._toSuperlayer).unmap(p) else { return nil }
            if !(l is CATransformLayer) && !l.contains(local) { return nil }
            let order = l._sublayers.enumerated().sorted {
                $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition > $1.element.zPosition : $0.offset > $1.offset
            }
            return Frame(layer: l, local: local, order: order.map(\.element))
        }
        guard let first = enter(self, p) else { return nil }
        var stack = [first]
        while let top = stack.indices.last {
            if stack[top].next < stack[top].order.count {
                let s = stack[top].order[stack[top].next]
                stack[top].next += 1
                if Self._walkedClasses.contains(ObjectIdentifier(type(of: s))) {
                    if let f = enter(s, stack[top].local) { stack.append(f) }
                } else if let hit = s.hitTest(stack[top].local) {
                    return hit
                }
                continue
            }
            // Nothing under it was hit: the layer itself, or back to its superlayer's next.
            let f = stack.removeLast()
            if f.layer.contains(f.local) { return f.layer }
        }
        return nil
    }

    /// Classes whose `hitTest(_:)` is this walk (none of them overrides it).
    private static let _walkedClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAGradientLayer.self), ObjectIdentifier(CAReplicatorLayer.self),
        ObjectIdentifier(CAShapeLayer.self), ObjectIdentifier(CATextLayer.self), ObjectIdentifier(CATransformLayer.self),
        ObjectIdentifier(CAEmitterLayer.self), ObjectIdentifier(CATiledLayer.self), ObjectIdentifier(TiledImageLayer.self),
    ]
}
