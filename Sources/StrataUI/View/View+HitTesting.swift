import Foundation
import Strata

/// Coordinate conversion and hit testing, through every transform on the way (rotation,
/// scale, shear and perspective: each layer is flattened into its parent's plane, as drawn).
/// Model (not presentation) values are used, as in UIKit. Each step is the layer's 4×4
/// placement (`CALayer._toSuperlayer`) restricted to the z = 0 plane (`_Matrix3`), as the
/// compositor draws it.
///
/// The "root space" (`convert(_:to: nil)`) is the coordinate space of the root view's
/// superlayer: for a hosted root view, the surface (window) coordinates.
///
/// Bad input: points that do not map (singular transforms, non-finite values, points behind
/// the viewer in a perspective projection) convert to `(nan, nan)` and never hit anything.
extension View {
    /// The map from this view's bounds space to the root space.
    final var _toRoot: _Matrix3 {
        var m = _Matrix3.identity
        var v: View? = self
        while let c = v {
            m = m.then(_Matrix3(c.layer._toSuperlayer))
            v = c._superview
        }
        return m
    }

    static let _unmapped = CGPoint(x: CGFloat.nan, y: .nan)

    /// `point` (in this view's bounds coordinates) in `view`'s bounds coordinates; nil `view`:
    /// the root space. Views of different trees are treated as if their root spaces coincided.
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        guard let inRoot = _toRoot.map(point) else { return Self._unmapped }
        guard let view else { return inRoot }
        return view._toRoot.unmap(inRoot) ?? Self._unmapped
    }

    /// `point` given in `view`'s bounds coordinates (nil: the root space) in this view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        let inRoot: CGPoint
        if let view {
            guard let p = view._toRoot.map(point) else { return Self._unmapped }
            inRoot = p
        } else {
            inRoot = point
        }
        return _toRoot.unmap(inRoot) ?? Self._unmapped
    }

    /// The bounding box of `rect`'s converted corners (`.null` when a corner does not map).
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        Self._box(rect) { convert($0, to: view) }
    }

    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        Self._box(rect) { convert($0, from: view) }
    }

    static func _box(_ r: CGRect, _ f: (CGPoint) -> CGPoint) -> CGRect {
        guard !r.isNull, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return .null }
        let s = r.standardized
        let pts = [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                   CGPoint(x: s.minX, y: s.maxY), CGPoint(x: s.maxX, y: s.maxY)].map(f)
        guard pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The hit-test walk behind `hitTest(_:with:)`:
    /// 1. a view that is hidden, has `isUserInteractionEnabled` false or alpha below 0.01 is
    ///    skipped with its whole subtree, and so is one animating from a `View.animate` block
    ///    without `.allowUserInteraction` (UIKit disables interaction for animating views);
    /// 2. with `clipsToBounds`, a point outside `point(inside:with:)` misses the subtree;
    /// 3. subviews are tried front to back (higher layer `zPosition` first, then later
    ///    siblings), each with the point mapped into its bounds space;
    /// 4. otherwise the view itself when `point(inside:with:)`.
    /// Documented difference from UIKit: without `clipsToBounds`, subviews reaching outside
    /// their superview's bounds are hit there too (UIKit requires every ancestor to contain the
    /// point), which matches what is drawn.
    final func _hitTest(_ point: CGPoint, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, layer.opacity >= 0.01, point.x.isFinite, point.y.isFinite,
              !_ViewAnimationContext.blocksInteraction(layer) else { return nil }
        let inside = self.point(inside: point, with: event)
        if clipsToBounds && !inside { return nil }
        let order = _subviews.enumerated().sorted {
            let za = $0.element.layer.zPosition, zb = $1.element.layer.zPosition
            return za != zb ? za > zb : $0.offset > $1.offset
        }
        for (_, s) in order {
            guard let local = _Matrix3(s.layer._toSuperlayer).unmap(point) else { continue }
            if let hit = s.hitTest(local, with: event) { return hit }
        }
        return inside ? self : nil
    }

    /// The deepest view under `point` given in the root space (what the router uses).
    func _hitTest(rootPoint point: CGPoint, with event: Event?) -> View? {
        guard let local = _Matrix3(layer._toSuperlayer).unmap(point) else { return nil }
        return hitTest(local, with: event)
    }
}
