import CPixelMath
import Testing
@testable import Strata
import StrataTestSupport

/// The C kernels (CRaster, CStroke) and the Swift blitters scale colours with the same arithmetic,
/// so a shape gives the same pixels whichever path draws it. The C side lives in one header
/// (`CPixelMath`); this checks it against Swift's `_mulChannels` and against the exact rounding.
@Suite(.runLoopTurn) struct PixelMathTests {
    /// Every coverage 0…255 against seeded pixels and the corner cases (0, all channels 255,
    /// alternating channels): C == Swift, and each channel is round(c·a/255).
    @Test func cAndSwiftScaleChannelsAlike() {
        var rng = SeededLCG(state: 7)
        var pixels: [UInt32] = [0, 0xFFFF_FFFF, 0xFF00_FF00, 0x00FF_00FF, 0x8080_8080, 0x0102_0304]
        for _ in 0..<512 { pixels.append(UInt32(rng.next() * 4_294_967_296)) }
        var mismatches = 0, misrounded = 0
        for x in pixels {
            for a in UInt32(0)...255 {
                let c = cpixel_mul_channels_exported(x, a)
                if c != _mulChannels(x, a) { mismatches += 1 }
                for shift in stride(from: UInt32(0), to: 32, by: 8) {
                    let exact = (Double((x >> shift) & 0xFF) * Double(a) / 255).rounded()
                    if Double((c >> shift) & 0xFF) != exact { misrounded += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(misrounded == 0)
    }
}
