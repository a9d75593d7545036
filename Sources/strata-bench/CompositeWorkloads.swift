import Foundation
import Strata

/// What main.swift times: a scene runner of any kind.
protocol BenchRunner: AnyObject {
    func reset()
    /// Performs n ops; returns the seconds they took.
    func run(_ n: Int) -> Double
    func gray() -> [UInt8]
    var threads: Int { get }
    /// Gradient scenes render colour PNGs (see GradientWorkload).
    var gradient: GradientWorkload? { get }
}

extension SceneRunner: BenchRunner {
    var threads: Int { 1 }
}

/// Compositor scenes (composite, rclip, blur) as render trees drawn by `Compositor`.
///
/// - composite: root = the 1920×1080 surface with the clear colour as its opaque background;
///   N sublayers whose `contents` are the scene's layer bitmaps, with their opacity and
///   placement (int: integer position; frac: fractional position; rot15: transform rotated
///   15° about the layer centre). One op = one full frame (the root background is the clear).
/// - rclip: the same with cornerRadius + masksToBounds on each layer, opacity 1.
/// - blur: one layer with shadowPath (the rounded rect), shadowRadius = sigma, shadowOpacity
///   from the colour's alpha; one op = repainting the shadow's damage rectangle.
final class CompositeRunner: BenchRunner {
    let scene: BenchScene
    let compositor: Compositor
    let bitmap: Bitmap
    var root: RenderLayer
    var region: Region
    var threads: Int { compositor.threads }
    var gradient: GradientWorkload? { nil }

    init?(_ scene: BenchScene, scenesPath: String, threads: Int) {
        guard ["composite", "rclip", "blur"].contains(scene.kind), let b = Bitmap(width: scene.width, height: scene.height) else {
            return nil
        }
        self.scene = scene
        bitmap = b
        compositor = Compositor(threads: threads)
        let raw = scene.raw
        let clear = raw["clear"] as? [Double] ?? [1, 1, 1, 1]
        root = RenderLayer(id: 1)
        root.bounds = CGRect(x: 0, y: 0, width: scene.width, height: scene.height)
        root.backgroundColor = CGColor(red: clear[0], green: clear[1], blue: clear[2], alpha: clear[3])
        region = Region(x: 0, y: 0, width: scene.width, height: scene.height)
        if scene.kind == "blur" {
            guard let shadow = Self.shadowLayer(raw) else { return nil }
            root.sublayers = [shadow]
            region = compositor.damage(from: RenderLayer(id: 1), to: root, scale: 1, bounds: root.bounds)
            return
        }
        guard let size = raw["layer_size"] as? Int, let n = raw["n_layers"] as? Int, let nImages = raw["n_images"] as? Int,
              let setName = raw["layer_set"] as? String, let params = Self.layerSet(setName, scenesPath) else { return nil }
        let images = (0..<nImages).map { Self.layerImage($0, size) }
        let mode = raw["mode"] as? String ?? "int"
        for (i, p) in params.prefix(n).enumerated() {
            var l = RenderLayer(id: UInt64(i + 2))
            l.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            let x = (p["x"] as? Double) ?? 0, y = (p["y"] as? Double) ?? 0
            switch mode {
            case "frac":
                l.anchorPoint = .zero
                l.position = CGPoint(x: x + ((p["fx"] as? Double) ?? 0), y: y + ((p["fy"] as? Double) ?? 0))
            case "rot15":
                l.position = CGPoint(x: x + Double(size) / 2, y: y + Double(size) / 2)
                l.transform = CATransform3DMakeRotation(15 * .pi / 180, 0, 0, 1)
            default:
                l.anchorPoint = .zero
                l.position = CGPoint(x: x, y: y)
            }
            l.opacity = Float((p["opacity"] as? Double) ?? 1)
            l.contents = images[i % nImages]
            if scene.kind == "rclip" {
                l.cornerRadius = CGFloat(raw["corner_radius"] as? Double ?? 0)
                l.masksToBounds = true
            }
            root.sublayers.append(l)
        }
    }

    func reset() { compositor.render(root, into: bitmap, scale: 1) }

    func run(_ n: Int) -> Double {
        let t0 = Clock.now()
        for _ in 0..<n { compositor.render(root, into: bitmap, scale: 1, region: region) }
        return Clock.now() - t0
    }

    /// The red channel (for --smoke/--render, which these scenes do not compare).
    func gray() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bitmap.width * bitmap.height)
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { out[y * bitmap.width + x] = UInt8((bitmap.pixel(x: x, y: y) >> 16) & 0xFF) } }
        return out
    }

    /// The scene file's bitmap formula (scenes.json `doc`): image k, size s.
    static func layerImage(_ k: Int, _ s: Int) -> CGImage {
        CGImage(width: s, height: s) { p in
            for y in 0..<s {
                for x in 0..<s {
                    let a = x < 3 * s / 4 ? 255 : (x < 7 * s / 8 ? 128 : 0)
                    let r = (4 * x + 16 * k) & 255, g = (4 * y + 32 * k) & 255, b = (2 * (x + y) + 8 * k) & 255
                    func pm(_ c: Int) -> UInt32 { UInt32((c * a + 127) / 255) }
                    p[y * s + x] = UInt32(a) << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
                }
            }
        }!
    }

    nonisolated(unsafe) private static var layerSets: [String: [[String: Any]]]?

    private static func layerSet(_ name: String, _ path: String) -> [[String: Any]]? {
        if layerSets == nil, let data = FileManager.default.contents(atPath: path),
           let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            layerSets = root["layer_sets"] as? [String: [[String: Any]]]
        }
        return layerSets?[name]
    }

    private static func shadowLayer(_ raw: [String: Any]) -> RenderLayer? {
        guard let r = raw["rect"] as? [Double], r.count == 4, let sigma = raw["sigma"] as? Double,
              let c = raw["color"] as? [Double], c.count == 4 else { return nil }
        var l = RenderLayer(id: 2)
        l.anchorPoint = .zero
        l.position = CGPoint(x: r[0], y: r[1])
        l.bounds = CGRect(x: 0, y: 0, width: r[2], height: r[3])
        l.cornerRadius = CGFloat(raw["corner_radius"] as? Double ?? 0)
        l.properties["shadowColor"] = CGColor(red: c[0], green: c[1], blue: c[2], alpha: 1)
        l.properties["shadowOpacity"] = Float(c[3])
        l.properties["shadowRadius"] = CGFloat(sigma)
        l.properties["shadowOffset"] = CGSize.zero
        l.properties["shadowPath"] = CGPath(roundedRect: l.bounds, cornerWidth: l.cornerRadius, cornerHeight: l.cornerRadius, transform: nil)
        return l
    }
}
