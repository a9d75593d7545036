import Foundation
import Strata

/// A wlr-layer-shell surface (panel, toast, overlay, wallpaper) whose content is a layer tree.
///
/// Throws `.missingGlobal("zwlr_layer_shell_v1")` where the compositor has no layer shell
/// (weston, mutter): layer-shell UI is a wlroots/KDE feature.
public final class LayerShellWindow {
    public let layerSurface: LayerSurface
    private let host: LayerHost
    var layerHost: LayerHost { host }
    /// The root layer; its bounds follow the configured size.
    public var layer: CALayer { host.layer }
    public var width: Int { layerSurface.width }
    public var height: Int { layerSurface.height }
    /// Called after each configure, before the frame at the new size is drawn.
    public var onConfigure: (() -> Void)?
    /// The compositor closed the surface (e.g. its output went away); the default stops the
    /// application.
    public var onClosed: (() -> Void)?
    /// Called on the render thread after each frame is committed.
    public func onFrameCommitted(_ f: @escaping @Sendable (FrameInfo) -> Void) { host.setOnFrameCommitted(f) }

    /// Device pixels per point the content is drawn at: the surface's scale (an output's integer
    /// scale, or the compositor's preferred fractional one), 1 until the compositor says otherwise.
    /// Give layers with bitmap content (text, `draw(in:)`, images) this `contentsScale` to keep
    /// them crisp: as in Core Animation, a plain layer's `contentsScale` stays 1 unless set
    /// (views under a `ViewHost` follow it by themselves).
    public var contentsScale: CGFloat { CGFloat(layerSurface.surface.scale.factor) }
    /// Called on the main thread when `contentsScale` changed (the surface moved to an output of
    /// another scale, or the preferred scale changed), before the frame at the new scale is drawn.
    public var onScaleChange: ((CGFloat) -> Void)?
    private var scaleReporter = _ScaleReporter()

    private func reportScale() { scaleReporter.report(contentsScale, to: onScaleChange) }

    public init(application: Application, configuration: LayerSurface.Configuration, output: WaylandOutput? = nil) throws {
        layerSurface = try LayerSurface(display: application.display, output: output, configuration: configuration)
        host = LayerHost(application: application, surface: layerSurface.surface)
        onClosed = { application.stop() }
        // Acked from the render thread, right before the frame at the configured size.
        layerSurface.acksOnArrival = false
        layerSurface.onConfigure = { [unowned self] in
            self.host.configure(width: self.layerSurface.width, height: self.layerSurface.height,
                                scale: self.layerSurface.surface.scale, ack: .latest(of: self.layerSurface)) {
                [unowned self] in
                self.reportScale()
                self.onConfigure?()
            }
        }
        layerSurface.onClosed = { [unowned self] in self.onClosed?() }
        layerSurface.surface.onScaleChange = { [unowned self] _ in
            guard self.layerSurface.isConfigured else { return }
            self.host.configure(width: self.layerSurface.width, height: self.layerSurface.height,
                                scale: self.layerSurface.surface.scale, update: self.reportScale)
        }
        layerSurface.surface.enableFractionalScale()
    }

    /// Whether `close()` was called.
    public private(set) var isClosed = false

    /// Takes the surface off the screen for good: drawing stops on the render thread, then the
    /// layer surface is destroyed (so no buffer is committed to a surface without its role).
    /// Synchronous: the destroy request is sent before `close` returns. Idempotent; `onClosed`
    /// is not called (it reports the compositor's `closed`).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        host.retire()
        layerSurface.destroy()
    }

    /// Changes anchors, size, exclusive zone, margins, layer or keyboard mode (next commit);
    /// throws `.invalidLayerSurface` for a configuration the protocol forbids. The requests and
    /// their commit go out from the render thread, between frames (a commit from here could
    /// land between a frame's attach and its commit and send the buffer with part of its damage).
    public func apply(_ configuration: LayerSurface.Configuration) throws {
        try layerSurface.apply(configuration) { send in host.onRenderThread(send) }
    }
}
