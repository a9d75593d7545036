// Fuzz target: random layer-tree mutations + animations + renders. A CALayer tree (up to 20
// layers, nested, with masks, some of them CATransformLayers or CAEmitterLayers) is edited
// through CATransaction — geometry, colours, opacity, corner radii, borders, transforms (3-D
// ones under perspective), masksToBounds, hidden, z order, shadows, insertions and removals —
// with implicit animations on or off and explicit CABasicAnimations (any duration, timing,
// repeat, autoreverse, NaN/∞ values); the clock moves by fuzzed steps and each frame
// the RenderTree snapshot is drawn twice: damage-only into the running buffer (the way windows
// repaint) and fully into a fresh one.
//
// Property: both pictures are identical after every frame (the damage never misses a changed
// pixel), and nothing traps, hangs or grows without bound.
import Foundation
import FuzzSupport
@testable import Strata

let width = 96, height = 72

/// The most particles an input's emitters may have alive at once, in all. It bounds an input's
/// work within the 10 s timeout: an emitter at the engine's 5000-particle cap, drawn twice, diffed
/// and flattened for 40 frames, took about 10 s of CPU in the debug fuzz build (minutes with many
/// such emitters). The cap itself (huge and infinite rates) is checked by EmitterLayerTests.
let particleBudget = 1000.0

extension FuzzInput {
    /// Like `number(in:)`, but finite values beyond ±1e5 become ±1e5: at ~1e263 a layer draws
    /// slightly differently clipped to a damage region than in a full render (reported).
    /// Absurd but finite sizes are outside this target's exact-equality property. NaN, ±∞,
    /// denormals and other tiny values stay (from 2026-12-02 06:19 to the Tessellator's fix of
    /// 12-02 tiny ones were raised to 1e-5: corpus seed `tiny-perspective-denormal-scale`).
    mutating func geometry(in range: ClosedRange<Double>) -> Double {
        let v = number(in: range)
        guard v.isFinite else { return v }
        let m = min(v.magnitude, 1e5)
        return v < 0 ? -m : m
    }
}

func color(_ r: inout FuzzInput) -> CGColor {
    CGColor(red: r.geometry(in: 0...1), green: r.geometry(in: 0...1), blue: r.geometry(in: 0...1),
            alpha: r.chance(3) ? r.geometry(in: 0...1) : 1)
}

func mutate(_ l: CALayer, _ r: inout FuzzInput) {
    switch r.byte() % 16 {
    case 0: l.position = CGPoint(x: r.geometry(in: -20...110), y: r.geometry(in: -20...90))
    case 1: l.bounds.size = CGSize(width: r.geometry(in: 0...80), height: r.geometry(in: 0...60))
    case 2: l.backgroundColor = r.chance(5) ? nil : color(&r)
    case 3: l.opacity = Float(r.geometry(in: 0...1))
    case 4: l.cornerRadius = r.geometry(in: 0...30)
    case 5: l.borderWidth = r.geometry(in: 0...6); l.borderColor = color(&r)
    case 6: l.transform = CATransform3DMakeRotation(r.geometry(in: -7...7), 0, r.chance(3) ? 1 : 0, 1)
    case 7: l.transform = CATransform3DMakeScale(r.geometry(in: -2...2), r.geometry(in: -2...2), 1)
    case 8: l.masksToBounds.toggle()
    case 9: l.isHidden.toggle()
    case 10: l.zPosition = r.geometry(in: -2...2)
    case 11: l.shadowOpacity = Float(r.geometry(in: 0...1)); l.shadowRadius = r.geometry(in: 0...5)
             l.shadowOffset = CGSize(width: r.geometry(in: -4...4), height: r.geometry(in: -4...4))
    case 12: l.anchorPoint = CGPoint(x: r.geometry(in: -0.5...1.5), y: r.geometry(in: -0.5...1.5))
    case 13:
        var t = CATransform3DMakeTranslation(r.geometry(in: -10...10), r.geometry(in: -10...10), 0)
        if r.chance(3) { t.m34 = -1 / r.geometry(in: 20...500) }       // perspective for 3-D sublayers
        l.sublayerTransform = t
    case 14: l.maskedCorners = CACornerMask(rawValue: UInt(r.byte() % 16))
    default: l.frame = CGRect(x: r.geometry(in: -20...100), y: r.geometry(in: -20...80), width: r.geometry(in: 0...70), height: r.geometry(in: 0...50))
    }
}

/// A particle emitter with one fuzzed cell (a 3×3 image), at a fuzzed place and shape.
///
/// `budget` bounds the particles all of an input's emitters may have alive at once (see
/// `particleBudget`). A cell's most particles alive are its birth rate × its longest lifetime
/// (lifetime + lifetimeRange), plus one; NaN, negative or beyond the engine's cap counts as the
/// cap (`CAEmitterLayer.maximumParticleCount`). A cell that does not fit in what is left emits
/// nothing (birth rate 0): still an emitter layer, drawn, diffed and animated.
func emitter(_ r: inout FuzzInput, budget: inout Double) -> CAEmitterLayer {
    let e = CAEmitterLayer()
    e.emitterPosition = CGPoint(x: r.geometry(in: -10...100), y: r.geometry(in: -10...80))
    e.emitterSize = CGSize(width: r.geometry(in: 0...60), height: r.geometry(in: 0...40))
    e.emitterShape = [.point, .line, .rectangle, .circle][Int(r.byte() % 4)]
    e.emitterMode = [.points, .outline, .surface, .volume][Int(r.byte() % 4)]
    e.renderMode = [.unordered, .oldestLast, .additive][Int(r.byte() % 3)]
    e.seed = UInt32(r.byte())
    let c = CAEmitterCell()
    c.contents = CGImage(width: 3, height: 3, pixels: [UInt32](repeating: 0xFF80_40C0, count: 9))
    c.birthRate = Float(r.geometry(in: 0...40))
    c.lifetime = Float(r.geometry(in: 0...3))
    c.lifetimeRange = Float(r.geometry(in: 0...1))
    c.velocity = r.geometry(in: -50...50)
    c.velocityRange = r.geometry(in: 0...30)
    c.emissionRange = r.geometry(in: 0...7)
    c.yAcceleration = r.geometry(in: -40...40)
    c.spin = r.geometry(in: -5...5)
    c.scaleSpeed = r.geometry(in: -1...1)
    c.alphaSpeed = Float(r.geometry(in: -1...0.5))
    if r.chance(2) { c.color = color(&r) }
    let cap = Double(CAEmitterLayer.maximumParticleCount)
    let most = Double(c.birthRate) * (Double(c.lifetime) + Double(c.lifetimeRange)) + 1
    let share = most >= 0 && most <= cap ? most : cap   // NaN, negative products: the cap
    if share > budget { c.birthRate = 0 } else { budget -= share }
    e.emitterCells = [c]
    return e
}

func animation(_ r: inout FuzzInput) -> CAAnimation {
    let keys = ["opacity", "position", "bounds", "backgroundColor", "cornerRadius", "transform.rotation.z",
                "position.x", "borderWidth", "shadowOpacity", "transform.scale"]
    let key = keys[Int(r.byte()) % keys.count]
    let a = CABasicAnimation(keyPath: key)
    switch key {
    case "position": a.fromValue = CGPoint(x: r.geometry(in: -20...110), y: r.geometry(in: -20...90))
    case "bounds": a.fromValue = CGRect(x: 0, y: 0, width: r.geometry(in: 0...80), height: r.geometry(in: 0...60))
    case "backgroundColor": a.fromValue = color(&r)
    default: a.fromValue = r.geometry(in: -3...30)
    }
    if r.chance(2) { a.toValue = a.fromValue }
    a.duration = r.geometry(in: 0...3)
    a.beginTime = r.chance(3) ? CACurrentMediaTime() + r.geometry(in: -1...2) : 0
    a.repeatCount = r.chance(4) ? Float(r.geometry(in: 0...4)) : 0
    a.autoreverses = r.chance(4)
    a.isAdditive = r.chance(6)
    a.timingFunction = CAMediaTimingFunction(controlPoints: Float(r.geometry(in: 0...1)), Float(r.geometry(in: -1...2)),
                                             Float(r.geometry(in: 0...1)), Float(r.geometry(in: -1...2)))
    a.fillMode = [.removed, .forwards, .backwards, .both][Int(r.byte() % 4)]
    a.isRemovedOnCompletion = r.chance(2)
    return a
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayerDamage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = FuzzInput(data, size)
    let clock = CAManualClock(time: 50)
    CAMediaClock.install(clock)
    defer { CAMediaClock.installSystemClock() }
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    root.position = CGPoint(x: width / 2, y: height / 2)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    var layers = [root]
    let tree = RenderTree(root: root)
    CATransaction.flush()
    let compositor = Compositor()
    let bounds = CGRect(x: 0, y: 0, width: width, height: height)
    let incremental = Bitmap(width: width, height: height)!
    var previous: RenderLayer?
    var particles = particleBudget
    for frame in 0..<40 where !r.isAtEnd {
        CATransaction.begin()
        CATransaction.setDisableActions(r.chance(2))
        for _ in 0..<(1 + Int(r.byte() % 4)) {
            let target = layers[Int(r.byte()) % layers.count]
            switch r.byte() % 8 {
            case 0 where layers.count < 20:
                // Mostly plain layers; some 3-D spaces and particle emitters.
                let l: CALayer = switch r.byte() % 8 {
                case 0: CATransformLayer()
                case 1: emitter(&r, budget: &particles)
                default: CALayer()
                }
                l.frame = CGRect(x: r.geometry(in: -10...90), y: r.geometry(in: -10...70), width: r.geometry(in: 0...60), height: r.geometry(in: 0...50))
                l.backgroundColor = color(&r)
                target.addSublayer(l)
                layers.append(l)
            case 1 where target !== root: target.removeFromSuperlayer()
            case 2 where target !== root && r.chance(3):
                let m = CALayer()
                m.frame = CGRect(x: r.geometry(in: 0...30), y: r.geometry(in: 0...30), width: r.geometry(in: 0...50), height: r.geometry(in: 0...50))
                m.backgroundColor = CGColor(gray: 0, alpha: r.geometry(in: 0...1))
                target.mask = r.chance(4) ? nil : m
            case 3: target.add(animation(&r), forKey: r.chance(2) ? "a" : "b")
            case 4: target.removeAllAnimations()
            default: mutate(target, &r)
            }
        }
        CATransaction.commit()
        CATransaction.flush()
        clock.advance(by: r.geometry(in: 0...0.8).isFinite ? r.geometry(in: 0...0.8) : 0.016)
        let snapshot = tree.snapshot(at: clock.time)
        let damage = compositor.damage(from: previous, to: snapshot, scale: 1, bounds: bounds)
        compositor.render(snapshot, into: incremental, scale: 1, region: damage)
        let full = Bitmap(width: width, height: height)!
        compositor.render(snapshot, into: full, scale: 1)
        precondition(incremental.hasSamePixels(as: full), "frame \(frame): the damage \(damage) missed changed pixels")
        previous = snapshot
        CATransaction.deliverAnimationEvents(at: clock.time)
    }
    return 0
}
