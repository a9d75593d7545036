import Foundation

/// The directions a `CAScrollLayer` may scroll in (Apple's `CAScrollLayer.ScrollMode`).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), vertically = Self(rawValue: "vertically")
    public static let horizontally = Self(rawValue: "horizontally"), both = Self(rawValue: "both")
}

/// A layer that shows a part of its sublayers: scrolling moves its `bounds.origin`, so what
/// lies at that point of the sublayers' space appears at the layer's top-left corner (Core
/// Animation's scroll layer). It clips nothing by itself — set `masksToBounds` for that — and
/// takes no input; scrolling changes `bounds`, so it animates implicitly like any bounds change
/// (wrap it in `CATransaction.setDisableActions(true)` to jump).
open class CAScrollLayer: CALayer {
    public typealias ScrollMode = CAScrollLayerScrollMode

    public override init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { return nil }

    /// The directions `scroll(to:)` may move the origin in (default `.both`).
    open var scrollMode: ScrollMode {
        get { _opaque("scrollMode", ScrollMode.both) } set { _set("scrollMode", .opaque(newValue)) }
    }

    /// Moves `bounds.origin` to `p`, along the axes `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        var b = bounds
        let mode = scrollMode
        if mode == .horizontally || mode == .both { b.origin.x = p.x }
        if mode == .vertically || mode == .both { b.origin.y = p.y }
        if b != bounds { bounds = b }
    }

    /// Scrolls as little as makes `r` (in this layer's coordinates) visible: an edge of `r`
    /// outside the bounds is brought to the nearest edge; where `r` is larger than the bounds,
    /// its minimum edge is shown.
    open func scroll(to r: CGRect) {
        let b = bounds
        guard !r.isNull, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let r = r.standardized
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ origin: CGFloat, _ extent: CGFloat) -> CGFloat {
            if hi - lo >= extent || lo < origin { return lo }
            if hi > origin + extent { return hi - extent }
            return origin
        }
        scroll(to: CGPoint(x: axis(r.minX, r.maxX, b.minX, b.width), y: axis(r.minY, r.maxY, b.minY, b.height)))
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        key == "scrollMode" ? ScrollMode.both : super.defaultValue(forKey: key)
    }
}

extension CALayer {
    /// The nearest `CAScrollLayer` above this layer (not the layer itself).
    final var _enclosingScrollLayer: CAScrollLayer? {
        var l = superlayer
        while let s = l {
            if let scroll = s as? CAScrollLayer { return scroll }
            l = s.superlayer
        }
        return nil
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` so that `p` (in this layer's coordinates)
    /// lies at its origin; does nothing outside a scroll layer.
    public func scroll(_ p: CGPoint) {
        guard let s = _enclosingScrollLayer else { return }
        s.scroll(to: convert(p, to: s))
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` so that `r` (in this layer's coordinates)
    /// becomes visible; does nothing outside a scroll layer.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let s = _enclosingScrollLayer else { return }
        s.scroll(to: convert(r, to: s))
    }

    /// The part of the bounds the nearest enclosing `CAScrollLayer` leaves visible, in this
    /// layer's coordinates (`bounds` outside a scroll layer; `.null` when scrolled out of view).
    public var visibleRect: CGRect {
        guard let s = _enclosingScrollLayer else { return bounds }
        return bounds.intersection(s.convert(s.bounds, to: self))
    }
}
