/// The command line every example understands.
///
/// - `--exit-after SECONDS`: live run that exits 0 after that time.
/// - `--snapshot T OUT.png`: renders the frame at animation time T offscreen (no compositor).
/// - `--record OUT.png [--duration D] [--fps F]`: writes D seconds (default 2) at F frames per
///   second (a whole number 1…120, default 15) as an animated PNG, offscreen (no compositor);
///   at most ``maximumRecordingFrames`` frames.
/// - `--scale S`: snapshot and recording scale (device pixels per point).
/// - `--report`: prints `strata: configure W H [maximized]` per configure and, at rest,
///   `strata: frames N buffer WxH` (frames committed so far, last buffer size), and that line
///   again when `--exit-after` ends the run.
/// - `--maximize-after S`, `--fullscreen-after S`: asks the compositor to maximize the window
///   (or make it fullscreen) after S seconds.
/// - `--inhibit-idle`: the window keeps the screen awake while visible (`Window.inhibitsIdle`).
/// - `--paused`: live run with the root layer paused (`speed` 0, Core Animation's way to pause a
///   layer tree): every animation stays at its first frame, so the window shows exactly what
///   `--snapshot 0` renders (tests compare the two); nothing completes, `strata: resting` never
///   comes.
public struct ExampleOptions: Equatable {
    public var exitAfter: Double?
    public var snapshot: (time: Double, path: String)?
    public var record: (path: String, duration: Double, fps: Int)?
    public var scale: Double = 1
    public var report = false
    public var maximizeAfter: Double?
    public var fullscreenAfter: Double?
    public var paused = false
    public var inhibitIdle = false

    public static func == (a: ExampleOptions, b: ExampleOptions) -> Bool {
        a.exitAfter == b.exitAfter && a.snapshot?.time == b.snapshot?.time && a.snapshot?.path == b.snapshot?.path
            && a.record?.path == b.record?.path && a.record?.duration == b.record?.duration && a.record?.fps == b.record?.fps
            && a.scale == b.scale && a.report == b.report && a.maximizeAfter == b.maximizeAfter && a.fullscreenAfter == b.fullscreenAfter
            && a.paused == b.paused
    }

    public enum ParseError: Error, CustomStringConvertible {
        case missingValue(String)
        case badNumber(String, String)
        case unknown(String)
        case recording(String)

        public var description: String {
            switch self {
            case let .missingValue(o): return "\(o) needs a value"
            case let .badNumber(o, v): return "\(o): '\(v)' is not a finite, non-negative number"
            case let .unknown(o): return "unknown option \(o) (known: --exit-after S, --snapshot T OUT.png, --record OUT.png --duration D --fps F, --scale S, --report, --maximize-after S, --fullscreen-after S, --paused)"
            case let .recording(why): return why
            }
        }
    }

    public init() {}

    /// Recordings longer than this many frames are refused (memory grows with the frames).
    public static let maximumRecordingFrames = 3600

    /// The frames a recording of `duration` s at `fps` holds: round(duration × fps), at least 1.
    /// - Throws: ``ParseError/recording(_:)`` when `fps` is outside 1…120, `duration` is not
    ///   positive and finite, or the count exceeds ``maximumRecordingFrames``.
    public static func recordingFrameCount(duration: Double, fps: Int) throws -> Int {
        guard (1...120).contains(fps) else { throw ParseError.recording("--fps: \(fps) is not a whole number from 1 to 120") }
        guard duration.isFinite, duration > 0 else { throw ParseError.recording("--duration: \(duration) is not a positive number") }
        let frames = (duration * Double(fps)).rounded()
        guard frames <= Double(maximumRecordingFrames) else {
            throw ParseError.recording("--duration \(duration) at --fps \(fps) is \(Int(frames)) frames; at most \(maximumRecordingFrames)")
        }
        return max(1, Int(frames))
    }

    public init(arguments: [String]) throws {
        var i = 0
        var recordPath: String?, duration: Double?, fps: Int?
        func number(_ option: String) throws -> Double {
            guard i + 1 < arguments.count else { throw ParseError.missingValue(option) }
            i += 1
            guard let v = Double(arguments[i]), v.isFinite, v >= 0 else { throw ParseError.badNumber(option, arguments[i]) }
            return v
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--exit-after":
                exitAfter = try number(a)
            case "--maximize-after":
                maximizeAfter = try number(a)
            case "--fullscreen-after":
                fullscreenAfter = try number(a)
            case "--report":
                report = true
            case "--paused":
                paused = true
            case "--inhibit-idle":
                inhibitIdle = true
            case "--scale":
                scale = try number(a)
                if scale <= 0 { throw ParseError.badNumber(a, "\(scale)") }
            case "--record":
                guard i + 1 < arguments.count else { throw ParseError.missingValue(a) }
                i += 1
                recordPath = arguments[i]
            case "--duration":
                duration = try number(a)
            case "--fps":
                let v = try number(a)
                guard v == v.rounded(), v >= 1, v <= 120 else { throw ParseError.recording("--fps: \(v) is not a whole number from 1 to 120") }
                fps = Int(v)
            case "--snapshot":
                let t = try number(a)
                guard i + 1 < arguments.count else { throw ParseError.missingValue(a) }
                i += 1
                snapshot = (t, arguments[i])
            default:
                throw ParseError.unknown(a)
            }
            i += 1
        }
        if let recordPath {
            record = (recordPath, duration ?? 2, fps ?? 15)
            _ = try Self.recordingFrameCount(duration: duration ?? 2, fps: fps ?? 15)
        } else if duration != nil || fps != nil {
            throw ParseError.recording("--duration and --fps need --record OUT.png")
        }
    }
}
