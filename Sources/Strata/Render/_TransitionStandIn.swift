import Foundation

/// Draws a running `CATransition` by standing a small layer tree in for the transitioning layer
/// while the frame is flattened: no new drawing code, and damage, occlusion and clipping work
/// on the stand-in like on any layers.
///
/// The stand-in is a container with the layer's placement (bounds, position, anchor point,
/// transform, zPosition, isDoubleSided) holding two flat copies in its own bounds space: the
/// layer's previous appearance (`transition.from`, the subtree captured at commit) and its new
/// one (the layer itself, which may be hidden: the old appearance then leaves and nothing
/// comes). Both copies are placed with the layer's current anchor point on the container's,
/// so equal bounds coincide and changed bounds keep the anchor point. With `p` the transition's progress (already eased
/// and mapped to start…end progress; clamped to 0…1, NaN counts as 1):
/// - `fade`: the two are crossfaded — old at `1 − p`, new at `p`, added in an isolated group,
///   so crossfading two opaque appearances stays opaque (the two 8-bit alphas sum to 255).
/// - `moveIn`: the new appearance slides in over the old one from the subtype's edge.
/// - `push`: the new appearance slides in and pushes the old one out, side by side.
/// - `reveal`: the old appearance slides out, uncovering the new one.
/// The slide distance is the layer's bounds width (left/right) or height (top/bottom);
/// `fromRight` moves content leftwards, `fromTop` downwards (y grows down); a missing or
/// unknown subtype means `fromLeft`, an unknown type `fade`.
///
/// Where this differs from Core Animation (documented behaviour only): sliding content is not
/// clipped to the layer's bounds (an ancestor's masksToBounds clips it, as for any sublayer),
/// slides move without any extra fading, and the old appearance is drawn without transitions
/// of its own. Ids: the container, the fade groups and every layer of the old copy get ids
/// with a high bit set (``containerBit`` …) so a frame's ids stay unique.
enum _TransitionStandIn {
    static let fromBit: UInt64 = 1 << 62
    static let containerBit: UInt64 = 1 << 61
    static let oldGroupBit: UInt64 = 1 << 60
    static let newGroupBit: UInt64 = 1 << 59

    /// The layer tree drawn instead of `layer`, which runs `t`.
    static func make(_ layer: RenderLayer, _ t: RenderTransition) -> RenderLayer {
        let p = t.progress.isNaN ? 1 : min(max(t.progress, 0), 1)
        let b = layer.bounds
        var container = layer.placeholder(id: layer.id | containerBit)
        let anchor = CGPoint(x: b.minX + layer.anchorPoint.x * b.width, y: b.minY + layer.anchorPoint.y * b.height)

        var new = layer
        new.transition = nil
        var old = t.from.map(oldCopy)
        old?.anchorPoint = layer.anchorPoint
        // Unit vector of the motion: fromRight slides content leftwards.
        let (ux, uy): (Double, Double) = switch t.subtype {
        case "fromRight": (-1, 0)
        case "fromTop": (0, 1)
        case "fromBottom": (0, -1)
        default: (1, 0)
        }
        let w = b.width.isFinite ? Double(b.width) : 0, h = b.height.isFinite ? Double(b.height) : 0
        // Offsets of an entering appearance (slides from −1 to 0) and a leaving one (0 to +1).
        let enter = (x: -(1 - p) * ux * w, y: -(1 - p) * uy * h), leave = (x: p * ux * w, y: p * uy * h)
        switch t.type {
        case "moveIn":
            place(&new, anchor, enter)
            if var o = old { place(&o, anchor, (0, 0)); old = o }
            container.sublayers = (old.map { [$0] } ?? []) + [new]
        case "push":
            place(&new, anchor, enter)
            if var o = old { place(&o, anchor, leave); old = o }
            container.sublayers = (old.map { [$0] } ?? []) + [new]
        case "reveal":
            place(&new, anchor, (0, 0))
            if var o = old { place(&o, anchor, leave); old = o }
            container.sublayers = [new] + (old.map { [$0] } ?? [])
        default:
            // Crossfade: (old × a′ + new × a) with a′ = 255 − a, in a group of its own.
            let a = (p * 255).rounded()
            container.properties["compositingFilter"] = _BlendMode.isolatedGroup
            place(&new, anchor, (0, 0))
            var newGroup = group(layer.id | newGroupBit, b, layer.anchorPoint, anchor, opacity: a / 255, new)
            newGroup.properties["compositingFilter"] = "additionCompositing"
            container.sublayers = [newGroup]
            if var o = old {
                place(&o, anchor, (0, 0))
                container.sublayers.insert(group(layer.id | oldGroupBit, b, layer.anchorPoint, anchor, opacity: (255 - a) / 255, o), at: 0)
            }
        }
        return container
    }

    /// Puts `l` flat in the container's space, its anchor point on `anchor` moved by `offset`.
    private static func place(_ l: inout RenderLayer, _ anchor: CGPoint, _ offset: (x: Double, y: Double)) {
        l.position = CGPoint(x: anchor.x + offset.x, y: anchor.y + offset.y)
        l.transform = .identity
        l.zPosition = 0
        l.anchorPointZ = 0
    }

    /// A plain layer over the container's bounds holding `content`, with `opacity`.
    private static func group(_ id: UInt64, _ b: CGRect, _ anchorPoint: CGPoint, _ anchor: CGPoint, opacity: Double,
                              _ content: RenderLayer) -> RenderLayer {
        var g = RenderLayer(id: id)
        g.bounds = b
        g.anchorPoint = anchorPoint
        g.position = anchor
        g.borderColor = nil
        g.opacity = Float(opacity)
        g.sublayers = [content]
        return g
    }

    /// The captured subtree with every id marked by ``fromBit`` and its own transitions
    /// dropped; iterative, so any nesting depth is fine.
    static func oldCopy(_ root: RenderLayer) -> RenderLayer {
        struct Frame { var layer: RenderLayer; var pending: [RenderLayer]; var next = 0; var done: [RenderLayer] = [] }
        func open(_ l: RenderLayer) -> Frame {
            var l = l
            let children = l.sublayers
            l.sublayers = []
            l.id |= fromBit
            l.transition = nil
            return Frame(layer: l, pending: children)
        }
        var stack = [open(root)]
        while true {
            let i = stack.count - 1
            if stack[i].next < stack[i].pending.count {
                let child = stack[i].pending[stack[i].next]
                stack[i].next += 1
                stack.append(open(child))
                continue
            }
            var f = stack.removeLast()
            f.layer.sublayers = f.done
            if stack.isEmpty { return f.layer }
            stack[stack.count - 1].done.append(f.layer)
        }
    }
}
