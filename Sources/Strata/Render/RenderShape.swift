import Foundation

/// A `CAShapeLayer`'s evaluated shape for one frame: what the compositor draws, in the layer's
/// coordinate space (before the layer's transform to the target).
public struct RenderShape: Sendable {
    public var path: CGPath
    public var fillColor: CGColor?
    public var fillRule: CGPathFillRule
    public var strokeColor: CGColor?
    public var stroke: StrokeStyle

    /// Fills, then strokes, the shape into `target` (a `pixman_image_t*`) with `transform` from
    /// layer coordinates to target pixels, using `rasterizer` (one per rendering thread).
    public func draw(into target: OpaquePointer, transform: CGAffineTransform, clip: CGRect? = nil,
                     rasterizer: PathRasterizer) {
        if let f = fillColor {
            rasterizer.fill(path: path, rule: fillRule, transform: transform, color: f, into: target, clip: clip)
        }
        if let s = strokeColor {
            rasterizer.stroke(path: path, style: stroke, transform: transform, color: s, into: target, clip: clip)
        }
    }
}

extension RenderLayer {
    /// The shape of a `CAShapeLayer` (nil for other layers, or when it has no path), evaluated
    /// from the frame's presentation values in `properties`.
    public var shape: RenderShape? {
        guard RenderLayer.string(properties[CAGradientLayer.kindKey]) == CAShapeLayer.kind,
              let path = properties["path"] as? CGPath else { return nil }
        func cg(_ k: String, _ d: CGFloat) -> CGFloat {
            switch properties[k] {
            case let v as CGFloat: return v
            case let v as Double: return CGFloat(v)
            case let v as Float: return CGFloat(v)
            case let v as Int: return CGFloat(v)
            default: return d
            }
        }
        let rule = (properties["fillRule"] as? CAShapeLayerFillRule) == .evenOdd ? CGPathFillRule.evenOdd : .winding
        let cap: CGLineCap = switch properties["lineCap"] as? CAShapeLayerLineCap {
        case .round?: .round
        case .square?: .square
        default: .butt
        }
        let join: CGLineJoin = switch properties["lineJoin"] as? CAShapeLayerLineJoin {
        case .round?: .round
        case .bevel?: .bevel
        default: .miter
        }
        let dashes = CAGradientLayer.numbers(properties["lineDashPattern"]).map { $0.map { CGFloat($0) } } ?? []
        let style = StrokeStyle(lineWidth: cg("lineWidth", 1), lineCap: cap, lineJoin: join,
                                miterLimit: cg("miterLimit", 10), dashPattern: dashes,
                                dashPhase: cg("lineDashPhase", 0), strokeStart: cg("strokeStart", 0),
                                strokeEnd: cg("strokeEnd", 1))
        return RenderShape(path: path, fillColor: properties["fillColor"] as? CGColor, fillRule: rule,
                           strokeColor: properties["strokeColor"] as? CGColor, stroke: style)
    }
}
