/// A wlr-layer-shell surface: a panel, toast, wallpaper or overlay anchored to output edges.
///
/// Protocol obligations kept here: the role is assigned before any buffer; the first commit is
/// buffer-less and the compositor answers with `configure`, which is acked before the first
/// buffer; a configured size of 0 on an axis keeps the size asked for; `closed` means the
/// surface is gone for good (e.g. its output was removed) and must be destroyed.
public final class LayerSurface {
    public typealias Layer = ZwlrLayerShellV1.Layer
    public typealias Anchor = ZwlrLayerSurfaceV1.Anchor
    public typealias KeyboardInteractivity = ZwlrLayerSurfaceV1.KeyboardInteractivity

    /// What to ask of the compositor; changing it later needs a commit (`apply`).
    public struct Configuration: Sendable {
        public var layer: Layer = .top
        public var anchor: Anchor = []
        /// Requested size; 0 on an axis = stretch between the opposite anchors on that axis.
        public var width = 0
        public var height = 0
        public var exclusiveZone = 0
        public var margins: (top: Int, right: Int, bottom: Int, left: Int) = (0, 0, 0, 0)
        public var keyboardInteractivity: KeyboardInteractivity = .none
        public var namespace = "strata"

        public init() {}

        /// Why the compositor would refuse this configuration (wlr-layer-shell: a size of 0 on
        /// an axis needs anchors on both of that axis's edges, or it is a protocol error that
        /// ends the connection — kwin raises it), or nil when it is valid.
        public var problem: String? {
            if width <= 0 && !(anchor.contains(.left) && anchor.contains(.right)) {
                return "a width of 0 (stretch) needs anchors on both the left and the right edge"
            }
            if height <= 0 && !(anchor.contains(.top) && anchor.contains(.bottom)) {
                return "a height of 0 (stretch) needs anchors on both the top and the bottom edge"
            }
            return nil
        }
    }

    public let surface: WaylandSurface
    public let layerSurface: ZwlrLayerSurfaceV1
    public private(set) var configuration: Configuration
    /// The size the compositor configured (logical units).
    public private(set) var width: Int
    public private(set) var height: Int
    /// Whether each configure is acked as it arrives (the default); see `Toplevel.acksOnArrival`.
    public var acksOnArrival = true
    /// The serial of the latest configure.
    public private(set) var configureSerial: UInt32 = 0
    public private(set) var isConfigured = false

    public var onConfigure: (() -> Void)?
    /// The compositor closed the surface; it will never be shown again.
    public var onClosed: (() -> Void)?

    /// Throws `.missingGlobal("zwlr_layer_shell_v1")` on compositors without layer shell
    /// (weston, mutter), and `.invalidLayerSurface` for a configuration the protocol forbids
    /// (see `Configuration.problem`) before anything is sent.
    public init(display: WaylandDisplay, output: WaylandOutput? = nil, configuration: Configuration) throws {
        guard let shell = display.layerShell else {
            throw WaylandError.missingGlobal(interface: "zwlr_layer_shell_v1", minimumVersion: 1)
        }
        if let problem = configuration.problem { throw WaylandError.invalidLayerSurface(reason: problem) }
        self.configuration = configuration
        width = max(1, configuration.width)
        height = max(1, configuration.height)
        surface = WaylandSurface(display: display)
        layerSurface = shell.getLayerSurface(surface: surface.surface, output: output?.output,
                                             layer: configuration.layer, namespace: configuration.namespace)
        layerSurface.onEvent = { [unowned self] event in
            switch event {
            case let .configure(serial, w, h):
                self.configureSerial = serial
                if self.acksOnArrival { self.layerSurface.ackConfigure(serial: serial) }
                if w > 0 { self.width = min(Int(w), Toplevel.maximumDimension) }
                if h > 0 { self.height = min(Int(h), Toplevel.maximumDimension) }
                self.isConfigured = true
                self.onConfigure?()
            case .closed:
                self.isConfigured = false
                self.onClosed?()
            }
        }
        send(configuration)
        surface.commit()
    }

    /// Sends `zwlr_layer_surface_v1.ack_configure(serial)` unless the layer surface is gone.
    /// Callable from the render thread.
    public func acknowledge(serial: UInt32) {
        guard !layerSurface.isDestroyed else { return }
        layerSurface.ackConfigure(serial: serial)
    }

    /// Destroys the layer surface (the role object; the wl_surface goes when its last owner
    /// drops it). No events arrive afterwards. Idempotent.
    public func destroy() {
        isConfigured = false
        layerSurface.destroy()
    }

    /// Changes the configuration; takes effect with the next commit (sent here). Throws
    /// `.invalidLayerSurface` for a configuration the protocol forbids (nothing is sent then).
    public func apply(_ c: Configuration) throws {
        try apply(c) { send in send() }
    }

    /// `apply(_:)` with the requests and their commit sent by `deliver` (it is handed the
    /// sending, and may run it on another thread: `LayerShellWindow` sends it from its render
    /// thread so that it cannot land between a frame's attach and that frame's commit).
    func apply(_ c: Configuration, deliver: (@escaping @Sendable () -> Void) -> Void) throws {
        if let problem = c.problem { throw WaylandError.invalidLayerSurface(reason: problem) }
        configuration = c
        guard !layerSurface.isDestroyed else { return }
        nonisolated(unsafe) let target = self
        deliver {
            guard !target.layerSurface.isDestroyed else { return }
            target.send(c)
            target.surface.commit()
        }
    }

    private func send(_ c: Configuration) {
        layerSurface.setSize(width: UInt32(max(0, c.width)), height: UInt32(max(0, c.height)))
        layerSurface.setAnchor(anchor: c.anchor)
        layerSurface.setExclusiveZone(zone: Int32(clamping: c.exclusiveZone))
        layerSurface.setMargin(top: Int32(clamping: c.margins.top), right: Int32(clamping: c.margins.right),
                               bottom: Int32(clamping: c.margins.bottom), left: Int32(clamping: c.margins.left))
        // on_demand exists from version 4; older compositors (kwin speaks v3) get none instead.
        var k = c.keyboardInteractivity
        if k == .onDemand && layerSurface.version < 4 { k = .none }
        layerSurface.setKeyboardInteractivity(keyboardInteractivity: k)
        if layerSurface.version >= 2 { layerSurface.setLayer(layer: c.layer) }
    }
}
