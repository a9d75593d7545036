/// A position in surface-local coordinates (logical units, origin at the surface's top-left
/// corner), as `wl_pointer` and `wl_touch` report it (24.8 fixed point, so multiples of 1/256).
public struct SurfacePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = SurfacePoint(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}
