import Foundation

/// An element type whose arrays animate element by element (gradient `colors` and
/// `locations`). Not meant for apps: it exists so `[CGColor]` and `[NSNumber]` animation values
/// interpolate.
public protocol _CAArrayElementInterpolable: Sendable {
    /// The value `fraction` of the way to `end` (same type as `self`).
    func _lerp(to end: Self, fraction: Double) -> Any
}

/// Arrays of colours or numbers interpolate element-wise when both ends have the same count;
/// arrays of different counts cannot be interpolated (the animation switches at its end).
extension Array: CAAnimatableValue where Element: _CAArrayElementInterpolable {
    public func interpolated(to end: [Element], fraction: Double) -> [Element]? {
        guard count == end.count else { return nil }
        var out: [Element] = []
        out.reserveCapacity(count)
        for (a, b) in zip(self, end) {
            guard let v = a._lerp(to: b, fraction: fraction) as? Element else { return nil }
            out.append(v)
        }
        return out
    }
}

private func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { f == 0 ? a : f == 1 ? b : a + (b - a) * f }

extension CGColor: _CAArrayElementInterpolable {
    public func _lerp(to end: CGColor, fraction f: Double) -> Any {
        CGColor(red: lerp(red, end.red, f), green: lerp(green, end.green, f), blue: lerp(blue, end.blue, f),
                alpha: lerp(alpha, end.alpha, f))
    }
}

extension NSNumber: _CAArrayElementInterpolable {
    public func _lerp(to end: NSNumber, fraction f: Double) -> Any {
        NSNumber(value: lerp(doubleValue, end.doubleValue, f))
    }
}

extension Double: _CAArrayElementInterpolable {
    public func _lerp(to end: Double, fraction f: Double) -> Any { lerp(self, end, f) }
}

extension CGFloat: _CAArrayElementInterpolable {
    public func _lerp(to end: CGFloat, fraction f: Double) -> Any { CGFloat(lerp(Double(self), Double(end), f)) }
}
