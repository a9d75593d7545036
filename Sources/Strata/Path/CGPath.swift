import Foundation

/// The kind of one element of a path (Core Graphics' `CGPathElementType`).
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath

    /// How many points the element carries.
    public var pointCount: Int {
        switch self {
        case .moveToPoint, .addLineToPoint: 1
        case .addQuadCurveToPoint: 2
        case .addCurveToPoint: 3
        case .closeSubpath: 0
        }
    }
}

/// One element handed to `CGPath.applyWithBlock`: its type and a pointer to its points
/// (control points first, end point last), valid only during the call.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>
}

/// The callback of `CGPath.apply(info:function:)`: the caller's `info` and one element.
/// Difference: a Swift function type, not `@convention(c)` as in Core Graphics (`CGPathElement`
/// is a Swift struct here); the closures and functions written for Core Graphics pass as they are.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// How a path's interior is decided (Core Graphics' `CGPathFillRule`).
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number.
    case winding = 0
    case evenOdd
}

/// An immutable vector path of lines and quadratic/cubic Bézier curves (Core Graphics' `CGPath`).
///
/// Values are stored as element types plus a flat point array. A `CGPath` never changes after
/// creation, so it may be shared between threads; its subclass `CGMutablePath` must not be
/// mutated while another thread reads it (same contract as Core Graphics). Use `copy()` to take
/// an immutable snapshot of a mutable path.
public class CGPath: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    internal var _types: [CGPathElementType]
    internal var _points: [CGPoint]

    internal init(types: [CGPathElementType], points: [CGPoint]) {
        _types = types
        _points = points
    }

    /// An empty path.
    public convenience init() { self.init(types: [], points: []) }

    /// A closed rectangle: move to (minX, minY), lines to (maxX, minY), (maxX, maxY), (minX, maxY).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let p = CGMutablePath()
        p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(types: p._types, points: p._points)
    }

    /// An ellipse inscribed in `rect`: four cubic arcs starting at (maxX, midY), turning towards
    /// +y first (clockwise on a y-down screen).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(types: p._types, points: p._points)
    }

    /// A rounded rectangle with elliptical corners; corner sizes are clamped to half the
    /// rectangle's width and height (Core Graphics rejects larger ones; Strata clamps).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        let p = CGMutablePath()
        p.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(types: p._types, points: p._points)
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { _types.isEmpty }

    /// The end point of the last element (the subpath's start after a close); `.zero` when empty.
    public var currentPoint: CGPoint {
        guard let last = _types.last else { return .zero }
        if last == .closeSubpath { return _subpathStart }
        return _points[_points.count - 1]
    }

    /// Start point of the last subpath.
    internal var _subpathStart: CGPoint {
        var k = _points.count
        for t in _types.reversed() {
            k -= t.pointCount
            if t == .moveToPoint { return _points[k] }
        }
        return .zero
    }

    /// Whether the last element leaves an open subpath with a current point.
    internal var _hasCurrentPoint: Bool { !(_types.isEmpty) }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(types: _types, points: _points) }

    /// An immutable copy with every point transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(types: _types, points: _points.map { $0.applying(t) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(types: _types, points: _points) }

    /// A mutable copy with every point transformed.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return mutableCopy() }
        return CGMutablePath(types: _types, points: _points.map { $0.applying(t) })
    }

    /// Calls `block` once per element, in order.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        var k = 0
        var scratch = [CGPoint](repeating: .zero, count: 3)
        scratch.withUnsafeMutableBufferPointer { buf in
            for t in _types {
                let n = t.pointCount
                for i in 0..<n { buf[i] = _points[k + i] }
                k += n
                var e = CGPathElement(type: t, points: buf.baseAddress!)
                withUnsafePointer(to: &e) { block($0) }
            }
        }
    }

    /// Calls `function` once per element, in order, passing `info` through (Core Graphics' C-style
    /// iteration, which code written before `applyWithBlock` uses).
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// Visits every element with its points (internal, allocation-free iteration).
    @inline(__always)
    internal func _forEach(_ body: (CGPathElementType, UnsafePointer<CGPoint>) -> Void) {
        _points.withUnsafeBufferPointer { pts in
            var k = 0
            let base = pts.baseAddress ?? UnsafePointer(bitPattern: 8)!
            for t in _types {
                body(t, base + k)
                k += t.pointCount
            }
        }
    }

    public static func == (l: CGPath, r: CGPath) -> Bool {
        l === r || (l._types == r._types && l._points == r._points)
    }

    public func hash(into h: inout Hasher) {
        h.combine(_types.count)
        for t in _types { h.combine(t) }
        for p in _points { h.combine(p.x); h.combine(p.y) }
    }

    public var description: String {
        var s = "CGPath("
        _forEach { t, p in
            switch t {
            case .moveToPoint: s += "M \(p[0].x) \(p[0].y) "
            case .addLineToPoint: s += "L \(p[0].x) \(p[0].y) "
            case .addQuadCurveToPoint: s += "Q \(p[0].x) \(p[0].y) \(p[1].x) \(p[1].y) "
            case .addCurveToPoint: s += "C \(p[0].x) \(p[0].y) \(p[1].x) \(p[1].y) \(p[2].x) \(p[2].y) "
            case .closeSubpath: s += "Z "
            }
        }
        return s + ")"
    }
}
