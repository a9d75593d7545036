import Strata

/// A rectangle of pixels: origin inclusive, size in pixels.
struct PixelRect: Equatable, CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int
    var description: String { "(\(x),\(y)) \(width)×\(height)" }
}

extension PNGImage {
    /// The smallest rectangle holding every pixel exactly equal to `color`, or nil if none is.
    func boundingBox(of color: UInt32) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where pixels[row + x] == color {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels equal `color`.
    func count(of color: UInt32) -> Int { pixels.reduce(0) { $0 + ($1 == color ? 1 : 0) } }
}

/// `0xAARRGGBB` as "#AARRGGBB" for messages.
func hex(_ pixel: UInt32?) -> String {
    guard let pixel else { return "(outside)" }
    let digits = String(pixel, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 8 - digits.count) + digits
}
