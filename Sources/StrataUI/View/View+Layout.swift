import Foundation
import Strata

/// Layout and display requests, serviced by the layer tree: at the next commit (outermost
/// `CATransaction` commit or the main loop's flush) or at once with `layoutIfNeeded()`.
extension View {
    /// Marks the view for `layoutSubviews()` at the next commit.
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now: this view if it needs it, then its subtree, top-down.
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Marks the whole view for `draw(_:)` at the next commit.
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks `rect` (bounds coordinates) for redrawing: `draw(_:)` gets the union of the
    /// marked rectangles (rounded out to pixels) and the rest of the view's pixels are kept.
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its center.
    public func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        guard s.width.isFinite, s.height.isFinite else { return }
        var b = bounds
        b.size = CGSize(width: max(0, s.width), height: max(0, s.height))
        bounds = b
    }
}
