import Foundation

/// The last scale a window reported through its `onScaleChange`, so that the callback runs only
/// when the scale really changed (a surface reports *possible* changes: every output it enters
/// or leaves, every preferred-scale event, every configure).
struct _ScaleReporter {
    private var last: CGFloat = 1

    /// Calls `callback` with `scale` when it differs from the last one reported (windows start
    /// at 1) and remembers it.
    mutating func report(_ scale: CGFloat, to callback: ((CGFloat) -> Void)?) {
        guard scale != last else { return }
        last = scale
        callback?(scale)
    }
}
