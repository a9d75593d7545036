import CPixman
import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Thin closed strokes drawn as bands (`_ThinStroke`) against the general path (outline + scan
/// converter) of the same rasterizer, and what falls back to the general path.
@Suite(.runLoopTurn) struct ThinStrokeTests {
    static func render(_ path: CGPath, _ style: StrokeStyle, transform: CGAffineTransform = .identity,
                       size: (Int, Int) = (64, 64), direct: Bool, clip: CGRect? = nil,
                       format: pixman_format_code_t = PIXMAN_a8) -> RasterTestImage {
        let img = RasterTestImage(width: size.0, height: size.1, format: format)
        let r = PathRasterizer()
        r.drawsThinStrokesDirectly = direct
        r.stroke(path: path, style: style, transform: transform, color: .black, into: img.image, clip: clip)
        return img
    }

    /// Mean and largest per-pixel difference over pixels inked in either image, and the ink ratio − 1.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, worst: Int, ink: Double) {
        var sum = 0, n = 0, worst = 0, inkA = 0, inkB = 0
        for i in a.indices where a[i] != 0 || b[i] != 0 {
            let d = abs(Int(a[i]) - Int(b[i]))
            sum += d; n += 1; worst = max(worst, d)
            inkA += Int(a[i]); inkB += Int(b[i])
        }
        return (n > 0 ? Double(sum) / Double(n) : 0, worst, inkB > 0 ? Double(inkA) / Double(inkB) - 1 : 0)
    }

    /// Seeded random closed shapes (ellipses, rounded rectangles, blobs of cubics) 0.3…1 px wide,
    /// some rotated and scaled: drawn as bands they keep the outline's ink within 1.5 % (small
    /// rounded rectangles, whose few-segment corners turn from mostly across to mostly down, are
    /// the worst) and its pixels within 80/255 (2–4/255 on average); blobs with cusps take the
    /// general path.
    @Test func closedThinStrokesMatchTheOutline() {
        var rng = SeededLCG(state: 11)
        var worstMean = 0.0, worstInk = 0.0, fellBack = 0
        for k in 0..<24 {
            let p = CGMutablePath()
            let cx = 20 + rng.next() * 24, cy = 20 + rng.next() * 24
            switch k % 3 {
            case 0:
                p.addEllipse(in: CGRect(x: cx - 4 - rng.next() * 14, y: cy - 4 - rng.next() * 14,
                                        width: 8 + rng.next() * 28, height: 8 + rng.next() * 28))
            case 1:
                p.addRoundedRect(in: CGRect(x: cx - 15, y: cy - 12, width: 10 + rng.next() * 20, height: 10 + rng.next() * 16),
                                 cornerWidth: 2 + rng.next() * 4, cornerHeight: 2 + rng.next() * 4)
            default:
                let n = 5 + Int(rng.next() * 5)
                var pts: [CGPoint] = []
                for i in 0..<n {
                    let a = Double(i) / Double(n) * 2 * .pi, r = 8 + rng.next() * 12
                    pts.append(CGPoint(x: cx + cos(a) * r, y: cy + sin(a) * r))
                }
                p.move(to: pts[0])
                for i in 0..<n {
                    let a = pts[i], b = pts[(i + 1) % n]
                    p.addCurve(to: b, control1: CGPoint(x: a.x + (rng.next() - 0.5) * 10, y: a.y + (rng.next() - 0.5) * 10),
                               control2: CGPoint(x: b.x + (rng.next() - 0.5) * 10, y: b.y + (rng.next() - 0.5) * 10))
                }
                p.closeSubpath()
            }
            let style = StrokeStyle(lineWidth: 0.3 + rng.next() * 0.7, lineJoin: k % 2 == 0 ? .round : .bevel)
            let angle = rng.next() * .pi
            let t = k % 4 == 3
                ? CGAffineTransform(translationX: 32, y: 32).rotated(by: angle).scaledBy(x: 0.9, y: 0.9).translatedBy(x: -32, y: -32)
                : .identity
            let direct = Self.render(p, style, transform: t, direct: true).alpha
            let outline = Self.render(p, style, transform: t, direct: false).alpha
            let f = Self.compare(direct, outline)
            worstMean = max(worstMean, f.mean)
            worstInk = max(worstInk, abs(f.ink))
            if direct == outline { fellBack += 1 }
            #expect(f.worst <= 80, "shape \(k): worst \(f.worst)")
        }
        #expect(worstInk <= 0.015, "ink \(worstInk)")
        #expect(worstMean <= 4, "mean \(worstMean)")
        // The blobs (random control points) have cusps: they take the general path; so does one
        // narrow ellipse (8.6 × 26.9 px, its ends curving with a radius of 1.4 px), whose centre
        // line, straddling at 0.2 px, turns there by more than 45° a vertex too often.
        #expect(fellBack == 9)
    }

    /// Which thin strokes straddle their centre line (PathRasterizer.strokeTolerance): closed,
    /// undashed and untrimmed ones, decided from the path's elements.
    @Test func straddlesOnlyClosedUndashedUntrimmedLines() {
        let ellipse = CGPath(ellipseIn: CGRect(x: 6, y: 6, width: 40, height: 30), transform: nil)
        let two = CGMutablePath()
        two.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        two.addRect(CGRect(x: 20, y: 0, width: 10, height: 10))
        let open = CGMutablePath()
        open.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        open.move(to: CGPoint(x: 20, y: 0)); open.addLine(to: CGPoint(x: 30, y: 5))
        let reopened = CGMutablePath()
        reopened.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        reopened.addLine(to: CGPoint(x: 30, y: 5))
        #expect(_ThinStroke.straddles(ellipse, StrokeStyle(lineWidth: 1)))
        #expect(_ThinStroke.straddles(two, StrokeStyle(lineWidth: 1)))
        #expect(!_ThinStroke.straddles(open, StrokeStyle(lineWidth: 1)))
        #expect(!_ThinStroke.straddles(reopened, StrokeStyle(lineWidth: 1)))
        #expect(!_ThinStroke.straddles(ellipse, StrokeStyle(lineWidth: 1, dashPattern: [3, 2])))
        #expect(!_ThinStroke.straddles(ellipse, StrokeStyle(lineWidth: 1, strokeEnd: 0.5)))
    }

    /// The bench's 1 px scenes with their centre line straddling at 0.2 px are at least as close
    /// to the curve as with chords on it at 0.1 px: compared with the same strokes flattened at
    /// 0.001 px, the mean difference over inked pixels and the share off by more than 8/255 are
    /// no larger, and no pixel is off by more than 80/255 (a hairpin tip pushed out by the
    /// straddle put one 234/255 off before the flatteners kept such points on the curve).
    @Test func straddledThinStrokesAreAsCloseToTheCurve() throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: RasterGoldenTests.scenesFile)) as! [String: Any]
        var checked = 0
        for s in root["scenes"] as! [[String: Any]] {
            let name = s["name"] as! String
            guard name.hasPrefix("stroke."), name.hasSuffix("_w1") else { continue }
            let w = s["width"] as! Int, h = s["height"] as! Int
            let p = RasterGoldenTests.path(s["path"])!, style = RasterGoldenTests.style(s)
            func render(_ tolerance: Double, straddle: Bool) -> [UInt8] {
                let img = RasterTestImage(width: w, height: h)
                let r = PathRasterizer()
                r.strokeTolerance = tolerance
                r.thinStrokesStraddle = straddle
                r.stroke(path: p, style: style, color: .black, into: img.image)
                return img.alpha
            }
            let exact = render(0.001, straddle: false)
            func off(_ a: [UInt8]) -> (mean: Double, gt8: Double, worst: Int) {
                var sum = 0, n = 0, gt8 = 0, worst = 0
                for i in a.indices where a[i] != 0 || exact[i] != 0 {
                    let d = abs(Int(a[i]) - Int(exact[i]))
                    sum += d; n += 1; worst = max(worst, d)
                    if d > 8 { gt8 += 1 }
                }
                return (Double(sum) / Double(n), Double(gt8) / Double(n), worst)
            }
            let across = off(render(0.1, straddle: true)), on = off(render(0.1, straddle: false))
            #expect(across.mean <= on.mean, "\(name): mean \(across.mean) vs \(on.mean)")
            #expect(across.gt8 <= on.gt8, "\(name): >8 \(across.gt8) vs \(on.gt8)")
            #expect(across.worst <= 80, "\(name): worst \(across.worst)")
            checked += 1
        }
        #expect(checked == 3)
    }

    /// A 1 px square outline on pixel centres covers whole pixels, corners included, as the outline does.
    @Test func pixelCentredSquareIsExact() {
        let p = CGPath(rect: CGRect(x: 10.5, y: 10.5, width: 20, height: 12), transform: nil)
        let direct = Self.render(p, StrokeStyle(lineWidth: 1), direct: true).alpha
        #expect(direct == Self.render(p, StrokeStyle(lineWidth: 1), direct: false).alpha)
        #expect(direct[10 * 64 + 10] == 255 && direct[22 * 64 + 30] == 255 && direct[16 * 64 + 20] == 0)
        #expect(direct.reduce(0) { $0 + Int($1) } == 64 * 255)
    }

    /// Open subpaths (caps), dashes, a miter turning more than 90°, a non-uniform transform and
    /// wider lines take the general path: the same pixels as with direct drawing switched off.
    @Test func otherStrokesTakeTheGeneralPath() {
        let open = CGMutablePath()
        open.move(to: CGPoint(x: 5, y: 5)); open.addCurve(to: CGPoint(x: 55, y: 40), control1: CGPoint(x: 30, y: 0),
                                                           control2: CGPoint(x: 10, y: 60))
        let sharp = CGMutablePath()
        sharp.addLines(between: [CGPoint(x: 5, y: 5), CGPoint(x: 50, y: 10), CGPoint(x: 8, y: 20)])
        sharp.closeSubpath()
        let ellipse = CGPath(ellipseIn: CGRect(x: 6, y: 6, width: 40, height: 30), transform: nil)
        let cases: [(CGPath, StrokeStyle, CGAffineTransform)] = [
            (open, StrokeStyle(lineWidth: 1, lineCap: .round), .identity),
            (ellipse, StrokeStyle(lineWidth: 1, dashPattern: [3, 2]), .identity),
            (ellipse, StrokeStyle(lineWidth: 1, strokeEnd: 0.5), .identity),
            (sharp, StrokeStyle(lineWidth: 1, lineJoin: .miter), .identity),
            (ellipse, StrokeStyle(lineWidth: 0.8), CGAffineTransform(scaleX: 1.2, y: 0.7)),
            (ellipse, StrokeStyle(lineWidth: 1.01), .identity),
        ]
        for (k, c) in cases.enumerated() {
            let a = Self.render(c.0, c.1, transform: c.2, direct: true).alpha
            #expect(a == Self.render(c.0, c.1, transform: c.2, direct: false).alpha, "case \(k)")
            #expect(a.contains { $0 != 0 }, "case \(k) drew nothing")
        }
    }

    /// Sharp vertices (turning more than 45°) are allowed one per 200 line widths of the contour.
    @Test func sharpVerticesAreBudgeted() {
        func polyline(_ pts: [(Double, Double)]) -> _PolylineCollector {
            var pl = _PolylineCollector()
            pl.moveTo(pts[0].0, pts[0].1)
            for p in pts.dropFirst() { pl.lineTo(p.0, p.1) }
            pl.closeContour()
            return pl
        }
        // A 100 × 100 square: four right angles on 400 px of line.
        let square = polyline([(0, 0), (100, 0), (100, 100), (0, 100)])
        #expect(_ThinStroke.canDraw(square, join: .round, width: 0.5))   // 4 · 0.5 · 200 = 400 ≤ 400
        #expect(!_ThinStroke.canDraw(square, join: .round, width: 0.6))
        #expect(_ThinStroke.canDraw(square, join: .miter, width: 0.1))   // right angles: miters allowed
        // A triangle turning 120° at each corner: miter joins always take the general path.
        let triangle = polyline([(0, 0), (300, 0), (150, 260)])
        #expect(_ThinStroke.canDraw(triangle, join: .bevel, width: 1))
        #expect(!_ThinStroke.canDraw(triangle, join: .miter, width: 1))
        // Regular polygons of radius 10 (~60 px of line): an octagon turns by exactly 45° (not
        // sharp), a hexagon by 60° (six sharp vertices: 6 · 1 · 200 > 60).
        func regular(_ n: Int) -> _PolylineCollector {
            polyline((0..<n).map { k in
                let a = 2 * Double.pi * Double(k) / Double(n)
                return (50 + 10 * cos(a), 50 + 10 * sin(a))
            })
        }
        #expect(_ThinStroke.canDraw(regular(8), join: .miter, width: 1))
        #expect(!_ThinStroke.canDraw(regular(6), join: .round, width: 1))
        #expect(_ThinStroke.canDraw(regular(6), join: .round, width: 0.04))   // 6 · 0.04 · 200 = 48 ≤ 60
        // An open contour never qualifies.
        var open = polyline([(0, 0), (100, 0), (100, 100)])
        open.contours[0].closed = false
        #expect(!_ThinStroke.canDraw(open, join: .round, width: 0.1))
    }

    /// Into 32-bit targets, with a translucent colour and a clip: only clipped pixels change, and
    /// they equal the unclipped drawing's.
    @Test func clipAndColourIntoARGB() {
        let p = CGPath(ellipseIn: CGRect(x: -10, y: 4, width: 70, height: 50), transform: nil)
        let style = StrokeStyle(lineWidth: 1)
        let color = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 0.7)
        func draw(_ clip: CGRect?) -> [UInt32] {
            let img = RasterTestImage(width: 48, height: 48, format: PIXMAN_a8r8g8b8)
            img.fillARGB(0xFF_FF_FF_FF)
            PathRasterizer().stroke(path: p, style: style, color: color, into: img.image, clip: clip)
            return img.argb
        }
        let full = draw(nil), clipped = draw(CGRect(x: 0, y: 0, width: 24, height: 30))
        var changed = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let inside = x < 24 && y < 30
                #expect(clipped[y * 48 + x] == (inside ? full[y * 48 + x] : 0xFF_FF_FF_FF))
                if inside && full[y * 48 + x] != 0xFF_FF_FF_FF { changed += 1 }
            }
        }
        #expect(changed > 20)
    }

    /// Coordinates of ±1e9, a line far outside the target and a 200 000-segment closed zig-zag:
    /// bounded work, nothing drawn outside the target, no trap.
    @Test func hugeCoordinatesAndManySegments() {
        let huge = CGMutablePath()
        huge.addLines(between: [CGPoint(x: -1e9, y: 10), CGPoint(x: 1e9, y: 10.5), CGPoint(x: 1e9, y: 1e9), CGPoint(x: -1e9, y: 1e9)])
        huge.closeSubpath()
        let img = Self.render(huge, StrokeStyle(lineWidth: 1), size: (32, 32), direct: true).alpha
        // The top side crosses the whole target along row 10 (coverage ≈ 1 over rows 9–10).
        #expect(abs(Double(img.reduce(0) { $0 + Int($1) }) / 255 - 32) < 0.5)
        let away = CGPath(rect: CGRect(x: 5e8, y: -5e8, width: 10, height: 10), transform: nil)
        #expect(Self.render(away, StrokeStyle(lineWidth: 1), size: (32, 32), direct: true).ink == 0)
        let zig = CGMutablePath()
        zig.move(to: CGPoint(x: 0, y: 30))
        for i in 1...200_000 { zig.addLine(to: CGPoint(x: Double(i) * 64 / 200_000, y: i % 2 == 0 ? 30 : 34)) }
        zig.closeSubpath()
        let z = Self.render(zig, StrokeStyle(lineWidth: 1), direct: true).alpha
        #expect(z[31 * 64 + 10] == 255 && z[20 * 64 + 10] == 0 && z[40 * 64 + 10] == 0)
    }

    /// A point finite in user space that the transform sends to +∞: the two segments touching it
    /// are dropped (they cannot be drawn), the contour's other sides are drawn as usual — here a
    /// side along row 10 and one along column 10, each 39.75 px long and 0.5 px wide: about 20 px
    /// of ink each, 0.5 coverage in the pixels they cross.
    @Test func segmentsThatOverflowUnderTheTransformAreDropped() {
        let u = 1e-150
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 10.25 * u, y: 10.25 * u), CGPoint(x: 50 * u, y: 10.25 * u), CGPoint(x: 1e160, y: 1e160),
                             CGPoint(x: 10.25 * u, y: 50 * u)])
        p.closeSubpath()
        let t = CGAffineTransform(scaleX: 1e150, y: 1e150)
        let style = StrokeStyle(lineWidth: 0.5 * u, lineJoin: .round)
        #expect(_ThinStroke.deviceWidth(style, t) == 0.5)
        let img = Self.render(p, style, transform: t, direct: true).alpha
        let ink = Double(img.reduce(0) { $0 + Int($1) }) / 255
        #expect(abs(ink - 39.75) < 0.5, "ink \(ink)")
        for k in 12..<49 {
            #expect(img[10 * 64 + k] == 128 && img[9 * 64 + k] == 0 && img[11 * 64 + k] == 0, "column \(k)")
            #expect(img[k * 64 + 10] == 128 && img[k * 64 + 9] == 0 && img[k * 64 + 11] == 0, "row \(k)")
        }
        #expect(img[40 * 64 + 40] == 0)
    }
}
