import Foundation

/// Conversions for the animations' key-value coding of their declared properties (Apple's key
/// names, e.g. "additive" for `isAdditive`): what `setValue(_:forKey:)` accepts for each kind
/// of property. A value of the wrong kind leaves the property unchanged.
enum _AnimationKVC {
    static func number(_ v: Any?) -> Double? { v == nil ? nil : _AnimValue(any: v).number }
    static func bool(_ v: Any?) -> Bool? { v == nil ? nil : _AnimValue(any: v).bool }

    /// A name type (`CAMediaTimingFillMode`, `CATransitionType`, …) given as itself or as its
    /// raw string.
    static func named<T: RawRepresentable>(_ v: Any?, _: T.Type) -> T? where T.RawValue == String {
        if let t = v as? T { return t }
        return (v as? String).flatMap(T.init(rawValue:))
    }

    /// An array of numbers (`keyTimes`, `tensionValues`, …) given as `[NSNumber]` or Swift numbers.
    static func numbers(_ v: Any?) -> [NSNumber]? {
        if let n = v as? [NSNumber] { return n }
        return CAGradientLayer.numbers(v)?.map { NSNumber(value: $0) }
    }

    /// Whether `v` may be stored into an optional property of type `T` (nil clears it).
    static func optional<T>(_ v: Any?, _: T.Type) -> (ok: Bool, value: T?) {
        guard let v else { return (true, nil) }
        if let t = v as? T { return (true, t) }
        return (false, nil)
    }
}
