/// A `wl_output` and what it announced: integer scale, current mode, name.
public final class WaylandOutput {
    public let output: WlOutput
    public let registryName: UInt32
    /// The integer scale factor (`wl_output.scale`, default 1).
    public private(set) var scale: Int32 = 1
    public private(set) var modeWidth: Int32 = 0
    public private(set) var modeHeight: Int32 = 0
    public private(set) var refreshMilliHz: Int32 = 0
    public private(set) var name: String?
    /// Whether the first `done` arrived: the properties above describe the output.
    public private(set) var isAnnounced = false
    /// Called after each `done` (the output's properties are consistent).
    var onDone: (() -> Void)?

    init(output: WlOutput, registryName: UInt32) {
        self.output = output
        self.registryName = registryName
        output.onEvent = { [unowned self] event in
            switch event {
            case let .scale(factor): self.scale = max(1, factor)
            case let .mode(flags, width, height, refresh):
                if flags.contains(.current) { self.modeWidth = width; self.modeHeight = height; self.refreshMilliHz = refresh }
            case let .name(name): self.name = name
            case .done:
                self.isAnnounced = true
                self.onDone?()
            default: break
            }
        }
    }
}
