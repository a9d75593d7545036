import Testing
@testable import StrataWayland
import StrataTestSupport

@Suite(.runLoopTurn) struct SurfaceScaleTests {
    @Test func integerScaleBuffersAreWholeMultiples() {
        let s = SurfaceScale.integer(2)
        #expect(s.bufferSize(width: 401, height: 299) == (802, 598))
        #expect(s.bufferScale == 2 && s.factor == 2 && !s.usesViewport)
        #expect(SurfaceScale.integer(0).bufferScale == 1)
    }

    @Test func fractionalScaleRoundsHalfAwayFromZero() {
        let s = SurfaceScale.fractional(180)  // 1.5×
        #expect(s.bufferSize(width: 401, height: 300) == (602, 450))  // 601.5 → 602
        #expect(s.bufferScale == 1 && s.factor == 1.5 && s.usesViewport)
        #expect(SurfaceScale.fractional(150).bufferSize(width: 3, height: 1) == (4, 1))  // 3.75, 1.25
        #expect(SurfaceScale.fractional(120).bufferSize(width: 0, height: -5) == (1, 1))
    }
}

@Suite(.runLoopTurn) struct FrameTimingTests {
    @Test func predictsTheNextRefreshOnTheGrid() {
        var t = FrameTiming()
        #expect(t.predictedPresentation(now: 5) == 5)
        t.presented(at: 10, refreshNanoseconds: 16_666_667)
        let r = 0.016666667
        #expect(abs(t.predictedPresentation(now: 10.001) - (10 + r)) < 1e-9)
        #expect(abs(t.predictedPresentation(now: 10 + 2.5 * r) - (10 + 3 * r)) < 1e-9)
        // A frame drawn right on a boundary goes to the next one.
        #expect(abs(t.predictedPresentation(now: 10) - (10 + r)) < 1e-9)
        // Within a quarter period of a boundary: the one after (it would miss that one), and so
        // a presentation clock jittering around its grid gives steady targets: a callback just
        // before or just after the next boundary (its feedback not in yet) aims at the same one.
        #expect(abs(t.predictedPresentation(now: 10 + r - 0.001) - (10 + 2 * r)) < 1e-9)
        #expect(abs(t.predictedPresentation(now: 10 + r - 0.0005) - (10 + 2 * r)) < 1e-9)
        #expect(abs(t.predictedPresentation(now: 10 + r + 0.0003) - (10 + 2 * r)) < 1e-9)
        #expect(abs(t.predictedPresentation(now: 10 + 0.7 * r) - (10 + r)) < 1e-9)
        #expect(t.presentedCount == 1)
    }

    @Test func unknownOrAbsurdRefreshFallsBackToNow() {
        var t = FrameTiming()
        t.presented(at: 1, refreshNanoseconds: 0)
        #expect(t.predictedPresentation(now: 3) == 3)
        t.presented(at: 1, refreshNanoseconds: 2_000_000_000)
        #expect(t.predictedPresentation(now: 3) == 3)
        #expect(t.predictedPresentation(now: .nan).isNaN)
    }
}
