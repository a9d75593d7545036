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
