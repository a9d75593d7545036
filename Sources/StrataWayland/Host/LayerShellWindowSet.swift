import Foundation
import Strata

/// One `LayerShellWindow` per output, following outputs as they appear and disappear: a bar or
/// wallpaper on every monitor.
///
/// ```swift
/// let bars = try LayerShellWindowSet(application: app, configuration: barConfig) { window, output in
///     window.layer.backgroundColor = …   // build this output's content
/// }
/// ```
///
/// Contract:
/// - Every output gets its window once it is announced (its first `wl_output.done`, so name,
///   mode and scale are known when `onWindowAdded` runs), including outputs present at `init`.
/// - When an output goes away (`wl_registry.global_remove`) or the compositor closes its
///   surface (`closed`, e.g. the output is being unplugged), that window is closed and
///   `onWindowRemoved` runs, once per window. An output whose surface the compositor closed
///   while the output stays gets no new window (so a compositor that refuses the surface
///   cannot make this loop).
/// - `windows` is ordered by the outputs' registry names (the order they were announced).
public final class LayerShellWindowSet {
    /// Called for each new window, before its first frame: build its content here.
    public var onWindowAdded: ((LayerShellWindow, WaylandOutput) -> Void)?
    /// Called after a window was closed because its output went away or the compositor closed it.
    public var onWindowRemoved: ((LayerShellWindow, WaylandOutput) -> Void)?
    /// The configuration every window is created with.
    public let configuration: LayerSurface.Configuration

    private let application: Application
    private var entries: [UInt32: (window: LayerShellWindow, output: WaylandOutput)] = [:]
    private var refused: Set<UInt32> = []
    private var observer: Int?

    /// The windows, one per announced output.
    public var windows: [LayerShellWindow] { entries.keys.sorted().compactMap { entries[$0]?.window } }

    /// The window on `output`, if it has one.
    public func window(for output: WaylandOutput) -> LayerShellWindow? { entries[output.registryName]?.window }

    /// Throws `.missingGlobal("zwlr_layer_shell_v1")` where the compositor has no layer shell.
    public init(application: Application, configuration: LayerSurface.Configuration,
                onWindowAdded: ((LayerShellWindow, WaylandOutput) -> Void)? = nil) throws {
        guard application.display.layerShell != nil else {
            throw WaylandError.missingGlobal(interface: "zwlr_layer_shell_v1", minimumVersion: 1)
        }
        self.application = application
        self.configuration = configuration
        self.onWindowAdded = onWindowAdded
        observer = application.display.addOutputsObserver { [weak self] in self?.reconcile() }
        reconcile()
    }

    deinit {
        if let observer { application.display.removeOutputsObserver(observer) }
        for entry in entries.values { entry.window.close() }
    }

    /// Brings the windows in line with the display's announced outputs.
    private func reconcile() {
        let outputs = application.display.outputs
        for name in entries.keys.sorted() where outputs[name] == nil {
            remove(name)
        }
        refused.formIntersection(outputs.keys)
        for name in outputs.keys.sorted() where entries[name] == nil && !refused.contains(name) {
            guard let output = outputs[name], output.isAnnounced,
                  let window = try? LayerShellWindow(application: application, configuration: configuration, output: output)
            else { continue }
            window.onClosed = { [weak self] in
                self?.refused.insert(name)
                self?.remove(name)
            }
            entries[name] = (window, output)
            onWindowAdded?(window, output)
        }
    }

    private func remove(_ name: UInt32) {
        guard let entry = entries.removeValue(forKey: name) else { return }
        entry.window.close()
        onWindowRemoved?(entry.window, entry.output)
    }
}
