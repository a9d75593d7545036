import CPixman
import Foundation
import Testing
@testable import Strata

/// `_Tessellator` under maps whose homogeneous coordinates are huge (stacked perspectives in the
/// layer-damage fuzz target gave W ≈ ±1e128; its input is in Fuzz/layer-damage/corpus): every
/// triangle it hands pixman must lie inside its clip grown by one pixel, and nothing may trap
/// converting to 16.16 fixed point. The trap was a triangle edge crossing W = ε: interpolating W
/// there cancelled to 0, the crossing projected to NaN, and the bounds check (pointwise min and
/// max, which pass a NaN over) let it through.
@Suite struct TessellatorTests {
    /// The clip: 96×72 pixels at the origin, as the fuzz target's surface.
    static let clip = PixelRect(x: 0, y: 0, width: 96, height: 72)

    /// Every vertex of every triangle, in pixels, lies inside the clip grown by one pixel.
    static func expectInsideClip(_ t: _Tessellator, _ comment: Comment) {
        let lo = pixman_fixed_t(-65536), hiX = pixman_fixed_t((clip.maxX + 1) * 65536), hiY = pixman_fixed_t((clip.maxY + 1) * 65536)
        for tri in t.triangles {
            for p in [tri.p1, tri.p2, tri.p3] where p.x < lo || p.x > hiX || p.y < lo || p.y > hiY {
                Issue.record("vertex (\(Double(p.x) / 65536), \(Double(p.y) / 65536)) outside the clip: \(comment)")
                return
            }
        }
    }

    /// Seeded random maps with entries of magnitude 1e-3 … 1e300 and either sign (so W changes
    /// sign across shapes), filled and ringed with and without radii.
    @Test func hugeRandomMapsStayInsideTheClip() {
        var rng = SeededLCG(state: 0x7E55)
        func entry() -> Double {
            let magnitude = pow(10, -3 + 303 * rng.next())
            return rng.next() < 0.5 ? magnitude : -magnitude
        }
        let t = _Tessellator()
        var triangles = 0
        for i in 0..<3000 {
            let m = _Matrix3(m11: entry(), m12: entry(), m13: entry(), m21: entry(), m22: entry(), m23: entry(),
                             m31: entry(), m32: entry(), m33: entry())
            let rr = _RoundedRect(rect: CGRect(x: 0, y: 0, width: 1 + Double(i % 7), height: 1 + Double(i % 5)),
                                  radii: SIMD4(repeating: Double(i % 3) * 0.4))
            t.reset(clip: Self.clip)
            t.fill(rr, m)
            Self.expectInsideClip(t, "fill \(i): \(m)")
            triangles += t.triangles.count
            t.reset(clip: Self.clip)
            t.ring(rr, width: 0.3, m)
            Self.expectInsideClip(t, "ring \(i): \(m)")
        }
        // The maps do put pieces on the surface (the test is not vacuous).
        #expect(triangles > 100)
    }
}
