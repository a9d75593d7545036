import CStroke
import Foundation
import Testing
import StrataTestSupport

/// The thin-stroke band kernel (`cstroke_bands`): the AVX2 and portable versions give the same
/// pixels, and each pixel holds the band's exact area in it.
@Suite(.runLoopTurn) struct ThinStrokeKernelTests {
    /// One random band: top edge, slope, height, columns, clipped rows, orientation.
    struct Band {
        var top, slope, height: Double
        var first, last, lo, hi: Int32
        var transposed: Int32

        var run: cstroke_run {
            cstroke_run(top: top, slope: slope, height: height, first: first, last: last, transposed: transposed, origin: first)
        }
        /// The clip: rows lo…hi along the band, every column across it.
        var clip: cstroke_clip {
            transposed == 1 ? cstroke_clip(x0: lo, y0: 0, x1: hi, y1: Int32(size) - 1)
                : cstroke_clip(x0: 0, y0: lo, x1: Int32(size) - 1, y1: hi)
        }
    }

    static let size = 40

    static func randomBand(_ rng: inout SeededLCG) -> Band {
        var slope = rng.next() * 2 - 1
        switch Int(rng.next() * 6) {
        case 0: slope = 0
        case 1: slope = (rng.next() - 0.5) / 32   // around the flat threshold (1/64)
        case 2: slope = rng.next() < 0.5 ? 1 : -1
        default: break
        }
        let first = Int32(rng.next() * 20), last = first + Int32(rng.next() * 19)
        let lo = Int32(rng.next() * 8), hi = Int32(size) - 1 - Int32(rng.next() * 8)
        return Band(top: 4 + rng.next() * 12, slope: slope, height: 0.05 + rng.next() * 1.4,
                    first: first, last: last, lo: lo, hi: hi, transposed: rng.next() < 0.5 ? 1 : 0)
    }

    typealias Kernel = (UnsafePointer<cstroke_target>, UnsafePointer<cstroke_run>, Int32, UnsafePointer<cstroke_clip>) -> Void

    /// Draws `bands` (all with the first one's clip) with `kernel` into a copy of `pixels`
    /// (32-bit or 8-bit target).
    static func draw<T>(_ bands: [Band], _ pixels: [T], a8: Bool, color: UInt32, _ kernel: Kernel) -> [T] {
        var out = pixels
        let scaled = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        scaled.initialize(repeating: 0, count: 256)
        defer { scaled.deallocate() }
        let runs = bands.map(\.run)
        var clip = bands[0].clip
        out.withUnsafeMutableBytes { raw in
            var t = cstroke_target(pixels: raw.baseAddress, stride: size, a8: a8 ? 1 : 0, color: color, scaled: scaled)
            kernel(&t, runs, Int32(runs.count), &clip)
        }
        return out
    }

    static func draw<T>(_ band: Band, _ pixels: [T], a8: Bool, color: UInt32, _ kernel: Kernel) -> [T] {
        draw([band], pixels, a8: a8, color: color, kernel)
    }

    /// Seeded random lists of 1…6 bands (both orientations, columns of several bands gathered
    /// in one vector) into random premultiplied 32-bit pixels and 8-bit alpha, with translucent
    /// colours: the AVX2 kernel (where the CPU has it) and the portable one agree to the bit.
    @Test func avx2MatchesPortable() {
        var rng = SeededLCG(state: 7)
        var touched = 0
        for k in 0..<400 {
            var band = (0..<1 + Int(rng.next() * 6)).map { _ in Self.randomBand(&rng) }
            // One clip for all (the first band's): each band's columns kept inside it across.
            let clip = band[0].clip
            for i in band.indices {
                let across = band[i].transposed == 1 ? (clip.y0, clip.y1) : (clip.x0, clip.x1)
                band[i].first = max(band[i].first, across.0)
                band[i].last = min(band[i].last, across.1)
            }
            let a = UInt32(k % 3 == 0 ? 255 : 40 + Int(rng.next() * 215))
            let color = a << 24 | UInt32(rng.next() * Double(a)) << 16 | UInt32(rng.next() * Double(a)) << 8 | UInt32(rng.next() * Double(a))
            let argb: [UInt32] = (0..<Self.size * Self.size).map { _ in
                let pa = UInt32(rng.next() * 256)
                return pa << 24 | UInt32(rng.next() * Double(pa)) << 16 | UInt32(rng.next() * Double(pa)) << 8 | UInt32(rng.next() * Double(pa))
            }
            let fast = Self.draw(band, argb, a8: false, color: color, cstroke_bands)
            let portable = Self.draw(band, argb, a8: false, color: color, cstroke_bands_portable)
            #expect(fast == portable, "band \(k): \(band)")
            if fast != argb { touched += 1 }
            let alpha: [UInt8] = (0..<Self.size * Self.size).map { _ in UInt8(rng.next() * 256) }
            #expect(Self.draw(band, alpha, a8: true, color: color, cstroke_bands)
                    == Self.draw(band, alpha, a8: true, color: color, cstroke_bands_portable), "a8 band \(k)")
        }
        #expect(touched > 350)
    }

    /// The band's area in pixel (column u, row v) by integrating the covered height across the
    /// column (4096 steps, midpoint rule).
    static func exactArea(_ b: Band, u: Int, v: Int) -> Double {
        let n = 4096
        var sum = 0.0
        for i in 0..<n {
            let x = (Double(i) + 0.5) / Double(n)
            let top = b.top + b.slope * (Double(u - Int(b.first)) + x)
            sum += dmax(0, dmin(top + b.height, Double(v + 1)) - dmax(top, Double(v)))
        }
        return sum / Double(n)
    }

    /// Opaque bands onto an empty 8-bit target: each pixel of the drawn columns and clipped rows
    /// is 255 × the band's exact area in it (within 1 of rounding), and nothing else changes.
    /// 120 random bands (the first 30 under a sanitizer: `TestScale`).
    @Test func pixelsHoldTheExactArea() {
        var rng = SeededLCG(state: 3)
        var inked = 0
        let bands = TestScale.count(120, sanitized: 30)
        for k in 0..<bands {
            let band = Self.randomBand(&rng)
            let img = Self.draw(band, [UInt8](repeating: 0, count: Self.size * Self.size), a8: true,
                                color: 0xFF00_0000, cstroke_bands)
            for u in 0..<Self.size {
                for v in 0..<Self.size {
                    let got = Int(img[band.transposed == 1 ? u * Self.size + v : v * Self.size + u])
                    let inside = u >= band.first && u <= band.last && v >= band.lo && v <= band.hi
                    let want = inside ? Int((255 * Self.exactArea(band, u: u, v: v)).rounded()) : 0
                    if got != 0 { inked += 1 }
                    #expect(abs(got - want) <= 1, "band \(k) pixel (\(u), \(v)): \(got) vs \(want)")
                }
            }
        }
        #expect(inked > bands * 25 / 2)
    }

    /// Rows beyond the clip and huge tops (the band far away) leave the target alone.
    @Test func farBandsDrawNothing() {
        let zero = [UInt8](repeating: 0, count: Self.size * Self.size)
        for top in [-1e9, -50, 60, 1e9] {
            let band = Band(top: top, slope: 0.3, height: 1, first: 0, last: 39, lo: 0, hi: 39, transposed: 0)
            #expect(Self.draw(band, zero, a8: true, color: 0xFF00_0000, cstroke_bands) == zero)
            #expect(Self.draw(band, zero, a8: true, color: 0xFF00_0000, cstroke_bands_portable) == zero)
        }
    }

    /// The contour test (`cstroke_contour_fits`): on seeded random closed contours of 3…40
    /// points (some with repeated points, right angles and reversals), with and without miter
    /// joins, the AVX2 loop (where the CPU has it) and the portable one answer alike, and both
    /// agree with a direct count (sharp: dot < cos 45°·|d|·|e|; a miter reversal: dot < 0) away
    /// from the budget's boundary.
    @Test func contourTestMatchesPortableAndTheCount() {
        var rng = SeededLCG(state: 11)
        var outcomes = Set<Int32>()
        var checked = 0
        for k in 0..<600 {
            let n = 3 + Int(rng.next() * 38)
            var x = [Double](), y = [Double]()
            let smooth = rng.next() < 0.5
            for i in 0..<n {
                if smooth {
                    // A wobbly circle: few or no sharp vertices.
                    let a = 2 * Double.pi * Double(i) / Double(n), r = 50 + 3 * rng.next()
                    x.append(60 + r * cos(a)); y.append(60 + r * sin(a))
                } else {
                    switch Int(rng.next() * 8) {
                    case 0 where i > 0: x.append(x[i - 1]); y.append(y[i - 1])          // repeated point
                    case 1 where i > 0: x.append(x[i - 1] + 10); y.append(y[i - 1])     // axis-aligned steps
                    case 2 where i > 0: x.append(x[i - 1]); y.append(y[i - 1] + 10)
                    default: x.append(rng.next() * 120); y.append(rng.next() * 120)
                    }
                }
            }
            let miter: Int32 = k % 3 == 0 ? 1 : 0
            // The direct count and length.
            var sharp = 0, length = 0.0, reversal = false
            for v in 0..<n {
                let p = (v + n - 1) % n, e = (v + 1) % n
                let dx = x[v] - x[p], dy = y[v] - y[p], ex = x[e] - x[v], ey = y[e] - y[v]
                let l = (dx * dx + dy * dy).squareRoot(), m = (ex * ex + ey * ey).squareRoot()
                let dot = dx * ex + dy * ey
                length += m
                if dot < 0 { reversal = true }
                if dot < 0.7071 * l * m { sharp += 1 }
            }
            // Widths on both sides of the budget, and one right at a random spot.
            for width in [0.001, 0.05, 0.5, 2, rng.next()] {
                let fast = cstroke_contour_fits(x, y, Int32(n), miter, width)
                let portable = cstroke_contour_fits_portable(x, y, Int32(n), miter, width)
                #expect(fast == portable, "contour \(k) width \(width)")
                outcomes.insert(fast)
                let budget = Double(sharp) * width * 200
                if miter == 1 && reversal {
                    #expect(fast == 0, "contour \(k): a miter reversal")
                } else if abs(budget - length) > 1e-6 * length {
                    #expect(fast == (budget > length ? 0 : 1), "contour \(k) width \(width)")
                    checked += 1
                }
            }
        }
        #expect(outcomes == [0, 1])
        #expect(checked > 1500)
        #expect(cstroke_contour_fits([0, 1], [0, 1], 2, 0, 1) == 0)
    }
}
