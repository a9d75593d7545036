import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// The benchmark's gradient scenes, drawn by Strata, against cairo's renders of the same
/// gradients (Goldens/gradient/cairo-*.png, made by make-cairo-refs.py): the whole picture at
/// ¼ scale, and sampled rows at the full 1920×1080 that strata-bench draws (where the fast
/// paths — the copied axial strip, the mirrored radial block — do the work).
@Suite(.runLoopTurn) struct GradientAccuracyTests {
    static let directory = RenderGolden.directory(folder: "gradient")

    static func configureLinear(_ l: CAGradientLayer) { l.startPoint = .zero; l.endPoint = CGPoint(x: 1, y: 1) }

    /// Centre (½, ½), radius 1100/1920 of the width: at ¼ scale 275 px, at full scale 1100 px.
    static func configureRadial(_ l: CAGradientLayer) {
        l.type = .radial
        l.startPoint = CGPoint(x: 0.5, y: 0.5)
        l.endPoint = CGPoint(x: (960 + 1100) / 1920.0, y: (540 + 1100) / 1080.0)
    }

    static func layer(width: Int, height: Int, _ configure: (CAGradientLayer) -> Void) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                        CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.locations = [0, 0.5, 1]
        configure(layer)
        return layer
    }

    /// Largest channel difference of two ARGB32 pixels, and their sum.
    static func diff(_ a: UInt32, _ b: UInt32) -> (worst: Int, sum: Int) {
        var worst = 0, sum = 0
        for s in stride(from: 0, to: 32, by: 8) {
            let d = abs(Int((a >> UInt32(s)) & 0xFF) - Int((b >> UInt32(s)) & 0xFF))
            worst = max(worst, d); sum += d
        }
        return (worst, sum)
    }

    /// Strata's full-size frame, drawn as strata-bench draws it (a `Compositor` repainting the
    /// whole bitmap), against cairo's sampled rows (0, 20, 40, …, and the last).
    static func compareFullSize(_ scene: String, _ configure: (CAGradientLayer) -> Void) throws -> (Int, Double) {
        let ref = try PNGImage.decode(path: directory + "/cairo-\(scene)-rows.png")
        let w = 1920, h = 1080
        let rows = Array(stride(from: 0, to: h, by: 20)) + [h - 1]
        #expect(ref.width == w && ref.height == rows.count)
        let bitmap = try #require(Bitmap(width: w, height: h))
        Compositor().render(RenderTree(root: layer(width: w, height: h, configure)).snapshot(at: 0), into: bitmap, scale: 1)
        var worst = 0, sum = 0
        for (i, y) in rows.enumerated() {
            for x in 0..<w {
                let d = diff(bitmap.pixel(x: x, y: y), ref.pixels[i * w + x])
                worst = max(worst, d.worst); sum += d.sum
            }
        }
        return (worst, Double(sum) / Double(w * rows.count * 4))
    }

    /// (max channel difference, mean channel difference) between Strata's and cairo's render.
    static func compare(_ scene: String, _ configure: (CAGradientLayer) -> Void) throws -> (Int, Double) {
        let ref = try PNGImage.decode(path: directory + "/cairo-\(scene).png")
        let layer = layer(width: ref.width, height: ref.height, configure)
        let ours = Snapshot.render(RenderTree(root: layer).snapshot(at: 0), scale: 1)!.pngImage
        var worst = 0, sum = 0
        for (a, b) in zip(ours.pixels, ref.pixels) {
            let d = diff(a, b)
            worst = max(worst, d.worst); sum += d.sum
        }
        return (worst, Double(sum) / Double(ours.pixels.count * 4))
    }

    static let scenes = ["gradient.linear_1080p", "gradient.radial_1080p"]

    /// Linear: p0 (0, 0) → p1 (1920, 1080), the unit square's diagonal. Radial: centre
    /// (960, 540), radius 1100 (at ¼ scale (240, 135) and 275 on 480×270).
    static func configure(_ scene: String) -> (CAGradientLayer) -> Void {
        if scene.contains("radial") { return { configureRadial($0) } }
        return { configureLinear($0) }
    }

    @Test(arguments: scenes) func quarterScaleSceneMatchesCairoWithinOneLevel(_ scene: String) throws {
        let (worst, mean) = try Self.compare(scene, Self.configure(scene))
        #expect(worst <= 1)
        #expect(mean < 0.1)
    }

    @Test(arguments: scenes) func fullSizeSceneMatchesCairoWithinOneLevel(_ scene: String) throws {
        let (worst, mean) = try Self.compareFullSize(scene, Self.configure(scene))
        #expect(worst <= 1)
        #expect(mean < 0.1)
    }
}
