import CRaster
import Foundation
import Testing
@testable import Strata

/// `_EdgeBuilder.addPath` (CRaster's `craster_edges_path`: flattening and edges in C, polylines
/// well inside the clip through a branch-free loop) against the slow reference it replaces for
/// fills: `_PathFlattener.flatten` into the same builder, segment by segment. Same edges, in the
/// same order, bit for bit, and the same box — for seeded random paths with every element kind,
/// closes followed by lines and curves, contours crossing the clip and the frame, and transforms
/// that overflow finite points to ±∞.
@Suite struct EdgePathTests {
    struct Built: Equatable {
        var edges: [[UInt32]]
        var box: [UInt64]
        var failed: Int32
    }

    static func build(_ path: CGPath, _ t: CGAffineTransform, clip: (Int, Int, Int, Int), width: Int, height: Int,
                      reference: Bool) -> Built {
        var eb = _EdgeBuilder(storage: craster_edges(), clip: clip, width: width, height: height)
        if reference {
            _PathFlattener.flatten(path, transform: t, tolerance: 0.05, into: &eb)
        } else {
            eb.addPath(path, transform: t, tolerance: 0.05)
        }
        eb.finish()
        defer { craster_edges_free(&eb.c) }
        let edges = (0..<eb.count).map { i -> [UInt32] in
            let e = eb.edges![i]
            return [e.x0.bitPattern, e.y0.bitPattern, e.x1.bitPattern, e.y1.bitPattern, e.dir.bitPattern]
        }
        return Built(edges: edges, box: [eb.minX.bitPattern, eb.maxX.bitPattern, eb.minY.bitPattern, eb.maxY.bitPattern],
                     failed: eb.c.failed)
    }

    /// A random path over roughly (−60 … 260)², mostly inside a 200×200 target: contours of lines,
    /// quads and cubics, some closed, some followed by more segments after the close, some
    /// starting with a line (no move).
    static func randomPath(_ rng: inout EdgeGridTests.SplitMix64) -> CGPath {
        func coord() -> CGFloat {
            let u = Double(rng.next() >> 11) * 0x1p-53
            // A few points on the 2⁻¹⁰ grid and on whole pixels: ties and horizontal edges.
            switch rng.next() % 8 {
            case 0: return CGFloat((u * 320 - 60).rounded())
            case 1: return CGFloat(((u * 320 - 60) * 1024).rounded() / 1024 + 0.5 / 1024)
            default: return CGFloat(u * 320 - 60)
            }
        }
        func point() -> CGPoint { CGPoint(x: coord(), y: coord()) }
        let p = CGMutablePath()
        let contours = 1 + Int(rng.next() % 5)
        for c in 0..<contours {
            if c > 0 || rng.next() % 4 != 0 { p.move(to: point()) }
            for _ in 0..<(1 + Int(rng.next() % 7)) {
                switch rng.next() % 4 {
                case 0: p.addLine(to: point())
                case 1: p.addQuadCurve(to: point(), control: point())
                case 2: p.addCurve(to: point(), control1: point(), control2: point())
                default:
                    // A small contour well inside: the fast loop.
                    let x = CGFloat(20 + rng.next() % 150), y = CGFloat(20 + rng.next() % 150)
                    p.addLine(to: CGPoint(x: x, y: y))
                    p.addCurve(to: CGPoint(x: x + 9.3, y: y + 4.1), control1: CGPoint(x: x + 2, y: y + 7),
                               control2: CGPoint(x: x + 8, y: y - 3))
                }
            }
            if rng.next() % 3 != 0 { p.closeSubpath() }
            if rng.next() % 5 == 0 {
                // More after the close: starts again from the contour's start.
                p.addLine(to: point())
                p.addQuadCurve(to: point(), control: point())
            }
        }
        return p
    }

    @Test func randomPathsGiveTheReferenceEdgesBitForBit() {
        var rng = EdgeGridTests.SplitMix64(state: 0xED6E5)
        let clips = [(0, 0, 200, 200), (37, 12, 151, 190), (0, 0, 1, 1), (-5, -5, 0, 0)]
        let transforms: [CGAffineTransform] = [
            .identity,
            CGAffineTransform(a: 1.7, b: 0.3, c: -0.4, d: 0.9, tx: 13.25, ty: -7.5),
            CGAffineTransform(scaleX: 0.01, y: 0.02),
            CGAffineTransform(translationX: -1e6, y: 3e5),
        ]
        var compared = 0, edgesSeen = 0
        for i in 0..<600 {
            let path = Self.randomPath(&rng)
            let clip = clips[i % clips.count], t = transforms[(i / clips.count) % transforms.count]
            let fast = Self.build(path, t, clip: clip, width: 200, height: 200, reference: false)
            let slow = Self.build(path, t, clip: clip, width: 200, height: 200, reference: true)
            #expect(fast == slow, "path \(i): \(path)")
            if fast != slow { break }
            compared += 1
            edgesSeen += fast.edges.count
        }
        #expect(compared == 600)
        #expect(edgesSeen > 20_000)
    }

    /// Points that overflow to ±∞ under the transform (1e300 × 1e10) are left to the checked
    /// path, which drops their segments, whatever the rest of the contour looks like.
    @Test func pointsOverflowingUnderTheTransformGiveTheReferenceEdges() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1e-9, y: 1e-9))
        p.addLine(to: CGPoint(x: 9e-9, y: 2e-9))
        p.addLine(to: CGPoint(x: 1e300, y: 5e-9))
        p.addLine(to: CGPoint(x: 4e-9, y: 8e-9))
        p.closeSubpath()
        let t = CGAffineTransform(scaleX: 1e10, y: 1e10)
        let fast = Self.build(p, t, clip: (0, 0, 200, 200), width: 200, height: 200, reference: false)
        let slow = Self.build(p, t, clip: (0, 0, 200, 200), width: 200, height: 200, reference: true)
        #expect(fast == slow)
        // The two finite segments that remain: (10, 10)→(90, 20) and (40, 80)→(10, 10).
        #expect(fast.edges.count == 2)
    }
}
