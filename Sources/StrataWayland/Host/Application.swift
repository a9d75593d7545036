import Foundation
import Strata

/// The connection, the main loop and the render thread of an app: what `main` creates first.
///
/// ```swift
/// let app = try Application()
/// let window = try Window(application: app, title: "hello", width: 400, height: 300)
/// window.layer.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
/// try app.run()
/// ```
///
/// Contract:
/// - The implicit `CATransaction` is committed each time the main loop is about to wait
///   (Core Animation commits it at the end of the run-loop turn).
/// - Frames are produced on the render thread; a main thread blocked in app code does not stop
///   running animations.
/// - `run()` returns after `stop()`, and throws when the compositor goes away or reports a
///   protocol error (the error names interface, object and code).
/// - The activation token a launcher hands over (`XDG_ACTIVATION_TOKEN`, or `DESKTOP_STARTUP_ID`)
///   is taken out of the environment here, so that processes the app starts do not reuse it;
///   the first `Window` to commit a frame asks to be activated with it (xdg-activation), which
///   is how GNOME and KDE give a launched app's window the focus.
public final class Application {
    public let display: WaylandDisplay
    public let loop: EventLoop
    public let renderThread: RenderThread
    /// The first seat (pointer, keyboard, touch), when the compositor offers one. Its events go
    /// to the handler of the surface they belong to (`setInputHandler`).
    public let seat: Seat?
    private let routing = InputRouting()

    /// Connects to `displayName` (default: `$WAYLAND_DISPLAY`).
    public init(displayName: String? = nil) throws {
        // The launcher's activation token leaves the environment at once (processes the app
        // starts must not reuse it); the first window to be shown uses it.
        _ = LaunchActivationToken.read()
        display = try WaylandDisplay(name: displayName)
        loop = EventLoop(display: display)
        renderThread = RenderThread(display: display)
        loop.addBeforeWaitHook { CATransaction.flush() }
        let loop = self.loop
        // A render-thread failure (connection lost) ends the main loop too.
        renderThread.onError = { _ in loop.stop() }
        renderThread.start()
        seat = display.seat == nil ? nil : try? Seat(display: display, scheduler: loop)
        seat?.onEvent = { [routing] event in routing.route(event) }
    }

    /// Makes `handler` receive the input events for `surface` (nil removes it). Window hosts
    /// (decorations, view hierarchies) install one per surface.
    public func setInputHandler(for surface: WaylandSurface, _ handler: ((InputEvent) -> Void)?) {
        routing.set(handler, for: surface)
    }

    deinit {
        renderThread.stop()
    }

    public func run() throws {
        defer { renderThread.stop() }
        try loop.run()
        if let error = renderThread.error { throw error }
    }

    public func stop() {
        loop.stop()
    }

    /// Runs `action` on the main loop after `seconds`.
    public func after(_ seconds: Double, _ action: @escaping () -> Void) {
        loop.addTimer(at: MonotonicClock.now() + seconds, action)
    }
}
