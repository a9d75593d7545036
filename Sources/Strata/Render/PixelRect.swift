/// An integer rectangle in device pixels: `x ..< x + width` × `y ..< y + height`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The rectangle grown by `m` pixels on every side (shrunk for negative `m`).
    func outset(by m: Int) -> PixelRect { PixelRect(x: x - m, y: y - m, width: width + 2 * m, height: height + 2 * m) }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
