import Foundation
import Testing
@testable import Strata

/// Golden images for compositor tests: `Goldens/render/<name>.png` next to this file.
///
/// Set `STRATA_UPDATE_GOLDENS=1` to (re)write a golden from the current render. On mismatch
/// the actual render is written to `$TMPDIR/<name>.actual.png` for inspection.
enum RenderGolden {
    static var directory: String { directory(folder: "render") }

    static func directory(folder: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(folder)").path
    }

    /// Compares `bitmap` with the golden: every channel within `tolerance`.
    /// `folder` is the subfolder of Goldens/ (default "render").
    static func check(_ bitmap: Bitmap, _ name: String, tolerance: Int = 0, folder: String = "render",
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let directory = directory(folder: folder)
        let path = directory + "/\(name).png"
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try bitmap.writePNG(to: path) }
            return
        }
        guard let golden = try? PNGImage.decode(path: path) else {
            Issue.record("missing golden \(path) (run with STRATA_UPDATE_GOLDENS=1)", sourceLocation: sourceLocation)
            return
        }
        let actual = bitmap.pngImage
        guard golden.width == actual.width, golden.height == actual.height else {
            Issue.record("size \(actual.width)×\(actual.height) ≠ golden \(golden.width)×\(golden.height)", sourceLocation: sourceLocation)
            return
        }
        var worst = 0, off = 0
        for (a, g) in zip(actual.pixels, golden.pixels) where a != g {
            var d = 0
            for s in stride(from: 0, to: 32, by: 8) { d = max(d, abs(Int((a >> UInt32(s)) & 0xFF) - Int((g >> UInt32(s)) & 0xFF))) }
            worst = max(worst, d)
            if d > tolerance { off += 1 }
        }
        if off > 0 {
            let out = NSTemporaryDirectory() + "\(name).actual.png"
            try? bitmap.writePNG(to: out)
            Issue.record("\(name): \(off) pixels differ by more than \(tolerance) (worst \(worst)); actual in \(out)",
                         sourceLocation: sourceLocation)
        }
    }
}
