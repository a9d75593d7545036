import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// The engine tests: each steps its own manual clock (`withManualClock`, scoped to the test's
/// task, not installed globally) and commits on its own thread's transaction, so they run in
/// parallel.
@Suite(.runLoopTurn) struct EngineTests {}

/// Runs `body` with a manual clock at `start` as this test's media clock (scoped, so tests
/// running in parallel each see their own), then commits leftovers.
func withManualClock(at start: CFTimeInterval = 100, _ body: (CAManualClock) throws -> Void) rethrows {
    let clock = CAManualClock(time: start)
    try CAMediaClock.withClock(clock) {
        defer { CATransaction.flush() }
        try body(clock)
    }
}

/// An independent cubic-Bézier timing evaluation for expected values: bisection on the
/// Bernstein form (not the engine's Horner/Newton code).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

/// A committed layer inside a committed root, ready for implicit animations.
func committedLayer() -> (root: CALayer, layer: CALayer) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.addSublayer(layer)
    CATransaction.flush()
    return (root, layer)
}

func approx(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
func approx(_ a: CGPoint, _ b: CGPoint, _ tol: Double = 1e-9) -> Bool {
    abs(Double(a.x - b.x)) <= tol && abs(Double(a.y - b.y)) <= tol
}

/// The cubic Hermite segment from p0 (tangent m0) to p1 (tangent m1) at s in 0…1, for
/// expected values of cubic keyframes.
func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, _ s: Double) -> Double {
    let s2 = s * s, s3 = s2 * s
    return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
}
