import Foundation
import Strata
import XCTest

/// Golden images of example snapshots: `Tests/IntegrationTests/Goldens/examples/<name>.png`.
///
/// `STRATA_UPDATE_GOLDENS=1` (re)writes the golden from the current image instead of comparing.
/// On mismatch the actual image is kept in `.build/integration-artifacts/<name>.actual.png`.
enum ExampleGolden {
    static let directory = TestEnvironment.packageRoot.appendingPathComponent("Tests/IntegrationTests/Goldens/examples")

    /// Every channel of every pixel within `tolerance` of the golden's.
    static func check(_ image: PNGImage, _ name: String, tolerance: Int = 2,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let url = directory.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try image.write(toFile: url.path)
            return
        }
        guard let golden = try? PNGImage.decode(path: url.path) else {
            return XCTFail("missing golden \(url.path) (run with STRATA_UPDATE_GOLDENS=1)", file: file, line: line)
        }
        guard golden.width == image.width, golden.height == image.height else {
            return XCTFail("\(name): \(image.width)×\(image.height) ≠ golden \(golden.width)×\(golden.height)", file: file, line: line)
        }
        let (off, worst) = difference(image, golden, tolerance: tolerance)
        if off > 0 {
            let actual = TestEnvironment.artifact("\(name).actual.png")
            try? image.write(toFile: actual.path)
            XCTFail("\(name): \(off) pixels differ by more than \(tolerance) (worst \(worst)); actual in \(actual.path)",
                    file: file, line: line)
        }
    }

    /// How many pixels differ by more than `tolerance` in some channel, and the largest difference.
    static func difference(_ a: PNGImage, _ b: PNGImage, tolerance: Int) -> (count: Int, worst: Int) {
        var worst = 0, off = 0
        for (p, q) in zip(a.pixels, b.pixels) where p != q {
            var d = 0
            for s in stride(from: 0, to: 32, by: 8) { d = max(d, abs(Int(p >> UInt32(s) & 0xFF) - Int(q >> UInt32(s) & 0xFF))) }
            worst = max(worst, d)
            if d > tolerance { off += 1 }
        }
        return (off, worst)
    }
}

extension XCTestCase {
    /// An example's offscreen frame at `time` (`--snapshot`; `arguments` are the example's own).
    func snapshot(_ example: String, at time: Double, arguments: [String] = [],
                  file: StaticString = #filePath, line: UInt = #line) throws -> PNGImage {
        try ExampleRun.snapshot(example, at: time, arguments: arguments, file: file, line: line)
    }

    /// `snapshot(example, at: time)`, also compared with its golden `<example>-<time>.png`.
    func goldenSnapshot(_ example: String, at time: Double, arguments: [String] = [],
                        file: StaticString = #filePath, line: UInt = #line) throws -> PNGImage {
        let image = try snapshot(example, at: time, arguments: arguments, file: file, line: line)
        try ExampleGolden.check(image, "\(example)-\(time)", file: file, line: line)
        return image
    }

    /// Each channel of `pixel` within 1.5 of `rgb` (0…255).
    func expectColor(_ pixel: UInt32?, near rgb: (Double, Double, Double),
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let p = try XCTUnwrap(pixel, file: file, line: line)
        let got = (Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF))
        for (g, e) in [(got.0, rgb.0), (got.1, rgb.1), (got.2, rgb.2)] {
            XCTAssertLessThanOrEqual(abs(g - e), 1.5, "pixel \(hex(p)) vs \(rgb)", file: file, line: line)
        }
    }
}
