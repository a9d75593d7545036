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

    final func _layoutSubtreeIfNeeded() {
        if _flags.contains(.needsLayout) {
            _flags.remove(.needsLayout)
            layoutSublayers()
        }
        for s in _sublayers { s._layoutSubtreeIfNeeded() }
        _extras?.mask?._layoutSubtreeIfNeeded()
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
