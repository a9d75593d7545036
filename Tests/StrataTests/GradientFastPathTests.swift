import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// The block fast paths against the general per-row path (`renderRow`), on seeded random
/// gradients and blocks: the axis-aligned radial block (column + row terms, mirrored rows and
/// columns, clamped coarse table) and the axial strip (one long row copied per row at a
/// rounded shift). Each may pick a neighbouring colour-table entry (every path is within
/// ½ step of the exact t), never more.
@Suite(.runLoopTurn) struct GradientFastPathTests {
    /// xorshift64*: the same sequence on every run.
    struct Rng {
        var s: UInt64
        mutating func next() -> UInt64 { s ^= s >> 12; s ^= s << 25; s ^= s >> 27; return s &* 2685821657736338717 }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
    }

    static func channelDiff(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (0..<4).map { k -> UInt32 in
            let x = (a >> (8 * k)) & 0xFF, y = (b >> (8 * k)) & 0xFF
            return x > y ? x - y : y - x
        }.max()!
    }

    static let threeStops = [_GradientSpec.Stop(location: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                             _GradientSpec.Stop(location: 0.5, color: CGColor(red: 0, green: 1, blue: 0, alpha: 1)),
                             _GradientSpec.Stop(location: 1, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))]

    @Test func axialStripMatchesPerRowPathOnRandomScenes() throws {
        var rng = Rng(s: 0xA11A_2026_1130)
        var differing = 0, total = 0
        for _ in 0..<40 {
            // Long gradients (≥ 2046 px along x, so t moves ≤ ½ table step per pixel: the strip
            // path) at any angle, either direction, including steep ones (large row shifts).
            let length = 2100 + rng.unit() * 4000
            let angle = (rng.unit() * 2 - 1) * Double.pi * 0.49 + (rng.int(0...1) == 0 ? 0 : .pi)
            let s = CGPoint(x: rng.unit() * 400 - 200, y: rng.unit() * 400 - 200)
            let e = CGPoint(x: s.x + length * cos(angle), y: s.y + length * sin(angle))
            let spec = _GradientSpec(kind: .axial, start: s, end: e, stops: Self.threeStops)
            let raster = try #require(_GradientRaster(spec, matrix: .identity, alpha: 1))
            let x = rng.int(-50...50), y = rng.int(-50...50)
            let w = rng.int(1...300), h = rng.int(2...200)
            var fast = [UInt32](repeating: 0, count: w * h), slow = fast
            fast.withUnsafeMutableBufferPointer { raster.renderBlock($0.baseAddress!, stride: w, x: x, y: y, width: w, height: h) }
            slow.withUnsafeMutableBufferPointer { p in
                for j in 0..<h { raster.renderRow(p.baseAddress! + j * w, x: x, y: y + j, count: w) }
            }
            for k in 0..<(w * h) {
                let d = Self.channelDiff(fast[k], slow[k])
                #expect(d <= 1, "pixel (\(x + k % w), \(y + k / w)) from \(s) to \(e): \(d)")
                if d != 0 { differing += 1 }
                total += 1
            }
        }
        // Neighbouring entries are picked rarely: most pixels agree exactly.
        #expect(total > 100_000 && differing * 4 < total)
    }

    @Test func radialBlockMatchesPerRowPathOnRandomScenes() throws {
        var rng = Rng(s: 0x5EED_2026_1129)
        // Adjacent entries of this table differ by at most ~2 per channel (1023 steps over
        // three stops), so a one-entry disagreement stays within 2.
        let stops = [_GradientSpec.Stop(location: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                     _GradientSpec.Stop(location: 0.5, color: CGColor(red: 0, green: 1, blue: 0, alpha: 1)),
                     _GradientSpec.Stop(location: 1, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))]
        var checkedFine = 0, checkedOutside = 0
        for _ in 0..<40 {
            // Centres on pixel centres, edges or anywhere, so the mirrored and unmirrored cases both run.
            func coord(_ n: Int) -> Double {
                let base = Double(rng.int(0...n))
                switch rng.int(0...2) { case 0: return base; case 1: return base + 0.5; default: return base + rng.unit() }
            }
            let centre = CGPoint(x: coord(120), y: coord(90))
            let radius = CGSize(width: 8 + rng.unit() * 120, height: 8 + rng.unit() * 120)
            let spec = _GradientSpec(kind: .radial, start: centre,
                                     end: CGPoint(x: centre.x + radius.width, y: centre.y + radius.height), stops: stops)
            let raster = try #require(_GradientRaster(spec, matrix: .identity, alpha: 1))
            let x = rng.int(-20...60), y = rng.int(-20...40)
            let w = rng.int(64...160), h = rng.int(64...120)      // ≥ 4096 pixels: the fast path
            var fast = [UInt32](repeating: 0, count: w * h), slow = fast
            fast.withUnsafeMutableBufferPointer { raster.renderBlock($0.baseAddress!, stride: w, x: x, y: y, width: w, height: h) }
            slow.withUnsafeMutableBufferPointer { p in
                for j in 0..<h { raster.renderRow(p.baseAddress! + j * w, x: x, y: y + j, count: w) }
            }
            for j in 0..<h {
                for i in 0..<w {
                    let d = Self.channelDiff(fast[j * w + i], slow[j * w + i])
                    #expect(d <= 2, "pixel (\(x + i), \(y + j)) centre \(centre) radii \(radius): \(d)")
                    let u = (Double(x + i) + 0.5 - centre.x) / radius.width, v = (Double(y + j) + 0.5 - centre.y) / radius.height
                    let q = u * u + v * v
                    if q < 1.0 / 256 { checkedFine += 1 }
                    if q > 1.01 { checkedOutside += 1; #expect(fast[j * w + i] == slow[j * w + i]) }
                }
            }
        }
        // The scenes reached both special regions.
        #expect(checkedFine > 100 && checkedOutside > 1000)
    }
}
