import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Seeded random scenes: repainting only the damage (and, with buffer ages, the accumulated
/// damage) must give the same pixels as repainting everything.
@Suite(.runLoopTurn) struct DamageRandomSceneTests {
    typealias F = RenderFixture

    /// The benchmark's LCG (scenes.json): s = 1664525·s + 1013904223 mod 2³².
    struct LCG {
        var s: UInt32
        mutating func next() -> Double {
            s = s &* 1_664_525 &+ 1_013_904_223
            return Double(s) / 4_294_967_296
        }
        mutating func int(_ n: Int) -> Int { min(n - 1, Int(next() * Double(n))) }
        mutating func chance(_ p: Double) -> Bool { next() < p }
    }

    final class Scene {
        var rng: LCG
        var nextID: UInt64 = 2
        var root: RenderLayer

        init(seed: UInt32) {
            rng = LCG(s: seed)
            root = F.root(120, 90, .white, [])
            for _ in 0..<12 { root.sublayers.append(randomLayer(depth: 0)) }
        }

        func color() -> CGColor {
            CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: rng.chance(0.3) ? rng.next() : 1)
        }

        func randomLayer(depth: Int) -> RenderLayer {
            var l = F.layer(nextID, rng.next() * 110 - 10, rng.next() * 80 - 10,
                            4 + rng.next() * 50, 4 + rng.next() * 40, rng.chance(0.85) ? color() : nil)
            nextID += 1
            mutate(&l)
            if depth < 2, rng.chance(0.4) {
                for _ in 0..<(1 + rng.int(3)) { l.sublayers.append(randomLayer(depth: depth + 1)) }
            }
            return l
        }

        let images = [RenderContentsTests.ramp(3, 5), RenderContentsTests.ramp(16, 8)]
        let gravities = ["center", "resize", "resizeAspect", "resizeAspectFill", "bottomRight", "top"]

        /// Changes one random visual property.
        func mutate(_ l: inout RenderLayer) {
            switch rng.int(16) {
            case 15:
                if rng.chance(0.3) { l.mask = nil; break }
                var m = F.layer(nextID, rng.next() * 20, rng.next() * 20, 5 + rng.next() * 30, 5 + rng.next() * 30,
                                CGColor(gray: 0, alpha: rng.chance(0.5) ? 1 : rng.next()))
                nextID += 1
                m.cornerRadius = rng.next() * 8
                l.mask = m
            case 14:
                l.properties["shadowOpacity"] = Float(rng.chance(0.3) ? 0 : rng.next())
                l.properties["shadowRadius"] = CGFloat(rng.next() * 4)
                l.properties["shadowOffset"] = CGSize(width: rng.next() * 6 - 3, height: rng.next() * 6 - 3)
            case 12:
                l.contents = rng.chance(0.8) ? images[rng.int(2)] : nil
                l.contentsGravityName = gravities[rng.int(gravities.count)]
            case 13: l.contentsCenter = rng.chance(0.5) ? CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) : RenderLayer.unitRect
            case 0: l.position = CGPoint(x: rng.next() * 110 - 10, y: rng.next() * 80 - 10)
            case 1: l.position.x += (rng.next() - 0.5) * 7
            case 2: l.backgroundColor = rng.chance(0.8) ? color() : nil
            case 3: l.opacity = Float(rng.chance(0.5) ? 1 : rng.next())
            case 4: l.cornerRadius = rng.chance(0.5) ? 0 : rng.next() * 15; l.maskedCorners = UInt(rng.int(16))
            case 5: l.borderWidth = rng.chance(0.5) ? 0 : rng.next() * 4; l.borderColor = color()
            case 6: l.transform = CATransform3DMakeRotation(rng.next() * 6.3, 0, 0, 1)
            case 7: l.transform = CATransform3DMakeScale(0.5 + rng.next(), 0.5 + rng.next(), 1)
            case 8: l.masksToBounds.toggle()
            case 9: l.zPosition = Double(rng.int(3))
            case 10: l.isHidden = rng.chance(0.3)
            default: l.bounds.size = CGSize(width: 2 + rng.next() * 50, height: 2 + rng.next() * 40)
            }
        }

        /// One frame's worth of changes: property edits, insertions, removals, reordering.
        func step() {
            for _ in 0..<(1 + rng.int(3)) {
                let k = rng.int(root.sublayers.count)
                switch rng.int(10) {
                case 0: root.sublayers.append(randomLayer(depth: 0))
                case 1 where root.sublayers.count > 3: root.sublayers.remove(at: k)
                case 2: root.sublayers.swapAt(k, rng.int(root.sublayers.count))
                case 3 where !root.sublayers[k].sublayers.isEmpty:
                    let j = rng.int(root.sublayers[k].sublayers.count)
                    mutate(&root.sublayers[k].sublayers[j])
                default: mutate(&root.sublayers[k])
                }
            }
        }
    }

    @Test(arguments: [1 as UInt32, 7, 42, 1234, 5, 77, 2024, 31337])
    func repaintingDamageEqualsFullRender(seed: UInt32) {
        let scene = Scene(seed: seed)
        let compositor = Compositor()
        let bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        let incremental = F.render(scene.root, 120, 90)
        var damagedFrames = 0
        for frame in 0..<60 {
            let old = scene.root
            scene.step()
            let damage = compositor.damage(from: old, to: scene.root, scale: 1, bounds: bounds)
            if !damage.isEmpty { damagedFrames += 1 }
            compositor.render(scene.root, into: incremental, scale: 1, region: damage)
            let full = F.render(scene.root, 120, 90)
            guard incremental.hasSamePixels(as: full) else {
                Issue.record("seed \(seed) frame \(frame): damage \(damage) missed changed pixels")
                return
            }
        }
        #expect(damagedFrames > 30)
    }

    @Test(arguments: [2, 3])
    func parallelBandsEqualOneThread(threads: Int) {
        let scene = Scene(seed: 321)
        let serial = Compositor(), parallel = Compositor(threads: threads)
        parallel.minimumParallelWork = 0 // small frames split too
        let bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        let a = F.render(scene.root, 120, 90), b = F.render(scene.root, 120, 90)
        for _ in 0..<20 {
            let old = scene.root
            scene.step()
            let damage = serial.damage(from: old, to: scene.root, scale: 1, bounds: bounds)
            serial.render(scene.root, into: a, scale: 1, region: damage)
            parallel.render(scene.root, into: b, scale: 1, region: damage)
            #expect(a.hasSamePixels(as: b))
        }
        parallel.render(scene.root, into: b, scale: 1)
        #expect(b.hasSamePixels(as: F.render(scene.root, 120, 90)))
    }

    @Test func damageIsSmallerThanTheSurfaceForSmallChanges() {
        let scene = Scene(seed: 99)
        var moved = scene.root
        moved.sublayers[0].position.x += 1
        let d = Compositor().damage(from: scene.root, to: moved, scale: 1, bounds: CGRect(x: 0, y: 0, width: 120, height: 90))
        #expect(!d.isEmpty)
        #expect(d.area < 120 * 90 / 2)
    }

    @Test func bufferAgesRepaintAccumulatedDamage() {
        let scene = Scene(seed: 5)
        let compositor = Compositor()
        let bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        let surface = Region(x: 0, y: 0, width: 120, height: 90)
        // Three buffers in rotation; a new buffer has age 0 (contents undefined).
        let buffers = (0..<3).map { _ in Bitmap(width: 120, height: 90)! }
        var ages = [0, 0, 0]
        for b in buffers { b.fill(0xFF00_FF00) } // garbage that must never show
        var history = DamageHistory(capacity: 4)
        var previous: RenderLayer?
        for frame in 0..<30 {
            if frame > 0 { scene.step() }
            let i = frame % 3
            let damage = compositor.damage(from: previous, to: scene.root, scale: 1, bounds: bounds)
            history.record(damage)
            let region = history.region(forBufferAge: ages[i], surface: surface)
            compositor.render(scene.root, into: buffers[i], scale: 1, region: region)
            #expect(buffers[i].hasSamePixels(as: F.render(scene.root, 120, 90)), "frame \(frame)")
            if frame >= 3 { #expect(ages[i] == 3) }
            // Presenting buffer i: it is now 1 frame old, the others one frame older.
            for j in 0..<3 where ages[j] > 0 { ages[j] += 1 }
            ages[i] = 1
            previous = scene.root
        }
    }

    @Test func historyAgesOutToTheWholeSurface() {
        var h = DamageHistory(capacity: 2)
        let surface = Region(x: 0, y: 0, width: 10, height: 10)
        h.record(Region(x: 0, y: 0, width: 1, height: 1))
        h.record(Region(x: 5, y: 5, width: 1, height: 1))
        h.record(Region(x: 9, y: 9, width: 1, height: 1))
        #expect(h.region(forBufferAge: 1, surface: surface).rects == [PixelRect(x: 9, y: 9, width: 1, height: 1)])
        #expect(h.region(forBufferAge: 2, surface: surface).area == 2)
        #expect(h.region(forBufferAge: 3, surface: surface) == surface, "older than the history")
        #expect(h.region(forBufferAge: 0, surface: surface) == surface, "undefined contents")
        h.reset()
        #expect(h.region(forBufferAge: 1, surface: surface) == surface)
    }
}
