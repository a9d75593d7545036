import CPixman
import Foundation
import Strata

/// A runnable scene: `run(n)` performs n ops and returns the seconds they took.
final class SceneRunner {
    let scene: BenchScene
    let image: OpaquePointer
    let rasterizer = PathRasterizer()
    /// `--exact-overlaps`: set before any runner is made.
    nonisolated(unsafe) static var exactOverlaps = false
    /// Set for `gradient` scenes.
    private(set) var gradient: GradientWorkload?

    /// nil when Strata has no implementation of the scene's kind yet.
    init?(_ scene: BenchScene) {
        guard ["fill", "stroke", "gradient"].contains(scene.kind),
              let img = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(scene.width), Int32(scene.height), nil, 0)
        else { return nil }
        self.scene = scene
        image = img
        rasterizer.exactOverlaps = Self.exactOverlaps
        if scene.kind == "gradient" {
            guard let g = GradientWorkload(scene, image: img) else { return nil }
            gradient = g
        }
        reset()
    }

    deinit { pixman_image_unref(image) }

    /// Paints the background.
    func reset() {
        var c = pixman_color_t(red: UInt16(scene.background.red * 65535), green: UInt16(scene.background.green * 65535),
                               blue: UInt16(scene.background.blue * 65535), alpha: UInt16(scene.background.alpha * 65535))
        var box = pixman_box32_t(x1: 0, y1: 0, x2: Int32(scene.width), y2: Int32(scene.height))
        pixman_image_fill_boxes(PIXMAN_OP_SRC, image, &c, 1, &box)
    }

    @inline(__always)
    func op() {
        if let g = gradient { g.op(); return }
        if scene.kind == "fill" {
            let rule: CGPathFillRule = scene.evenOdd ? .evenOdd : .winding
            for p in scene.paths { rasterizer.fill(path: p, rule: rule, color: scene.color, into: image) }
        } else {
            rasterizer.stroke(path: scene.paths[0], style: scene.style, color: scene.color, into: image)
        }
    }

    func run(_ n: Int) -> Double {
        let t0 = Clock.now()
        for _ in 0..<n { op() }
        return Clock.now() - t0
    }

    /// The target as 8-bit gray, 255·(1 − coverage) for black ink on white (the red channel).
    func gray() -> [UInt8] {
        let w = scene.width, h = scene.height
        let stride = Int(pixman_image_get_stride(image)) / 4
        let data = pixman_image_get_data(image)!
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { out[y * w + x] = UInt8((data[y * stride + x] >> 16) & 0xFF) } }
        return out
    }
}

enum Clock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
