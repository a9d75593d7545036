// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataWayland", targets: ["StrataWayland"]),
        .library(name: "StrataUI", targets: ["StrataUI"]),
        .executable(name: "hello", targets: ["hello"]),
        .executable(name: "strata-bench", targets: ["strata-bench"]),
    ],
    targets: [
        // C libraries, one target each, found through pkg-config.
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandCursor", pkgConfig: "wayland-cursor", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Generated protocol tables (scripts/gen-protocols.py) and small Linux shims.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        .target(name: "CShims"),

        .target(name: "Strata", dependencies: ["CPixman", "CPNG", "CShims"]),
        .target(name: "StrataWayland", dependencies: [
            "Strata", "CWaylandClient", "CWaylandCursor", "CXKBCommon", "CWaylandProtocols", "CShims", "CPixman",
        ]),
        .target(name: "StrataUI", dependencies: ["Strata", "StrataWayland"]),

        .executableTarget(name: "strata-bench", dependencies: ["Strata", "CPixman"]),
        .executableTarget(name: "hello", dependencies: ["Strata", "StrataWayland"], path: "examples/hello"),

        .testTarget(name: "StrataTests", dependencies: ["Strata"]),
        .testTarget(name: "StrataWaylandTests", dependencies: ["StrataWayland"]),
        .testTarget(name: "IntegrationTests", dependencies: ["Strata"]),
    ],
    swiftLanguageModes: [.v6]
)
