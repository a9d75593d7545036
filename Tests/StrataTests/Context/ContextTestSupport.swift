import Foundation
@testable import Strata

/// Small helpers for the CGContext tests: contexts, pixel reads and colours.
enum Ctx {
    /// A transparent top-left (y-down) context of `w`×`h` pixels.
    static func make(_ w: Int, _ h: Int) -> CGContext { CGContext(width: CGFloat(w), height: CGFloat(h))! }

    static func px(_ c: CGContext, _ x: Int, _ y: Int) -> UInt32 { c.bitmap.pixel(x: x, y: y) }

    /// The pixels of row `y` from `x0` to `x1` (exclusive).
    static func row(_ c: CGContext, _ y: Int, _ x0: Int, _ x1: Int) -> [UInt32] { (x0..<x1).map { px(c, $0, y) } }

    /// Count of pixels with non-zero alpha.
    static func inked(_ c: CGContext) -> Int {
        var n = 0
        for y in 0..<c.height { for x in 0..<c.width where px(c, x, y) >> 24 != 0 { n += 1 } }
        return n
    }

    /// The pixel box of non-transparent pixels (nil when none).
    static func inkBox(_ c: CGContext) -> PixelRect? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<c.height { for x in 0..<c.width where px(c, x, y) >> 24 != 0 {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
        } }
        return x0 == Int.max ? nil : PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    static func channel(_ p: UInt32, _ shift: UInt32) -> Int { Int((p >> shift) & 0xFF) }
}
