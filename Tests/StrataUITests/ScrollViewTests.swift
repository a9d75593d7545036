import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct ScrollPhysicsTests {
    @Test func decelerationClosedFormMatchesIntegratedVelocity() {
        // Integrate v(t) = v0 · 0.998^(1000 t) with Simpson's rule; compare with the closed form.
        let v0 = 1000.0, r = 0.998
        func v(_ t: Double) -> Double { v0 * pow(r, 1000 * t) }
        for T in [0.1, 0.5, 2.0] {
            let n = 2000, h = T / Double(n)
            var s = v(0) + v(T)
            for i in 1..<n { s += (i % 2 == 1 ? 4 : 2) * v(Double(i) * h) }
            let integral = s * h / 3
            #expect(abs(ScrollPhysics.decelerationOffset(from: 10, velocity: v0, rate: r, at: T) - (10 + integral)) < 1e-6)
        }
        // At rest: v0 / (−1000 ln 0.998) = 499.49983… points further.
        let rest = ScrollPhysics.decelerationRestingOffset(from: 0, velocity: 1000, rate: 0.998)
        #expect(abs(rest - 1000 / (-1000 * log(0.998))) < 1e-12)
        #expect(abs(rest - 499.4998332) < 1e-6)
        #expect(ScrollPhysics.decelerationOffset(from: 5, velocity: 100, rate: 1, at: 3) == 5)   // bad rate: no motion
        let d = ScrollPhysics.decelerationDuration(velocity: 1000, rate: 0.998, threshold: 0.5)
        #expect(abs(ScrollPhysics.decelerationVelocity(1000, rate: 0.998, at: d) - 0.5) < 1e-9)
    }

    @Test func rubberBandValues() {
        // (1 − 1/(100·0.55/400 + 1)) · 400 = 400 · 0.1375 / 1.1375
        #expect(abs(ScrollPhysics.rubberBand(100, dimension: 400) - 400 * 0.1375 / 1.1375) < 1e-12)
        #expect(abs(ScrollPhysics.rubberBand(-100, dimension: 400) + 400 * 0.1375 / 1.1375) < 1e-12)
        #expect(ScrollPhysics.rubberBand(1e12, dimension: 400) < 400)
        #expect(ScrollPhysics.rubberBand(.nan, dimension: 400) == 0)
        #expect(ScrollPhysics.rubberBand(50, dimension: 0) == 0)
    }

    @Test func criticallyDampedSpring() {
        let w = 12.0
        let (x0, v0) = ScrollPhysics.spring(displacement: 30, velocity: -100, omega: w, at: 0)
        #expect(x0 == 30 && abs(v0 + 100) < 1e-12)
        // x(t) = (30 + (−100 + 360) t) e^(−12 t)
        let t = 0.25
        let (x, v) = ScrollPhysics.spring(displacement: 30, velocity: -100, omega: w, at: t)
        #expect(abs(x - (30 + 260 * t) * exp(-w * t)) < 1e-12)
        let eps = 1e-6
        let (xa, _) = ScrollPhysics.spring(displacement: 30, velocity: -100, omega: w, at: t + eps)
        let (xb, _) = ScrollPhysics.spring(displacement: 30, velocity: -100, omega: w, at: t - eps)
        #expect(abs(v - (xa - xb) / (2 * eps)) < 1e-5)
    }
}

/// Records the scheduler time of every offset change.
final class ScrollLog: ScrollViewDelegate {
    var times: [TimeInterval] = []
    let scheduler: ManualScheduler
    init(_ s: ScrollView, _ h: InputHarness) {
        scheduler = h.scheduler
        s.delegate = self
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) { times.append(scheduler.now) }
}

@Suite(.runLoopTurn) struct ScrollViewBehaviour {
    /// A 200×200 scroll view at the origin with 200×1000 content.
    func list(_ h: InputHarness) -> ScrollView {
        let s = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        s.contentSize = CGSize(width: 200, height: 1000)
        h.root.addSubview(s)
        return s
    }

    /// Drag from (100, 150) through y = 130 (begins), 130 − d, 130 − 2d at 10 ms steps; release.
    func fling(_ h: InputHarness, step d: CGFloat, from t0: TimeInterval = 0) {
        h.at(t0); h.down(1, 100, 150)
        h.at(t0 + 0.01); h.move(1, 100, 130)
        h.at(t0 + 0.02); h.move(1, 100, 130 - d)
        h.at(t0 + 0.03); h.move(1, 100, 130 - 2 * d)
        h.up(1)
    }

    @Test func dragThenMomentumFollowsTheClosedForm() {
        let h = InputHarness()
        let s = list(h)
        fling(h, step: 6)
        // Began at y = 130 (translation reset there), then 12 points up: offset 12.
        #expect(s.contentOffset == CGPoint(x: 0, y: 12))
        #expect(s.isDecelerating && !s.isDragging)
        // Pan samples (relative): 0 @0, −20 @0.01, −26 @0.02, −32 @0.03 → v = 32 / 0.03 upward.
        let v0 = 32 / 0.03
        let release = h.scheduler.now
        let log = ScrollLog(s, h)
        h.scheduler.advance(by: 10.0 / 60 + 1e-9)
        #expect(log.times.count == 10)
        let t = log.times.last! - release
        let expected = ScrollPhysics.decelerationOffset(from: 12, velocity: v0, rate: 0.998, at: t)
        #expect(abs(Double(s.contentOffset.y) - expected) < 1e-9)
        h.scheduler.advance(by: 10)
        #expect(!s.isDecelerating)
        #expect(abs(Double(s.contentOffset.y) - ScrollPhysics.decelerationRestingOffset(from: 12, velocity: v0, rate: 0.998)) < 1e-9)
        #expect(h.scheduler.pendingCount == 0)
    }

    @Test func momentumPastTheEdgeBouncesBack() {
        let h = InputHarness()
        let s = list(h)
        s.contentOffset = CGPoint(x: 0, y: 700)
        fling(h, step: 15)
        var peak: CGFloat = 0
        for _ in 0..<600 { h.scheduler.advance(by: 1.0 / 60); peak = max(peak, s.contentOffset.y) }
        #expect(peak > 800)                               // it went past the end …
        #expect(s.contentOffset.y == 800)                 // … and settled exactly on it
        #expect(!s.isDecelerating)
    }

    @Test func rubberBandWhileDraggingAndSpringBack() {
        let h = InputHarness()
        let s = list(h)
        h.down(1, 100, 50)
        h.move(1, 100, 70)                                // begins (translation reset)
        h.at(0.5); h.move(1, 100, 170)                    // 100 points past the top
        let shown = -ScrollPhysics.rubberBand(100, dimension: 200)
        #expect(abs(Double(s.contentOffset.y) - shown) < 1e-9)
        h.at(1); h.up(1)                                  // slow release: spring back from there
        let log = ScrollLog(s, h)
        h.scheduler.advance(by: 1.0 / 60 + 1e-9)
        let t = log.times.last! - (100 + 1)
        let (x, _) = ScrollPhysics.spring(displacement: shown, velocity: 0, omega: 12, at: t)
        #expect(abs(Double(s.contentOffset.y) - x) < 1e-9)
        h.scheduler.advance(by: 3)
        #expect(s.contentOffset.y == 0)
    }

    @Test func wheelStepsAndEdges() {
        let h = InputHarness()
        let s = list(h)
        h.router.pointerMoved(to: CGPoint(x: 100, y: 100))
        h.router.scroll(source: .wheel, deltaY: 30, value120Y: 240)       // 2 detents × 40
        #expect(s.contentOffset.y == 80)
        h.router.scroll(source: .wheel, deltaY: 1.5, value120Y: 12)       // a tenth of a detent
        #expect(abs(s.contentOffset.y - 84) < 1e-12)
        h.router.scroll(source: .wheel, deltaY: -15, value120Y: -120 * 10)
        #expect(s.contentOffset.y == 0)                                    // clamped, no rubber band
        h.router.scroll(source: .wheel, deltaY: 7)                         // no value120: the delta
        #expect(s.contentOffset.y == 7)
    }

    @Test func touchpadScrollWithMomentum() {
        let h = InputHarness()
        let s = list(h)
        h.router.pointerMoved(to: CGPoint(x: 100, y: 100))
        h.at(0.00); h.router.scroll(source: .touchpad, deltaY: 10)
        h.at(0.01); h.router.scroll(source: .touchpad, deltaY: 10)
        h.at(0.02); h.router.scroll(source: .touchpad, deltaY: 10)
        #expect(s.contentOffset.y == 30)
        h.at(0.03); h.router.scroll(source: .touchpad, stopped: true)
        // Samples 10 @0, 20 @0.01, 30 @0.02, 30 @0.03 → (30 − 10) / 0.03.
        #expect(s.isDecelerating)
        let v0 = 20 / 0.03, release = h.scheduler.now
        let log = ScrollLog(s, h)
        h.scheduler.advance(by: 5.0 / 60 + 1e-9)
        let expected = ScrollPhysics.decelerationOffset(from: 30, velocity: v0, rate: 0.998, at: log.times.last! - release)
        #expect(abs(Double(s.contentOffset.y) - expected) < 1e-9)
        // A new touchpad scroll (fingers down again) stops the momentum where it is.
        let here = s.contentOffset.y
        h.router.scroll(source: .touchpad, deltaY: 0.5)
        #expect(!s.isDecelerating && abs(s.contentOffset.y - (here + 0.5)) < 1e-9)
        h.router.scroll(source: .touchpad, stopped: true)
    }

    @Test func touchDownStopsMomentum() {
        let h = InputHarness()
        let s = list(h)
        fling(h, step: 10)
        h.scheduler.advance(by: 0.1)
        let y = s.contentOffset.y
        h.down(2, 100, 100)
        h.scheduler.advance(by: 1)
        #expect(s.contentOffset.y == y && !s.isDecelerating)
        h.up(2)
    }

    @Test func pagingSettlesOnPages() {
        let h = InputHarness()
        let s = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        s.contentSize = CGSize(width: 600, height: 200)
        s.isPagingEnabled = true
        h.root.addSubview(s)
        // Slow drag left by 80 (less than half a page): back to page 0.
        h.down(1, 150, 100); h.at(0.1); h.move(1, 130, 100); h.at(0.5); h.move(1, 70, 100); h.at(1); h.up(1)
        h.scheduler.advance(by: 3)
        #expect(s.contentOffset.x == 0)
        // A flick left of 30 points: to page 1 thanks to the velocity.
        h.at(5); h.down(1, 150, 100); h.at(5.01); h.move(1, 130, 100); h.at(5.02); h.move(1, 115, 100); h.at(5.03); h.move(1, 100, 100); h.up(1)
        h.scheduler.advance(by: 3)
        #expect(s.contentOffset.x == 200)
    }

    @Test func nestedScrollViewsShareDragsAndWheels() {
        let h = InputHarness()
        let pager = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        pager.contentSize = CGSize(width: 400, height: 200)
        let inner = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        inner.contentSize = CGSize(width: 200, height: 1000)
        pager.addSubview(inner)
        h.root.addSubview(pager)
        // Vertical drag: the inner list scrolls, the pager does not.
        h.down(1, 100, 150); h.move(1, 100, 130); h.move(1, 100, 100); h.at(1); h.up(1)
        #expect(inner.contentOffset.y == 30 && pager.contentOffset == .zero)
        h.scheduler.advance(by: 5)
        // Horizontal drag: the inner one cannot, so the pager takes it.
        h.at(10); h.down(1, 150, 100); h.move(1, 130, 100); h.move(1, 90, 100); h.at(11); h.up(1)
        #expect(pager.contentOffset.x == 40 && inner.contentOffset.x == 0, "\(pager.contentOffset) \(inner.contentOffset) \(pager.panGestureRecognizer.state)")
        h.scheduler.advance(by: 5)
        // A wheel the inner list cannot take (at its top, scrolling up) goes up the chain; the
        // pager cannot scroll vertically either: nothing moves and nothing breaks.
        h.router.pointerMoved(to: CGPoint(x: 100, y: 100))
        inner.contentOffset = .zero
        h.router.scroll(source: .wheel, deltaY: -15, value120Y: -120)
        #expect(inner.contentOffset == .zero)
        h.router.scroll(source: .wheel, deltaX: 15, value120X: 120)       // sideways: the pager
        #expect(pager.contentOffset.x == 80)
    }

    @Test func insetsAndLimits() {
        let s = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        s.contentSize = CGSize(width: 100, height: 500)
        s.contentInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(s.minimumContentOffset == CGPoint(x: 0, y: -20))
        #expect(s.maximumContentOffset == CGPoint(x: 0, y: 330))
        #expect(!s.scrollsHorizontally && s.scrollsVertically)
        s.contentOffset = CGPoint(x: CGFloat.nan, y: 3)                // ignored
        #expect(s.contentOffset == .zero)
    }
}
