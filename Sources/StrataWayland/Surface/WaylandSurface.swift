/// A `wl_surface` with the bookkeeping every role needs: the outputs it is on (for the integer
/// buffer scale), fractional scale, and buffer attachment with damage.
///
/// Protocol obligations kept here:
/// - the buffer attached is always a whole multiple of `bufferScale` in both dimensions
///   (a buffer not divisible by the scale is a protocol error on some compositors);
/// - damage is sent in buffer coordinates (`damage_buffer`, wl_compositor ≥ 4);
public final class WaylandSurface {
    public let display: WaylandDisplay
    public let surface: WlSurface
    /// Outputs the surface is currently on.
    public private(set) var enteredOutputs: [WlOutput] = []
    private var appliedBufferScale = 1
    private var appliedDestination: (Int32, Int32)?
    private var _viewport: WpViewport?
    private var fractionalScale: WpFractionalScaleV1?
    /// The compositor's preferred fractional scale in 120ths, once announced.
    public private(set) var preferredScale120: Int?
    /// Called when the scale to render at may have changed (outputs entered/left, fractional scale).
    public var onScaleChange: ((SurfaceScale) -> Void)?
    private var idleInhibitor: ZwpIdleInhibitorV1?

    /// Keeps the screen from blanking, dimming or locking while this surface is visible (a
    /// video, a presentation): a `zwp_idle_inhibitor_v1` exists for the surface while this is
    /// true. Compositors honour it only while the surface is visible. Where the compositor lacks
    /// the protocol (weston, mutter 43) setting it does nothing: see `canInhibitIdle`.
    public var inhibitsIdle = false {
        didSet {
            guard inhibitsIdle != oldValue else { return }
            // Dropping the inhibitor destroys it (its destructor request): idle is allowed again.
            idleInhibitor = inhibitsIdle ? display.idleInhibitManager?.createInhibitor(surface: surface) : nil
        }
    }

    /// Whether the compositor offers idle inhibition.
    public var canInhibitIdle: Bool { display.idleInhibitManager != nil }

    public init(display: WaylandDisplay) {
        self.display = display
        surface = display.compositor.createSurface()
        SurfaceDirectory.shared.register(self)  // lets input events name this surface
        surface.onEvent = { [unowned self] event in
            switch event {
            case let .enter(output):
                if let output, !self.enteredOutputs.contains(where: { $0 === output }) {
                    self.enteredOutputs.append(output)
                    self.onScaleChange?(self.scale)
                }
            case let .leave(output):
                self.enteredOutputs.removeAll { $0 === output }
                self.onScaleChange?(self.scale)
            }
        }
    }

    /// Asks for the compositor's preferred fractional scale (`wp_fractional_scale_v1`); returns
    /// false when the compositor lacks fractional scaling or a viewporter.
    @discardableResult
    public func enableFractionalScale() -> Bool {
        guard fractionalScale == nil else { return true }
        guard let manager = display.fractionalScaleManager, display.viewporter != nil else { return false }
        let fs = manager.getFractionalScale(surface: surface)
        fs.onEvent = { [unowned self] event in
            if case let .preferredScale(scale) = event {
                self.preferredScale120 = Int(scale)
                self.onScaleChange?(self.scale)
            }
        }
        fractionalScale = fs
        return true
    }

    /// The scale to render at: the fractional one when announced, else the outputs' integer one.
    public var scale: SurfaceScale {
        if let n = preferredScale120, display.viewporter != nil { return .fractional(n) }
        return .integer(preferredScale)
    }

    private func viewport() -> WpViewport? {
        if let v = _viewport { return v }
        _viewport = display.viewporter?.getViewport(surface: surface)
        return _viewport
    }

    /// The largest integer scale among the outputs the surface is on (1 when on none).
    public var preferredScale: Int {
        enteredOutputs.compactMap { display.output(for: $0)?.scale }.map(Int.init).max() ?? 1
    }

    /// Attaches `buffer` with `damage` (buffer-pixel rectangles: x, y, width, height), setting
    /// the buffer scale or the viewport destination as `scale` says. Does not commit.
    public func attach(_ buffer: ShmBuffer, scale: SurfaceScale, logicalSize: (width: Int, height: Int),
                       damage: [(Int32, Int32, Int32, Int32)]) {
        if scale.usesViewport, let viewport = viewport() {
            if appliedBufferScale != 1 { surface.setBufferScale(scale: 1); appliedBufferScale = 1 }
            let dest = (Int32(max(1, logicalSize.width)), Int32(max(1, logicalSize.height)))
            if appliedDestination.map({ $0 != dest }) ?? true {
                viewport.setDestination(width: dest.0, height: dest.1)
                appliedDestination = dest
            }
        } else if scale.bufferScale != appliedBufferScale {
            surface.setBufferScale(scale: Int32(scale.bufferScale))
            appliedBufferScale = scale.bufferScale
        }
        surface.attach(buffer: buffer.wlBuffer, x: 0, y: 0)
        for (x, y, w, h) in damage {
            surface.damageBuffer(x: x, y: y, width: w, height: h)
        }
    }

    public func commit() {
        surface.commit()
    }
}
