import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CAReplicatorLayer: defaults and animatability as Core Animation documents them, and the
/// copies on screen — transformed about the bounds' centre, delayed, tinted.
@Suite(.runLoopTurn) struct ReplicatorLayerTests {
    /// A root of `size` points holding `replicator` (whole-root frame) after `build` set it up,
    /// without implicit animations; returns the render tree.
    func scene(size: CGFloat = 100, _ build: (CAReplicatorLayer) -> Void) -> (CALayer, RenderTree) {
        let root = CALayer()
        let r = CAReplicatorLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = .black
        r.frame = root.bounds
        root.addSublayer(r)
        build(r)
        CATransaction.commit()
        return (root, RenderTree(root: root))
    }

    func dot(_ frame: CGRect, _ color: CGColor = .white) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    func render(_ tree: RenderTree, at t: Double = 0, size: Int = 100) -> Bitmap {
        let bitmap = Bitmap(width: size, height: size)!
        Compositor().render(tree.snapshot(at: t), into: bitmap, scale: 1)
        return bitmap
    }

    @Test func defaultsAndAnimatableKeysFollowCoreAnimation() {
        let r = CAReplicatorLayer()
        #expect(r.instanceCount == 1)
        #expect(r.instanceDelay == 0)
        #expect(r.instanceTransform == .identity)
        #expect(r.instanceColor == CGColor.white)
        #expect(r.instanceRedOffset == 0 && r.instanceAlphaOffset == 0)
        #expect(!r.preservesDepth)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int == 1)
        for key in ["instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
                    "instanceBlueOffset", "instanceAlphaOffset"] {
            #expect(CAReplicatorLayer.isAnimatable(key: key), "\(key)")
        }
        #expect(!CAReplicatorLayer.isAnimatable(key: "instanceCount"))
        r.setValue(5, forKey: "instanceCount")
        #expect(r.instanceCount == 5)
        #expect(r.value(forKey: "instanceCount") as? Int == 5)
    }

    /// Five copies 20 points apart; white tinted by red offsets −0.25 per copy.
    @Test func translatedCopiesAreTintedStepByStep() {
        let (_, tree) = scene { r in
            r.addSublayer(dot(CGRect(x: 0, y: 0, width: 10, height: 10)))
            r.instanceCount = 5
            r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceRedOffset = -0.25
        }
        let b = render(tree)
        for i in 0..<5 {
            // Red: 1 − 0.25 i, in 8 bits rounded.
            let red = UInt32((max(0, 1 - 0.25 * Double(i)) * 255).rounded())
            #expect(b.pixel(x: 20 * i + 5, y: 5) == 0xFF00_FFFF | red << 16, "copy \(i)")
            #expect(b.pixel(x: 20 * i + 15, y: 5) == 0xFF00_0000, "gap after copy \(i)")
        }
        #expect(b.pixel(x: 5, y: 15) == 0xFF00_0000)
    }

    /// The activity-indicator pattern: a dot at the top centre, four copies turned a quarter
    /// about the replicator's centre land on the right, bottom and left.
    @Test func rotationsPivotAboutTheAnchorPoint() {
        let (_, tree) = scene { r in
            r.addSublayer(dot(CGRect(x: 45, y: 0, width: 10, height: 10), CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
            r.instanceCount = 4
            r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        let b = render(tree)
        let green: UInt32 = 0xFF00_FF00
        for (x, y) in [(50, 5), (95, 50), (50, 95), (5, 50)] { #expect(b.pixel(x: x, y: y) == green, "(\(x), \(y))") }
        #expect(b.pixel(x: 50, y: 50) == 0xFF00_0000)

        // Moving the anchor point to the top-left corner does not move the pivot: Apple applies
        // the instance transform "relative to the center of this layer", so the second copy still
        // turns the dot (45…55, 0…10) about (50, 50) to x 90…100, y 45…55.
        let (_, moved) = scene { r in
            r.addSublayer(dot(CGRect(x: 45, y: 0, width: 10, height: 10), CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
            r.instanceCount = 2
            r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            r.anchorPoint = .zero
            r.position = .zero
        }
        let m = render(moved)
        #expect(m.pixel(x: 50, y: 5) == green)
        #expect(m.pixel(x: 95, y: 50) == green)
        #expect(m.pixel(x: 5, y: 50) == 0xFF00_0000)
    }

    /// instanceDelay shifts each copy's time: a 1 s linear move of x from 5 to 85 that begins at
    /// 0.1 s, seen at 0.55 s, is at 41 in copy 0, at 21 in copy 1 (0.25 s behind) and, in copy 2
    /// (0.5 s behind: before the animation begins), at the model value 85.
    @Test func delayedCopiesLagTheirAnimations() {
        let (_, tree) = scene { r in
            let d = dot(CGRect(x: 0, y: 0, width: 10, height: 10))
            r.addSublayer(d)
            d.position = CGPoint(x: 85, y: 5)
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 5
            a.toValue = 85
            a.duration = 1
            a.beginTime = 0.1                        // explicit: not stamped by the commit
            d.add(a, forKey: "move")
            r.instanceCount = 3
            r.instanceDelay = 0.25
            r.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        }
        let snap = tree.snapshot(at: 0.55)
        let containers = snap.sublayers[0].sublayers
        #expect(containers.count == 3)
        let xs = containers.map { $0.sublayers[0].position.x }
        #expect(abs(xs[0] - 41) < 1e-9 && abs(xs[1] - 21) < 1e-9 && xs[2] == 85, "\(xs)")
        // Each copy a distinct id, stable from frame to frame.
        let ids = Set(containers.flatMap { [$0.id, $0.sublayers[0].id] })
        #expect(ids.count == 6)
        #expect(tree.snapshot(at: 0.7).sublayers[0].sublayers.map(\.sublayers[0].id) == containers.map(\.sublayers[0].id))
        let b = render(tree, at: 0.55)
        #expect(b.pixel(x: 41, y: 5) == 0xFFFF_FFFF && b.pixel(x: 21, y: 25) == 0xFFFF_FFFF && b.pixel(x: 85, y: 45) == 0xFFFF_FFFF)
        #expect(b.pixel(x: 85, y: 5) == 0xFF00_0000 && b.pixel(x: 41, y: 45) == 0xFF00_0000)
    }

    /// Alpha offsets fade the copies; instanceColor tints them all, images included.
    @Test func alphaOffsetAndInstanceColorBlendOverWhatIsBelow() {
        let (_, tree) = scene { r in
            r.addSublayer(dot(CGRect(x: 0, y: 0, width: 10, height: 10)))
            r.instanceCount = 3
            r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            r.instanceAlphaOffset = -0.5
        }
        let b = render(tree)
        #expect(b.pixel(x: 5, y: 5) == 0xFFFF_8000)             // white × (1, 0.5, 0)
        #expect(b.pixel(x: 25, y: 5) == 0xFF80_4000)            // the same at alpha 0.5 over black
        #expect(b.pixel(x: 45, y: 5) == 0xFF00_0000)            // alpha 0: nothing
    }

    /// Counts ≤ 0 draw no sublayer, huge counts are clamped, NaN offsets count as 0; a count of
    /// one with white draws the sublayers as a plain layer would (no containers).
    @Test func badCountsAndOffsetsHaveDocumentedOutcomes() {
        for count in [0, -3] {
            let (_, tree) = scene { r in
                r.addSublayer(dot(CGRect(x: 0, y: 0, width: 10, height: 10)))
                r.instanceCount = count
            }
            #expect(tree.snapshot(at: 0).sublayers[0].sublayers.isEmpty)
            #expect(render(tree).pixel(x: 5, y: 5) == 0xFF00_0000)
        }
        let (_, huge) = scene { r in
            r.addSublayer(dot(CGRect(x: 0, y: 0, width: 1, height: 1)))
            r.instanceCount = Int.max
            r.instanceRedOffset = .nan
        }
        #expect(huge.snapshot(at: 0).sublayers[0].sublayers.count == CAReplicatorLayer.maximumInstanceCount)
        let (_, plain) = scene { r in r.addSublayer(dot(CGRect(x: 0, y: 0, width: 10, height: 10))) }
        #expect(plain.snapshot(at: 0).sublayers[0].sublayers.map(\.layerClass) == ["CALayer"])
    }

    /// Twelve dots turned 30° apart whose opacity fades over 1 s, each copy 1/12 s later: the
    /// spinner of iOS apps, kept as a golden at 0.5 s.
    @Test func activityIndicatorGolden() {
        let (_, tree) = scene { r in
            let d = dot(CGRect(x: 46, y: 6, width: 8, height: 20))
            d.cornerRadius = 4
            r.addSublayer(d)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.15
            fade.duration = 1
            fade.repeatCount = .infinity
            fade.beginTime = 0.001
            d.add(fade, forKey: "fade")
            r.instanceCount = 12
            r.instanceDelay = 1.0 / 12
            r.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        }
        RenderGolden.check(render(tree, at: 0.5), "replicator-spinner")
    }
}
