import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Stroker accuracy at sharp turns on short segments: zig-zags of 2 px segments turning by 120°,
/// 150° and 170°, width 8, miter (limit 10) / round / bevel joins (Goldens/raster/sharp-turns.json,
/// made with the exact stroke's area and cairo's render by scripts/make-sharp-turn-goldens.py).
@Suite(.runLoopTurn) struct StrokeSharpTurnTests {
    static var spec: [String: Any] {
        let url = RasterGoldenTests.dir.appendingPathComponent("sharp-turns.json")
        return (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any] ?? [:]
    }
    static var cases: [[String: Any]] { spec["cases"] as? [[String: Any]] ?? [] }

    /// The rendered cases whose pixels are still wrong (see `renderedStrokeHasTheExactInk`).
    static let scanConverterGap: Set<String> = [
        "sharp_170_miter", "sharp_170_round", "sharp_170_bevel", "sharp_150_round", "sharp_150_bevel",
        "sharp_120_round", "sharp_120_bevel",
    ]

    @Test func everyCaseIsThere() {
        #expect(Self.cases.count == 9)
    }

    /// The stroker's outline (filled with the non-zero rule, sampled 64 times per pixel) covers
    /// the exact stroke's area within 1 %: the geometry is right, overlaps included.
    @Test func outlineCoversTheExactArea() throws {
        for c in Self.cases {
            let name = c["name"] as! String
            let p = try #require(RasterGoldenTests.path(c["path"]))
            let s = RasterGoldenTests.style(c)
            let outline = p.copy(strokingWithWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin,
                                 miterLimit: s.miterLimit)
            let box = outline.boundingBoxOfPath
            let n = 8
            var inside = 0
            for py in Int(box.minY.rounded(.down))..<Int(box.maxY.rounded(.up)) {
                for px in Int(box.minX.rounded(.down))..<Int(box.maxX.rounded(.up)) {
                    for sy in 0..<n {
                        for sx in 0..<n {
                            // Each column of samples shifted by a golden-ratio step: a square
                            // grid would line up with the nearly horizontal edges and miscount
                            // them (2 % on the 170° zig-zags); this one is within 0.1 % here.
                            let shift = (0.5 + Double(sx) * 0.618034).truncatingRemainder(dividingBy: 1)
                            let pt = CGPoint(x: Double(px) + (Double(sx) + 0.5) / Double(n),
                                             y: Double(py) + (Double(sy) + shift) / Double(n))
                            if outline.contains(pt) { inside += 1 }
                        }
                    }
                }
            }
            let area = Double(inside) / Double(n * n)
            let exact = c["exact_area"] as! Double
            #expect(abs(area / exact - 1) <= 0.01, "\(name) outline area \(area) vs exact \(exact)")
        }
    }

    /// Rendered, the stroke has the exact area's ink within 1 % and agrees with cairo as the
    /// feature cases do (mean difference ≤ 2 over ink, ≤ 10 % of it off by more than 8/255).
    ///
    /// Known gap, in the scan converter: it integrates the winding number over each pixel and
    /// clamps the result to 1, which is the covered area only where a single layer of outline
    /// covers the pixel. Here dozens of segment rectangles overlap along the stroke's edge (each
    /// winds +1), so edge pixels a third covered come out full: +46 % ink at 170°, +3–4 % with
    /// round and bevel joins at 120°–170°. Miter joins fill the notches between the rectangles,
    /// so their edges are single-layer and they pass.
    @Test func renderedStrokeHasTheExactInk() throws {
        let spec = Self.spec
        let w = spec["width"] as! Int, h = spec["height"] as! Int
        for c in spec["cases"] as! [[String: Any]] {
            let name = c["name"] as! String
            let p = try #require(RasterGoldenTests.path(c["path"]))
            let style = RasterGoldenTests.style(c)
            let ours = RasterGoldenTests.render(width: w, height: h) { r, img in
                r.stroke(path: p, style: style, color: .black, into: img)
            }
            let ink = Double(ours.reduce(0) { $0 + 255 - Int($1) }) / 255
            let exact = c["exact_area"] as! Double
            let f = try RasterGoldenTests.compare(name, ours)
            let check = {
                #expect(abs(ink / exact - 1) <= 0.01, "\(name) ink \(ink) vs exact \(exact)")
                #expect(f.meanInk <= 2 && f.gt8 <= 0.1, "\(name) vs cairo: mean \(f.meanInk) >8 \(f.gt8)")
            }
            if Self.scanConverterGap.contains(name) {
                withKnownIssue("overlapping outline pieces at the stroke's edge: the per-pixel winding clamp") { check() }
            } else {
                check()
            }
        }
    }
}
