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
