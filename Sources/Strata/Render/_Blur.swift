import Foundation

/// Gaussian blur of an 8-bit alpha mask, approximated by three box blurs (within a few
/// levels of a true Gaussian). Zero is assumed outside the mask; callers pad it by
/// `margin(sigma:)` so nothing is cut off.
enum _Blur {
    /// Pixels a blur of `sigma` spreads beyond a shape (3 σ, rounded up). The three boxes'
    /// radii sum to at most this (checked for σ in 0.01…200 by RenderShadowReachTests), so a pixel's
    /// blurred value depends only on the mask within `margin` of it, and a mask cut to a
    /// target grown by `margin` blurs to the same pixels on the target as an uncut one.
    static func margin(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int((3 * sigma).rounded(.up))
    }

    /// Widths (odd) of three boxes whose succession has standard deviation ≈ `sigma`.
    static func boxes(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        wl = max(wl, 1)
        let wu = wl + 2
        let mIdeal = (12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / (-4 * Double(wl) - 4)
        let m = Int(mIdeal.rounded())
        return (0..<3).map { $0 < m ? wl : wu }
    }

    /// Blurs `mask` (`width`×`height`, rows `stride` bytes apart) in place; `temp` must hold
    /// `stride·height` bytes.
    static func gaussian(_ mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double,
                         temp: UnsafeMutablePointer<UInt8>) {
        guard sigma.isFinite, sigma > 0.2, width > 0, height > 0 else { return }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, height) + 1)
        defer { sums.deallocate() }
        for w in boxes(sigma: sigma) where w > 1 {
            horizontal(mask, temp, width: width, height: height, stride: stride, radius: w / 2)
            vertical(temp, mask, width: width, height: height, stride: stride, radius: w / 2, sums: sums)
        }
    }

    /// Box of 2r+1 along rows, src → dst.
    private static func horizontal(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
                                   width: Int, height: Int, stride: Int, radius r: Int) {
        let mul = UInt32((1 << 24) / (2 * r + 1))
        for y in 0..<height {
            let s = src + y * stride, d = dst + y * stride
            var sum: UInt32 = 0
            for x in 0..<min(r, width) { sum += UInt32(s[x]) }
            for x in 0..<width {
                if x + r < width { sum += UInt32(s[x + r]) }
                d[x] = UInt8(truncatingIfNeeded: (sum &* mul &+ (1 << 23)) >> 24)
                if x - r >= 0 { sum -= UInt32(s[x - r]) }
            }
        }
    }

    /// Box of 2r+1 along columns, src → dst, one row at a time with a running sum per column.
    private static func vertical(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
                                 width: Int, height: Int, stride: Int, radius r: Int, sums: UnsafeMutablePointer<UInt32>) {
        let mul = UInt32((1 << 24) / (2 * r + 1))
        sums.initialize(repeating: 0, count: width)
        for y in 0..<min(r, height) {
            let s = src + y * stride
            for x in 0..<width { sums[x] += UInt32(s[x]) }
        }
        for y in 0..<height {
            if y + r < height {
                let add = src + (y + r) * stride
                for x in 0..<width { sums[x] += UInt32(add[x]) }
            }
            let d = dst + y * stride
            for x in 0..<width { d[x] = UInt8(truncatingIfNeeded: (sums[x] &* mul &+ (1 << 23)) >> 24) }
            if y - r >= 0 {
                let sub = src + (y - r) * stride
                for x in 0..<width { sums[x] -= UInt32(sub[x]) }
            }
        }
    }
}
