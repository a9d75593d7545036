import Foundation

/// The stroke pipeline shared by the rasterizer and `CGPath.copy(strokingWithWidth:…)`:
/// flatten in user space (tolerance scaled by the transform) → trim and dash → stroker, whose
/// outline is emitted transformed into `sink`.
internal enum _PathOutliner {
    static func strokeOutline<S: _PolylineSink>(_ path: CGPath, style: StrokeStyle, transform: CGAffineTransform,
                                                tolerance: Double, scratch a: inout _PolylineCollector,
                                                _ b: inout _PolylineCollector, into sink: inout S) {
        guard let trim = style.trimRange, style.lineWidth > 0, style.lineWidth.isFinite else { return }
        let scale = _PathFlattener.maxScale(transform)
        guard scale > 0, scale.isFinite else { return }
        let userTol = tolerance / scale
        a.reset()
        _PathFlattener.flatten(path, transform: .identity, tolerance: userTol, into: &a)
        let dashes = style.validDashes
        let pieces: _PolylineCollector
        if dashes == nil && trim == (0, 1) {
            pieces = a
        } else {
            _PathSegmenter.segment(a, trim: trim, dashes: dashes, phase: Double(style.dashPhase), into: &b)
            pieces = b
        }
        var stroker = _PathStroker(sink: sink, width: Double(style.lineWidth), cap: style.lineCap,
                                   join: style.lineJoin, miterLimit: Double(style.miterLimit),
                                   tolerance: userTol, transform: transform)
        stroker.stroke(pieces)
        sink = stroker.sink
    }
}
