import Foundation
import Testing
import StrataTestSupport
@testable import Strata

extension EngineTests {
    /// Seeded random scenes built with the public layer API and edited frame by frame: shape
    /// layers (paths reaching outside their zero bounds, or clipped to their bounds by
    /// `masksToBounds`; fills, strokes, dashes, trims), shape
    /// masks, `shouldRasterize`, blend modes, `sublayerTransform` and perspective — the features
    /// `DamageRandomSceneTests` does not randomise. Repainting only each frame's damage must
    /// give the full render, pixel for pixel, at scale 1 and 2.
    @Suite struct DamageRandomShapeSceneTests {
        struct RNG {
            var s: UInt64
            mutating func next() -> CGFloat {
                s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return CGFloat(s >> 11) / CGFloat(1 << 53)
            }
            mutating func int(_ n: Int) -> Int { min(n - 1, Int(next() * CGFloat(n))) }
            mutating func chance(_ p: CGFloat) -> Bool { next() < p }
        }

        final class Scene {
            var rng: RNG
            let root = CALayer()
            var shapes: [CAShapeLayer] = []
            var groups: [CALayer] = []
            /// The last edit: its kind (the `step` case) and the layers it touched.
            var last = (kind: -1, shape: -1, group: -1)

            init(seed: UInt64) {
                rng = RNG(s: seed)
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                root.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
                root.backgroundColor = .white
                for i in 0..<3 {
                    let g = CALayer()
                    g.frame = CGRect(x: 10 + 35 * CGFloat(i), y: 10 + 15 * CGFloat(i), width: 40, height: 40)
                    g.backgroundColor = color()
                    root.addSublayer(g)
                    groups.append(g)
                    for _ in 0..<2 {
                        let s = CAShapeLayer()   // zero bounds: the path alone decides what is drawn
                        s.position = CGPoint(x: rng.next() * 40, y: rng.next() * 40)
                        s.path = path()
                        s.strokeColor = color()
                        g.addSublayer(s)
                        shapes.append(s)
                    }
                }
                CATransaction.commit()
            }

            func color() -> CGColor {
                CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: rng.chance(0.5) ? 1 : 0.3 + rng.next() * 0.7)
            }

            /// A random polygon or ellipse, up to 30 points from the layer's origin either way.
            func path() -> CGPath {
                let p = CGMutablePath()
                if rng.chance(0.4) {
                    p.addEllipse(in: CGRect(x: rng.next() * 40 - 30, y: rng.next() * 40 - 30, width: 4 + rng.next() * 30,
                                            height: 4 + rng.next() * 30))
                } else {
                    p.move(to: CGPoint(x: rng.next() * 60 - 30, y: rng.next() * 60 - 30))
                    for _ in 0..<(2 + rng.int(5)) {
                        p.addLine(to: CGPoint(x: rng.next() * 60 - 30, y: rng.next() * 60 - 30))
                    }
                    if rng.chance(0.5) { p.closeSubpath() }
                }
                return p
            }

            func step() {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                let si = rng.int(shapes.count), gi = rng.int(groups.count), kind = rng.int(14)
                let s = shapes[si], g = groups[gi]
                last = (kind, si, gi)
                switch kind {
                case 0: s.path = path()
                case 1: s.strokeEnd = rng.next(); s.strokeStart = rng.chance(0.5) ? 0 : rng.next() * 0.5
                case 2: s.lineWidth = rng.next() * 8
                case 3: s.fillColor = rng.chance(0.3) ? nil : color()
                case 4: s.strokeColor = rng.chance(0.3) ? nil : color()
                case 5: s.lineDashPattern = rng.chance(0.4) ? nil : [NSNumber(value: 1 + Double(rng.int(6))), NSNumber(value: 1 + Double(rng.int(4)))]
                        s.lineDashPhase = rng.next() * 5
                case 6: s.position = CGPoint(x: rng.next() * 40, y: rng.next() * 40)
                case 7: g.shouldRasterize.toggle()
                case 8: g.compositingFilter = rng.chance(0.4) ? nil : ["multiplyBlendMode", "screenBlendMode", "differenceBlendMode"][rng.int(3)]
                case 9: g.sublayerTransform = rng.chance(0.3) ? CATransform3DIdentity
                                                              : CATransform3DMakeRotation(rng.next() * 6.3, 0, 0, 1)
                case 10:
                    if rng.chance(0.3) {
                        g.mask = nil
                    } else {
                        let m = CAShapeLayer()
                        m.path = CGPath(ellipseIn: CGRect(x: rng.next() * 20, y: rng.next() * 20, width: 10 + rng.next() * 30,
                                                          height: 10 + rng.next() * 30), transform: nil)
                        g.mask = m
                    }
                case 11:
                    var t = CATransform3DMakeRotation(rng.next() * 1.2 - 0.6, 0, 1, 0)
                    t.m34 = rng.chance(0.5) ? -1 / 200 : 0
                    g.transform = t
                case 12:
                    // masksToBounds clips the shape to the (rounded) bounds: give it some first.
                    s.bounds = CGRect(x: 0, y: 0, width: rng.next() * 40, height: rng.next() * 40)
                    s.cornerRadius = rng.chance(0.5) ? 0 : rng.next() * 15
                    s.masksToBounds = rng.chance(0.6)
                default:
                    s.lineJoin = [CAShapeLayerLineJoin.miter, .round, .bevel][rng.int(3)]
                    s.lineCap = [CAShapeLayerLineCap.butt, .round, .square][rng.int(3)]
                }
                CATransaction.commit()
            }
        }

        /// Largest channel difference between two bitmaps of the same size.
        static func worstDifference(_ a: Bitmap, _ b: Bitmap) -> (Int, x: Int, y: Int) {
            var worst = (0, x: -1, y: -1)
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                    guard p != q else { continue }
                    var d = 0
                    for shift: UInt32 in [0, 8, 16, 24] {
                        let u = Int((p >> shift) & 0xFF), v = Int((q >> shift) & 0xFF)
                        d = max(d, abs(u - v))
                    }
                    if d > worst.0 { worst = (d, x, y) }
                }
            }
            return worst
        }

        /// Exact at every scale: the rasterizer draws a shape clipped to a damage rectangle
        /// exactly as unclipped (`RasterClipConsistencyTests`).
        @Test(arguments: [(UInt64(1), CGFloat(1)), (7, 1), (42, 1), (99, 1), (123, 1), (2024, 2), (31337, 2), (5, 2)])
        func repaintingTheDamageEqualsAFullRender(seed: UInt64, scale: CGFloat) {
            // Each frame's edit is one run-loop turn (the suite's `.runLoopTurn` starts the test
            // on a thread with no implicit transaction open).
            let scene = Scene(seed: seed)
            let tree = RenderTree(root: scene.root)
            let compositor = Compositor()
            let w = Int(120 * scale), h = Int(90 * scale)
            let bounds = CGRect(x: 0, y: 0, width: w, height: h)   // device pixels
            var old = tree.snapshot(at: 0)
            let incremental = Snapshot.render(old, width: w, height: h, scale: scale)!
            var damaged = 0
            for frame in 0..<50 {
                runLoopTurn { scene.step() }
                let new = tree.snapshot(at: 0)
                let damage = compositor.damage(from: old, to: new, scale: scale, bounds: bounds)
                if !damage.isEmpty { damaged += 1 }
                compositor.render(new, into: incremental, scale: scale, region: damage)
                let full = Snapshot.render(new, width: w, height: h, scale: scale)!
                let worst = Self.worstDifference(incremental, full)
                guard worst.0 == 0 else {
                    Issue.record("seed \(seed) scale \(scale) frame \(frame), edit \(scene.last): damage \(damage) missed changed pixels (\(worst))")
                    return
                }
                old = new
            }
            #expect(damaged > 25, "most edits change pixels: \(damaged) of 50")
        }
    }
}
