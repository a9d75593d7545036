import Foundation

/// Debug overlays drawn by the ``Compositor`` over each frame, after Core Animation
/// Instruments' "Color Blended Layers", "Flash Updated Regions" and the frame-rate readout.
///
/// Set them with ``Compositor/debugOptions`` or, for every compositor of a process, with the
/// environment variable `STRATA_DEBUG` holding a comma-separated list of `flash`, `blended`,
/// `fps` (or `all`); unknown words are ignored.
public struct CompositorDebugOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Tints every repainted pixel yellow. The tint stays in the buffer until those pixels are
    /// repainted, so a still frame shows what its last repaint touched (Apple flashes briefly).
    public static let flashRepaintedRegions = CompositorDebugOptions(rawValue: 1)
    /// Tints red the pixels of layers that are blended (not known to be opaque: translucent
    /// colours, opacity, rounded or antialiased edges, transformed layers); opaque layers, which
    /// hide what is below them, stay untinted. Applied within the repainted region.
    public static let tintBlendedLayers = CompositorDebugOptions(rawValue: 2)
    /// Draws the frame rate (frames per second between the last renders by `CACurrentMediaTime()`,
    /// smoothed, as white digits on a
    /// dark box) in the top-left corner. The box's pixels are repainted every frame and listed in
    /// ``Compositor/debugOverlayDamage`` for the caller to add to the damage it reports.
    public static let showFrameRate = CompositorDebugOptions(rawValue: 4)

    /// Parses `STRATA_DEBUG`'s syntax: "flash,blended,fps", "all", spaces allowed.
    public init(parsing text: String?) {
        var o: CompositorDebugOptions = []
        for word in (text ?? "").lowercased().split(whereSeparator: { $0 == "," || $0 == " " }) {
            switch word {
            case "flash": o.insert(.flashRepaintedRegions)
            case "blended": o.insert(.tintBlendedLayers)
            case "fps": o.insert(.showFrameRate)
            case "all": o.formUnion([.flashRepaintedRegions, .tintBlendedLayers, .showFrameRate])
            default: break
            }
        }
        self = o
    }

    /// The options named by the process's `STRATA_DEBUG` environment variable.
    public static var environment: CompositorDebugOptions {
        CompositorDebugOptions(parsing: ProcessInfo.processInfo.environment["STRATA_DEBUG"])
    }
}
