import Foundation

/// The Swift type a number had when it was stored, so KVC hands the same type back.
enum _NumberType: UInt8, Sendable {
    case cgFloat, float, double, int
}

/// The engine's internal representation of a property or animation value.
///
/// Everything an animation touches is converted to this enum when it enters the engine
/// (`init(any:)`), interpolated here, and converted back to the property's Swift type on the
/// way out (`anyValue`). It is `Sendable`, so the render thread can own copies.
enum _AnimValue: Sendable {
    case number(Double, _NumberType)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(CGColor)
    case transform(CATransform3D)
    case affine(CGAffineTransform)
    case bool(Bool)
    /// A path (morphs when the structures match).
    case path(CGPath)
    /// A value of a type that knows how to interpolate itself (app types).
    case custom(any CAAnimatableValue)
    /// Anything else that is `Sendable` (strings, enums, images): animates discretely.
    case opaque(any Sendable)
    /// A non-`Sendable` value stored with KVC under a custom key: kept on the model layer only.
    case local(_LocalBox)
    /// nil.
    case none

    static func cg(_ v: CGFloat) -> _AnimValue { .number(Double(v), .cgFloat) }

    /// Converts a value as Apple's APIs receive it (`Any?`: numbers, NSNumber, NSValue, structs,
    /// CGColor …) to the engine's representation.
    init(any value: Any?) {
        guard let value else { self = .none; return }
        switch value {
        case let v as _AnimValue: self = v
        case let v as CGFloat: self = .number(Double(v), .cgFloat)
        case let v as Double: self = .number(v, .double)
        case let v as Float: self = .number(Double(v), .float)
        case let v as Int: self = .number(Double(v), .int)
        case let v as Bool: self = .bool(v)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CGColor: self = .color(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .affine(v)
        case let v as NSValue:
            if let n = v as? NSNumber { self = .number(n.doubleValue, .double); return }
            switch _NSValueGeometry(v) {
            case let .point(p): self = .point(p)
            case let .size(s): self = .size(s)
            case let .rect(r): self = .rect(r)
            case nil: self = .local(_LocalBox(v))
            }
        case let v as CGPath: self = .path(v)
        case let v as any CAAnimatableValue: self = .custom(v)
        // Arrays typed `[Any]` (or of element types without interpolation, like `[Int]`):
        // all numbers → `[NSNumber]`, all colours → `[CGColor]`, so they interpolate element
        // by element like gradient stops and feed multi-component value functions.
        case let v as [Any] where !v.isEmpty && v.allSatisfy({ _AnimValue.arrayNumber($0) != nil }):
            self = .custom(v.map { NSNumber(value: _AnimValue.arrayNumber($0)!) })
        case let v as [Any] where !v.isEmpty && v.allSatisfy({ $0 is CGColor }):
            self = .custom(v.map { $0 as! CGColor })
        case let v as String: self = .opaque(v)
        case let v as CAMediaTimingFunction: self = .opaque(v)
        // Images reach the render tree (contents).
        case let v as CGImage: self = .opaque(v)
        default: self = .local(_LocalBox(value))
        }
    }

    /// `x` as a number when it is one (for arrays of numbers).
    static func arrayNumber(_ x: Any) -> Double? {
        switch x {
        case let n as NSNumber: return n.doubleValue
        case let d as Double: return d
        case let f as CGFloat: return Double(f)
        case let f as Float: return Double(f)
        case let i as Int: return Double(i)
        default: return nil
        }
    }

    /// The numbers of an array value (`[NSNumber]`, `[Double]`, `[CGFloat]`), nil otherwise.
    var numberArray: [Double]? {
        guard case let .custom(c) = self else { return nil }
        switch c {
        case let a as [NSNumber]: return a.map(\.doubleValue)
        case let a as [Double]: return a
        case let a as [CGFloat]: return a.map { Double($0) }
        default: return nil
        }
    }

    /// The value converted to the type of `like` (e.g. a Double animation value written into a
    /// Float property keeps the property's type). Conversions that make no sense return nil.
    func coerced(like model: _AnimValue) -> _AnimValue? {
        switch (self, model) {
        case let (.number(v, _), .number(_, t)): return .number(v, t)
        case let (.bool(b), .number(_, t)): return .number(b ? 1 : 0, t)
        case let (.number(v, _), .bool): return .bool(v != 0)
        case (.none, .color), (.color, .none), (.none, .none): return self
        case (.none, _): return self   // nil for optional properties
        case (_, .none): return self   // optional properties without a typed default
        case (.point, .point), (.size, .size), (.rect, .rect), (.color, .color), (.transform, .transform),
             (.affine, .affine), (.bool, .bool), (.path, .path):
            return self
        case let (.affine(a), .transform): return .transform(CATransform3DMakeAffineTransform(a))
        case (_, .opaque), (_, .custom), (_, .local): return self
        default: return nil
        }
    }

    /// The value in the Swift type callers expect from KVC.
    var anyValue: Any? {
        if case let .local(b) = self { return b.value }
        return sendableValue
    }

    /// The value as a `Sendable` Swift value (for the render tree's extra properties).
    var sendableValue: (any Sendable)? {
        switch self {
        case let .number(v, t):
            switch t {
            case .cgFloat: return CGFloat(v)
            case .float: return Float(v)
            case .double: return v
            case .int: return v.isFinite && abs(v) < 9.2e18 ? Int(v.rounded()) : 0
            }
        case let .point(p): return p
        case let .size(s): return s
        case let .rect(r): return r
        case let .color(c): return c
        case let .transform(t): return t
        case let .affine(a): return a
        case let .bool(b): return b
        case let .path(p): return p
        case let .custom(c): return c
        case let .opaque(o): return o
        case .local, .none: return nil
        }
    }

    var isNone: Bool { if case .none = self { return true } else { return false } }

    var number: Double? { if case let .number(v, _) = self { return v } else { return nil } }
    var cgFloat: CGFloat? { number.map { CGFloat($0) } }
    var point: CGPoint? { if case let .point(p) = self { return p } else { return nil } }
    var size: CGSize? { if case let .size(s) = self { return s } else { return nil } }
    var rect: CGRect? { if case let .rect(r) = self { return r } else { return nil } }
    var transform: CATransform3D? {
        switch self {
        case let .transform(t): return t
        case let .affine(a): return CATransform3DMakeAffineTransform(a)
        default: return nil
        }
    }
    var color: CGColor? { if case let .color(c) = self { return c } else { return nil } }
    var bool: Bool? {
        switch self {
        case let .bool(b): return b
        case let .number(v, _): return v != 0
        default: return nil
        }
    }
}

/// Holds a non-`Sendable` KVC value on the model side. It never reaches the render thread
/// (`_AnimValue.sendableValue` drops it), which is what makes the unchecked conformance sound.
final class _LocalBox: @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value }
}
