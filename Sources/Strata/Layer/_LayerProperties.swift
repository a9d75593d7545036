import Foundation

/// Where a layer property lives in a `RenderLayer` (properties without a field travel in
/// `RenderLayer.properties`).
enum _RenderSlot: Sendable {
    case bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform
    case opacity, isHidden, isDoubleSided, backgroundColor, borderColor, borderWidth, cornerRadius
    case maskedCorners, masksToBounds, allowsGroupOpacity

    func read(_ l: RenderLayer) -> _AnimValue {
        switch self {
        case .bounds: return .rect(l.bounds)
        case .position: return .point(l.position)
        case .anchorPoint: return .point(l.anchorPoint)
        case .anchorPointZ: return .cg(l.anchorPointZ)
        case .zPosition: return .cg(l.zPosition)
        case .transform: return .transform(l.transform)
        case .sublayerTransform: return .transform(l.sublayerTransform)
        case .opacity: return .number(Double(l.opacity), .float)
        case .isHidden: return .bool(l.isHidden)
        case .isDoubleSided: return .bool(l.isDoubleSided)
        case .backgroundColor: return l.backgroundColor.map { .color($0) } ?? .none
        case .borderColor: return l.borderColor.map { .color($0) } ?? .none
        case .borderWidth: return .cg(l.borderWidth)
        case .cornerRadius: return .cg(l.cornerRadius)
        case .maskedCorners: return .opaque(CACornerMask(rawValue: l.maskedCorners))
        case .masksToBounds: return .bool(l.masksToBounds)
        case .allowsGroupOpacity: return .bool(l.allowsGroupOpacity)
        }
    }

    /// Writes `v`; values of the wrong type are ignored (the field keeps its value).
    func write(_ l: inout RenderLayer, _ v: _AnimValue) {
        switch self {
        case .bounds: if let r = v.rect { l.bounds = r }
        case .position: if let p = v.point { l.position = p }
        case .anchorPoint: if let p = v.point { l.anchorPoint = p }
        case .anchorPointZ: if let n = v.cgFloat { l.anchorPointZ = n }
        case .zPosition: if let n = v.cgFloat { l.zPosition = n }
        case .transform: if let t = v.transform { l.transform = t }
        case .sublayerTransform: if let t = v.transform { l.sublayerTransform = t }
        case .opacity: if let n = v.number { l.opacity = Float(n) }
        case .isHidden: if let b = v.bool { l.isHidden = b }
        case .isDoubleSided: if let b = v.bool { l.isDoubleSided = b }
        case .backgroundColor: if case let .color(c) = v { l.backgroundColor = c } else if v.isNone { l.backgroundColor = nil }
        case .borderColor: if case let .color(c) = v { l.borderColor = c } else if v.isNone { l.borderColor = nil }
        case .borderWidth: if let n = v.cgFloat { l.borderWidth = n }
        case .cornerRadius: if let n = v.cgFloat { l.cornerRadius = n }
        case .maskedCorners:
            if case let .opaque(o) = v, let m = o as? CACornerMask { l.maskedCorners = m.rawValue }
        case .masksToBounds: if let b = v.bool { l.masksToBounds = b }
        case .allowsGroupOpacity: if let b = v.bool { l.allowsGroupOpacity = b }
        }
    }
}

/// A built-in `CALayer` property: its default, whether it animates implicitly, and its slot.
struct _LayerProperty: Sendable {
    let defaultValue: _AnimValue
    let animatable: Bool
    let slot: _RenderSlot?
}

/// The table of `CALayer`'s own KVC keys (Apple's names: "hidden", "doubleSided", "opaque" …).
enum _LayerKeys {
    static let unitRect = _AnimValue.rect(CGRect(x: 0, y: 0, width: 1, height: 1))

    static let table: [String: _LayerProperty] = {
        func p(_ d: _AnimValue, _ a: Bool, _ s: _RenderSlot? = nil) -> _LayerProperty {
            _LayerProperty(defaultValue: d, animatable: a, slot: s)
        }
        let zero = _AnimValue.cg(0)
        return [
            "bounds": p(.rect(.zero), true, .bounds),
            "position": p(.point(.zero), true, .position),
            "anchorPoint": p(.point(CGPoint(x: 0.5, y: 0.5)), true, .anchorPoint),
            "anchorPointZ": p(zero, true, .anchorPointZ),
            "zPosition": p(zero, true, .zPosition),
            "transform": p(.transform(.identity), true, .transform),
            "sublayerTransform": p(.transform(.identity), true, .sublayerTransform),
            "opacity": p(.number(1, .float), true, .opacity),
            "hidden": p(.bool(false), true, .isHidden),
            "doubleSided": p(.bool(true), true, .isDoubleSided),
            "backgroundColor": p(.none, true, .backgroundColor),
            "borderColor": p(.color(.black), true, .borderColor),
            "borderWidth": p(zero, true, .borderWidth),
            "cornerRadius": p(zero, true, .cornerRadius),
            "maskedCorners": p(.opaque(CACornerMask.all), false, .maskedCorners),
            "masksToBounds": p(.bool(false), true, .masksToBounds),
            "contents": p(.none, true),
            "contentsRect": p(unitRect, true),
            "contentsCenter": p(unitRect, true),
            "contentsGravity": p(.opaque(CALayerContentsGravity.resize), false),
            "contentsScale": p(.cg(1), false),
            "minificationFilter": p(.opaque(CALayerContentsFilter.linear), false),
            "magnificationFilter": p(.opaque(CALayerContentsFilter.linear), false),
            "minificationFilterBias": p(.number(0, .float), false),
            "shadowColor": p(.color(.black), true),
            "shadowOpacity": p(.number(0, .float), true),
            "shadowOffset": p(.size(CGSize(width: 0, height: -3)), true),
            "shadowRadius": p(.cg(3), true),
            "shadowPath": p(.none, true),
            "shouldRasterize": p(.bool(false), false),
            "rasterizationScale": p(.cg(1), false),
            "compositingFilter": p(.none, true),
            "filters": p(.none, true),
            "backgroundFilters": p(.none, true),
            "opaque": p(.bool(false), false),
            "geometryFlipped": p(.bool(false), false),
            "needsDisplayOnBoundsChange": p(.bool(false), false),
            "drawsAsynchronously": p(.bool(false), false),
            "allowsEdgeAntialiasing": p(.bool(false), false),
            "allowsGroupOpacity": p(.bool(true), false, .allowsGroupOpacity),
            "cornerCurve": p(.opaque(CALayerCornerCurve.circular), false),
            "edgeAntialiasingMask": p(.opaque(CAEdgeAntialiasingMask.all), false),
            "contentsFormat": p(.opaque(CALayerContentsFormat.RGBA8Uint), false),
            // CAMediaTiming of the layer itself.
            "beginTime": p(.number(0, .double), false),
            "duration": p(.number(0, .double), false),
            "speed": p(.number(1, .float), false),
            "timeOffset": p(.number(0, .double), false),
            "repeatCount": p(.number(0, .float), false),
            "repeatDuration": p(.number(0, .double), false),
            "autoreverses": p(.bool(false), false),
            "fillMode": p(.opaque(CAMediaTimingFillMode.removed), false),
        ]
    }()

    /// Keys of the render slots, for building a `RenderLayer` from sparse storage.
    static let slotted: [(String, _RenderSlot)] = table.compactMap { k, v in v.slot.map { (k, $0) } }
}
