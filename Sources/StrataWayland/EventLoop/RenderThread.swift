import Foundation

/// A thread with its own event loop on its own Wayland event queue: where frames are produced.
///
/// This is Core Animation's render-server property: frame callbacks and buffer releases are
/// dispatched here, not on the main thread, so animations keep their rate while app code blocks
/// the main thread. Talk to it only through `perform`.
public final class RenderThread: @unchecked Sendable {
    public let loop: EventLoop
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)
    /// Set when the loop ended with an error (connection lost); read after `stop`/`onError`.
    public private(set) var error: Error?
    /// Called on the render thread when its loop fails.
    public var onError: (@Sendable (Error) -> Void)?

    public init(display: WaylandDisplay) {
        loop = EventLoop(display: display, queue: display.connection.makeQueue())
    }

    public func start() {
        let t = Thread { [self] in
            do { try loop.run() } catch {
                self.error = error
                onError?(error)
            }
            finished.signal()
        }
        t.name = "strata-render"
        thread = t
        t.start()
    }

    /// Whether the thread was started and not stopped (read on the thread that starts and stops it).
    public var isRunning: Bool { thread != nil }

    /// Runs `block` on the render thread.
    public func perform(_ block: @escaping @Sendable () -> Void) {
        loop.post(block)
    }

    /// Stops the loop and waits (at most `timeout` seconds) for the thread to end.
    public func stop(timeout: Double = 1) {
        guard thread != nil else { return }
        loop.stop()
        _ = finished.wait(timeout: .now() + timeout)
        thread = nil
    }
}
