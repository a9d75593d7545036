/// Produces one surface's pixels, frame by frame.
public protocol FrameProducer: AnyObject {
    /// Renders the frame for media time `time` into `buffer` (`scale` device pixels per point).
    /// `age` is the buffer's age (0: contents undefined, repaint everything). Returns the damage
    /// of this frame relative to the previous frame, in buffer pixels (x, y, width, height);
    /// the presenter adds what an older buffer is missing.
    func renderFrame(at time: Double, into buffer: ShmBuffer, age: Int, scale: Int) -> [(Int32, Int32, Int32, Int32)]
    /// Whether the picture may change after `time` (an animation is running).
    func isAnimating(after time: Double) -> Bool
}

/// Drives a surface's frames: draws when something changed, paces animation with frame callbacks,
/// and stays idle (no callbacks, no wakeups) when nothing moves.
///
/// - A change while idle draws at once; while a frame callback is pending it is drawn when the
///   callback fires (never more than one frame per callback).
/// - When every buffer is held by the compositor, the frame is drawn when one is released.
/// - A hidden surface gets no callbacks and so draws nothing; the media clock keeps running, so
///   the first frame after it becomes visible shows the current time.
public final class FramePresenter {
    public let surface: WaylandSurface
    public let pool: BufferPool
    public weak var producer: FrameProducer?
    /// The media clock (seconds); frames are rendered for its value when they are drawn.
    public var clock: () -> Double
    /// Logical size in points; the buffer is `size × scale` pixels.
    public var size: (width: Int, height: Int) = (1, 1) { didSet { setNeedsFrame() } }
    public var scale: Int = 1 { didSet { if scale != oldValue { setNeedsFrame() } } }
    /// Set false until the role is configured (e.g. xdg toplevel before its first configure).
    public var canDraw = false { didSet { if canDraw { setNeedsFrame() } } }
    /// Called after every frame is committed, with its media time (tests and benchmarks).
    public var onFramePresented: ((Double) -> Void)?
    /// Called after an animation's last frame has been committed (the picture is at rest).
    public var onIdle: (() -> Void)?

    private var dirty = true
    private var waitingForBuffer = false
    private var lastDrawError: Error?

    public init(surface: WaylandSurface, producer: FrameProducer, clock: @escaping () -> Double) {
        self.surface = surface
        self.producer = producer
        self.clock = clock
        pool = BufferPool(shm: surface.display.shm)
        pool.onBufferReleased = { [unowned self] in
            if self.waitingForBuffer {
                self.waitingForBuffer = false
                self.draw()
            }
        }
    }

    /// Something changed: draw now if idle, else on the next frame callback.
    public func setNeedsFrame() {
        dirty = true
        if canDraw && !surface.isWaitingForFrame && !waitingForBuffer {
            draw()
        }
    }

    private func draw() {
        guard canDraw, let producer else { return }
        let w = max(1, size.width) * scale, h = max(1, size.height) * scale
        let buffer: ShmBuffer
        do {
            guard let b = try pool.acquire(width: w, height: h) else {
                waitingForBuffer = true
                return
            }
            buffer = b
        } catch {
            if lastDrawError == nil { pool.log("strata: cannot draw: \(error)") }
            lastDrawError = error
            return
        }
        let time = clock()
        let age = pool.age(of: buffer)
        let damage = producer.renderFrame(at: time, into: buffer, age: age, scale: scale)
        pool.didPaint(buffer)
        dirty = false
        surface.attach(buffer, scale: scale, damage: damage)
        let animating = producer.isAnimating(after: time)
        if animating {
            surface.requestFrame { [unowned self] _ in self.frameDone() }
        }
        surface.commit()
        onFramePresented?(time)
        if !animating { onIdle?() }
    }

    /// The callback was requested because an animation is running: draw its next frame (the
    /// last one, once the animation has ended, requests no further callback).
    private func frameDone() {
        draw()
    }
}
