import Foundation

extension RenderTree {
    /// The container of instance `i` of replicator `replicator`, holding `subs` (its sublayers
    /// evaluated `i × delay` seconds earlier; renumbered here for i ≥ 1), transformed by the
    /// instance transform to the power i about the replicator's anchor point and tinted by the
    /// instance colour. A container covers the replicator's bounds exactly (its position is the
    /// bounds' centre in the replicator's own space, anchor (0.5, 0.5)), so with an identity
    /// transform it maps points to themselves; its transform pivots about the bounds' centre,
    /// shifted to the anchor point when that is not (0.5, 0.5).
    static func replicaContainer(_ r: _Replication, instance i: Int, of replicator: RenderLayer,
                                 holding subs: [RenderLayer]) -> RenderLayer {
        let b = replicator.bounds
        let pivot = CGPoint(x: b.origin.x + replicator.anchorPoint.x * b.width, y: b.origin.y + replicator.anchorPoint.y * b.height)
        let centre = CGPoint(x: b.midX, y: b.midY)
        var container = RenderLayer(id: _Replication.containerID(replicator.id, i))
        container.bounds = b
        container.position = centre
        let t = r.transform(i)
        if t != .identity {
            // The container pivots about its centre; conjugating by the centre → anchor offset
            // makes the instance transform pivot about the anchor point instead.
            let shift = CATransform3DMakeTranslation(pivot.x - centre.x, pivot.y - centre.y, 0)
            let unshift = CATransform3DMakeTranslation(centre.x - pivot.x, centre.y - pivot.y, 0)
            container.transform = CATransform3DConcat(CATransform3DConcat(unshift, t), shift)
        }
        container.colorMultiplier = r.tint(i)
        var subs = subs
        if i > 0 { for k in subs.indices { _Replication.renumber(&subs[k], instance: i) } }
        container.sublayers = subs
        return container
    }
}
