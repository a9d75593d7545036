import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Drawing a path clipped to a rectangle must give, inside the rectangle, exactly the pixels of
/// the unclipped drawing: the compositor repaints damage regions that way, split into bands
/// across threads, and compares with full renders (`DamageRandomShapeSceneTests`).
@Suite(.runLoopTurn) struct RasterClipConsistencyTests {
    /// The reduced failure of the damage test (seed 31337, scale 2) that was off by one level:
    /// a closed, self-intersecting 5-point polygon, filled and stroked 2 px wide.
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

    /// Pixels of the image inside `clip` that differ between a full and a clipped drawing, as
    /// (x, y, clipped, full), and how many pixels outside the clip the clipped drawing changed.
    static func mismatches(width: Int = 240, height: Int = 180, clip: CGRect, format: pixman_format_code_t = PIXMAN_a8,
                           _ draw: (PathRasterizer, OpaquePointer, CGRect?) -> Void)
        -> (inside: [(Int, Int, UInt32, UInt32)], outside: Int, ink: Int) {
        let full = RasterTestImage(width: width, height: height, format: format)
        let clipped = RasterTestImage(width: width, height: height, format: format)
        if format != PIXMAN_a8 { full.fillARGB(0x4020_6080); clipped.fillARGB(0x4020_6080) }
        draw(PathRasterizer(), full.image, nil)
        draw(PathRasterizer(), clipped.image, clip)
        let a = format == PIXMAN_a8 ? full.alpha.map(UInt32.init) : full.argb
        let b = format == PIXMAN_a8 ? clipped.alpha.map(UInt32.init) : clipped.argb
        let blank: UInt32 = format == PIXMAN_a8 ? 0 : 0x4020_6080
        let box = clip.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        var inside: [(Int, Int, UInt32, UInt32)] = [], outside = 0, ink = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if box.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    if a[i] != b[i] { inside.append((x, y, b[i], a[i])) }
                    if a[i] != blank { ink += 1 }
                } else if b[i] != blank {
                    outside += 1
                }
            }
        }
        return (inside, outside, ink)
    }

    @Test func clippedFillEqualsTheFullFillInsideTheClip() {
        let d = Self.mismatches(clip: Self.clip) { r, img, clip in
            r.fill(path: Self.path, transform: Self.transform, color: .black, into: img, clip: clip)
        }
        #expect(d.inside.isEmpty, "\(d.inside.prefix(4))")
        #expect(d.ink > 100)
    }

    @Test func clippedStrokeEqualsTheFullStrokeInsideTheClip() {
        let d = Self.mismatches(clip: Self.clip) { r, img, clip in
            r.stroke(path: Self.path, style: StrokeStyle(lineWidth: 1), transform: Self.transform, color: .black, into: img, clip: clip)
        }
        // Was pixel (179, 177): 142 clipped, 143 unclipped.
        #expect(d.inside.isEmpty, "\(d.inside.prefix(4))")
        #expect(d.ink > 100)
    }

    /// One random case: a path, how it is drawn, and where.
    struct Case: CustomStringConvertible {
        var path: CGPath
        var transform: CGAffineTransform
        var fill: CGPathFillRule?
        var style: StrokeStyle
        var clips: [CGRect]
        var argb: Bool
        var description: String { "fill \(String(describing: fill)) style \(style) transform \(transform) clips \(clips)" }
    }

    static func randomCase(_ g: inout SeededLCG) -> Case {
        func r(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * g.next() }
        let p = CGMutablePath()
        let thin = g.next() < 0.25
        for _ in 0..<(1 + Int(g.next() * 2.5)) {
            switch Int(g.next() * 4) {
            case 0:
                p.addEllipse(in: CGRect(x: r(-10, 40), y: r(-10, 40), width: r(3, 50), height: r(3, 50)))
            case 1:
                p.addRoundedRect(in: CGRect(x: r(-10, 30), y: r(-10, 30), width: r(5, 50), height: r(5, 50)),
                                 cornerWidth: r(0, 2.5), cornerHeight: r(0, 2.5))
            default:
                // Lines and curves, self-intersecting more often than not.
                p.move(to: CGPoint(x: r(-20, 70), y: r(-20, 70)))
                for _ in 0..<(2 + Int(g.next() * 6)) {
                    let q = CGPoint(x: r(-20, 70), y: r(-20, 70))
                    switch Int(g.next() * 3) {
                    case 0: p.addLine(to: q)
                    case 1: p.addQuadCurve(to: q, control: CGPoint(x: r(-30, 80), y: r(-30, 80)))
                    default: p.addCurve(to: q, control1: CGPoint(x: r(-30, 80), y: r(-30, 80)),
                                        control2: CGPoint(x: r(-30, 80), y: r(-30, 80)))
                    }
                }
                if thin || g.next() < 0.5 { p.closeSubpath() }
            }
        }
        // Rotation, uniform or not, fractional scale and translation.
        let s = r(0.4, 3)
        var t = CGAffineTransform(translationX: r(-20, 60), y: r(-20, 60)).rotated(by: r(0, 6.3))
        t = thin || g.next() < 0.5 ? t.scaledBy(x: s, y: s) : t.scaledBy(x: s, y: r(0.4, 3))
        let caps: [CGLineCap] = [.butt, .round, .square], joins: [CGLineJoin] = [.miter, .round, .bevel]
        var style = StrokeStyle(lineWidth: thin ? r(0.3, 1) / s : r(0.5, 8), lineCap: caps[Int(g.next() * 3)],
                                lineJoin: joins[Int(g.next() * 3)], miterLimit: r(1, 12))
        if thin { style.lineJoin = .round }
        if !thin && g.next() < 0.3 { style.dashPattern = [r(0.5, 9), r(0.5, 6)]; style.dashPhase = r(0, 10) }
        if !thin && g.next() < 0.15 { style.strokeStart = r(0, 0.4); style.strokeEnd = r(0.5, 1) }
        let fill: CGPathFillRule? = thin || g.next() < 0.5 ? nil : (g.next() < 0.5 ? .winding : .evenOdd)
        // Clips around the shape's box, often starting left of / above the shape and ending
        // inside it, and some anywhere in (or beyond) the image.
        let box = p.boundingBoxOfPath.applying(t).intersection(CGRect(x: -10, y: -10, width: 116, height: 116))
        let clips = (0..<3).map { _ in
            guard !box.isNull, g.next() < 0.8 else {
                return CGRect(x: r(-20, 100).rounded(), y: r(-20, 100).rounded(), width: r(1, 90).rounded(), height: r(1, 90).rounded())
            }
            let x = r(box.minX - 8, box.midX).rounded(), y = r(box.minY - 8, box.midY).rounded()
            return CGRect(x: x, y: y, width: r(1, box.maxX + 4 - x).rounded(), height: r(1, box.maxY + 4 - y).rounded())
        }
        return Case(path: p, transform: t, fill: fill, style: style, clips: clips, argb: g.next() < 0.3)
    }

    /// Seeded random paths (lines, curves, self-intersections), fills with both rules, strokes 0.5
    /// to 8 wide with every cap and join, dashes and trims, thin strokes (at most 1 device pixel:
    /// the direct kernel), rotated and fractionally scaled, each clipped three ways: inside every
    /// clip the pixels are exactly those of the unclipped drawing, and nothing outside changes.
    /// 400 cases (the first 100 under a sanitizer: `TestScale`).
    @Test func randomClippedDrawingsEqualTheFullDrawingInsideTheClip() {
        var g = SeededLCG(state: 20_261_130)
        var inked = 0, compared = 0
        for n in 0..<TestScale.count(400, sanitized: 100) {
            let c = Self.randomCase(&g)
            for clip in c.clips {
                let d = Self.mismatches(width: 96, height: 96, clip: clip, format: c.argb ? PIXMAN_a8r8g8b8 : PIXMAN_a8) { r, img, clip in
                    let color = CGColor(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.75)
                    // Every other case with the exact union at overlaps (PathRasterizer.exactOverlaps).
                    r.exactOverlaps = n % 2 == 0
                    if let rule = c.fill { r.fill(path: c.path, rule: rule, transform: c.transform, color: color, into: img, clip: clip) }
                    r.stroke(path: c.path, style: c.style, transform: c.transform, color: .black, into: img, clip: clip)
                }
                compared += 1
                if d.ink > 0 { inked += 1 }
                if !d.inside.isEmpty || d.outside > 0 {
                    Issue.record("case \(n) clip \(clip): \(d.inside.count) pixels differ, e.g. \(d.inside.prefix(3)); \(d.outside) changed outside; \(c)")
                    return
                }
            }
        }
        // Most clips see ink: the comparison is not vacuous.
        #expect(inked > compared * 2 / 5, "\(inked) of \(compared)")
    }
}
