/// Produces one surface's pixels, frame by frame.
public protocol FrameProducer: AnyObject {
    /// Renders the frame for media time `time` into `buffer` (`scale` device pixels per point).
    /// `age` is the buffer's age (0: contents undefined, repaint everything). Returns the damage
    /// of this frame relative to the previous frame, in buffer pixels (x, y, width, height);
    /// the presenter adds what an older buffer is missing.
    func renderFrame(at time: Double, into buffer: ShmBuffer, age: Int, scale: Double) -> [(Int32, Int32, Int32, Int32)]
    /// Whether the picture may change after `time` (an animation is running).
    func isAnimating(after time: Double) -> Bool
    /// When and how often the picture changes from `time` on: the earliest time ≥ `time` at
    /// which it may change (∞: never; later than `time`: an animation yet to begin) and, when
    /// that is `time` itself, the frames per second it changes at (∞: every frame; less when all
    /// that moves asks for a reduced `preferredFrameRateRange`). Default: `time` at every
    /// frame while `isAnimating(after:)`, else never.
    func nextFrame(after time: Double) -> (time: Double, frameRate: Double)
    /// `nextFrame(after:)` with how long its answer holds: while the picture moves at a reduced
    /// rate, the earliest time that may change (something running at it ends, or something
    /// else begins to change); else the answer's `time`. Between reduced-rate frames the
    /// presenter rests until the next one, with no frame callbacks, only when nothing changes
    /// before it. Default: `nextFrame(after:)`, holding until its `time` (no rest).
    func frameSchedule(after time: Double) -> (time: Double, frameRate: Double, steadyUntil: Double)
}

extension FrameProducer {
    public func nextFrame(after time: Double) -> (time: Double, frameRate: Double) {
        (isAnimating(after: time) ? time : .infinity, .infinity)
    }

    public func frameSchedule(after time: Double) -> (time: Double, frameRate: Double, steadyUntil: Double) {
        let next = nextFrame(after: time)
        return (next.time, next.frameRate, next.time)
    }
}

/// Drives a surface's frames: draws when something changed, paces frames with frame callbacks,
/// and stays idle (no callbacks, no wakeups) when nothing moves.
///
/// Threading: every method must be called on the thread that dispatches `queue` (the render
/// thread; the main thread when `queue` is nil). Frame callbacks and buffer releases are created
/// on `queue`, so they keep arriving while the main thread is blocked.
///
/// - A change while idle draws at once; while a frame callback is pending it is drawn when the
///   callback fires (never more than one frame per callback). Every committed frame asks for a
///   callback, static ones too: a burst of changes costs one frame per compositor frame, not
///   one buffer each (which would leave the compositor holding every buffer). A callback that
///   finds nothing changed and nothing animating draws nothing and asks for no further one.
/// - Reduced rates: while nothing changed and all that moves asks for fewer frames per second
///   than the compositor's (animations' `preferredFrameRateRange`, display links' rates: the
///   producer's `nextFrame(after:)` and `tickRates`), only the callbacks due at one of those
///   rates draw: a rate's frames are every n-th callback, n = the compositor's rate ÷ that
///   rate, rounded, counted from its own last frame. The callbacks between
///   draw nothing: they commit no buffer, only a request for the next callback (the surface's
///   content is unchanged). Changes then wait for the next frame at that rate; an animation
///   ending, or a change that starts one asking for every frame, draws at the next callback.
///   When the next frame is more than 2.5 periods away (n ≥ 4: 15 per second at 60 Hz, 30 at
///   120) and nothing changes before it (`frameSchedule(after:)`'s `steadyUntil`), the surface
///   rests instead: no callbacks until a timer asks for the one that draws it. A change during
///   the rest keeps it when it changes neither what moves nor how often; otherwise it ends the
///   rest and the next callback decides.
/// - An animation yet to begin (a later `beginTime`) with nothing else moving: callbacks draw
///   nothing, and when its start is more than 1.5 periods away the surface asks for none: a
///   timer on the loop asks for the callback before the start (no frames, no wakeups meanwhile).
/// - When every buffer is held by the compositor, the frame is drawn when one is released.
/// - A hidden surface gets no callbacks and so draws nothing; the media clock keeps running, so
///   the first frame after it becomes visible shows the current time. A callback that has not come
///   `staleCallbackTimeout` seconds after it was requested is treated as lost: one frame is drawn
///   anyway (so a lost callback never freezes the app; a hidden window draws at most that often).
public final class FramePresenter: @unchecked Sendable {
    public let surface: WaylandSurface
    public let pool: BufferPool
    public weak var producer: FrameProducer?
    /// The media clock (seconds); frames are rendered for its value when they are drawn.
    public var clock: () -> Double
    /// Logical size in points; the buffer size follows from `scale`.
    public var size: (width: Int, height: Int) = (1, 1) {
        didSet { if size != oldValue { setNeedsFrame() } }
    }
    public var scale: SurfaceScale = .one { didSet { if scale != oldValue { setNeedsFrame() } } }
    /// Set false until the role is configured (e.g. xdg toplevel before its first configure).
    public var canDraw = false {
        didSet {
            if retired { canDraw = false }
            if canDraw { setNeedsFrame() }
        }
    }
    /// Called after every frame is committed (tests, benchmarks, the engine's callbacks).
    public var onFrameCommitted: ((FrameInfo) -> Void)?
    /// Presentation feedback so far (when the compositor offers wp_presentation).
    public private(set) var timing = FrameTiming()
    /// Called after an animation's last frame has been committed (the picture is at rest).
    public var onIdle: (() -> Void)?
    /// Draws a frame at every frame callback, changed or not, and never comes to rest: what a
    /// running display link needs (its handler runs after each committed frame, and a frame
    /// whose handler changed nothing must still ask for the next callback). Frames that change
    /// nothing carry no damage.
    public var keepsTicking = false {
        didSet {
            if keepsTicking && !oldValue { setNeedsFrame() }
            if !keepsTicking && oldValue && rest != nil { wake() }
            // The last frame was drawn for the link; with nothing else moving, the picture is
            // at rest now (no frame will be drawn to say so).
            if !keepsTicking && oldValue && !animating && !dirty && !retired { onIdle?() }
        }
    }

    /// The frames per second `keepsTicking` asks for, one rate per running display link (∞:
    /// every frame). Frames are drawn at each rate's own cadence, so links at rates that do not
    /// divide one another (20 and 30 on a 60 Hz output) each get theirs: the frames drawn are
    /// the union of the rates' frames.
    public var tickRates: [Double] = [.infinity] {
        didSet { if rest != nil, tickRates != oldValue { wake() } }
    }

    /// The highest of `tickRates`; setting it makes it the only one.
    public var tickRate: Double {
        get { tickRates.max() ?? .infinity }
        set { tickRates = [newValue] }
    }

    /// Seconds after which an outstanding frame callback counts as lost.
    public var staleCallbackTimeout: Double = 1.0

    private var dirty = true
    private var retired = false
    /// Whether the last committed frame's picture was still moving.
    private var animating = false
    /// The time the last frame was rendered for (nil before the first), and the earliest time
    /// from then on at which the picture may change (the producer's answer then).
    private var lastFrameTime: Double?
    private var changesAt = Double.infinity
    /// Per reduced rate drawn for (display links' and animations'), the time of the last frame
    /// that was one of that rate's: the presenter's copy of each link's schedule, so that the
    /// frames drawn are those some link (or animation) is due at.
    private var lastDueAt: [Double: Double] = [:]
    /// Whether the last frame found something moving at every frame (the common case: the next
    /// callback draws without asking the producer again).
    private var movedAtFullRate = false
    /// The timer that asks for a frame callback before an animation begins, and the media time
    /// it begins at (tests read it).
    private var wakeTimer: Int?
    private(set) var waitingUntil: Double?
    /// While the wait is a rest between two reduced-rate frames: the rates it was decided
    /// with, and the media time it began at.
    private var rest: (rates: [Double], due: Double, since: Double)?
    /// Whether the surface rests between two reduced-rate frames (tests read it).
    var isResting: Bool { rest != nil }
    /// Frame callbacks answered since the last drawn frame.
    private var callbacksSinceFrame = 0
    /// Callbacks whose time since the one before is not a frame period: the two after a rest.
    /// An output with nothing to show may stop its refresh cycle meanwhile (headless sway's
    /// does) and start it anew at the commit that ends the rest, so the callback after the
    /// frame drawn then came 10 ms after it at 60 Hz.
    private var unmeasuredCallbacks = 0
    /// Callbacks left out since the last drawn frame (reduced rates).
    private var skippedFrames = 0
    /// The monotonic clock (seconds) the frame timing reads; tests inject theirs.
    var monotonicNow: () -> Double = MonotonicClock.now
    private var waitingForBuffer = false
    private var lastDrawError: Error?
    private let frameSurface: WlSurface
    private var frameCallback: WlCallback?
    private var staleTimer: Int?
    private weak var loop: EventLoop?
    private let presentation: WpPresentation?
    private var feedbacks: [ObjectIdentifier: WpPresentationFeedback] = [:]
    /// When the latest frame callback came (MonotonicClock), and whether it drew a frame (and so
    /// asked for the next callback at once): the time from such a callback to the next is one
    /// frame period.
    private var lastCallback: Double?
    private var drewAtLastCallback = false
    /// The compositor's frame period as measured between consecutive callbacks (0: unknown):
    /// the median of the latest `gaps`.
    private var measuredInterval = 0.0
    /// The latest measured gaps between callbacks, oldest first (at most 15), and the same
    /// sorted (kept so, not sorted anew: no allocation per callback).
    private var gaps: [Double] = []
    private var sortedGaps: [Double] = []

    /// `loop` is the loop of the thread that uses this presenter (for the stale-callback timer);
    /// `queue` must be that loop's queue.
    public init(surface: WaylandSurface, producer: FrameProducer, clock: @escaping () -> Double,
                loop: EventLoop) {
        self.surface = surface
        self.producer = producer
        self.clock = clock
        self.loop = loop
        let shm: WlShm
        let monotonic = surface.display.presentationClock == 1  // CLOCK_MONOTONIC
        if let queue = loop.queue {
            frameSurface = surface.surface.wrapper(on: queue)
            shm = surface.display.shm.wrapper(on: queue)
            presentation = monotonic ? surface.display.presentation?.wrapper(on: queue) : nil
        } else {
            frameSurface = surface.surface
            shm = surface.display.shm
            presentation = monotonic ? surface.display.presentation : nil
        }
        pool = BufferPool(shm: shm)
        pool.onBufferReleased = { [weak self] in
            guard let self else { return }
            if self.waitingForBuffer {
                self.waitingForBuffer = false
                self.draw()
            }
        }
    }

    /// True while a frame callback is outstanding.
    public var isWaitingForFrame: Bool { frameCallback != nil }

    /// Something changed: draw now if idle, else on the next frame callback.
    public func setNeedsFrame() {
        dirty = true
        if let rest {
            // A change while resting between reduced-rate frames shows at the next of them, as
            // with callbacks; unless it changes what moves or how often: the next callback
            // decides then.
            if !restHolds(rest.rates, until: rest.due) { wake() }
            return
        }
        if canDraw && !isWaitingForFrame && !waitingForBuffer {
            draw()
        }
    }

    private func requestFrame() {
        guard frameCallback == nil else { return }
        let cb = frameSurface.frame()
        cb.onEvent = { [weak self] event in
            if case .done = event { self?.frameDone() }
        }
        frameCallback = cb
        if let loop {
            staleTimer = loop.addTimer(at: MonotonicClock.now() + staleCallbackTimeout) { [weak self] in
                guard let self else { return }
                self.staleTimer = nil
                self.frameDone()
            }
        }
    }

    private func draw() {
        guard canDraw, let producer else { return }
        let (w, h) = scale.bufferSize(width: size.width, height: size.height)
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
        // Render for when the frame will be seen, not for when it is drawn.
        var time = presentationTime()
        // One frame is presented per refresh: a frame predicted for the refresh the previous
        // one was rendered for (the grid moves by a fraction of a millisecond as feedback comes
        // in; mutter's sat 0.7 ms earlier once) is shown at the next one. Frame times never go
        // backwards.
        if timing.refresh > 0, timing.refresh < 1, let last = lastFrameTime, time < last + timing.refresh / 2 {
            time = last + timing.refresh
        }
        let age = pool.age(of: buffer)
        let damage = producer.renderFrame(at: time, into: buffer, age: age, scale: scale.factor)
        pool.didPaint(buffer)
        dirty = false
        surface.attach(buffer, scale: scale, logicalSize: size, damage: damage)
        cancelWake()
        let next = producer.frameSchedule(after: time)
        animating = next.time < .infinity
        changesAt = next.time
        movedAtFullRate = next.time == time && next.frameRate.isInfinite
        noteRates(at: time, moving: next.time == time ? next.frameRate : nil)
        lastFrameTime = time
        let skipped = skippedFrames
        skippedFrames = 0
        let callbacks = callbacksSinceFrame
        callbacksSinceFrame = 0
        requestFrame()
        requestFeedback()
        surface.commit()
        var info = FrameInfo(time: time, bufferWidth: buffer.width, bufferHeight: buffer.height,
                             damagedPixels: damage.reduce(0) { $0 + Int($1.2) * Int($1.3) })
        info.presentedFrames = timing.presentedCount
        info.discardedFrames = timing.discardedCount
        info.frameInterval = frameInterval
        info.skippedFrames = skipped
        info.frameCallbacks = callbacks
        onFrameCommitted?(info)
        if !animating && !keepsTicking { onIdle?() }
    }

    /// The compositor's frame period: the output's refresh from presentation feedback, else
    /// the time between consecutive frame callbacks, else 1/60 s.
    var frameInterval: Double {
        if timing.refresh > 0 && timing.refresh < 1 { return timing.refresh }
        return measuredInterval > 0 ? measuredInterval : 1.0 / 60
    }

    /// Folds the time since the previous callback into the measured period. Only gaps of
    /// continuous drawing count (the previous callback drew and asked for this one at once): a
    /// surface that rested in between says nothing about the period. A gap more than 2.5× the
    /// estimate (a hidden or blocked surface) is left out too. The period is the median of the
    /// latest 15 gaps: a callback handled late (a busy machine) makes one gap short and the
    /// next long, which a median ignores and an average does not (a running average, used
    /// before, drifted by a fifth under heavy load, enough to misjudge 4-period frames).
    private func measureCallback(at now: Double) {
        defer { lastCallback = now }
        if unmeasuredCallbacks > 0 { unmeasuredCallbacks -= 1; return }
        guard drewAtLastCallback, let last = lastCallback else { return }
        let gap = now - last
        guard gap > 0.001, gap < 1 else { return }
        guard measuredInterval == 0 || gap < 2.5 * measuredInterval else { return }
        if gaps.count == 15, let i = sortedGaps.firstIndex(of: gaps.removeFirst()) { sortedGaps.remove(at: i) }
        gaps.append(gap)
        sortedGaps.insert(gap, at: sortedGaps.firstIndex { $0 > gap } ?? sortedGaps.count)
        measuredInterval = sortedGaps[sortedGaps.count / 2]
    }

    private func requestFeedback() {
        guard let presentation, feedbacks.count < 8 else { return }
        let fb = presentation.feedback(surface: frameSurface)
        let key = ObjectIdentifier(fb)
        fb.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case let .presented(hi, lo, nsec, refresh, _, _, _):
                let sec = Double(UInt64(hi) << 32 | UInt64(lo))
                self.timing.presented(at: sec + Double(nsec) * 1e-9, refreshNanoseconds: refresh)
                self.feedbacks[key] = nil
            case .discarded:
                self.timing.discarded()
                self.feedbacks[key] = nil
            case .syncOutput:
                break
            }
        }
        feedbacks[key] = fb
    }

    /// Stops for good, before the surface's role is destroyed: no further frame, and nothing of
    /// this presenter left in its loop — the stale-callback timer is cancelled and the frame
    /// callback, feedbacks and buffers are destroyed here, on the presenter's thread, so that no
    /// event is being dispatched to them while they go (their dispatch reads the Swift object).
    /// Whoever holds the presenter may then release it on any thread. Idempotent.
    public func retire() {
        retired = true
        canDraw = false
        onFrameCommitted = nil
        onIdle = nil
        if let t = staleTimer { loop?.cancelTimer(t); staleTimer = nil }
        cancelWake()
        frameCallback = nil
        feedbacks.removeAll()
        pool.onBufferReleased = nil
        pool.removeAll()
        waitingForBuffer = false
    }

    /// The compositor wants the next frame: draw it if something changed or an animation is
    /// running; otherwise the surface is at rest and no further callback is requested.
    private func frameDone() {
        frameCallback = nil
        if let t = staleTimer { loop?.cancelTimer(t); staleTimer = nil }
        measureCallback(at: monotonicNow())
        callbacksSinceFrame += 1
        drewAtLastCallback = dirty || animating || keepsTicking
        guard drewAtLastCallback else { return }
        switch decide() {
        case .draw: draw()
        case .skip: skipFrame()
        case let .wait(start): wait(until: start)
        case let .rest(due, lead, rates):
            skippedFrames += 1
            wait(until: due - max(0, lead))
            rest = (rates, due, clock())
        }
    }

    private enum Decision {
        /// Draw this callback's frame.
        case draw
        /// Leave it out and ask for the next callback.
        case skip
        /// Ask for no callback until shortly before this media time (an animation's start).
        case wait(Double)
        /// Ask for no callback until shortly before the one that draws the frame due at this
        /// media time at one of these reduced rates (`lead`: how far ahead of the clock a frame
        /// drawn at a callback is rendered for).
        case rest(Double, lead: Double, rates: [Double])
    }

    /// What this callback does. It draws, unless what moves asks for a reduced rate and this
    /// frame falls between two of its frames (`FrameTiming.isDue`), or nothing changes before
    /// an animation begins. A change waits for the next
    /// frame at the reduced rate too, as on a display running at that rate: a display link's
    /// handler changes things for its target time, which is that frame. The producer is asked
    /// at this frame's time, so an animation that ended since the last frame, or a change that
    /// starts one at every frame, draws now.
    private func decide() -> Decision {
        guard animating || keepsTicking, let last = lastFrameTime, let producer else { return .draw }
        // Something moved at every frame a frame ago: draw, without another walk of the tree.
        if movedAtFullRate { return .draw }
        let time = presentationTime()
        let period = frameInterval
        var rates = keepsTicking ? tickRates : []
        let next = producer.frameSchedule(after: time)
        if next.time == time {
            rates.append(next.frameRate)  // moving now
        } else if animating && changesAt <= time {
            return .draw  // changed since the last frame (an animation ended): show it now
        } else if !keepsTicking {
            // A change with nothing moving draws; else nothing changes before `next.time`.
            if dirty || !next.time.isFinite { return .draw }
            return next.time - time > 1.5 * period ? .wait(next.time) : .skip
        }
        // Due when one of the rates is: each counts from its own last frame (a rate new since
        // the last frame, from that frame: a change waits for the rate's next frame).
        var due = Double.infinity
        for rate in rates {
            guard rate.isFinite, rate > 0 else { return .draw }
            let every = FrameTiming.framesPerStep(rate: rate, period: period)
            let from = lastDueAt[rate] ?? last
            if FrameTiming.isDue(time, after: from, every: every, period: period) { return .draw }
            due = min(due, from + every * period)
        }
        // The next due frame more than 2.5 periods away (so that the timer saves at least two
        // callbacks: it wakes the thread too), and nothing changes before it: no callbacks
        // until then; the timer asks for the one that draws it, `lead` before it on the media
        // clock (with presentation feedback, frames are rendered at a callback for the refresh
        // after it).
        let steady = next.time == time ? next.steadyUntil : next.time
        if due.isFinite, due - time > 2.5 * period, steady >= due - period / 2 {
            return .rest(due, lead: time - clock(), rates: rates)
        }
        return .skip
    }

    /// Whether a rest decided with `rates` until the frame due at `until` still holds after a
    /// change: what moves moves at one of them until then, or only display links tick and
    /// nothing changes before it.
    private func restHolds(_ rates: [Double], until: Double) -> Bool {
        guard let producer else { return false }
        let time = presentationTime()
        let s = producer.frameSchedule(after: time)
        let end = until - frameInterval / 2
        if s.time == time { return rates.contains(s.frameRate) && s.steadyUntil >= end }
        return keepsTicking && s.time >= end
    }

    /// The media time a frame drawn now is rendered for: when it will be seen.
    private func presentationTime() -> Double {
        let now = monotonicNow()
        return clock() + (timing.predictedPresentation(now: now) - now)
    }

    /// A frame was drawn at `time`: each reduced rate it was due for (the links' while they
    /// tick, the animations' when something moves at one) counts it as its last frame. Rates no
    /// longer asked for are forgotten. Nothing is allocated when no rate is reduced (every
    /// frame at full rate comes here).
    private func noteRates(at time: Double, moving rate: Double?) {
        let reduced = { (r: Double) in r.isFinite && r > 0 }
        let links = keepsTicking && tickRates.contains(where: reduced)
        guard links || rate.map(reduced) == true else {
            if !lastDueAt.isEmpty { lastDueAt = [:] }
            return
        }
        let period = frameInterval
        var kept: [Double: Double] = [:]
        for r in (links ? tickRates : []) + (rate.map { [$0] } ?? []) where reduced(r) && kept[r] == nil {
            let every = FrameTiming.framesPerStep(rate: r, period: period)
            if let last = lastDueAt[r], !FrameTiming.isDue(time, after: last, every: every, period: period) {
                kept[r] = last
            } else {
                kept[r] = time
            }
        }
        lastDueAt = kept
    }

    /// Rests until half a period before `start` (media time), then asks for a frame callback.
    private func wait(until start: Double) {
        drewAtLastCallback = false
        cancelWake()
        waitingUntil = start
        guard let loop else { return }
        let delay = start - clock() - frameInterval / 2
        wakeTimer = loop.addTimer(at: MonotonicClock.now() + max(0, delay)) { [weak self] in
            self?.wakeTimer = nil
            self?.wake()
        }
    }

    /// The wait is over (the loop's timer; tests call it): a commit asking for the callback
    /// the animation's first frame is drawn at.
    func wake() {
        if let rest {
            unmeasuredCallbacks = 2
            // The refreshes that pass with no callback asked for count as left out: those after
            // the one the rest began at (counted then) and before the next callback's (which
            // counts itself), the first refresh after now. (A quarter period of slack: timers
            // and refreshes jitter.)
            let periods = (clock() - rest.since) / frameInterval - 0.25
            if periods.isFinite { skippedFrames += max(0, Int(min(periods.rounded(.up), 1e6)) - 1) }
        }
        cancelWake()
        guard canDraw, !retired, !isWaitingForFrame, !waitingForBuffer else { return }
        requestFrame()
        surface.commit()
    }

    private func cancelWake() {
        if let t = wakeTimer { loop?.cancelTimer(t); wakeTimer = nil }
        waitingUntil = nil
        rest = nil
    }

    /// A frame left out at a reduced rate: no buffer and no rendering, only a commit carrying the
    /// request for the next callback (`wl_surface.frame` takes effect at the commit).
    private func skipFrame() {
        skippedFrames += 1
        // The time to the next callback is not measured: a compositor may answer a commit
        // without a buffer before its next refresh (kwin now and then did, and the measured
        // period fell to 0.015 s at 60 Hz).
        drewAtLastCallback = false
        requestFrame()
        surface.commit()
    }
}
