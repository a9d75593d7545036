import Foundation
import Strata
import XCTest

/// The examples beyond the seeds, rendered offscreen (`--snapshot T`) at two or three times
/// each and compared with their goldens (`Goldens/examples/<example>-<T>.png`); what each frame
/// must show follows from the example's own numbers (positions, durations, curves, colours).
/// `ExampleSwayTests` checks that the same frames reach the screen under sway.
final class ExampleGoldenTests: XCTestCase {
    /// 8-bit channels of a colour given in 0…1, composited with `alpha` over `under`.
    private func over(_ c: (Double, Double, Double), _ alpha: Double, _ under: (Double, Double, Double)) -> (Double, Double, Double) {
        ((c.0 * alpha + under.0 * (1 - alpha)) * 255, (c.1 * alpha + under.1 * (1 - alpha)) * 255,
         (c.2 * alpha + under.2 * (1 - alpha)) * 255)
    }

    /// The first column, scanning right from x = 0 on row `y`, whose pixel is `color`.
    private func firstColumn(of color: UInt32, in image: PNGImage, row y: Int) -> Int? {
        (0..<image.width).first { image.pixel(x: $0, y: y) == color }
    }

    /// hello: the implicit 1 s move (80 → 300) and fade (0.3 → 1) with the default curve
    /// (0.25, 0.1, 0.25, 1); `HelloTests` checks the numbers, this keeps the whole frames.
    func testHelloFrames() throws {
        let red: UInt32 = 0xFFFF_0000
        _ = try goldenSnapshot("hello", at: 0)
        let mid = try goldenSnapshot("hello", at: 0.5)
        let p = CubicBezier(0.25, 0.1, 0.25, 1).value(at: 0.5)
        try expectColor(mid.pixel(x: Int(80 + 220 * p), y: 150), near: over((1, 0, 0), 0.3 + 0.7 * p, (32 / 255, 40 / 255, 48 / 255)))
        let end = try goldenSnapshot("hello", at: 1)
        XCTAssertEqual(end.boundingBox(of: red), PixelRect(x: 250, y: 100, width: 100, height: 100))
    }

    /// toast: the card slides in along x with a spring (mass 1, stiffness 180, damping 14,
    /// from 540 to 180, no initial velocity): x(t) = 180 + 360·e^(−7t)(cos ωt + (7/ω) sin ωt),
    /// ω = √(180 − 7²). The green accent's left edge is 172 − 16 points left of the card's centre.
    func testToastSpringsInAndRests() throws {
        let w = (180.0 - 49).squareRoot()
        func accentLeft(_ t: Double) -> Double {
            180 + 360 * exp(-7 * t) * (cos(w * t) + 7 / w * sin(w * t)) - 172 + 16
        }
        let rest = try goldenSnapshot("toast", at: 2)
        let accent = try XCTUnwrap(rest.pixel(x: 27, y: 48))
        try expectColor(accent, near: (0.30 * 255, 0.75 * 255, 0.45 * 255))
        // 8×56 at (24, 20) with radius-4 ends: the first and last rows are only partly inside
        // the caps, the second already holds fully covered pixels in the middle columns.
        XCTAssertEqual(rest.boundingBox(of: accent), PixelRect(x: 24, y: 21, width: 8, height: 54))
        for t in [0.1, 0.15] {
            let frame = try goldenSnapshot("toast", at: t)
            let first = try XCTUnwrap(firstColumn(of: accent, in: frame, row: 48), "accent at \(t) s")
            // The first fully covered column is the one after a fractional left edge.
            XCTAssertEqual(Double(first), accentLeft(t).rounded(.up), accuracy: 1, "accent's left edge at \(t) s")
        }
    }

    /// panel: the status dot's opacity runs 1 → 0.3 in 0.8 s (linear, the explicit default),
    /// autoreverses and repeats forever.
    func testPanelDotPulses() throws {
        let dot = (0.95, 0.75, 0.2), bar = (0.08, 0.09, 0.11)
        for (t, alpha) in [(0.0, 1.0), (0.4, 0.65), (0.8, 0.3), (1.2, 0.65)] {
            let frame = t == 1.2 ? try snapshot("panel", at: t) : try goldenSnapshot("panel", at: t)
            try expectColor(frame.pixel(x: 16, y: 16), near: over(dot, alpha, bar))
            try expectColor(frame.pixel(x: 400, y: 16), near: over(bar, 1, bar))
        }
    }

    /// busymain: a 50-point box moves from x 40 to 360 in 2 s, linearly (the transaction's
    /// curve).
    func testBusyMainSlidesLinearly() throws {
        for (t, x) in [(0.0, 40), (1.0, 200), (2.5, 360)] {
            let frame = try goldenSnapshot("busymain", at: t)
            let green = try XCTUnwrap(frame.pixel(x: x, y: 100))
            try expectColor(green, near: (0.2 * 255, 0.8 * 255, 0.3 * 255))
            XCTAssertEqual(frame.boundingBox(of: green), PixelRect(x: x - 25, y: 75, width: 50, height: 50), "at \(t) s")
        }
    }

    /// displaylink: offscreen (no display link runs there) the 40-point orange square stays
    /// where `build` put it, centred at (40, 60) on the dark background.
    func testDisplayLinkSquareStartsAtItsBuiltPlace() throws {
        let frame = try snapshot("displaylink", at: 0.5)
        let orange = try XCTUnwrap(frame.pixel(x: 40, y: 60))
        try expectColor(orange, near: (0.9 * 255, 0.5 * 255, 0.1 * 255))
        XCTAssertEqual(frame.boundingBox(of: orange), PixelRect(x: 20, y: 40, width: 40, height: 40))
        try expectColor(frame.pixel(x: 200, y: 60), near: (0.1 * 255, 0.1 * 255, 0.1 * 255))
    }

    /// dragdrop: the orange square (80 points at 60, 60) and the grey drop zone (160 points at
    /// 220, 20), both with rounded corners, on the dark background.
    func testDragDropShowsTheSquareAndTheZone() throws {
        let frame = try snapshot("dragdrop", at: 0)
        let orange = try XCTUnwrap(frame.pixel(x: 100, y: 100))
        try expectColor(orange, near: (0.95 * 255, 0.55 * 255, 0.15 * 255))
        XCTAssertEqual(frame.boundingBox(of: orange), PixelRect(x: 60, y: 60, width: 80, height: 80))
        let zone = try XCTUnwrap(frame.pixel(x: 300, y: 100))
        try expectColor(zone, near: (0.35 * 255, 0.35 * 255, 0.35 * 255))
        XCTAssertEqual(frame.boundingBox(of: zone), PixelRect(x: 220, y: 20, width: 160, height: 160))
        try expectColor(frame.pixel(x: 221, y: 21), near: (0.12 * 255, 0.12 * 255, 0.12 * 255))  // outside the corner
    }

    /// stress with 20 layers: positions, colours and bounces come from the example's two
    /// linear congruential sequences; the topmost layer's centre shows its colour, at its start
    /// and after 1 s of its linear first leg (durations are 1…3 s).
    func testStressLayersBounceFromTheirSeededPositions() throws {
        struct LCG {
            var seed: UInt32
            mutating func next() -> Double {
                seed = 1_664_525 &* seed &+ 1_013_904_223
                return Double(seed) / 4_294_967_296
            }
        }
        let n = 20
        var a = LCG(seed: 12345), b = LCG(seed: 777)
        var start = (0.0, 0.0), colour = (0.0, 0.0, 0.0), end = (0.0, 0.0), duration = 0.0
        for _ in 0..<n {
            start = (32 + a.next() * 1216, 32 + a.next() * 656)
            colour = (a.next(), a.next(), a.next())
            end = (32 + b.next() * 1216, 32 + b.next() * 656)
            duration = 1 + 2 * b.next()
        }
        let arguments = ["--layers", String(n)]
        let first = try goldenSnapshot("stress", at: 0, arguments: arguments)
        try expectColor(first.pixel(x: Int(start.0), y: Int(start.1)), near: (colour.0 * 255, colour.1 * 255, colour.2 * 255))
        let later = try goldenSnapshot("stress", at: 1, arguments: arguments)
        let f = 1 / duration
        let x = start.0 + (end.0 - start.0) * f, y = start.1 + (end.1 - start.1) * f
        try expectColor(later.pixel(x: Int(x), y: Int(y)), near: (colour.0 * 255, colour.1 * 255, colour.2 * 255))
    }

    /// spinner: 12 replicated capsules 30° apart, each copy's 1 s fade (1 → 0.15) 1/12 s behind
    /// the previous one's; copies whose fade has not begun show the model opacity, 1.
    func testSpinnerCopiesFadeInTurn() throws {
        let background = (0x1c / 255.0, 0x1c / 255.0, 0x1e / 255.0)
        let start = try goldenSnapshot("spinner", at: 0)
        try expectColor(start.pixel(x: 100, y: 52), near: over((1, 1, 1), 1, background))
        let mid = try goldenSnapshot("spinner", at: 0.5)
        func opacity(copy k: Int) -> Double { 1 - 0.85 * (0.5 - Double(k) / 12) }
        // Copy 0's capsule is centred on (100, 52); copy 1's centre turns 30° clockwise about
        // (100, 100): (100 + 48 sin 30°, 100 − 48 cos 30°).
        try expectColor(mid.pixel(x: 100, y: 52), near: over((1, 1, 1), opacity(copy: 0), background))
        try expectColor(mid.pixel(x: 124, y: 58), near: over((1, 1, 1), opacity(copy: 1), background))
        try expectColor(mid.pixel(x: 100, y: 148), near: over((1, 1, 1), opacity(copy: 6), background))
        try expectColor(mid.pixel(x: 76, y: 58), near: over((1, 1, 1), 1, background))     // copy 11: not begun
        _ = try goldenSnapshot("spinner", at: 1.25)
    }

    /// confetti: a CAEmitterLayer whose particles are born on a line above the window. At 0 s
    /// the first ones are just born out of sight (the window shows only its background); by 1 s
    /// and 3 s the seeded confetti falls through it, the same in every run (goldens).
    func testConfettiFallsFromAboveTheWindow() throws {
        let background = (0.98 * 255, 0.97 * 255, 0.94 * 255)
        let start = try snapshot("confetti", at: 0)
        for (x, y) in [(0, 0), (200, 0), (399, 0), (200, 150), (399, 299)] {
            try expectColor(start.pixel(x: x, y: y), near: background)
        }
        XCTAssertEqual(Set(start.pixels).count, 1, "only the background at 0 s")
        let early = try goldenSnapshot("confetti", at: 1)
        let later = try goldenSnapshot("confetti", at: 3)
        func inked(_ image: PNGImage) -> Int { image.pixels.filter { $0 != start.pixels[0] }.count }
        // More confetti in the window at 3 s than at 1 s (6 a second per colour keep coming).
        XCTAssertGreaterThan(inked(later), inked(early))
        XCTAssertGreaterThan(inked(early), 0)
    }

    /// gestures and menu: view trees at rest; nothing animates, so 1 s later is the same frame.
    func testViewExamplesAreStill() throws {
        let gestures = try goldenSnapshot("gestures", at: 0)
        try expectColor(gestures.pixel(x: 640, y: 100), near: (0.88 * 255, 0.63 * 255, 0.19 * 255))  // card
        XCTAssertEqual(try snapshot("gestures", at: 1), gestures)
        let menu = try goldenSnapshot("menu", at: 0)
        try expectColor(menu.pixel(x: 70, y: 35), near: (0.23 * 255, 0.43 * 255, 0.65 * 255))  // "open"
        XCTAssertEqual(hex(menu.pixel(x: 300, y: 300)), hex(0xFF20_2830), "the window")
        XCTAssertEqual(try snapshot("menu", at: 1), menu)
    }

    /// clipboard, inputprobe and outputbars draw one colour (their point is input and outputs):
    /// every pixel is it, at 0 and at 1 s.
    func testPlainExamplesAreOneColour() throws {
        for (example, rgb) in [("clipboard", (0.13, 0.16, 0.19)), ("inputprobe", (0.15, 0.2, 0.3)), ("outputbars", (0.08, 0.09, 0.11))] {
            for t in [0.0, 1.0] {
                let image = try snapshot(example, at: t)
                let p = try XCTUnwrap(image.pixel(x: 0, y: 0))
                try expectColor(p, near: (rgb.0 * 255, rgb.1 * 255, rgb.2 * 255))
                XCTAssertEqual(image.count(of: p), image.width * image.height, "\(example) at \(t) s")
            }
        }
    }
}
