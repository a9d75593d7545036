import CRaster
import Foundation
import Testing
@testable import Strata

/// The edge builder's polyline paths — `_EdgeBuilder.addPath` (CRaster's `craster_edges_path`:
/// flattening and edges in C) and `_PathFlattener.flatten` into `_EdgeBuilder` (what strokes'
/// outlines use: `craster_edges_move_to` …), both with a branch-free loop for polylines well
/// inside the clip — against the slow reference: every segment through the checked
/// `craster_edges_segment` one by one, contours closed as a fill closes them. Same edges, in the
/// same order, bit for bit, and the same box — for seeded random paths with every element kind,
/// closes followed by lines and curves, contours crossing the clip and the frame, and transforms
/// that overflow finite points to ±∞. The fast loop runs both as AVX2 (where the CPU has it) and
/// portable.
@Suite struct EdgePathTests {
    struct Built: Equatable {
        var edges: [[UInt32]]
        var box: [UInt64]
        var failed: Int32
    }

    /// The reference: each segment on its own through `craster_edges_segment`.
    struct SegmentSink: _PolylineSink {
        var c = craster_edges()
        var sx = 0.0, sy = 0.0, cx = 0.0, cy = 0.0, open = false

        mutating func moveTo(_ x: Double, _ y: Double) {
            if open { craster_edges_segment(&c, cx, cy, sx, sy) }
            sx = x; sy = y; cx = x; cy = y
            open = true
        }

        mutating func lineTo(_ x: Double, _ y: Double) {
            if !open { moveTo(x, y); return }
            craster_edges_segment(&c, cx, cy, x, y)
            cx = x; cy = y
        }

        mutating func closeContour() {
            if open { craster_edges_segment(&c, cx, cy, sx, sy) }
            cx = sx; cy = sy
        }

        mutating func finish() {
            if open { craster_edges_segment(&c, cx, cy, sx, sy) }
            open = false
        }
    }

    enum Way { case whole, pointByPoint, segmentBySegment }

    static func built(_ c: inout craster_edges) -> Built {
        defer { craster_edges_free(&c) }
        let edges = (0..<c.count).map { i -> [UInt32] in
            let e = c.edges![i]
            return [e.x0.bitPattern, e.y0.bitPattern, e.x1.bitPattern, e.y1.bitPattern, e.dir.bitPattern]
        }
        return Built(edges: edges, box: [c.min_x.bitPattern, c.max_x.bitPattern, c.min_y.bitPattern, c.max_y.bitPattern],
                     failed: c.failed)
    }

    static func build(_ path: CGPath, _ t: CGAffineTransform, clip: (Int, Int, Int, Int), width: Int, height: Int,
                      _ way: Way, straddle: Bool = false, portable: Bool = false) -> Built {
        switch way {
        case .whole, .pointByPoint:
            var storage = craster_edges()
            storage.portable = portable ? 1 : 0
            var eb = _EdgeBuilder(storage: storage, clip: clip, width: width, height: height)
            if way == .whole {
                eb.addPath(path, transform: t, tolerance: 0.05, straddle: straddle)
            } else {
                _PathFlattener.flatten(path, transform: t, tolerance: 0.05, straddle: straddle, into: &eb)
            }
            eb.finish()
            return built(&eb.c)
        case .segmentBySegment:
            var sink = SegmentSink()
            craster_edges_begin(&sink.c, Int32(clip.0), Int32(clip.1), Int32(clip.2), Int32(clip.3), Int32(width), Int32(height))
            _PathFlattener.flatten(path, transform: t, tolerance: 0.05, straddle: straddle, into: &sink)
            sink.finish()
            return built(&sink.c)
        }
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
            // Every clip and transform with curves on (fills) and off their polyline's points.
            let straddle = (i / (clips.count * transforms.count)) % 2 == 1
            let slow = Self.build(path, t, clip: clip, width: 200, height: 200, .segmentBySegment, straddle: straddle)
            let whole = Self.build(path, t, clip: clip, width: 200, height: 200, .whole, straddle: straddle)
            let points = Self.build(path, t, clip: clip, width: 200, height: 200, .pointByPoint, straddle: straddle)
            let portable = Self.build(path, t, clip: clip, width: 200, height: 200, .whole, straddle: straddle,
                                      portable: true)
            #expect(whole == slow, "path \(i): \(path)")
            #expect(points == slow, "path \(i): \(path)")
            #expect(portable == slow, "path \(i): \(path)")
            let fast = whole
            if whole != slow || points != slow || portable != slow { break }
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
        let fast = Self.build(p, t, clip: (0, 0, 200, 200), width: 200, height: 200, .whole)
        let slow = Self.build(p, t, clip: (0, 0, 200, 200), width: 200, height: 200, .segmentBySegment)
        #expect(fast == slow)
        #expect(Self.build(p, t, clip: (0, 0, 200, 200), width: 200, height: 200, .pointByPoint) == slow)
        // The two finite segments that remain: (10, 10)→(90, 20) and (40, 80)→(10, 10).
        #expect(fast.edges.count == 2)
    }

    /// Polylines of every length from 2 to 70 points well inside the clip (the AVX2 loop's whole
    /// groups of 8 edges and 4 points, its lanes past the end, its box for 32 points and more),
    /// with horizontal steps and ties on the 2⁻¹⁰ grid, and the same ones with a NaN or an
    /// infinite point (the checked path): the reference's edges and box, both ways.
    @Test func polylinesOfEveryLengthGiveTheReferenceEdges() {
        var rng = EdgeGridTests.SplitMix64(state: 0x9017)
        var kept = 0
        for n in 2...70 {
            for variant in 0..<3 {
                var pts: [CGPoint] = []
                for i in 0..<n {
                    let u = Double(rng.next() >> 11) * 0x1p-53, v = Double(rng.next() >> 11) * 0x1p-53
                    var y = 10 + v * 170
                    if rng.next() % 4 == 0, let last = pts.last { y = Double(last.y) }          // horizontal
                    if rng.next() % 5 == 0 { y = (y * 1024).rounded(.down) / 1024 + 0.5 / 1024 }  // a tie
                    pts.append(CGPoint(x: 10 + u * 170, y: y))
                    if variant == 1 && i == n / 2 { pts[i].x = .nan }
                    if variant == 2 && i == n - 1 { pts[i].y = .infinity }
                }
                let path = CGMutablePath()
                path.addLines(between: pts)
                path.closeSubpath()
                let slow = Self.build(path, .identity, clip: (0, 0, 200, 200), width: 200, height: 200, .segmentBySegment)
                let points = Self.build(path, .identity, clip: (0, 0, 200, 200), width: 200, height: 200, .pointByPoint)
                let portable = Self.build(path, .identity, clip: (0, 0, 200, 200), width: 200, height: 200, .pointByPoint,
                                          portable: true)
                #expect(points == slow, "\(n) points, variant \(variant)")
                #expect(portable == slow, "\(n) points, variant \(variant)")
                if variant == 0 { kept += slow.edges.count }
            }
        }
        // Most edges kept: the horizontal ones (about a quarter) are dropped.
        #expect(kept > 1500)
    }
}
