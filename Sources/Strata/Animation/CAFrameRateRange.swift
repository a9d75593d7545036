/// A range of frame rates with a preferred one (Core Animation's `CAFrameRateRange`), as a
/// display link asks for it. Rates are frames per second; 0 everywhere (`default`) means the
/// display's own rate.
public struct CAFrameRateRange: Equatable, Sendable {
    public var minimum: Float
    public var maximum: Float
    /// The rate asked for within the range; nil lets the system choose (Strata: the maximum).
    public var preferred: Float?

    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the display's rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}

extension CAFrameRateRange {
    /// The rate Strata runs at for this range, in frames per second: `preferred` when it is given
    /// and positive, else `maximum`; nil (the display's own rate) when that is not a positive
    /// finite number. Shared by display links and animations.
    public var _rate: Double? {
        let p = preferred ?? 0
        let r = Double(p > 0 ? p : maximum)
        return r.isFinite && r > 0 ? r : nil
    }
}
