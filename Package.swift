// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataWayland", targets: ["StrataWayland"]),
        .library(name: "StrataUI", targets: ["StrataUI"]),
        .executable(name: "hello", targets: ["hello"]),
        .executable(name: "busymain", targets: ["busymain"]),
        .executable(name: "displaylink", targets: ["displaylink"]),
        .executable(name: "dragdrop", targets: ["dragdrop"]),
        .executable(name: "toast", targets: ["toast"]),
        .executable(name: "spinner", targets: ["spinner"]),
        .executable(name: "panel", targets: ["panel"]),
        .executable(name: "outputbars", targets: ["outputbars"]),
        .executable(name: "menu", targets: ["menu"]),
        .executable(name: "sheet", targets: ["sheet"]),
        .executable(name: "clipboard", targets: ["clipboard"]),
        .executable(name: "stress", targets: ["stress"]),
        .executable(name: "fade", targets: ["fade"]),
        .executable(name: "movelayer", targets: ["movelayer"]),
        .executable(name: "grouped", targets: ["grouped"]),
        .executable(name: "position", targets: ["position"]),
        .executable(name: "keyframes", targets: ["keyframes"]),
        .executable(name: "progress", targets: ["progress"]),
        .executable(name: "indicator", targets: ["indicator"]),
        .executable(name: "morph", targets: ["morph"]),
        .executable(name: "reveal", targets: ["reveal"]),
        .executable(name: "strata-bench", targets: ["strata-bench"]),
        .executable(name: "inputprobe", targets: ["inputprobe"]),
        .executable(name: "gestures", targets: ["gestures"]),
        .executable(name: "viewer", targets: ["viewer"]),
    ],
    targets: [
        // C libraries, one target each, found through pkg-config.
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandCursor", pkgConfig: "wayland-cursor", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // Generated protocol tables (scripts/gen-protocols.py) and small Linux shims.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        .target(name: "CShims"),
        // setjmp-guarded libjpeg/libpng calls: their error handlers must never longjmp through Swift.
        .target(name: "CImageShims", dependencies: ["CJPEG", "CPNG"]),
        // Compositing kernels (AVX2 with a portable fallback), bit-exact with pixman's.
        .target(name: "CBlit"),
        // The 8-bit pixel arithmetic the C kernels share (header-only, inlined).
        .target(name: "CPixelMath"),
        // The scan converter's kernels (AVX2 with a portable fallback, the same pixels).
        .target(name: "CRaster", dependencies: ["CPixelMath"]),
        // Thin-stroke kernels (AVX2 with a portable fallback, the same pixels to the bit).
        .target(name: "CStroke", dependencies: ["CPixelMath"]),

        .target(name: "Strata", dependencies: ["CPixman", "CPNG", "CImageShims", "CShims", "CBlit", "CRaster", "CStroke", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi"]),
        .target(name: "StrataWayland", dependencies: [
            "Strata", "CWaylandClient", "CWaylandCursor", "CXKBCommon", "CWaylandProtocols", "CShims", "CPixman",
        ]),
        .target(name: "StrataUI", dependencies: ["Strata", "StrataWayland"]),

        .target(name: "ExampleSupport", dependencies: ["Strata", "StrataWayland"], path: "examples/Support"),
        .executableTarget(name: "hello", dependencies: ["ExampleSupport", "Strata"], path: "examples/hello"),
        .executableTarget(name: "busymain", dependencies: ["ExampleSupport", "Strata", "StrataWayland"], path: "examples/busymain"),
        .executableTarget(name: "displaylink", dependencies: ["ExampleSupport", "Strata", "StrataWayland"], path: "examples/displaylink"),
        .executableTarget(name: "dragdrop", dependencies: ["ExampleSupport", "Strata", "StrataWayland", "StrataUI"], path: "examples/dragdrop"),
        .executableTarget(name: "toast", dependencies: ["ExampleSupport", "Strata", "StrataWayland"], path: "examples/toast"),
        .executableTarget(name: "spinner", dependencies: ["ExampleSupport", "Strata"], path: "examples/spinner"),
        .executableTarget(name: "confetti", dependencies: ["ExampleSupport", "Strata"], path: "examples/confetti"),
        .executableTarget(name: "outputbars", dependencies: ["ExampleSupport", "Strata", "StrataWayland"], path: "examples/outputbars"),
        .executableTarget(name: "menu", dependencies: ["ExampleSupport", "Strata", "StrataWayland", "StrataUI"], path: "examples/menu"),
        .executableTarget(name: "sheet", dependencies: ["ExampleSupport", "Strata", "StrataWayland", "StrataUI"], path: "examples/sheet"),
        .executableTarget(name: "clipboard", dependencies: ["ExampleSupport", "Strata", "StrataWayland", "StrataUI"], path: "examples/clipboard"),
        .executableTarget(name: "panel", dependencies: ["ExampleSupport", "Strata", "StrataWayland"], path: "examples/panel"),
        .executableTarget(name: "gestures", dependencies: ["ExampleSupport", "Strata", "StrataWayland", "StrataUI"], path: "examples/gestures"),
        .executableTarget(name: "viewer", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/viewer"),
        .executableTarget(name: "inputprobe", dependencies: ["ExampleSupport", "Strata", "StrataWayland"], path: "examples/inputprobe"),
        .executableTarget(name: "stress", dependencies: ["ExampleSupport", "Strata", "StrataWayland"], path: "examples/stress"),
        .executableTarget(name: "fade", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/fade"),
        .executableTarget(name: "movelayer", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/movelayer"),
        .executableTarget(name: "grouped", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/grouped"),
        .executableTarget(name: "position", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/position"),
        .executableTarget(name: "keyframes", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/keyframes"),
        .executableTarget(name: "progress", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/progress"),
        .executableTarget(name: "indicator", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/indicator"),
        .executableTarget(name: "morph", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/morph"),
        .executableTarget(name: "reveal", dependencies: ["ExampleSupport", "Strata", "StrataUI"], path: "examples/reveal"),
        .executableTarget(name: "strata-bench", dependencies: ["Strata", "CPixman"]),

        // What the unit-test targets share: each test one run-loop turn (`.runLoopTurn`).
        .target(name: "StrataTestSupport", dependencies: ["Strata"], path: "Tests/Support"),
        // Goldens/ holds reference PNGs read by path (#filePath), not bundled resources.
        .testTarget(name: "StrataTests", dependencies: ["Strata", "CPixelMath", "StrataTestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "StrataWaylandTests", dependencies: ["StrataWayland", "StrataUI", "Strata", "StrataTestSupport"]),
        .testTarget(name: "IntegrationTests", dependencies: ["Strata", "StrataWayland"], exclude: ["Goldens"]),
        .testTarget(name: "StrataUITests", dependencies: ["StrataUI", "Strata", "StrataTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// scripts/sanitize builds and runs the unit-test bundle only (ASan, TSan): it never runs the
// integration tests, so its scratch paths leave them out rather than compile them instrumented.
if Context.environment["STRATA_UNIT_TESTS_ONLY"] != nil {
    package.targets.removeAll { $0.name == "IntegrationTests" }
}
