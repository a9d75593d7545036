import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// CAEmitterLayer: particles born on schedule, moving in closed form, living out their
    /// lifetime after emission stops, reproducible from the seed, bounded, and drawn.
    @Suite struct EmitterLayerTests {
        static let white = CGImage(width: 2, height: 2, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 4))!

        /// A 100×100 root holding an emitter (whole-root frame) set up by `build` at time 0.
        func scene(_ build: (CAEmitterLayer) -> Void) -> (CAEmitterLayer, RenderTree) {
            let root = CALayer()
            let e = CAEmitterLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            e.frame = root.bounds
            root.addSublayer(e)
            build(e)
            CATransaction.commit()
            return (e, RenderTree(root: root))
        }

        /// A cell of 4 particles a second living 1 s, moving right at 100 points/s.
        func spark(_ name: String = "spark", rate: Float = 4) -> CAEmitterCell {
            let c = CAEmitterCell()
            c.name = name
            c.birthRate = rate
            c.lifetime = 1
            c.velocity = 100
            c.contents = Self.white
            return c
        }

        /// The particles (the emitter's sublayers in the frame) at `t`.
        func particles(_ tree: RenderTree, at t: Double) -> [RenderLayer] {
            tree.snapshot(at: t).sublayers.first?.sublayers ?? []
        }

        func xs(_ tree: RenderTree, at t: Double) -> [Double] {
            particles(tree, at: t).map { ($0.position.x * 1e6).rounded() / 1e6 }
        }

        @Test func defaultsFollowCoreAnimation() {
            let e = CAEmitterLayer()
            #expect(e.birthRate == 1 && e.lifetime == 1 && e.velocity == 1 && e.scale == 1 && e.spin == 1)
            #expect(e.emitterShape == .point && e.emitterMode == .volume && e.renderMode == .unordered)
            #expect(e.emitterPosition == .zero && e.emitterSize == .zero && e.seed == 0 && e.emitterCells == nil)
            #expect(!CAEmitterLayer.isAnimatable(key: "emitterPosition") && CAEmitterLayer.isAnimatable(key: "opacity"))
            let c = CAEmitterCell()
            #expect(c.birthRate == 0 && c.lifetime == 0 && c.scale == 1 && c.isEnabled && c.color == nil)
            #expect(c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && c.contentsScale == 1)
        }

        /// Births at 0, 0.25, 0.5 …; each particle at x = 10 + 100 × age until its age reaches 1.
        @Test func particlesAreBornOnScheduleAndMoveInClosedForm() {
            withManualClock(at: 0) { _ in
                let (_, tree) = scene { e in
                    e.emitterPosition = CGPoint(x: 10, y: 20)
                    e.emitterCells = [spark()]
                }
                #expect(xs(tree, at: 0) == [10])
                #expect(xs(tree, at: 0.6) == [70, 45, 20])                  // born 0, 0.25, 0.5
                #expect(particles(tree, at: 0.6).allSatisfy { $0.position.y == 20 })
                #expect(xs(tree, at: 1.1) == [95, 70, 45, 20])              // born 0.25 … 1; the first died at 1
                let p = particles(tree, at: 0.6)[0]
                #expect(p.bounds == CGRect(x: 0, y: 0, width: 2, height: 2))
                #expect(p.properties["contents"] as? CGImage === Self.white && p.colorMultiplier == nil)
                #expect(tree.nextFrameTime(after: 5) == 5)                   // still emitting
            }
        }

        /// Setting birthRate 0 stops births; the particles alive live out their lifetime, then
        /// nothing changes any more (no frames are asked for).
        @Test func stoppingEmissionLetsTheLastParticlesLiveOut() {
            withManualClock(at: 0) { clock in
                let (e, tree) = scene { e in e.emitterCells = [spark()] }
                clock.time = 0.6
                e.birthRate = 0
                CATransaction.flush()
                #expect(xs(tree, at: 1.2) == [95, 70])                      // born 0.25 and 0.5
                #expect(xs(tree, at: 1.6) == [])
                #expect(tree.nextFrameTime(after: 1.2) == 1.2)
                #expect(tree.nextFrameTime(after: 1.6) == .infinity)
            }
        }

        /// A change mid-emission neither adds nor skips a birth: the count carries on, and the
        /// particles born before the move stay on their old path.
        @Test func changesCarryTheBirthCountOn() {
            withManualClock(at: 0) { clock in
                let (e, tree) = scene { e in e.emitterCells = [spark()] }
                clock.time = 0.3
                e.emitterPosition = CGPoint(x: 0, y: 50)
                CATransaction.flush()
                let ps = particles(tree, at: 0.6).map { CGPoint(x: ($0.position.x * 1e6).rounded() / 1e6, y: $0.position.y) }
                #expect(ps == [CGPoint(x: 60, y: 0), CGPoint(x: 35, y: 0), CGPoint(x: 10, y: 50)])
                // The cell's own values, changed through the emitter's key path.
                clock.time = 0.6
                e.setValue(8, forKeyPath: "emitterCells.spark.birthRate")
                e.setValue(1, forKeyPath: "emitterCells.nosuchcell.birthRate")
                CATransaction.flush()
                #expect(particles(tree, at: 0.85).count == 3 + 2)            // 0.625, 0.75 at 8/s (0.6 → count 2.4)
                // Read back the same way (Apple's key-value coding of cells through the emitter).
                #expect(e.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 8)
                #expect(e.value(forKeyPath: "emitterCells.nosuchcell.birthRate") == nil)
                #expect(e.value(forKeyPath: "emitterCells.spark.scale") as? CGFloat == 1)
                // A cell's CAMediaTiming is stored (not applied; see CAEmitterCell).
                let cell = spark()
                cell.beginTime = 2; cell.duration = 3; cell.speed = 0.5
                #expect(cell.beginTime == 2 && cell.duration == 3 && cell.speed == 0.5 && cell.fillMode == .removed)
            }
        }

        /// Gravity, spin, growth and fading, each from its documented formula.
        @Test func accelerationSpinScaleAndColourFollowTheAge() throws {
            try withManualClock(at: 0) { _ in
                let (_, tree) = scene { e in
                    let c = spark(rate: 1)
                    c.velocity = 0
                    c.yAcceleration = 20
                    c.spin = 2
                    c.scaleSpeed = 1
                    c.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                    c.alphaSpeed = -1
                    e.emitterPosition = CGPoint(x: 50, y: 10)
                    e.emitterCells = [c]
                }
                let p = try #require(particles(tree, at: 0.5).first)
                #expect(p.position == CGPoint(x: 50, y: 12.5))               // ½ · 20 · 0.5²
                let expected = CATransform3DRotate(CATransform3DMakeScale(1.5, 1.5, 1), 1.0, 0, 0, 1)
                #expect(p.transform == expected)
                let m = try #require(p.colorMultiplier)
                #expect(m.red == 1 && m.green == 0.5 && m.blue == 0 && m.alpha == 0.5)
            }
        }

        /// The random draws come from the seed: the same seed gives the same particles, another
        /// seed others, and every draw stays within base ± range/2 (Apple: uniform in
        /// [M − R/2, M + R/2]).
        @Test func rangesAreSeededAndBounded() {
            withManualClock(at: 0) { _ in
                func run(seed: UInt32) -> [CGPoint] {
                    let (_, tree) = scene { e in
                        let c = spark(rate: 50)
                        c.velocityRange = 40
                        c.emissionRange = .pi / 2
                        e.emitterPosition = CGPoint(x: 50, y: 50)
                        e.seed = seed
                        e.emitterCells = [c]
                    }
                    return particles(tree, at: 0.5).map(\.position)
                }
                let a = run(seed: 7), b = run(seed: 7), c = run(seed: 8)
                #expect(a.count == 26 && a == b && a != c)                   // born 0, 0.02 … 0.5
                var speeds: [Double] = []
                for (k, p) in a.enumerated() {
                    let age = 0.5 - Double(k) / 50, dx = p.x - 50, dy = p.y - 50
                    let speed = (dx * dx + dy * dy).squareRoot() / max(age, 1e-9)
                    if age > 0 { speeds.append(speed) }
                    #expect(age == 0 || (speed >= 80 - 1e-9 && speed <= 120 + 1e-9), "particle \(k) at speed \(speed)")
                    #expect(age == 0 || abs(atan2(dy, dx)) <= .pi / 4 + 1e-9, "particle \(k) outside the cone")
                }
                #expect(speeds.min()! < 90 && speeds.max()! > 110)              // the range is used
            }
        }

        /// Birth points by shape and mode.
        @Test func shapesAndModesPlaceBirths() {
            withManualClock(at: 0) { _ in
                func births(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [CGPoint] {
                    let (_, tree) = scene { e in
                        let c = spark(rate: 100)
                        c.velocity = 0
                        e.emitterPosition = CGPoint(x: 50, y: 50)
                        e.emitterSize = CGSize(width: 40, height: 20)
                        e.emitterShape = shape
                        e.emitterMode = mode
                        e.emitterCells = [c]
                    }
                    return particles(tree, at: 0.99).map(\.position)
                }
                #expect(births(.point, .volume).allSatisfy { $0 == CGPoint(x: 50, y: 50) })
                #expect(births(.line, .volume).allSatisfy { $0.y == 50 && abs($0.x - 50) <= 20 })
                #expect(Set(births(.rectangle, .points).map { "\($0.x),\($0.y)" }) == ["30.0,40.0", "70.0,40.0", "30.0,60.0", "70.0,60.0"])
                #expect(births(.rectangle, .volume).allSatisfy { abs($0.x - 50) <= 20 && abs($0.y - 50) <= 10 })
                #expect(births(.rectangle, .outline).allSatisfy {
                    (abs(abs($0.x - 50) - 20) < 1e-9 && abs($0.y - 50) <= 10) || (abs(abs($0.y - 50) - 10) < 1e-9 && abs($0.x - 50) <= 20)
                })
                // Apple: a circle "of radius emitterSize.width".
                #expect(births(.circle, .outline).allSatisfy { abs(hypot($0.x - 50, $0.y - 50) - 40) < 1e-9 })
                #expect(births(.circle, .volume).allSatisfy { hypot($0.x - 50, $0.y - 50) <= 40 + 1e-9 })
                #expect(births(.circle, .volume).contains { hypot($0.x - 50, $0.y - 50) > 30 })
            }
        }

        /// The compositor draws particles (below the emitter's sublayers); `additive` adds them.
        @Test func particlesAreDrawnAndAdditiveModeAddsThem() throws {
            try withManualClock(at: 0) { _ in
                let halfRed = try #require(CGImage(width: 4, height: 4, pixels: [UInt32](repeating: 0x8080_0000, count: 16)))
                func pixel(_ mode: CAEmitterLayerRenderMode) -> UInt32 {
                    let (_, tree) = scene { e in
                        let a = spark(rate: 1), b = spark(rate: 1)
                        for c in [a, b] { c.velocity = 0; c.contents = halfRed }
                        e.emitterPosition = CGPoint(x: 20, y: 20)
                        e.renderMode = mode
                        e.emitterCells = [a, b]
                    }
                    let bitmap = Bitmap(width: 40, height: 40)!
                    Compositor().render(tree.snapshot(at: 0.5), into: bitmap, scale: 1)
                    #expect(bitmap.pixel(x: 10, y: 10) == 0)                   // nothing outside the particles
                    return bitmap.pixel(x: 19, y: 19)
                }
                #expect(pixel(.oldestFirst) == 0xC0C0_0000)                     // ½ red over ½ red
                #expect(pixel(.additive) == 0xFFFF_0000)                        // ½ + ½
            }
        }

        /// Absurd values: a bounded count, no NaN positions, and ignored non-finite settings.
        @Test func badInputIsBounded() {
            withManualClock(at: 0) { _ in
                let (e, tree) = scene { e in
                    let c = spark(rate: 1e12)
                    c.lifetime = 1e9
                    c.velocity = .nan
                    let dead = spark("dead")
                    dead.lifetime = -1
                    let blank = spark("blank")
                    blank.contents = "not an image"
                    e.emitterCells = [c, dead, blank]
                }
                let ps = particles(tree, at: 1000)
                #expect(ps.count == CAEmitterLayer.maximumParticleCount)
                #expect(ps.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite })
                e.birthRate = .nan
                e.emitterPosition = CGPoint(x: CGFloat.infinity, y: 0)
                #expect(e.birthRate == 1 && e.emitterPosition == .zero)
            }
        }
    }
}
