import Foundation

/// Filling and stroking paths and shapes with the fill and stroke colours. Every one of them
/// clears the current path, as Core Graphics documents: path operations draw and consume it, the
/// shape conveniences (`fill(_:)`, `stroke(_:)`, `fillEllipse(in:)`, `strokeLineSegments` …) draw
/// their own shape and drop it.
extension CGContext {
    /// Fills the current path with the fill colour (`rule` decides the interior).
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let p = takePath()
        paint(.fill(p, rule), with: .color(state.fillColor))
    }

    /// Fills the current path with the even-odd rule.
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the stroke colour and line settings (the line width is
    /// measured in the user space of the current CTM).
    public func strokePath() {
        let p = takePath()
        strokeDevicePath(p)
    }

    /// Fills and/or strokes the current path, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let p = takePath()
        switch mode {
        case .fill: paint(.fill(p, .winding), with: .color(state.fillColor))
        case .eoFill: paint(.fill(p, .evenOdd), with: .color(state.fillColor))
        case .stroke: strokeDevicePath(p)
        case .fillStroke:
            paint(.fill(p, .winding), with: .color(state.fillColor))
            strokeDevicePath(p)
        case .eoFillStroke:
            paint(.fill(p, .evenOdd), with: .color(state.fillColor))
            strokeDevicePath(p)
        }
    }

    /// Fills `rect` (user space).
    public func fill(_ rect: CGRect) { fillUserPath(CGPath(rect: rect)) }
    public func fill(_ rects: [CGRect]) {
        let p = CGMutablePath()
        p.addRects(rects)
        fillUserPath(p)
    }
    public func fillEllipse(in rect: CGRect) { fillUserPath(CGPath(ellipseIn: rect)) }

    /// Strokes the outline of `rect` with the current line settings.
    public func stroke(_ rect: CGRect) { strokeUserPath(CGPath(rect: rect), style: state.stroke) }
    /// Strokes the outline of `rect` with line width `width`.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        var s = state.stroke
        s.lineWidth = width
        strokeUserPath(CGPath(rect: rect), style: s)
    }
    public func strokeEllipse(in rect: CGRect) { strokeUserPath(CGPath(ellipseIn: rect), style: state.stroke) }

    /// Strokes separate segments between consecutive pairs of `points` (an odd last point is
    /// ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        let p = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            p.move(to: points[i]); p.addLine(to: points[i + 1])
            i += 2
        }
        strokeUserPath(p, style: state.stroke)
    }

    /// Makes `rect` transparent (inside the clip), whatever the blend mode and alpha.
    public func clear(_ rect: CGRect) {
        let alpha = state.alpha
        state.alpha = 1
        var ctm = state.ctm
        if let p = CGPath(rect: rect).copy(using: &ctm) { paint(.fill(p, .winding), with: .color(.clear), blend: .copy) }
        state.alpha = alpha
    }

    /// Replaces the current path by the outline of its stroke (with the current line settings,
    /// the dash pattern included: filling it draws what stroking the path would).
    public func replacePathWithStrokedPath() {
        var user = pathInUserSpace
        let s = state.stroke
        if let dashes = s.validDashes, !dashes.isEmpty {
            user = user.copy(dashingWithPhase: s.dashPhase, lengths: s.dashPattern)
        }
        let outline = user.copy(strokingWithWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin,
                                miterLimit: s.miterLimit)
        devicePath = CGMutablePath()
        devicePath.addPath(outline, transform: state.ctm)
    }

    /// Fills `p` (user space) and clears the current path.
    func fillUserPath(_ p: CGPath) {
        beginPath()
        var ctm = state.ctm
        guard let d = p.copy(using: &ctm) else { return }
        paint(.fill(d, .winding), with: .color(state.fillColor))
    }

    /// Strokes `p` (user space) with `style` and clears the current path.
    func strokeUserPath(_ p: CGPath, style: StrokeStyle) {
        beginPath()
        paint(.stroke(p, style, state.ctm), with: .color(state.strokeColor))
    }

    private func strokeDevicePath(_ device: CGPath) {
        var inv = state.ctm.inverted()
        guard let user = device.copy(using: &inv) else { return }
        strokeUserPath(user, style: state.stroke)
    }
}
