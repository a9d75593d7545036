import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Drawing a path clipped to a rectangle must give, inside the rectangle, exactly the pixels of
/// the unclipped drawing: the compositor repaints damage regions that way and compares with full
/// renders (`DamageRandomShapeSceneTests`). The case below is the reduced failure of that test
/// (seed 31337, scale 2): a closed, self-intersecting 5-point polygon, filled and stroked 2 px wide.
@Suite(.runLoopTurn) struct RasterClipConsistencyTests {
    static let path: CGPath = {
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 21.85291839601468, y: 8.21524175526087), CGPoint(x: -12.320795688151051, y: 20.072292112950187),
                             CGPoint(x: 26.263483293255348, y: 11.297945732386388), CGPoint(x: -19.42913330541618, y: -25.943022687023152),
                             CGPoint(x: 27.212923888179873, y: 19.723713453829284)])
        p.closeSubpath()
        return p
    }()
    /// The shape layer's placement in the scene: group origin (80, 40) + position, at scale 2.
    static let transform = CGAffineTransform(translationX: (80 + 1.9151084359458492) * 2, y: (40 + 33.74461138359551) * 2)
        .scaledBy(x: 2, y: 2)
    static let clip = CGRect(x: 170, y: 149, width: 70, height: 31)

    /// Pixels of the A8 image inside `clip` that differ, as (x, y, clipped, full).
    static func mismatches(_ draw: (PathRasterizer, OpaquePointer, CGRect?) -> Void) -> [(Int, Int, UInt8, UInt8)] {
        let full = RasterTestImage(width: 240, height: 180), clipped = RasterTestImage(width: 240, height: 180)
        draw(PathRasterizer(), full.image, nil)
        draw(PathRasterizer(), clipped.image, clip)
        let a = full.alpha, b = clipped.alpha
        var out: [(Int, Int, UInt8, UInt8)] = []
        for y in Int(clip.minY)..<Int(clip.maxY) {
            for x in Int(clip.minX)..<Int(clip.maxX) where a[y * 240 + x] != b[y * 240 + x] { out.append((x, y, b[y * 240 + x], a[y * 240 + x])) }
        }
        return out
    }

    @Test func clippedFillEqualsTheFullFillInsideTheClip() {
        let d = Self.mismatches { r, img, clip in r.fill(path: Self.path, transform: Self.transform, color: .black, into: img, clip: clip) }
        #expect(d.isEmpty, "\(d.prefix(4))")
    }

    @Test func clippedStrokeEqualsTheFullStrokeInsideTheClip() {
        let d = Self.mismatches { r, img, clip in
            r.stroke(path: Self.path, style: StrokeStyle(lineWidth: 1), transform: Self.transform, color: .black, into: img, clip: clip)
        }
        // Found by the audit of 30 Nov: pixel (179, 177) is 142 clipped, 143 unclipped. The
        // rasterizer's owners fix it; this then reports the known issue as not recorded.
        withKnownIssue("a clipped stroke's coverage differs by one level from the unclipped one") {
            #expect(d.isEmpty, "\(d.prefix(4))")
        }
        #expect(d.allSatisfy { abs(Int($0.2) - Int($0.3)) <= 1 }, "\(d.prefix(4))")
    }
}
