/// The command line every example understands.
///
/// - `--exit-after SECONDS`: live run that exits 0 after that time.
/// - `--snapshot T OUT.png`: renders the frame at animation time T offscreen (no compositor).
/// - `--scale S`: snapshot scale (device pixels per point).
/// - `--report`: prints `strata: configure W H [maximized]` per configure and, at rest,
///   `strata: frames N buffer WxH` (frames committed so far, last buffer size), and that line
///   again when `--exit-after` ends the run.
/// - `--maximize-after S`, `--fullscreen-after S`: asks the compositor to maximize the window
///   (or make it fullscreen) after S seconds.
public struct ExampleOptions: Equatable {
    public var exitAfter: Double?
    public var snapshot: (time: Double, path: String)?
    public var scale: Double = 1
    public var report = false
    public var maximizeAfter: Double?
    public var fullscreenAfter: Double?

    public static func == (a: ExampleOptions, b: ExampleOptions) -> Bool {
        a.exitAfter == b.exitAfter && a.snapshot?.time == b.snapshot?.time && a.snapshot?.path == b.snapshot?.path
            && a.scale == b.scale && a.report == b.report && a.maximizeAfter == b.maximizeAfter && a.fullscreenAfter == b.fullscreenAfter
    }

    public enum ParseError: Error, CustomStringConvertible {
        case missingValue(String)
        case badNumber(String, String)
        case unknown(String)

        public var description: String {
            switch self {
            case let .missingValue(o): return "\(o) needs a value"
            case let .badNumber(o, v): return "\(o): '\(v)' is not a finite, non-negative number"
            case let .unknown(o): return "unknown option \(o) (known: --exit-after S, --snapshot T OUT.png, --scale S, --report, --maximize-after S, --fullscreen-after S)"
            }
        }
    }

    public init() {}

    public init(arguments: [String]) throws {
        var i = 0
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
            case "--scale":
                scale = try number(a)
                if scale <= 0 { throw ParseError.badNumber(a, "\(scale)") }
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
    }
}
