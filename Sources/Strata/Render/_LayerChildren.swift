/// Storage of a ``RenderLayer``'s sublayers and mask, released without recursion.
///
/// Swift destroys nested arrays recursively: freeing a 10 000-deep tree of plain
/// `[RenderLayer]` arrays takes a few hundred bytes of stack per level and overflows a 1 MiB
/// thread stack (debug and release alike). This box's `deinit` instead detaches the boxes of
/// its descendants that nothing else references onto an explicit stack and releases them one
/// level at a time, so a tree of any depth is freed in constant stack on any thread.
///
/// Copy-on-write: ``RenderLayer`` mutates a box in place only when it holds the only
/// reference, and copies it otherwise; a box reachable from several values is never mutated.
final class _LayerChildren: @unchecked Sendable {
    // Unchecked: mutated only through a uniquely referenced box (see RenderLayer's accessors),
    // so values sharing a box across threads only ever read it.
    var sublayers: [RenderLayer]
    /// Zero or one element (an array gives the recursive optional its indirection).
    var mask: [RenderLayer]

    init(sublayers: [RenderLayer] = [], mask: [RenderLayer] = []) {
        self.sublayers = sublayers
        self.mask = mask
    }

    func copy() -> _LayerChildren { _LayerChildren(sublayers: sublayers, mask: mask) }

    deinit {
        var pending: [_LayerChildren] = []
        Self.detach(&sublayers, into: &pending)
        Self.detach(&mask, into: &pending)
        while let box = pending.popLast() {
            Self.detach(&box.sublayers, into: &pending)
            Self.detach(&box.mask, into: &pending)
            // `box` is released here; its layers hold no boxes of their own any more, so its
            // deinit goes no deeper.
        }
    }

    /// Moves the boxes only `layers` reference onto `pending` (shared ones stay: another
    /// value keeps them alive, releasing our reference does not recurse).
    private static func detach(_ layers: inout [RenderLayer], into pending: inout [_LayerChildren]) {
        for i in layers.indices where layers[i]._children != nil {
            guard isKnownUniquelyReferenced(&layers[i]._children) else { continue }
            pending.append(layers[i]._children!)
            layers[i]._children = nil
        }
    }
}
