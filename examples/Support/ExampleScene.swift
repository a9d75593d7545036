import Foundation
import Strata
import StrataWayland

/// One example's content: the initial layer tree and what starts its animations.
///
/// `build` runs inside a transaction with actions disabled (nothing animates); `start` runs at
/// animation time 0 inside a transaction whose completion prints `strata: resting` in live runs.
public protocol ExampleScene: AnyObject {
    var title: String { get }
    var width: Int { get }
    var height: Int { get }
    /// Non-nil: the example is a wlr-layer-shell surface (panel, toast) instead of a toplevel.
    var layerShell: LayerSurface.Configuration? { get }
    func build(root: CALayer)
    func start(root: CALayer)
}

extension ExampleScene {
    public var layerShell: LayerSurface.Configuration? { nil }
    public func start(root: CALayer) {}
}

/// Writes one line to stdout at once (unbuffered), so tests reading the pipe see it in order.
public func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
