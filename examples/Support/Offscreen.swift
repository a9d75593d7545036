import Foundation
import Strata

/// The frame at animation time `time`, rendered offscreen with a manual clock.
public func renderSnapshot(_ scene: some ExampleScene, at time: Double, scale: Double = 1) throws -> PNGImage {
    try OffscreenScene(scene, scale: scale).render(at: time)
}

/// `duration` seconds of the scene at `fps` frames per second, rendered offscreen: frame i is
/// the picture at time i / fps (i = 0 ..< round(duration × fps), at least one frame), each
/// shown for 1 / fps s; frames equal to the previous one lengthen it (see ``AnimatedPNG``).
public func renderRecording(_ scene: some ExampleScene, duration: Double, fps: Int, scale: Double = 1) throws -> AnimatedPNG {
    let count = try ExampleOptions.recordingFrameCount(duration: duration, fps: fps)
    let offscreen = try OffscreenScene(scene, scale: scale)
    var apng = AnimatedPNG(width: offscreen.width, height: offscreen.height)
    for i in 0..<count {
        try apng.append(offscreen.render(at: Double(i) / Double(fps)), delay: 1, over: UInt16(fps))
    }
    return apng
}

/// A scene built and started once, offscreen, with a manual clock at 0; renders the frame at
/// any animation time (each with a fresh compositor, so a frame does not depend on the ones
/// rendered before it). The manual clock stays installed while the value lives.
private final class OffscreenScene {
    let width: Int, height: Int
    private let scale: Double
    private let clock = CAManualClock(time: 0)
    private let root = CALayer()
    private let tree: RenderTree

    init(_ scene: some ExampleScene, scale: Double) throws {
        self.scale = scale
        width = Int((Double(scene.width) * scale).rounded())
        height = Int((Double(scene.height) * scale).rounded())
        guard width > 0, height > 0 else {
            throw ExampleOptions.ParseError.badNumber("--scale", "\(scale)")
        }
        CAMediaClock.install(clock)
        // Commit the implicit transaction that making the scene may have opened (a view's frame
        // set in an initializer): otherwise `build` and `start` would nest inside it, nothing
        // would be committed before `start`, and its implicit animations would not run.
        CATransaction.flush()
        tree = RenderTree(root: root)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: scene.width, height: scene.height)
        root.position = CGPoint(x: Double(scene.width) / 2, y: Double(scene.height) / 2)
        scene.build(root: root)
        CATransaction.commit()
        CATransaction.begin()
        scene.start(root: root)
        CATransaction.commit()
        CATransaction.flush()
    }

    deinit { CAMediaClock.installSystemClock() }

    func render(at time: Double) throws -> PNGImage {
        clock.time = time
        guard let bitmap = Bitmap(width: width, height: height) else {
            throw ExampleOptions.ParseError.badNumber("--scale", "\(scale)")
        }
        Compositor().render(tree.snapshot(at: time), into: bitmap, scale: CGFloat(scale))
        return bitmap.pngImage
    }
}
