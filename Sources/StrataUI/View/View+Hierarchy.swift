import Foundation
import Strata

/// The view tree. Each subview's layer is a sublayer of its superview's layer, in the same
/// order (other sublayers a view adds to its own layer may sit in between).
///
/// Bad input has documented outcomes: adding a view to itself or to one of its descendants
/// (a cycle) is ignored; indices beyond the end append; negative ones insert first; exchanging
/// or moving views that are not subviews does nothing.
extension View {
    public var superview: View? { _superview }
    /// Back to front.
    public var subviews: [View] { _subviews }

    public func addSubview(_ view: View) { insertSubview(view, at: _subviews.count) }

    public func insertSubview(_ view: View, at index: Int) {
        guard !_isOrDescends(from: view) else { return }
        if view._superview === self, let cur = _subviews.firstIndex(where: { $0 === view }) {
            _subviews.remove(at: cur)
            _place(view, at: max(0, min(index, _subviews.count)))
            return
        }
        // Moving from another superview: that one hears of it as of a removal (UIKit).
        view._superview?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        view._detach()
        view._superview = self
        _place(view, at: max(0, min(index, _subviews.count)))
        if let scale = _treeHostContentScale { view._applyHostContentScale(scale) }
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let i = _subviews.firstIndex(where: { $0 === sibling }) else { addSubview(view); return }
        let cur = _subviews.firstIndex(where: { $0 === view })
        insertSubview(view, at: cur.map { $0 < i ? i : i + 1 } ?? i + 1)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let i = _subviews.firstIndex(where: { $0 === sibling }) else { insertSubview(view, at: 0); return }
        let cur = _subviews.firstIndex(where: { $0 === view })
        insertSubview(view, at: cur.map { $0 < i ? i - 1 : i } ?? i)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view._superview === self else { return }
        insertSubview(view, at: _subviews.count)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view._superview === self else { return }
        insertSubview(view, at: 0)
    }

    public func exchangeSubview(at i: Int, withSubviewAt j: Int) {
        guard _subviews.indices.contains(i), _subviews.indices.contains(j), i != j else { return }
        let a = _subviews[i], b = _subviews[j]
        insertSubview(a, at: j)
        insertSubview(b, at: i)
    }

    /// Whether keys sent to this view reach it: it and its ancestors are shown and take input
    /// (UIKit ignores keyboard events for views with isUserInteractionEnabled false, and hidden
    /// views receive no input).
    var _takesKeys: Bool {
        var v: View? = self
        while let c = v {
            if c.isHidden || !c.isUserInteractionEnabled { return false }
            v = c._superview
        }
        return true
    }

    public func removeFromSuperview() {
        guard let parent = _superview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        _detach()
        didMoveToSuperview()
    }

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let c = v {
            if c === view { return true }
            v = c._superview
        }
        return false
    }

    /// The first view with `tag` in a depth-first search starting with this view.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for s in _subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }

    // MARK: Internals

    final func _isOrDescends(from view: View) -> Bool { isDescendant(of: view) }

    /// Inserts `view` into `_subviews` at `index` and its layer just above the previous
    /// subview's layer (or just below the next one's, or last).
    private func _place(_ view: View, at index: Int) {
        _subviews.insert(view, at: index)
        let layers = layer.sublayers ?? []
        // Indices are positions before any removal of `view.layer` from this layer: that is
        // how `insertSublayer(_:at:)` reads them when the layer moves within its superlayer.
        var target = layers.count
        if index > 0, let i = layers.firstIndex(where: { $0 === _subviews[index - 1].layer }) {
            target = i + 1
        } else if index + 1 < _subviews.count, let i = layers.firstIndex(where: { $0 === _subviews[index + 1].layer }) {
            target = i
        }
        layer.insertSublayer(view.layer, at: UInt32(clamping: target))
        setNeedsLayout()
    }

    /// Takes the view out of its superview (tree and layer) and tells the router, which drops
    /// focus, hover and touches that belonged to the subtree.
    final func _detach() {
        guard let parent = _superview else { return }
        parent.router?._subtreeWillLeave(self)
        parent._subviews.removeAll { $0 === self }
        _superview = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
    }
}
