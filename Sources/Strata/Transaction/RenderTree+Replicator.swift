import Foundation

extension RenderTree {
    /// The container of instance `i` of replicator `replicator`, holding `subs` (its sublayers
    /// evaluated `i × delay` seconds earlier; renumbered here for i ≥ 1), transformed by the
    /// instance transform to the power i about the centre of the replicator's bounds (Apple: "the
    /// matrix is applied relative to the center of this layer") and tinted by the instance
    /// colour. A container covers the replicator's bounds exactly (its position is the bounds'
    /// centre in the replicator's own space, anchor (0.5, 0.5)), so with an identity transform it
    /// maps points to themselves, and its transform pivots about that centre.
    static func replicaContainer(_ r: _Replication, instance i: Int, of replicator: RenderLayer,
                                 holding subs: [RenderLayer]) -> RenderLayer {
        let b = replicator.bounds
        var container = RenderLayer(id: _Replication.containerID(replicator.id, i))
        container.bounds = b
        container.position = CGPoint(x: b.midX, y: b.midY)
        let t = r.transform(i)
        if t != .identity { container.transform = t }
        container.colorMultiplier = r.tint(i)
        var subs = subs
        if i > 0 { for k in subs.indices { _Replication.renumber(&subs[k], instance: i) } }
        container.sublayers = subs
        return container
    }
}
