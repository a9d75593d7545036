import Foundation

/// A `CAReplicatorLayer`'s evaluated instance parameters, read from its presentation state,
/// and how instance *i* differs from the sublayers themselves (see ``CAReplicatorLayer``).
struct _Replication {
    var count: Int
    var delay: Double
    var transform: CATransform3D
    /// instanceColor (r, g, b, a), white by default.
    var color: SIMD4<Double>
    var offsets: SIMD4<Double>

    /// nil unless `extras` belong to a replicator.
    init?(_ extras: [String: _AnimValue]) {
        guard case let .opaque(kind)? = extras[CAGradientLayer.kindKey], kind as? String == CAReplicatorLayer.kind else {
            return nil
        }
        let n = extras["instanceCount"]?.number ?? 1
        count = n.isNaN ? 1 : Int(min(max(n.rounded(), 0), Double(CAReplicatorLayer.maximumInstanceCount)))
        let d = extras["instanceDelay"]?.number ?? 0
        delay = d.isFinite ? d : 0
        transform = extras["instanceTransform"]?.transform ?? .identity
        if let c = extras["instanceColor"]?.color {
            color = SIMD4(Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
        } else {
            color = SIMD4(1, 1, 1, 1)
        }
        func offset(_ k: String) -> Double { extras[k]?.number.flatMap { $0.isFinite ? $0 : nil } ?? 0 }
        offsets = SIMD4(offset("instanceRedOffset"), offset("instanceGreenOffset"), offset("instanceBlueOffset"),
                        offset("instanceAlphaOffset"))
    }

    /// Whether the sublayers are drawn other than once, untinted (else the replicator draws
    /// like a plain layer).
    var changesSublayers: Bool { count != 1 || tint(0) != nil }

    /// The colour multiplying instance `i`, nil when it is opaque white (no change).
    func tint(_ i: Int) -> CGColor? {
        var c = color + Double(i) * offsets
        c = c.replacing(with: 0, where: .!(c .> 0)).replacing(with: 1, where: c .> 1)  // NaN → 0
        guard c != SIMD4(1, 1, 1, 1) else { return nil }
        return CGColor(red: c.x, green: c.y, blue: c.z, alpha: c.w)
    }

    /// `transform` applied `i` times (i ≥ 0), by squaring: at most 2·log2(i) products.
    func transform(_ i: Int) -> CATransform3D {
        var result = CATransform3D.identity, base = transform, e = i
        while e > 0 {
            if e & 1 == 1 { result = CATransform3DConcat(result, base) }
            base = CATransform3DConcat(base, base)
            e >>= 1
        }
        return result
    }

    /// The id of the container that holds instance `i` of replicator `id`'s sublayers, and
    /// the id a layer of instance `i` ≥ 1 takes (instance 0 keeps the sublayers' own ids):
    /// distinct from every model layer's id (those count up from 1) and from each other's.
    static func containerID(_ id: UInt64, _ i: Int) -> UInt64 {
        1 << 63 | (id &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(i) &* 0xC2B2_AE3D_27D4_EB4F) >> 2
    }

    static func copyID(_ id: UInt64, _ i: Int) -> UInt64 {
        1 << 63 | 1 << 62 | (id &* 0xD6E8_FEB8_6659_FD93 ^ UInt64(i) &* 0x9E37_79B9_7F4A_7C15) >> 2
    }

    /// Gives `layer` and everything under it (sublayers, masks, transition sources) the ids of
    /// instance `i`. Iterative (any depth): each layer's sublayers, mask and transition source
    /// are taken out while their subtrees are renumbered, then put back.
    static func renumber(_ layer: inout RenderLayer, instance i: Int) {
        struct Frame {
            var layer: RenderLayer
            /// Sublayers still to renumber (last first) and those done.
            var pending: [RenderLayer]
            var done: [RenderLayer] = []
            /// 0: sublayers, 1: mask, 2: transition source, 3: finished.
            var stage = 0
        }
        func open(_ l: inout RenderLayer) -> Frame {
            l.id = copyID(l.id, i)
            var f = Frame(layer: RenderLayer(id: 0), pending: [])
            swap(&f.layer, &l)
            if !f.layer.sublayers.isEmpty {
                f.pending = f.layer.sublayers.reversed()
                f.layer.sublayers = []
            }
            return f
        }
        var stack = [open(&layer)]
        while let top = stack.indices.last {
            var child: RenderLayer?
            switch stack[top].stage {
            case 0:
                child = stack[top].pending.popLast()
                if child == nil {
                    if !stack[top].done.isEmpty {
                        stack[top].layer.sublayers = stack[top].done
                        stack[top].done = []
                    }
                    stack[top].stage = 1
                }
            case 1:
                if let m = stack[top].layer.mask {
                    child = m
                    stack[top].layer.mask = nil
                }
                stack[top].stage = 2
            case 2:
                if var t = stack[top].layer.transition, let from = t.from {
                    child = from
                    t.from = nil
                    stack[top].layer.transition = t
                }
                stack[top].stage = 3
            default:
                var finished = stack.removeLast()
                guard let p = stack.indices.last else {
                    swap(&layer, &finished.layer)
                    return
                }
                // The parent's stage is the one after the slot this layer came from.
                switch stack[p].stage {
                case 0: stack[p].done.append(finished.layer)
                case 2: stack[p].layer.mask = finished.layer
                default: stack[p].layer.transition?.from = finished.layer
                }
                continue
            }
            if var c = child { stack.append(open(&c)) }
        }
    }
}
