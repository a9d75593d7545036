import Foundation
@testable import StrataUI
import Strata

/// The view-animation suites' scene: a committed 400×300 root with a render tree, holding one
/// 100×100 view at center (50, 50), with `background` if given.
func animationScene(background: CGColor? = nil) -> (tree: RenderTree, root: View, view: View) {
    let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    let tree = RenderTree(root: root.layer)
    let v = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    if let background { v.backgroundColor = background }
    root.addSubview(v)
    CATransaction.flush()
    return (tree, root, v)
}
