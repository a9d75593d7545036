import Foundation

/// Layout and display requests. Both are serviced at commit time (outermost commit or flush),
/// before the render tree is updated: layout top-down over trees with changed layers, then
/// `display()` for layers marked as needing display.
extension CALayer {
    public func setNeedsLayout() {
        if _flags.contains(.presentation) { return }
        _flags.insert(.needsLayout)
        _markDirty()
    }

    public func needsLayout() -> Bool { _flags.contains(.needsLayout) }

    /// Lays out whatever needs it, as Core Animation documents: walks up the superlayers while
    /// they need layout, then lays out the subtree of the topmost of them, top-down (each layer
    /// that needs layout runs `layoutSublayers()` before its sublayers and mask are visited).
    public func layoutIfNeeded() {
        var top = self
        while let p = top._superlayer, p._flags.contains(.needsLayout) { top = p }
        top._layoutSubtreeIfNeeded()
    }

    /// Iterative (any depth), in the order a recursive walk has: each layer's sublayers as
    /// they are after its own `layoutSublayers()`, then its mask as it is once they are done.
    final func _layoutSubtreeIfNeeded() {
        enum Step { case layer(CALayer), maskOf(CALayer) }
        var stack: [Step] = [.layer(self)]
        while let step = stack.popLast() {
            switch step {
            case let .maskOf(l):
                if let m = l._extras?.mask { stack.append(.layer(m)) }
            case let .layer(l):
                if l._flags.contains(.needsLayout) {
                    l._flags.remove(.needsLayout)
                    l.layoutSublayers()
                }
                stack.append(.maskOf(l))
                for s in l._sublayers.reversed() { stack.append(.layer(s)) }
            }
        }
    }

    /// Marks the whole layer for `display()` at the next commit.
    public func setNeedsDisplay() {
        if _flags.contains(.presentation) { return }
        _requestDisplay(nil)
        _flags.insert(.needsDisplay)
        _markDirty()
    }

    /// Marks `r` (bounds coordinates) for redrawing: the backing store keeps its other pixels
    /// and `draw(in:)` runs clipped to the dirty rectangles' union, rounded out to pixels.
    public func setNeedsDisplay(_ r: CGRect) {
        if _flags.contains(.presentation) { return }
        _requestDisplay(r)
        _flags.insert(.needsDisplay)
        _markDirty()
    }

    public func needsDisplay() -> Bool { _flags.contains(.needsDisplay) }

    public func displayIfNeeded() {
        guard _flags.contains(.needsDisplay) else { return }
        _flags.remove(.needsDisplay)
        display()
    }
}
