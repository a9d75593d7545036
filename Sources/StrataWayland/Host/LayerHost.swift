import Foundation
import Strata

/// Binds a root `CALayer` to a surface: commits reach the render thread, which draws frames.
///
/// Owned by the main thread; the presenter lives on the render thread and is reached through
/// `RenderThread.perform`.
final class LayerHost: @unchecked Sendable {
    let layer: CALayer
    let tree: RenderTree
    let presenter: FramePresenter
    private let producer: LayerTreeProducer
    private let renderThread: RenderThread
    /// Display links added to this host's frames (main thread), retained while added.
    private var displayLinks: [CADisplayLink] = []
    /// Whether the presenter was told to draw every frame for them.
    private var ticking = false
    /// The display links' rate the presenter ticks at (∞: every frame).
    private var tickRates: [Double] = [.infinity]
    /// Runs once, on the main thread, after the first frame is committed (the surface is mapped).
    var onFirstFrameCommitted: (() -> Void)?

    init(application: Application, surface: WaylandSurface) {
        layer = CALayer()
        tree = RenderTree(root: layer)
        producer = LayerTreeProducer(tree: tree)
        renderThread = application.renderThread
        presenter = FramePresenter(surface: surface, producer: producer, clock: { CACurrentMediaTime() },
                                   loop: application.renderThread.loop)
        let presenter = self.presenter
        let thread = renderThread
        tree.onCommit = { thread.perform { presenter.setNeedsFrame() } }
        let loop = application.loop
        let me = WeakReference(self)
        presenter.onFrameCommitted = { frame in
            loop.post {
                CATransaction.deliverAnimationEvents(at: frame.time)
                guard let host = me.object else { return }
                if let first = host.onFirstFrameCommitted {
                    host.onFirstFrameCommitted = nil
                    first()
                }
                host.tickDisplayLinks(frame)
            }
        }
    }

    // MARK: Display links (main thread)

    func add(_ link: CADisplayLink) {
        if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
        displayLinksChanged()
    }

    func remove(_ link: CADisplayLink) {
        displayLinks.removeAll { $0 === link }
        displayLinksChanged()
    }

    /// A link was added, removed, paused or resumed, or its rate changed: the presenter draws
    /// while any runs, at each of their rates (every frame when one has no preference).
    func displayLinksChanged() {
        let links = displayLinks.filter(\.isRunning)
        let running = !links.isEmpty
        var rates: [Double] = []
        for rate in links.map(\.preferredRate) where !rates.contains(rate) { rates.append(rate) }
        if rates.contains(.infinity) || rates.isEmpty { rates = [.infinity] }
        rates.sort()
        let presenterRates = rates
        guard running != ticking || rates != tickRates else { return }
        ticking = running
        tickRates = rates
        let presenter = self.presenter
        onRenderThread {
            presenter.tickRates = presenterRates
            presenter.keepsTicking = running
        }
    }

    private func tickDisplayLinks(_ frame: FrameInfo) {
        // A handler may add, remove or invalidate links (itself included).
        for link in displayLinks { link.frameCommitted(frame) }
    }

    /// Applies a configured logical size and scale: the root layer's bounds follow (without an
    /// implicit animation), then `update` runs (the app lays out or builds its content), then
    /// the render thread draws at the new size, so the first frame already shows that content.
    /// `ack` (the configure's acknowledgement, when the shell object defers it) runs on the render
    /// thread between frames, before the size reaches the presenter: every commit after it is of
    /// a frame drawn at the new size.
    func configure(width: Int, height: Int, scale: SurfaceScale, ack: ConfigureAck? = nil,
                   update: (() -> Void)? = nil) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.position = CGPoint(x: Double(width) / 2, y: Double(height) / 2)
        CATransaction.commit()
        update?()
        CATransaction.flush()
        let presenter = self.presenter
        renderThread.perform {
            ack?.send()
            presenter.size = (width, height)
            presenter.scale = scale
            presenter.canDraw = true
        }
    }

    /// Stops drawing for good and returns once the render thread has stopped: from then on no
    /// frame of this host reaches the surface, so its role object can be destroyed at once
    /// (without a buffer racing it, and before the app's next request — say, a new popup that
    /// must not find this one still there). Blocks at most for the frame being drawn; with the
    /// render thread stopped there is nothing to wait for.
    func retire() {
        guard renderThread.isRunning else { return }
        let presenter = self.presenter
        let stopped = DispatchSemaphore(value: 0)
        renderThread.perform {
            presenter.retire()
            stopped.signal()
        }
        _ = stopped.wait(timeout: .now() + 1)
    }

    /// Runs `f` on the render thread, between frames (at once when that thread has stopped).
    func onRenderThread(_ f: @escaping @Sendable () -> Void) {
        if renderThread.isRunning { renderThread.perform(f) } else { f() }
    }

    func setOnIdle(_ f: @escaping @Sendable () -> Void) {
        let presenter = self.presenter
        renderThread.perform { presenter.onIdle = f }
    }

    func setOnFrameCommitted(_ f: @escaping @Sendable (FrameInfo) -> Void) {
        let presenter = self.presenter
        renderThread.perform {
            let previous = presenter.onFrameCommitted
            presenter.onFrameCommitted = { t in previous?(t); f(t) }
        }
    }
}

/// A configure's acknowledgement, sent from the render thread (`LayerHost.configure`). A struct,
/// not a bare closure, so that a call's trailing closure still means `update`.
struct ConfigureAck: Sendable {
    let send: @Sendable () -> Void

    /// The latest configure of `shell` (its serial read now, on the main thread), acked by it.
    static func latest(of shell: any _AcknowledgesConfigures) -> ConfigureAck {
        nonisolated(unsafe) let shell = shell
        let serial = shell.configureSerial
        return ConfigureAck { shell.acknowledge(serial: serial) }
    }
}

/// The shell objects whose configures a window acks from its render thread.
protocol _AcknowledgesConfigures: AnyObject {
    var configureSerial: UInt32 { get }
    func acknowledge(serial: UInt32)
}

extension Toplevel: _AcknowledgesConfigures {}
extension LayerSurface: _AcknowledgesConfigures {}
extension Popup: _AcknowledgesConfigures {}

/// A weak reference that closures crossing threads can capture (read on the main thread only).
final class WeakReference<T: AnyObject>: @unchecked Sendable {
    weak var object: T?
    init(_ object: T) { self.object = object }
}
