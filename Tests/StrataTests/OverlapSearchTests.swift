import CRaster
import Foundation
import Testing
@testable import Strata

/// The overlap search (`craster_overlaps`, CRaster's overlap.c): which pixels of a stroke's
/// outline it hands to the exact union. StrokeUnionRandomTests check that the pixels it finds
/// are enough; these check that it finds where the outline really overlaps and leaves the rest.
@Suite struct OverlapSearchTests {
    /// The marked pixels of `path` stroked with `style` into a w×h target: (row, column) pairs.
    static func marks(_ path: CGPath, _ style: StrokeStyle, width w: Int, height h: Int,
                      clip: (Int, Int, Int, Int)? = nil) -> Set<[Int]> {
        let clip = clip ?? (0, 0, w, h)
        var eb = _EdgeBuilder(storage: craster_edges(), clip: clip, width: w, height: h)
        eb.keepsOverlaps = true
        var a = _PolylineCollector(), b = _PolylineCollector()
        _PathOutliner.strokeOutline(path, style: style, transform: .identity, tolerance: 0.1, scratch: &a, &b, into: &eb)
        eb.finish()
        defer { craster_edges_free(&eb.c) }
        let search = craster_overlap_create()
        defer { craster_overlap_destroy(search) }
        var start: UnsafePointer<Int32>? = nil
        var count = 0
        let found = eb.outline.withUnsafeBufferPointer {
            craster_overlaps(search, $0.baseAddress, $0.count, Int32(clip.0), Int32(clip.1), Int32(clip.2), Int32(clip.3),
                             &start, &count)
        }
        #expect(found == 0)
        var out = Set<[Int]>()
        for i in 0..<count {
            let row = Int(start![3 * i]), c0 = Int(start![3 * i + 1]), c1 = Int(start![3 * i + 2])
            #expect(c0 < c1 && row >= clip.1 && row < clip.3 && c0 >= clip.0 && c1 <= clip.2)
            for c in c0..<c1 { out.insert([row, c]) }
        }
        return out
    }

    /// A stroked circle's outline is two convex loops a line width apart: nothing to mark, at
    /// any width (the 1 px loops pass each other the opposite way round).
    @Test func circlesMarkNothing() {
        for width in [1.0, 3.0, 8.0, 24.0] {
            let p = CGPath(ellipseIn: CGRect(x: 10.3, y: 12.7, width: 70, height: 70), transform: nil)
            let m = Self.marks(p, StrokeStyle(lineWidth: width), width: 100, height: 100)
            #expect(m.isEmpty, "width \(width): \(m.count) px")
        }
    }

    /// Straight round-capped dashes 1 px apart (their caps face each other the opposite way
    /// round) mark nothing. Wide dashes along a line turning back by 170° inside a gap mark
    /// pixels only where the two legs' strokes overlap: within 8/sin 10° ≈ 46 px of the vertex,
    /// where the legs are less than a line width apart.
    @Test func dashesMarkOnlyWhereTheyMeet() {
        var style = StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round)
        style.dashPattern = [6, 3]
        let straight = CGMutablePath()
        straight.move(to: CGPoint(x: 5.5, y: 20.25)); straight.addLine(to: CGPoint(x: 95.5, y: 20.25))
        #expect(Self.marks(straight, style, width: 100, height: 40).isEmpty)

        var wide = StrokeStyle(lineWidth: 8, lineCap: .butt, lineJoin: .miter)
        wide.dashPattern = [30, 10]; wide.dashPhase = 15
        let turn = 170 * Double.pi / 180
        let bent = CGMutablePath()
        bent.move(to: CGPoint(x: 4.3, y: 30.2)); bent.addLine(to: CGPoint(x: 64.3, y: 30.2))
        bent.addLine(to: CGPoint(x: 64.3 + 60 * cos(turn), y: 30.2 + 60 * sin(turn)))
        let m = Self.marks(bent, wide, width: 72, height: 48)
        #expect(m.contains([30, 59]) || m.contains([30, 60]), "the dashes' ends across each other near the vertex")
        for px in m {
            let dx = Double(px[1]) + 0.5 - 64.3, dy = Double(px[0]) + 0.5 - 30.2
            #expect((dx * dx + dy * dy).squareRoot() < 52, "\(px)")
        }
        #expect(m.count < 200, "\(m.count) px")
    }

    /// An X of two 6 px lines: the marks surround the four points where the strokes' borders
    /// cross, a few pixels each, and every pixel there that both borders pass through is marked.
    @Test func crossingMarksTheBordersCrossings() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10.3, y: 10.1)); p.addLine(to: CGPoint(x: 50.3, y: 50.1))
        p.move(to: CGPoint(x: 50.3, y: 10.1)); p.addLine(to: CGPoint(x: 10.3, y: 50.1))
        let m = Self.marks(p, StrokeStyle(lineWidth: 6, lineCap: .butt), width: 64, height: 64)
        // The borders cross at the centre (30.3, 30.1) ± 3√2 along the axes.
        let r = 3 * 2.0.squareRoot()
        let crossings = [(30.3 + r, 30.1), (30.3 - r, 30.1), (30.3, 30.1 + r), (30.3, 30.1 - r)]
        for (x, y) in crossings { #expect(m.contains([Int(y.rounded(.down)), Int(x.rounded(.down))]), "\(x), \(y)") }
        for px in m {
            let near = crossings.contains { abs(Double(px[1]) + 0.5 - $0.0) < 2.5 && abs(Double(px[0]) + 0.5 - $0.1) < 2.5 }
            #expect(near, "\(px) is far from every crossing")
        }
        #expect(m.count <= 40, "\(m.count) px")
    }

    /// The marks inside a clip are those of the whole target inside it (the search sees only
    /// the edges near the clip).
    @Test func clippedSearchMarksTheSamePixels() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10.3, y: 10.1)); p.addLine(to: CGPoint(x: 50.3, y: 50.1))
        p.addLine(to: CGPoint(x: 52.7, y: 8.4)); p.addLine(to: CGPoint(x: 9.1, y: 49.6))
        let style = StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        let whole = Self.marks(p, style, width: 64, height: 64)
        #expect(!whole.isEmpty)
        for clip in [(0, 0, 31, 64), (28, 27, 35, 33), (29, 0, 64, 30)] {
            let part = Self.marks(p, style, width: 64, height: 64, clip: clip)
            let expected = whole.filter { $0[1] >= clip.0 && $0[1] < clip.2 && $0[0] >= clip.1 && $0[0] < clip.3 }
            #expect(part == expected, "clip \(clip)")
        }
    }
}
