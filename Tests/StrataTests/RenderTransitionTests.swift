import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CATransition drawing: fade, moveIn, push and reveal with their subtypes, at exact progress
/// points, with the damage they cause.
@Suite(.runLoopTurn) struct RenderTransitionTests {
    typealias F = RenderFixture
    static let white: UInt32 = 0xFFFF_FFFF, red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

    /// A 120×80 white root holding an 80×40 layer at (20, 20) that is blue now and was red,
    /// running a transition of `type`/`subtype` at `progress`.
    static func scene(_ type: String, _ subtype: String?, _ progress: Double,
                      hideNew: Bool = false, from: RenderLayer? = F.layer(2, 20, 20, 80, 40, F.red)) -> RenderLayer {
        var l = F.layer(2, 20, 20, 80, 40, F.blue)
        l.isHidden = hideNew
        l.transition = RenderTransition(type: type, subtype: subtype, progress: progress, from: from)
        return F.root(120, 80, .white, [l])
    }

    /// Expected colour of pixel (x, y) for a slide: the old (red) and new (blue) rectangles
    /// at their offsets, drawn in the type's order over white.
    static func expectedSlide(_ type: String, _ subtype: String?, _ p: Double, x: Int, y: Int) -> UInt32 {
        let (ux, uy): (Int, Int) = switch subtype {
        case "fromRight": (-1, 0)
        case "fromTop": (0, 1)
        case "fromBottom": (0, -1)
        default: (1, 0)
        }
        // p × 80 and p × 40 are whole pixels for the progress values used.
        let enter = (x: -Int((1 - p) * 80) * ux, y: -Int((1 - p) * 40) * uy)
        let leave = (x: Int(p * 80) * ux, y: Int(p * 40) * uy)
        func inside(_ o: (x: Int, y: Int)) -> Bool {
            x >= 20 + o.x && x < 100 + o.x && y >= 20 + o.y && y < 60 + o.y
        }
        let layers: [(UInt32, (x: Int, y: Int))] = switch type {
        case "moveIn": [(red, (0, 0)), (blue, enter)]
        case "push": [(red, leave), (blue, enter)]
        default: [(blue, (0, 0)), (red, leave)] // reveal
        }
        var c = white
        for (colour, o) in layers where inside(o) { c = colour }
        return c
    }

    @Test func pushFromRightAtHalfwayShowsOldLeftNewRight() {
        var l = F.layer(2, 0, 0, 100, 60, F.blue)
        l.transition = RenderTransition(type: "push", subtype: "fromRight", progress: 0.5, from: F.layer(2, 0, 0, 100, 60, F.red))
        let b = F.render(F.root(100, 60, .white, [l]), 100, 60)
        for y in 0..<60 {
            for x in 0..<100 where b.pixel(x: x, y: y) != (x < 50 ? Self.red : Self.blue) {
                Issue.record("pixel (\(x), \(y)) = \(F.hex(b.pixel(x: x, y: y)))")
                return
            }
        }
    }

    @Test(arguments: ["moveIn", "push", "reveal"])
    func slidesFromEveryEdgeAtExactProgress(_ type: String) {
        for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom", nil] as [String?] {
            for p in [0, 0.25, 0.5, 0.75, 1] {
                let b = F.render(Self.scene(type, subtype, p), 120, 80)
                var bad = 0
                for y in 0..<80 {
                    for x in 0..<120 where b.pixel(x: x, y: y) != Self.expectedSlide(type, subtype, p, x: x, y: y) { bad += 1 }
                }
                #expect(bad == 0, "\(type) \(subtype ?? "nil") at \(p): \(bad) pixels differ")
            }
        }
    }

    @Test func fadeCrossfadesAndStaysOpaque() {
        // a = round(0.5 × 255) = 128: red × 127/255 + blue × 128/255, alpha 127 + 128.
        let b = F.render(Self.scene("fade", nil, 0.5), 120, 80)
        #expect(F.hex(b.pixel(x: 20, y: 20)) == F.hex(0xFF7F_0080))
        #expect(F.hex(b.pixel(x: 99, y: 59)) == F.hex(0xFF7F_0080))
        #expect(b.pixel(x: 19, y: 20) == Self.white && b.pixel(x: 100, y: 59) == Self.white)
        // Every progress: opaque, and the channels are the complementary 8-bit weights.
        for p in stride(from: 0.0, through: 1.0, by: 0.05) {
            let a = UInt32((p * 255).rounded())
            let px = F.render(Self.scene("fade", "fromTop", p), 120, 80).pixel(x: 50, y: 40)
            #expect(F.hex(px) == F.hex(0xFF00_0000 | (255 - a) << 16 | a), "fade at \(p)")
        }
        // Unknown types crossfade too.
        #expect(F.render(Self.scene("cube", nil, 0.5), 120, 80).hasSamePixels(as: b))
    }

    @Test func fadeToAHiddenLayerFadesTheOldAppearanceOut() {
        // a = 64: old red at alpha 191 over white.
        let b = F.render(Self.scene("fade", nil, 0.25, hideNew: true), 120, 80)
        #expect(F.hex(b.pixel(x: 50, y: 40)) == F.hex(0xFFFF_4040))
        // …and a layer that was hidden (no old appearance) fades in: blue at 64 over white.
        var was = F.layer(2, 20, 20, 80, 40, F.red)
        was.isHidden = true
        let c = F.render(Self.scene("fade", nil, 0.25, from: was), 120, 80)
        #expect(F.hex(c.pixel(x: 50, y: 40)) == F.hex(0xFFBF_BFFF))
        // Push of a layer being hidden: the old half leaves, nothing enters.
        let d = F.render(Self.scene("push", "fromRight", 0.5, hideNew: true), 120, 80)
        #expect(d.pixel(x: 0, y: 40) == Self.red && d.pixel(x: 59, y: 40) == Self.red && d.pixel(x: 60, y: 40) == Self.white)
    }

    @Test func theOldAppearanceKeepsItsSublayersAndTheLayerItsPlacement() {
        // Old: red with a green 10×10 child at (50, 5). The layer is now rotated 90° about its
        // centre (60, 40): layer point (x, y) lands on device (80 − y, x).
        var old = F.layer(2, 20, 20, 80, 40, F.red)
        old.sublayers = [F.layer(3, 50, 5, 10, 10, F.green)]
        var l = F.layer(2, 20, 20, 80, 40, F.blue)
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.position = CGPoint(x: 60, y: 40)
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        l.transition = RenderTransition(type: "moveIn", subtype: "fromLeft", progress: 0.5, from: old)
        let b = F.render(F.root(120, 80, .white, [l]), 120, 80)
        // New (blue) covers layer x −40…40 (device rows up to 40), over old red at 0…80.
        #expect(F.hex(b.pixel(x: 60, y: 20)) == F.hex(Self.blue))
        #expect(F.hex(b.pixel(x: 60, y: 62)) == F.hex(Self.red))
        #expect(F.hex(b.pixel(x: 70, y: 55)) == F.hex(0xFF00_FF00))
        #expect(F.hex(b.pixel(x: 30, y: 60)) == F.hex(Self.white))
    }

    @Test func damageCoversTheTransitioningLayerWhileItRuns() {
        let c = Compositor()
        let bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        let a = Self.scene("push", "fromLeft", 0.25), b = Self.scene("push", "fromLeft", 0.5)
        let d = c.damage(from: a, to: b, scale: 1, bounds: bounds)
        // Old moved from x 40…120 to 60…140, new from −40…40 to −20…60: all of x 0…120 of
        // rows 20…60.
        #expect(d == Region(x: 0, y: 20, width: 120, height: 40))
        // A fade changes every pixel of the layer each frame, nothing else.
        let f = c.damage(from: Self.scene("fade", nil, 0.25), to: Self.scene("fade", nil, 0.5), scale: 1, bounds: bounds)
        #expect(f == Region(x: 20, y: 20, width: 80, height: 40))
        // The end of a slide repaints where the old appearance was.
        var done = F.layer(2, 20, 20, 80, 40, F.blue)
        done.transition = nil
        let e = c.damage(from: b, to: F.root(120, 80, .white, [done]), scale: 1, bounds: bounds)
        #expect(e.contains(x: 119, y: 20) && e.contains(x: 20, y: 59) && !e.contains(x: 10, y: 10))
    }

    @Test func renderingOnlyTheDamageEqualsAFullRender() {
        let c = Compositor()
        let bitmap = Bitmap(width: 120, height: 80)!
        var previous: RenderLayer?
        for (type, subtype) in [("push", "fromBottom"), ("fade", nil), ("reveal", "fromRight"), ("moveIn", "fromTop")] {
            for p in [0.1, 0.3, 0.35, 0.8, 1] {
                var l = F.layer(2, 20.5, 20, 80, 40, F.blue)
                l.cornerRadius = 7
                l.transition = RenderTransition(type: type, subtype: subtype, progress: p, from: F.layer(2, 20, 20, 80, 40, F.red))
                let tree = F.root(120, 80, .white, [l])
                let region = c.damage(from: previous, to: tree, scale: 1, bounds: CGRect(x: 0, y: 0, width: 120, height: 80))
                c.render(tree, into: bitmap, scale: 1, region: region)
                #expect(bitmap.hasSamePixels(as: F.render(tree, 120, 80)), "\(type) at \(p)")
                previous = tree
            }
        }
    }

    @Test func badProgressAndOddTreesHaveDefinedOutcomes() {
        // NaN progress shows the new state; out-of-range progress is clamped.
        let newOnly = F.render(Self.scene("push", nil, 1), 120, 80)
        #expect(F.render(Self.scene("push", nil, .nan), 120, 80).hasSamePixels(as: newOnly))
        #expect(F.render(Self.scene("push", nil, 7), 120, 80).hasSamePixels(as: newOnly))
        #expect(F.render(Self.scene("push", nil, -.infinity), 120, 80).hasSamePixels(as: F.render(Self.scene("push", nil, 0), 120, 80)))
        // No old appearance: the new one slides in over nothing.
        let alone = F.render(Self.scene("moveIn", "fromRight", 0.5, from: nil), 120, 80)
        #expect(alone.pixel(x: 59, y: 40) == Self.white && alone.pixel(x: 60, y: 40) == Self.blue)
        // Infinite bounds: nothing drawn, no crash.
        var huge = F.layer(2, 0, 0, .infinity, 40, F.blue)
        huge.transition = RenderTransition(type: "push", subtype: nil, progress: 0.5, from: huge)
        #expect(F.render(F.root(120, 80, .white, [huge]), 120, 80).pixel(x: 5, y: 5) == Self.white)
        // A transition on the root, and a 10 000-deep old appearance (no recursion).
        var deep = F.layer(9, 0, 0, 1, 1, nil)
        for i in 0..<10_000 {
            var parent = F.layer(UInt64(10 + i), 0, 0, 1, 1, nil)
            parent.sublayers = [deep]
            deep = parent
        }
        var root = F.root(120, 80, .white, [F.layer(2, 0, 0, 10, 10, F.red)])
        root.transition = RenderTransition(type: "fade", subtype: nil, progress: 0.5, from: deep)
        let r = F.render(root, 120, 80)
        #expect(r.pixel(x: 50, y: 50) >> 24 == 128 && r.pixel(x: 5, y: 5) >> 24 == 128)
        #expect(_TransitionStandIn.oldCopy(deep).id == 10_009 | _TransitionStandIn.fromBit)
    }

    @Test func richTransitionGolden() {
        // Rounded, bordered layer with a sublayer and a shadow, rotated 15°, push fromTop at
        // 0.3 (antialiased edges: a golden rather than computed values).
        var old = F.centered(2, 60, 40, at: 60, 40, CATransform3DMakeRotation(.pi / 12, 0, 0, 1), F.red)
        old.cornerRadius = 8
        old.sublayers = [F.layer(3, 10, 10, 20, 10, F.green)]
        var l = old
        l.backgroundColor = F.blue
        l.borderWidth = 2
        l.borderColor = .black
        l.sublayers = [F.layer(3, 30, 20, 20, 10, .white)]
        l.transition = RenderTransition(type: "push", subtype: "fromTop", progress: 0.3, from: old)
        var clip = F.layer(4, 10, 10, 100, 60, CGColor(red: 0.9, green: 0.9, blue: 0.9, alpha: 1))
        l.position = CGPoint(x: 50, y: 30)
        clip.masksToBounds = true
        clip.sublayers = [l]
        RenderGolden.check(F.render(F.root(120, 80, .white, [clip]), 120, 80), "transition-push-fromTop-rotated")
    }
}

extension EngineTests {
    /// Transitions from the engine (CATransition on a RenderTree; the shared media clock makes
    /// these engine tests).
    @Suite struct TransitionDrawing {
        @Test func engineTransitionsAreDrawnAtTheirEasedProgress() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
                root.backgroundColor = .white
                let layer = CALayer()
                layer.anchorPoint = .zero
                layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
                root.addSublayer(layer)
                let tree = RenderTree(root: root)
                CATransaction.setDisableActions(true)
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                CATransaction.flush()
                let t = CATransition()
                t.type = .push
                t.subtype = .fromRight
                t.startProgress = 0.2
                t.endProgress = 0.8
                t.duration = 2
                t.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.add(t, forKey: nil)
                CATransaction.setDisableActions(true)
                layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                CATransaction.flush()
                // Halfway through the time = halfway from 0.2 to 0.8: progress 0.5.
                clock.time = 1
                let b = Snapshot.render(tree.snapshot(at: 1))!
                #expect(b.pixel(x: 49, y: 30) == RenderTransitionTests.red && b.pixel(x: 50, y: 30) == RenderTransitionTests.blue)
                // At the start: progress 0.2, the new state's left edge at x = 80.
                let s = Snapshot.render(tree.snapshot(at: 0))!
                #expect(s.pixel(x: 79, y: 0) == RenderTransitionTests.red && s.pixel(x: 80, y: 0) == RenderTransitionTests.blue && s.pixel(x: 19, y: 59) == RenderTransitionTests.red)
            }
        }
    }
}
