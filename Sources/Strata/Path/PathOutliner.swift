import Foundation

/// The stroke pipeline shared by the rasterizer and `CGPath.copy(strokingWithWidth:…)`:
/// flatten in user space (tolerance scaled by the transform) → trim and dash → stroker, whose
/// outline is emitted transformed into `sink`.
///
/// Dashing is bounded by the outline it makes: a pattern whose dashes would take more than
/// `maxDashOutlinePoints` outline points (4 per dash with butt caps, 8 with square caps, 4 plus
/// the two caps' arc points with round caps) strokes solid. With `visible` (the rasterizer's
/// clip box, in device pixels) only the dashes that can reach it are made and counted.
internal enum _PathOutliner {
    /// 250 000 points: about 5 MB of edges and a few hundredths of a second of CPU (a quarter
    /// of a second under AddressSanitizer and the fuzzer's instrumentation).
    static let maxDashOutlinePoints = 250_000

    /// `lineTolerance` (default `tolerance`) and `straddle`: how the centre line is flattened
    /// (see `centreLine`); `tolerance` also sets the round joins' and caps' chords.
    static func strokeOutline<S: _PolylineSink>(_ path: CGPath, style: StrokeStyle, transform: CGAffineTransform,
                                                tolerance: Double, lineTolerance: Double? = nil, straddle: Bool = false,
                                                visible: (Int, Int, Int, Int)? = nil,
                                                scratch a: inout _PolylineCollector,
                                                _ b: inout _PolylineCollector, into sink: inout S) {
        guard let inB = centreLine(path, style: style, transform: transform, tolerance: lineTolerance ?? tolerance,
                                   straddle: straddle, visible: visible, scratch: &a, &b) else { return }
        outline(inB ? b : a, style: style, transform: transform, tolerance: tolerance, into: &sink)
    }

    /// The centre line the stroker outlines, in user space: `path` flattened (tolerance scaled by
    /// the transform; with `straddle`, its inner points moved across as a fill's are, see
    /// `_PathFlattener.flatten`), trimmed and dashed. Returns nil when nothing is to be stroked, otherwise
    /// whether the line was left in `b` (true) or in `a`.
    static func centreLine(_ path: CGPath, style: StrokeStyle, transform: CGAffineTransform, tolerance: Double,
                           straddle: Bool = false,
                           visible: (Int, Int, Int, Int)?, scratch a: inout _PolylineCollector,
                           _ b: inout _PolylineCollector) -> Bool? {
        guard let trim = style.trimRange, style.lineWidth > 0, style.lineWidth.isFinite else { return nil }
        let scale = _PathFlattener.maxScale(transform)
        guard scale > 0, scale.isFinite else { return nil }
        let userTol = tolerance / scale
        a.setFlattened(path, tolerance: userTol, straddle: straddle)
        let dashes = style.validDashes
        if dashes == nil && trim == (0, 1) { return false }
        let hw = Double(style.lineWidth) / 2
        let window = visible.flatMap {
            _DashWindow(clip: $0, transform: transform,
                        reach: _DashWindow.reach(halfWidth: hw, join: style.lineJoin,
                                                 miterLimit: Double(style.miterLimit)))
        }
        let perDash = _PathStroker<_PolylineCollector>.pointsPerDash(
            cap: style.lineCap, roundStep: _PathStroker<_PolylineCollector>.roundStep(halfWidth: hw, tolerance: userTol))
        _PathSegmenter.segment(a, trim: trim, dashes: dashes, phase: Double(style.dashPhase),
                               maxDashes: maxDashOutlinePoints / perDash, window: window, into: &b)
        return true
    }

    /// Strokes the centre line `pl` (user space) into `sink`, transformed.
    static func outline<S: _PolylineSink>(_ pl: _PolylineCollector, style: StrokeStyle, transform: CGAffineTransform,
                                          tolerance: Double, into sink: inout S) {
        let scale = _PathFlattener.maxScale(transform)
        guard scale > 0, scale.isFinite else { return }
        var stroker = _PathStroker(sink: sink, width: Double(style.lineWidth), cap: style.lineCap,
                                   join: style.lineJoin, miterLimit: Double(style.miterLimit),
                                   tolerance: tolerance / scale, transform: transform)
        stroker.stroke(pl)
        sink = stroker.sink
    }
}
