import CPixman
import Foundation
@testable import Strata

/// A pixman image owned by a test, with pixel readback.
final class RasterTestImage {
    let image: OpaquePointer
    let width: Int, height: Int

    init(width: Int, height: Int, format: pixman_format_code_t = PIXMAN_a8) {
        self.width = width; self.height = height
        image = pixman_image_create_bits(format, Int32(width), Int32(height), nil, 0)!
    }

    deinit { pixman_image_unref(image) }

    /// A8 values, row-major.
    var alpha: [UInt8] {
        let stride = Int(pixman_image_get_stride(image))
        return rows(UnsafeMutableRawPointer(pixman_image_get_data(image)!).assumingMemoryBound(to: UInt8.self), stride)
    }

    /// 32-bit pixels, row-major.
    var argb: [UInt32] { rows(pixman_image_get_data(image)!, Int(pixman_image_get_stride(image)) / 4) }

    /// The image's rows copied out of `data` (`stride` elements apart), one copy per row: an
    /// element-by-element copy runs unspecialized generic code in a debug build.
    private func rows<T: FixedWidthInteger>(_ data: UnsafeMutablePointer<T>, _ stride: Int) -> [T] {
        [T](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height { (out.baseAddress! + y * width).initialize(from: data + y * stride, count: width) }
            count = width * height
        }
    }

    func fillARGB(_ v: UInt32) {
        let stride = Int(pixman_image_get_stride(image)) / 4
        let p = pixman_image_get_data(image)!
        for y in 0..<height { for x in 0..<width { p[y * stride + x] = v } }
    }

    /// Fills `path` with opaque black (alpha 255) using a fresh rasterizer.
    @discardableResult
    func fill(_ path: CGPath, rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity,
              color: CGColor = .black, clip: CGRect? = nil) -> RasterTestImage {
        PathRasterizer().fill(path: path, rule: rule, transform: transform, color: color, into: image, clip: clip)
        return self
    }

    @discardableResult
    func stroke(_ path: CGPath, _ style: StrokeStyle, transform: CGAffineTransform = .identity) -> RasterTestImage {
        PathRasterizer().stroke(path: path, style: style, transform: transform, color: .black, into: image)
        return self
    }

    /// Sum of coverage in pixels (alpha / 255).
    var ink: Double { Double(alpha.reduce(0) { $0 + Int($1) }) / 255 }
}

/// The scenes' 32-bit LCG (shared/bench/scenes.json doc), for seeded random geometry.
struct SeededLCG {
    var state: UInt32
    mutating func next() -> Double {
        state = 1_664_525 &* state &+ 1_013_904_223
        return Double(state) / 4_294_967_296
    }
}

/// Per pixel, the share of it where the non-zero winding number of the closed polygons
/// `segments` is not 0 (the union of overlapping pieces counts once): on `subrows` sub-scanlines
/// per pixel row (at their middles), the covered intervals are exact and their length in each
/// pixel is added up. A slow reference for the scan converter's exact union.
func unionCoverage(_ segments: [_SegmentCollector.Segment], width: Int, height: Int, subrows: Int) -> [Double] {
    var out = [Double](repeating: 0, count: width * height)
    var crossings: [(x: Double, dir: Int)] = []
    let minY = segments.map { min($0.y0, $0.y1) }.min() ?? 0, maxY = segments.map { max($0.y0, $0.y1) }.max() ?? 0
    for py in max(0, Int(minY.rounded(.down)))..<min(height, Int(maxY.rounded(.up))) {
        for sy in 0..<subrows {
            let y = Double(py) + (Double(sy) + 0.5) / Double(subrows)
            crossings.removeAll(keepingCapacity: true)
            for e in segments where (e.y0 <= y) != (e.y1 <= y) {
                crossings.append((e.x0 + (y - e.y0) * (e.x1 - e.x0) / (e.y1 - e.y0), e.y1 > e.y0 ? 1 : -1))
            }
            crossings.sort { $0.x < $1.x }
            var wind = 0
            for (i, cr) in crossings.enumerated() {
                let was = wind
                wind += cr.dir
                guard was == 0, wind != 0 else { continue }
                // A covered interval from here to where the winding number returns to 0.
                var w2 = wind, j = i + 1
                while j < crossings.count { w2 += crossings[j].dir; if w2 == 0 { break }; j += 1 }
                let x0 = max(0, cr.x), x1 = min(Double(width), j < crossings.count ? crossings[j].x : Double(width))
                var x = x0
                while x < x1 {
                    let px = Int(x.rounded(.down)), next = min(x1, Double(px + 1))
                    out[py * width + px] += (next - x) / Double(subrows)
                    x = next
                }
            }
        }
    }
    return out
}
