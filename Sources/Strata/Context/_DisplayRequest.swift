import Foundation

/// A layer's pending redraw: the whole layer, or the union of the rectangles passed to
/// `setNeedsDisplay(_:)` (bounds coordinates) since the last `display()`.
struct _DisplayRequest {
    /// nil: redraw everything.
    var dirty: CGRect?

    mutating func add(_ r: CGRect?) {
        guard let d = dirty else { return }
        guard let r, !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            dirty = nil
            return
        }
        dirty = d.isNull ? r.standardized : d.union(r)
    }
}
