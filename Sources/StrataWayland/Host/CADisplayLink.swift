import Foundation
import Strata

/// A timer in step with a window's frames (Core Animation's `CADisplayLink`): its handler runs
/// on the main thread after each frame the window commits, and what it changes is drawn in the
/// window's next frame.
///
/// ```swift
/// let link = window.displayLink { link in
///     let t = link.targetTimestamp            // when the frame being prepared is seen
///     CATransaction.setDisableActions(true)
///     ball.position.x = 40 + 100 * sin(t)
/// }
/// link.add(to: .main, forMode: .common)
/// // … later
/// link.invalidate()
/// ```
///
/// Contract (as Apple's, with the differences named):
/// - A new link is idle until `add(to:forMode:)`; from then on its handler is called once per
///   frame (or at `preferredFramesPerSecond`) until `invalidate()` or `remove(from:forMode:)`.
///   Added, the link is retained by its window (as a run loop retains Apple's); `invalidate()`
///   lets it and its handler go. Strata: any run loop and mode mean the application's main
///   loop, where every handler runs.
/// - `timestamp` is the media time (`CACurrentMediaTime()`) the latest frame was rendered for:
///   when it reaches the screen. `targetTimestamp` is when the next frame the handler affects is
///   seen: `timestamp` plus `duration` times the frames between two calls. Draw for
///   `targetTimestamp`. `duration` is the compositor's frame period: the output's refresh where
///   presentation feedback reports it, else measured between frame callbacks, else 1/60 s.
/// - While a link runs unpaused its window draws at every frame callback, changed or not (a
///   frame that changes nothing carries no damage), and never comes to rest; `isPaused` stops
///   that and lets the window go idle (no frames, no wakeups). At a reduced rate, frames in
///   between are left out while nothing else moves (see below).
/// - Strata differences: a link belongs to a window (Wayland paces each surface on its own;
///   Apple's belongs to a screen), and it calls a closure, not a target's selector (Swift on
///   Linux has no Objective-C selectors). Frame rates: the link is called every n-th frame,
///   n = the display rate ÷ the preferred rate, rounded (Apple picks among the rates the display
///   offers). While nothing else moves, the window draws only the frames the link is called at
///   (the frames between: no buffer and no rendering, only a commit asking for the next frame
///   callback); with several links, at the highest of their rates.
public final class CADisplayLink {
    /// The media time the latest frame was rendered for (0 until the first call).
    public private(set) var timestamp: CFTimeInterval = 0
    /// When the next frame the handler affects will be seen (0 until the first call).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between two frames of the compositor, in seconds (0 until the first call).
    public private(set) var duration: CFTimeInterval = 0
    /// Stops the calls (and the window's frames for the link) while true.
    public var isPaused = false {
        didSet {
            guard isPaused != oldValue else { return }
            lastCall = nil
            host?.displayLinksChanged()
        }
    }
    /// The rate to call the handler at, frames per second; 0 (the default): every frame.
    public var preferredFramesPerSecond = 0 {
        didSet { if preferredFramesPerSecond != oldValue { host?.displayLinksChanged() } }
    }
    /// The range of rates the handler wants; used over `preferredFramesPerSecond` when it is not
    /// `.default`.
    public var preferredFrameRateRange = CAFrameRateRange.default {
        didSet { if preferredFrameRateRange != oldValue { host?.displayLinksChanged() } }
    }

    private weak var host: LayerHost?
    private var handler: ((CADisplayLink) -> Void)?
    /// Added to a run loop and not removed or invalidated.
    private(set) var isScheduled = false
    /// The frame time of the latest call since the link (re)started.
    private var lastCall: Double?

    init(host: LayerHost?, handler: @escaping (CADisplayLink) -> Void) {
        self.host = host
        self.handler = handler
    }

    /// A link following `window`'s frames; it starts once added to a run loop.
    public convenience init(window: Window, handler: @escaping (CADisplayLink) -> Void) {
        self.init(host: window.layerHost, handler: handler)
    }

    /// Starts the link: its handler runs after each of the window's frames. Strata: every run
    /// loop and mode mean the application's main loop.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard handler != nil, !isScheduled else { return }
        isScheduled = true
        lastCall = nil
        host?.add(self)
    }

    /// Stops the link until it is added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard isScheduled else { return }
        isScheduled = false
        host?.remove(self)
    }

    /// Stops the link for good and releases its handler (and what the handler captured).
    public func invalidate() {
        remove(from: .main, forMode: .common)
        handler = nil
    }

    /// Whether the link wants its window to draw every frame.
    var isRunning: Bool { isScheduled && !isPaused && handler != nil }

    /// Frames per second to call the handler at (∞: every frame).
    var preferredRate: Double {
        if preferredFrameRateRange != .default { return preferredFrameRateRange._rate ?? .infinity }
        return preferredFramesPerSecond > 0 ? Double(preferredFramesPerSecond) : .infinity
    }

    /// The window committed `frame`: calls the handler when the link runs and its rate is due.
    func frameCommitted(_ frame: FrameInfo) {
        guard isRunning, let handler else { return }
        let period = frame.frameInterval > 0 && frame.frameInterval.isFinite ? frame.frameInterval : 1.0 / 60
        let every = FrameTiming.framesPerStep(rate: preferredRate, period: period)
        // The period is this frame's (it is measured anew while frames come), the one the
        // presenter decided with whether to draw this frame at the link's rate.
        if every > 1, let last = lastCall, !FrameTiming.isDue(frame.time, after: last, every: every, period: period) { return }
        duration = period
        timestamp = frame.time
        targetTimestamp = frame.time + every * period
        lastCall = frame.time
        handler(self)
    }
}

extension Window {
    /// A display link following this window's frames (see `CADisplayLink`); add it to a run
    /// loop to start it.
    public func displayLink(_ handler: @escaping (CADisplayLink) -> Void) -> CADisplayLink {
        CADisplayLink(host: layerHost, handler: handler)
    }
}

extension LayerShellWindow {
    /// A display link following this surface's frames (see `CADisplayLink`).
    public func displayLink(_ handler: @escaping (CADisplayLink) -> Void) -> CADisplayLink {
        CADisplayLink(host: layerHost, handler: handler)
    }
}

extension PopupWindow {
    /// A display link following this popup's frames (see `CADisplayLink`).
    public func displayLink(_ handler: @escaping (CADisplayLink) -> Void) -> CADisplayLink {
        CADisplayLink(host: layerHost, handler: handler)
    }
}
