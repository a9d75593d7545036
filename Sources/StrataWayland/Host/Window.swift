import Foundation
import Strata

/// A toplevel window whose content is a layer tree.
///
/// `layer` is the root: its bounds follow the window's size (logical points, origin 0,0).
/// Server-side decorations are requested where the compositor offers xdg-decoration.
public final class Window {
    public let toplevel: Toplevel
    private let host: LayerHost
    /// The root layer.
    public var layer: CALayer { host.layer }
    public var width: Int { toplevel.width }
    public var height: Int { toplevel.height }
    /// Called after each configure (size or states may have changed).
    public var onConfigure: (() -> Void)?
    /// Called when the compositor asks to close; the default stops the application.
    public var onClose: (() -> Void)?
    /// Called on the render thread after each frame is committed.
    public func onFrameCommitted(_ f: @escaping @Sendable (FrameInfo) -> Void) { host.setOnFrameCommitted(f) }
    /// Called on the render thread when the picture comes to rest (last frame of an animation).
    public func onIdle(_ f: @escaping @Sendable () -> Void) { host.setOnIdle(f) }

    public init(application: Application, title: String, appID: String = "strata.app", width: Int, height: Int) throws {
        toplevel = try Toplevel(display: application.display, title: title, appID: appID, width: width, height: height)
        host = LayerHost(application: application, surface: toplevel.surface)
        host.layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        onClose = { application.stop() }
        toplevel.onConfigure = { [unowned self] in
            self.host.configure(width: self.toplevel.width, height: self.toplevel.height,
                                scale: self.toplevel.surface.scale, update: self.onConfigure)
        }
        toplevel.onClose = { [unowned self] in self.onClose?() }
        toplevel.surface.onScaleChange = { [unowned self] _ in
            guard self.toplevel.isConfigured else { return }
            self.host.configure(width: self.toplevel.width, height: self.toplevel.height, scale: self.toplevel.surface.scale)
        }
        toplevel.surface.enableFractionalScale()
    }
}
