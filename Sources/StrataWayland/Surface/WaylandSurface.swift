/// A `wl_surface` with the bookkeeping every role needs: the outputs it is on (for the integer
/// buffer scale), frame callbacks, and buffer attachment with damage.
///
/// Protocol obligations kept here:
/// - the buffer attached is always a whole multiple of `bufferScale` in both dimensions
///   (a buffer not divisible by the scale is a protocol error on some compositors);
/// - damage is sent in buffer coordinates (`damage_buffer`, wl_compositor ≥ 4);
/// - at most one frame callback is outstanding; its `done` is delivered once through the
///   closure passed to `requestFrame`.
public final class WaylandSurface {
    public let display: WaylandDisplay
    public let surface: WlSurface
    /// Outputs the surface is currently on.
    public private(set) var enteredOutputs: [WlOutput] = []
    private var frameCallback: WlCallback?
    /// Called when the preferred integer scale changes.
    public var onScaleChange: ((Int) -> Void)?

    public init(display: WaylandDisplay) {
        self.display = display
        surface = display.compositor.createSurface()
        surface.onEvent = { [unowned self] event in
            switch event {
            case let .enter(output):
                if let output, !self.enteredOutputs.contains(where: { $0 === output }) {
                    self.enteredOutputs.append(output)
                    self.onScaleChange?(self.preferredScale)
                }
            case let .leave(output):
                self.enteredOutputs.removeAll { $0 === output }
                self.onScaleChange?(self.preferredScale)
            }
        }
    }

    /// The largest integer scale among the outputs the surface is on (1 when on none).
    public var preferredScale: Int {
        enteredOutputs.compactMap { display.output(for: $0)?.scale }.map(Int.init).max() ?? 1
    }

    /// True while a frame callback is outstanding.
    public var isWaitingForFrame: Bool { frameCallback != nil }

    /// Requests a frame callback (once; a second request while one is pending is ignored).
    /// `done` gets the compositor's timestamp in milliseconds (undefined base).
    public func requestFrame(_ done: @escaping (UInt32) -> Void) {
        guard frameCallback == nil else { return }
        let cb = surface.frame()
        cb.onEvent = { [unowned self] event in
            if case let .done(time) = event {
                self.frameCallback = nil
                done(time)
            }
        }
        frameCallback = cb
    }

    /// Attaches `buffer` with `damage` (buffer-pixel rectangles: x, y, width, height).
    /// Does not commit.
    public func attach(_ buffer: ShmBuffer, scale: Int, damage: [(Int32, Int32, Int32, Int32)]) {
        surface.setBufferScale(scale: Int32(scale))
        surface.attach(buffer: buffer.wlBuffer, x: 0, y: 0)
        for (x, y, w, h) in damage {
            surface.damageBuffer(x: x, y: y, width: w, height: h)
        }
    }

    public func commit() {
        surface.commit()
    }
}
