import Foundation

/// The graphics state: save/restore and the settings drawing operations read.
extension CGContext {
    /// Pushes a copy of the graphics state (CTM, clip, colours, line settings, alpha, blend
    /// mode). The current path is not part of it (as in Core Graphics).
    public func saveGState() { saved.append(state) }

    /// Pops the state saved last; ignored when nothing is saved.
    public func restoreGState() {
        if let s = saved.popLast() { state = s }
    }

    /// Runs `body` with `blendMode` and `alpha` set when given (`alpha` replaces the state's), the
    /// state saved before and restored after: the one-call blend mode and alpha of UIKit's drawing
    /// methods (StrataUI's `RectFillUsingBlendMode`, `BezierPath.fill(with:alpha:)` …).
    public func _withState(blendMode: CGBlendMode? = nil, alpha: CGFloat? = nil, _ body: () -> Void) {
        saveGState()
        defer { restoreGState() }
        if let blendMode { setBlendMode(blendMode) }
        if let alpha { setAlpha(alpha) }
        body()
    }

    /// Colour for fills (default opaque black).
    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    /// Colour for strokes (default opaque black).
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// Line width in user space (default 1). Values ≤ 0 or not finite stroke nothing
    /// (documented difference: Core Graphics draws a hairline for 0).
    public func setLineWidth(_ width: CGFloat) { state.stroke.lineWidth = width }
    public func setLineCap(_ cap: CGLineCap) { state.stroke.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.stroke.lineJoin = join }
    /// Miter limit (default 10); see ``StrokeStyle`` for values below 1.
    public func setMiterLimit(_ limit: CGFloat) { state.stroke.miterLimit = limit }

    /// Dash pattern (user-space lengths, on/off alternating) starting `phase` into the pattern;
    /// an empty array strokes solid lines. Invalid patterns stroke solid (see ``StrokeStyle``).
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.stroke.dashPattern = lengths
        state.stroke.dashPhase = phase.isFinite ? phase : 0
    }

    /// Opacity multiplied into everything drawn (clamped to 0…1; NaN counts as 0).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1) }

    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Accepted for compatibility; Strata always antialiases.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}
}
