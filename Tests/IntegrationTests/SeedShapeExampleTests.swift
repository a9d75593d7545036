import Foundation
import Strata
import XCTest

/// The seeds' CAShapeLayer samples (progress, indicator, morph, reveal) rendered offscreen at
/// chosen times: stroke ends, corner radii and mask radii follow from the samples' numbers and
/// timing curves; each snapshot is also compared with its golden (`Goldens/examples`).
extension SeedExampleTests {
    static let gray5: UInt32 = 0xFFE5_E5EA
    static let purple: UInt32 = 0xFFAF_52DE
    static let white: UInt32 = 0xFFFF_FFFF
    static let easeOut = CubicBezier(0, 0, 0.58, 1)

    /// The pixel holding the point at `angle` (radians, y-down, 0 = +x) on a circle.
    private func pixel(_ image: PNGImage, centre: (Double, Double), radius: Double, angle: Double) -> UInt32? {
        image.pixel(x: Int((centre.0 + radius * cos(angle)).rounded(.down)),
                    y: Int((centre.1 + radius * sin(angle)).rounded(.down)))
    }

    /// A stroked arc from the top (−π/2) clockwise to `fraction` of the circle: blue up to just
    /// before its end and after its start, `track` colour beyond the round caps (half the line
    /// width, 4 px) on both sides.
    private func checkArc(_ image: PNGImage, centre: (Double, Double), radius: Double, fraction: Double,
                          track: UInt32, label: String, file: StaticString = #filePath, line: UInt = #line) {
        let end = -Double.pi / 2 + 2 * .pi * fraction
        let margin = 10 / radius  // 10 px of arc: well clear of the 4 px cap and of anti-aliasing
        let at = { (a: Double) in hex(self.pixel(image, centre: centre, radius: radius, angle: a)) }
        XCTAssertEqual(at(end - margin), hex(Self.blue), "\(label): just before the end", file: file, line: line)
        XCTAssertEqual(at(-Double.pi / 2 + margin), hex(Self.blue), "\(label): just after the start", file: file, line: line)
        XCTAssertEqual(at(end + margin), hex(track), "\(label): past the end", file: file, line: line)
        XCTAssertEqual(at(-Double.pi / 2 - margin), hex(track), "\(label): before the start", file: file, line: line)
    }

    /// CircularProgressView: radius 160/2 − 10 = 70 around (100, 100); strokeEnd 0 → 0.8 over
    /// 0.6 s with easeOut, set in a transaction.
    func testCircularProgressStrokeEndFollowsTheTransaction() throws {
        let start = try goldenSnapshot("progress", at: 0)
        XCTAssertEqual(start.count(of: Self.gray6), 200 * 200, "strokeEnd 0 draws nothing, not even the round caps")
        let mid = try goldenSnapshot("progress", at: 0.3)
        checkArc(mid, centre: (100, 100), radius: 70, fraction: 0.8 * Self.easeOut.value(at: 0.5), track: Self.gray6, label: "0.3 s")
        let end = try goldenSnapshot("progress", at: 1)
        checkArc(end, centre: (100, 100), radius: 70, fraction: 0.8, track: Self.gray6, label: "1 s")
        XCTAssertEqual(try snapshot("progress", at: 5), end, "at rest")
    }

    /// createProgressIndicator: a gray5 track and a blue arc of radius 40 around (100, 100);
    /// strokeEnd to 0.75 over 1.5 s with easeInEaseOut (symmetric: 0.375 at 0.75 s).
    func testProgressIndicatorAnimatesToThreeQuarters() throws {
        let start = try goldenSnapshot("indicator", at: 0)
        XCTAssertEqual(start.count(of: Self.blue), 0)
        XCTAssertEqual(hex(start.pixel(x: 100, y: 60)), hex(Self.gray5), "the track's top")
        XCTAssertEqual(hex(start.pixel(x: 140, y: 100)), hex(Self.gray5), "the track's right")
        let mid = try goldenSnapshot("indicator", at: 0.75)
        checkArc(mid, centre: (100, 100), radius: 40, fraction: 0.375, track: Self.gray5, label: "0.75 s")
        let end = try goldenSnapshot("indicator", at: 2)
        checkArc(end, centre: (100, 100), radius: 40, fraction: 0.75, track: Self.gray5, label: "2 s")
        XCTAssertEqual(hex(end.pixel(x: 100, y: 100)), hex(Self.white), "no fill")
    }

    /// The morph: a 120×120 shape at (60, 60); corner radius 60 (circle) → 0 (square) over
    /// 0.6 s, linear, autoreversing: radius 30 at 0.3 s, the square at 0.6 s, the circle again
    /// at 1.2 s.
    func testMorphInterpolatesCircleToSquareAndBack() throws {
        let circle = try goldenSnapshot("morph", at: 0)
        let half = try goldenSnapshot("morph", at: 0.3)
        let square = try goldenSnapshot("morph", at: 0.6)
        XCTAssertEqual(square.boundingBox(of: Self.purple), PixelRect(x: 60, y: 60, width: 120, height: 120))
        XCTAssertEqual(square.count(of: Self.purple), 120 * 120)
        // A corner at distance d from the corner circle's centre (r from the edges): inside when
        // d < r − 1, outside when d > r + 1 (pixel centres, anti-aliasing margin).
        func corner(_ image: PNGImage, offset: Int) -> String { hex(image.pixel(x: 60 + offset, y: 60 + offset)) }
        // Radius 60, centre (120, 120): (72.5, 72.5) is 67.2 away; (80.5, 80.5) is 55.9.
        XCTAssertEqual(corner(circle, offset: 12), hex(Self.gray6))
        XCTAssertEqual(corner(circle, offset: 20), hex(Self.purple))
        // Radius 30, centre (90, 90): (66.5, 66.5) is 33.2 away; (72.5, 72.5) is 24.7.
        XCTAssertEqual(corner(half, offset: 6), hex(Self.gray6))
        XCTAssertEqual(corner(half, offset: 12), hex(Self.purple))
        XCTAssertEqual(hex(half.pixel(x: 60, y: 120)), hex(Self.purple), "straight edges at radius 30")
        XCTAssertEqual(hex(square.pixel(x: 60, y: 60)), hex(Self.purple))
        XCTAssertEqual(try snapshot("morph", at: 1.2), circle, "autoreversed back to the circle")
    }

    /// revealContent: a circular mask around (160, 120) growing from radius 0 to 1.5 × 320 = 480
    /// over 0.4 s with easeOut. Inside the circle the content shows exactly as at rest; outside
    /// it, the window's background.
    func testRevealMaskGrowsFromTheCentre() throws {
        let hidden = try goldenSnapshot("reveal", at: 0)
        XCTAssertEqual(hidden.count(of: Self.gray6), 320 * 240, "radius 0 hides everything")
        let full = try goldenSnapshot("reveal", at: 0.5)
        XCTAssertEqual(full.count(of: Self.gray6), 0, "radius 480 covers the window")
        let mid = try goldenSnapshot("reveal", at: 0.04)
        let radius = 480 * Self.easeOut.value(at: 0.1)
        for angle in stride(from: 0.0, to: 2 * .pi, by: .pi / 4) {
            let inside = pixel(mid, centre: (160, 120), radius: radius - 2, angle: angle)
            let reference = pixel(full, centre: (160, 120), radius: radius - 2, angle: angle)
            XCTAssertEqual(hex(inside), hex(reference), "inside the mask at \(angle) rad")
            XCTAssertEqual(hex(pixel(mid, centre: (160, 120), radius: radius + 2, angle: angle)), hex(Self.gray6),
                           "outside the mask at \(angle) rad")
        }
    }
}
