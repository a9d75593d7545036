// swift-tools-version: 6.0
// libFuzzer targets that need whole Strata modules (internal API through @testable import), built
// by scripts/fuzz with `swift build --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer`
// (the last flag adds the coverage instrumentation that `--sanitize=fuzzer` alone only links).
// Each folder here with a fuzz.swift and no `sources` file is one executable target `fuzz-<folder>`.
import Foundation
import PackageDescription

// The repository root is this package's dependency; SwiftPM names a path dependency after its
// folder, which differs between checkouts (worktrees, CI clones).
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let strata = root.lastPathComponent

func fuzzTarget(_ folder: String, _ products: [String], extra: [String] = []) -> Target {
    .executableTarget(name: "fuzz-\(folder)",
                      dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: strata) },
                      path: folder, exclude: ["corpus", "known-leaks", "options"].filter { FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/\(folder)/\($0)") },
                      sources: ["fuzz.swift"] + extra)
}

let package = Package(
    name: "StrataFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "support"),
        // SeatTestCompositor.swift links to the unit tests' scripted compositor: the harness
        // needs one connection to create a real WaylandSurface for keyboard focus.
        fuzzTarget("keyboard", ["StrataWayland"], extra: ["SeatTestCompositor.swift"]),
        fuzzTarget("view-input", ["StrataUI", "Strata"]),
        fuzzTarget("layer-damage", ["Strata"]),
    ],
    swiftLanguageModes: [.v6]
)
