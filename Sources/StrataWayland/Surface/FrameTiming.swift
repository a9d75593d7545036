/// What `wp_presentation` feedback says about when frames reach the screen, and the prediction
/// drawn from it: a frame drawn now will be shown at the first refresh at least a quarter period
/// away.
///
/// Times are seconds on CLOCK_MONOTONIC (the presentation clock when the compositor announced
/// CLOCK_MONOTONIC; other clocks are ignored and `predictedPresentation` falls back to `now`).
public struct FrameTiming: Sendable {
    /// The latest presentation time reported.
    public private(set) var lastPresented: Double?
    /// The output's refresh period (seconds), when reported (0 = unknown / variable).
    public private(set) var refresh: Double = 0
    /// Frames presented and discarded so far.
    public private(set) var presentedCount = 0
    public private(set) var discardedCount = 0

    public init() {}

    public mutating func presented(at time: Double, refreshNanoseconds: UInt32) {
        lastPresented = time
        refresh = Double(refreshNanoseconds) * 1e-9
        presentedCount += 1
    }

    public mutating func discarded() { discardedCount += 1 }

    /// When a frame drawn at `now` will be presented: the first refresh boundary on the grid of
    /// the last presentation that is at least a quarter period after `now`; `now` when nothing
    /// is known.
    ///
    /// Why the quarter period: a frame committed just before a boundary misses it (compositors
    /// start their repaint before it), and presentation clocks jitter around their grid —
    /// headless mutter reports presentations up to ±0.6 ms off it, with frame callbacks arriving
    /// about at the boundary. Taking the first boundary after `now` then flipped between the
    /// boundary at hand and the next one from frame to frame: render times 0.2 ms and 33 ms
    /// apart on a steady 60 Hz, so animations judder by a whole frame.
    public func predictedPresentation(now: Double) -> Double {
        guard let last = lastPresented, refresh > 0, refresh < 1, now.isFinite else { return now }
        if last > now { return last }
        let k = ((now + refresh / 4 - last) / refresh).rounded(.up)
        return last + Swift.max(1, k) * refresh
    }
}

extension FrameTiming {
    /// Compositor frames from one frame drawn at `rate` frames per second to the next, on a
    /// compositor of `period` seconds: the compositor's rate ÷ `rate`, rounded, at least 1 (1
    /// too for ∞, 0 or a rate that is not a number: every frame).
    static func framesPerStep(rate: Double, period: Double) -> Double {
        guard rate.isFinite, rate > 0 else { return 1 }
        return max(1, ((1 / period) / rate).rounded())
    }

    /// Whether a frame at `time` is due `every` frames of `period` after one at `last`, with half
    /// a period of slack: frame times jitter around the grid. The presenter (which frames to
    /// draw) and a display link (which of them to be called at) decide with this, so that they
    /// agree.
    static func isDue(_ time: Double, after last: Double, every: Double, period: Double) -> Bool {
        time >= last + every * period - period / 2
    }
}
