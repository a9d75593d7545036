import Foundation

extension RenderTree {
    /// The sublayers of replicator node `n` as drawn: one container per instance, each holding
    /// the sublayers evaluated `i × delay` seconds earlier, transformed by the instance
    /// transform to the power i about the replicator's anchor point and tinted by the instance
    /// colour. A container covers the replicator's bounds exactly (its position is the bounds'
    /// centre in the replicator's own space, anchor (0.5, 0.5)), so with an identity transform
    /// it maps points to themselves; its transform pivots about the bounds' centre, shifted to
    /// the anchor point when that is not (0.5, 0.5). Called with the lock held.
    func replicate(_ n: Node, _ r: _Replication, of replicator: RenderLayer, parentTime local: Double,
                   tiles: _TiledFrame?) -> [RenderLayer] {
        guard r.count > 0 else { return [] }
        let b = replicator.bounds
        let pivot = CGPoint(x: b.origin.x + replicator.anchorPoint.x * b.width, y: b.origin.y + replicator.anchorPoint.y * b.height)
        let centre = CGPoint(x: b.midX, y: b.midY)
        // The container pivots about its centre; conjugating by the centre → anchor offset
        // makes the instance transform pivot about the anchor point instead.
        let shift = CATransform3DMakeTranslation(pivot.x - centre.x, pivot.y - centre.y, 0)
        let unshift = CATransform3DMakeTranslation(centre.x - pivot.x, centre.y - pivot.y, 0)
        var out: [RenderLayer] = []
        out.reserveCapacity(r.count)
        for i in 0..<r.count {
            var container = RenderLayer(id: _Replication.containerID(replicator.id, i))
            container.bounds = b
            container.position = centre
            let t = r.transform(i)
            if t != .identity { container.transform = CATransform3DConcat(CATransform3DConcat(unshift, t), shift) }
            container.colorMultiplier = r.tint(i)
            var subs: [RenderLayer] = []
            subs.reserveCapacity(n.children.count)
            // Tiles are requested for the sublayers themselves only (instance 0).
            for c in n.children { build(c, parentTime: local - Double(i) * r.delay, into: &subs, tiles: i == 0 ? tiles : nil) }
            if i > 0 { for k in subs.indices { _Replication.renumber(&subs[k], instance: i) } }
            container.sublayers = subs
            out.append(container)
        }
        return out
    }
}
