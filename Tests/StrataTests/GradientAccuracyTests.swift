import Foundation
import Testing
@testable import Strata

/// The benchmark's gradient scenes, drawn by Strata, against cairo's renders of the same
/// gradients (Goldens/gradient/cairo-*.png, made by make-cairo-refs.py at ¼ scale).
@Suite struct GradientAccuracyTests {
    static let directory = RenderGolden.directory(folder: "gradient")

    /// (max channel difference, mean channel difference) between Strata's and cairo's render.
    static func compare(_ scene: String, _ configure: (CAGradientLayer) -> Void) throws -> (Int, Double) {
        let ref = try PNGImage.decode(path: directory + "/cairo-\(scene).png")
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: ref.width, height: ref.height)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                        CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.locations = [0, 0.5, 1]
        configure(layer)
        let ours = Snapshot.render(RenderTree(root: layer).snapshot(at: 0), scale: 1)!.pngImage
        var worst = 0, sum = 0
        for (a, b) in zip(ours.pixels, ref.pixels) {
            for s in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((a >> UInt32(s)) & 0xFF) - Int((b >> UInt32(s)) & 0xFF))
                worst = max(worst, d); sum += d
            }
        }
        return (worst, Double(sum) / Double(ours.pixels.count * 4))
    }

    @Test func linearSceneMatchesCairoWithinOneLevel() throws {
        // p0 (0, 0) → p1 (480, 270) on 480×270: the unit square's diagonal.
        let (worst, mean) = try Self.compare("gradient.linear_1080p") {
            $0.startPoint = .zero; $0.endPoint = CGPoint(x: 1, y: 1)
        }
        #expect(worst <= 1)
        #expect(mean < 0.1)
    }

    @Test func radialSceneMatchesCairoWithinOneLevel() throws {
        // Centre (240, 135), radius 275 on 480×270.
        let (worst, mean) = try Self.compare("gradient.radial_1080p") {
            $0.type = .radial
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: (240 + 275) / 480.0, y: (135 + 275) / 270.0)
        }
        #expect(worst <= 1)
        #expect(mean < 0.1)
    }
}
